/// What an Anki collection holds, as plain values: decks, note types, notes,
/// cards and the review log, read from any of Anki's package formats.
///
/// Nothing here is memoquiz's own: ``AnkiConversion`` turns it into
/// questions and reviews.
public struct AnkiCollection: Sendable, Hashable {
  /// A deck; a subdeck's name holds its parents, as `Japanese::Verbs`.
  public struct Deck: Sendable, Hashable {
    public var id: Int64
    public var name: String
  }

  /// What a note type asks, as far as memoquiz can tell.
  public enum NoteTypeKind: String, Sendable, Hashable {
    /// Basic: the front asks, the back answers.
    case basic
    /// Basic (and reversed card), or Basic (optional reversed card): also
    /// the back asks the front, for notes that have that card.
    case basicReversed
    /// Basic (type in the answer).
    case basicTypeIn
    /// Cloze deletions in the first field.
    case cloze
    /// Image occlusion: its prompt is a picture.
    case imageOcclusion
    /// Any other note type: the first field asks, the second answers.
    case other

    /// The kind of a stock note type, told by the name Anki gives it (as a
    /// plain text file's note type column writes it); any other name is
    /// ``other``.
    init(named name: String) {
      switch name {
      case "Basic": self = .basic
      case "Basic (and reversed card)", "Basic (optional reversed card)": self = .basicReversed
      case "Basic (type in the answer)": self = .basicTypeIn
      case "Cloze": self = .cloze
      case "Image Occlusion": self = .imageOcclusion
      default: self = .other
      }
    }
  }

  /// A note type: its kind and its fields in order.
  public struct NoteType: Sendable, Hashable {
    public var id: Int64
    public var name: String
    public var kind: NoteTypeKind
    public var fieldNames: [String]
    /// Whether a card template asks for the answer to be typed
    /// (`{{type:Back}}`, as Basic (type in the answer) does).
    public var typesAnswer = false
    /// Its card templates' names, in order.
    public var templateNames: [String] = []
    /// Whether Anki treats it as a cloze note type.
    public var isCloze = false

    /// What the questions file keeps of it.
    var record: AnkiNoteTypeRecord {
      AnkiNoteTypeRecord(id: id, name: name, fields: fieldNames, templates: templateNames, isCloze: isCloze)
    }
  }

  /// A note: its fields as Anki stores them (HTML), and its tags.
  public struct Note: Sendable, Hashable {
    public var id: Int64
    /// Anki's globally unique id of the note, kept across exports.
    public var guid: String
    public var noteTypeID: Int64
    public var fields: [String]
    public var tags: [String]
  }

  /// A card: one direction (or one cloze number) of a note, in a deck.
  public struct Card: Sendable, Hashable {
    public var id: Int64
    public var noteID: Int64
    /// The template's position: 0 forward, 1 reverse; a cloze number less one.
    public var ordinal: Int
    /// The card's own deck (the original one for a card in a filtered deck).
    public var deckID: Int64
    /// 0 new, 1 learning, 2 review, 3 relearning.
    public var type: Int = 0
    /// A review card's interval in days.
    public var interval: Int = 0
    /// A review card's due day (Anki's count of days); a learning card's due
    /// time in seconds since 1970.
    public var due: Int64 = 0
  }

  /// One entry of the review log.
  public struct Review: Sendable, Hashable {
    /// The time of the review in milliseconds since 1970, which is also its
    /// identity in the log.
    public var id: Int64
    public var cardID: Int64
    /// The button: 1 Again, 2 Hard, 3 Good, 4 Easy; 0 for a manual change.
    public var ease: Int
    /// 0 learning, 1 review, 2 relearning, 3 filtered, 4 manual, 5 rescheduled.
    public var kind: Int
    /// How long the answer took, in milliseconds.
    public var milliseconds: Int64
  }

  public var decks: [Deck] = []
  public var noteTypes: [NoteType] = []
  public var notes: [Note] = []
  public var cards: [Card] = []
  public var reviews: [Review] = []
  /// The hour Anki's days start at, from the collection's settings, if it says.
  public var rolloverHour: Int?
  /// When the collection was made (`col.crt`), in seconds since 1970: Anki
  /// numbers its days from the local date of this moment.
  public var creation: Int64?
  /// Minutes west of UTC where it was made (`creationOffset`), if it says.
  public var creationOffset: Int?

  /// The learner day (``LearnersDay/number``) Anki numbers 0, from which a
  /// review card's `due` counts: the date of ``creation`` at
  /// ``creationOffset``, or in the command's zone when the collection does
  /// not say; `nil` for a collection with no creation time.
  public var firstDay: Int? {
    guard let creation, creation > 0, creation < 1 << 40 else { return nil }
    let zone = creationOffset.map { TimeZoneRules.fixed(secondsEast: -$0 * 60) } ?? .current
    return LocalDay(Timestamp(rawValue: creation * 1000), in: zone).number
  }
  /// The names of the media files the package carries.
  public var mediaNames: [String] = []
}
