/// One review from Anki's log, as memoquiz would record an answer: which
/// question, which way, when, and how it went.
///
/// memoquiz does not write these yet; they are values the history can
/// record as answer steps of the importing machine.
public struct AnkiReview: Sendable, Hashable {
  /// Which of a note's questions a card is.
  public enum Direction: Sendable, Hashable {
    /// The prompt asked, the answer expected.
    case forward
    /// A reversed card: the answer asked, the prompt expected.
    case reverse
    /// A cloze card: its number (`{{c2::...}}` is 2).
    case cloze(Int)
  }

  /// The group (the deck's name, or `--title`).
  public var group: String
  /// The question's `id`: the note's guid.
  public var questionID: String
  public var direction: Direction
  /// When it was answered (Anki's revlog id is this time in milliseconds).
  public var time: Timestamp
  /// Again, Hard, Good or Easy as the learner pressed it in Anki.
  public var rating: ReviewRating
  /// How long the answer took, in seconds, capped at 120 as memoquiz caps its own.
  public var seconds: Double
  /// Anki's id of the log entry.
  public var revlogID: Int64
  /// For a card's last review: when Anki has it due next, which memoquiz
  /// keeps until the card's next review there.
  public var due: Due?

  /// When Anki has a card due.
  public enum Due: Sendable, Hashable {
    /// A review card: this learner day (``LearnersDay/number``), Anki's
    /// own due day.
    case day(Int)
    /// A review card of a collection that gives no first day: this many
    /// days after the learner day of the review.
    case days(Int)
    /// A learning card: at this time.
    case time(Timestamp)
  }

  /// Whether it counts as a correct answer: Again is incorrect, Hard, Good
  /// and Easy are correct.
  public var isCorrect: Bool { rating.isCorrect }

  /// An identity that is the same each time the same package (or an
  /// export of the same collection) is imported, and differs between
  /// reviews: the note's guid, the card's direction, and the log entry's
  /// time. A history that keeps imported steps under this identity never
  /// counts a review twice.
  public var identity: String {
    let way: String
    switch direction {
    case .forward: way = "f"
    case .reverse: way = "r"
    case .cloze(let number): way = "c\(number)"
    }
    return "anki:\(questionID):\(way):\(revlogID)"
  }
}
