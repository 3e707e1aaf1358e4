/// Turns an ``AnkiCollection`` into memoquiz's questions and reviews.
///
/// Basic and Basic (type in the answer) notes become questions; Basic (and
/// reversed card) a question with `"reverse": true` (an optional reverse
/// only when the note has that card); Cloze a question with `"cloze"`; any
/// other note type its first field as the prompt and its second as the
/// answer. Fields are reduced from HTML to text as `#html:true` text files
/// are. A deck becomes a group of the same name (`A::B` as it is), a note's
/// guid its `id`, and its tags its `"tags"`. A card whose prompt would be
/// only media (a picture, a sound) is skipped and counted, and so is one
/// whose answer would be: it could not be typed. A `[sound:FILE]` beside
/// text stays in the prompt or the answer, named as `media/` keeps it.
/// Fields named `Alternatives`, `Other answers` and `Blocked` (as memoquiz's
/// own note types have them) give a question's `"alternatives"`,
/// `"otherAnswers"` and `"blocked"`, separated by `|` as in the text export.
public struct AnkiConversion: Sendable {
  /// A question as the questions file writes it, with the keys of the card
  /// types (`reverse`, `cloze`, `tags`).
  struct QuestionRecord: Hashable {
    /// The note's guid; none for a guid memoquiz made, so that its
    /// question is known by its prompt again.
    var id: String?
    var prompt: String?
    var answer: String?
    var cloze: String?
    var reverse: Bool?
    var tags: [String]?
    /// How the question is graded: typed when its note type types the
    /// answer, else by the learner.
    var grade: Grading = .self
    var alternatives: [String] = []
    /// Answers right for something else, and answers always wrong: the
    /// fields memoquiz's own note types add when a question has them.
    var otherAnswers: [String] = []
    var blocked: [String] = []
    /// The note's note type, so that an export puts the note back with it.
    var noteType: AnkiNoteTypeRecord?
  }

  struct GroupRecord: Hashable {
    var title: String
    var questions: [QuestionRecord]
  }

  /// The groups, in the order their decks first hold a note.
  private(set) var groups: [GroupRecord] = []
  /// The reviews of the questions imported, oldest first.
  public private(set) var reviews: [AnkiReview] = []
  /// The hour the collection's days start at, if it says: its reviews'
  /// learner days are counted from it, as Anki counts them.
  public private(set) var rolloverHour: Int?
  /// Cards skipped because their prompt, or the answer they expect, is
  /// only media: nothing to show or to type.
  public private(set) var skippedMediaOnly = 0
  /// Notes skipped because they have no prompt or no answer at all.
  public private(set) var skippedEmpty = 0
  /// Log entries left out: manual changes and reschedules (as FSRS leaves
  /// them out), and reviews of skipped cards.
  public private(set) var skippedReviews = 0
  /// Reviews among them (not manual changes): of cards not imported, with a
  /// grade Anki does not give, or at a time a history cannot record. The
  /// import's summary counts them aloud.
  public private(set) var skippedGradedReviews = 0

  /// The number of questions, a reversed or cloze question counted once.
  public var questionCount: Int { groups.reduce(0) { $0 + $1.questions.count } }

  /// Converts a collection.
  /// - Parameters:
  ///   - title: the one group's title, instead of the decks' names.
  ///   - renamed: the name each media file is kept under in `media/`, by
  ///     the name the notes use, where the two differ: a `[sound:FILE]`
  ///     of a prompt or an answer that has text is kept, with that name.
  public init(_ collection: AnkiCollection, title: String? = nil, renamed: [String: String] = [:]) {
    func withMedia(_ field: String) -> String {
      renamed.isEmpty ? field : SoundText.renamed(field) { renamed[$0] }
    }
    let noteTypes = Dictionary(collection.noteTypes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let deckNames = Dictionary(collection.decks.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    var cardsOfNote: [Int64: [AnkiCollection.Card]] = [:]
    for card in collection.cards { cardsOfNote[card.noteID, default: []].append(card) }
    var groupIndex: [String: Int] = [:]
    /// The direction and group of each card whose reviews come along.
    var kept: [Int64: (note: String, direction: AnkiReview.Direction, group: String)] = [:]

    for note in collection.notes {
      let cards = cardsOfNote[note.id] ?? []
      let kind = noteTypes[note.noteTypeID]?.kind ?? .other
      let deck = cards.first.flatMap { deckNames[$0.deckID] } ?? "Default"
      let groupTitle = title ?? deck
      let tags = note.tags.isEmpty ? nil : note.tags
      let first = note.fields.first ?? ""
      let second = note.fields.count > 1 ? note.fields[1] : ""
      let ownGUID = QuestionExport.isMemoQuizGUID(note.guid)
      var record = QuestionRecord(id: ownGUID ? nil : note.guid, tags: tags)
      let noteType = noteTypes[note.noteTypeID]
      if noteType?.typesAnswer == true || kind == .basicTypeIn { record.grade = .typed }
      // A note memoquiz made goes back as memoquiz makes it.
      if !ownGUID { record.noteType = noteType?.record }
      var directions: [Int: AnkiReview.Direction] = [:]
      switch kind {
      case .cloze:
        let text = AnkiText.plainField(withMedia(first))
        guard !AnkiText.plainField(Self.withoutSounds(first)).isEmpty else {
          if Self.isMediaOnly(first) { skippedMediaOnly += max(cards.count, 1) } else { skippedEmpty += 1 }
          continue
        }
        record.cloze = text
        for card in cards { directions[card.ordinal] = .cloze(card.ordinal + 1) }
      case .imageOcclusion:
        skippedMediaOnly += max(cards.count, 1)
        continue
      case .basic, .basicReversed, .basicTypeIn, .other:
        let prompt = AnkiText.plainField(Self.withoutSounds(first))
        let answer = AnkiText.plainField(Self.withoutSounds(second))
        let hasReverse = kind == .basicReversed && cards.contains { $0.ordinal == 1 }
        guard !prompt.isEmpty, !answer.isEmpty else {
          if Self.isMediaOnly(first) || Self.isMediaOnly(second) {
            skippedMediaOnly += max(cards.count, 1)
          } else {
            skippedEmpty += 1
          }
          continue
        }
        record.prompt = AnkiText.plainField(withMedia(first))
        record.answer = AnkiText.plainField(withMedia(second))
        // Fields named as the text export's columns hold the answers
        // judged beside the answer, separated by `|`.
        let fieldNames = noteType?.fieldNames ?? []
        func answers(named name: String) -> [String] {
          guard let index = fieldNames.firstIndex(of: name), index > 1, index < note.fields.count else { return [] }
          return QuestionExport.alternatives(in: AnkiText.plainField(note.fields[index]))
        }
        record.alternatives = answers(named: QuestionExport.alternativesColumn)
        record.otherAnswers = answers(named: QuestionExport.otherAnswersColumn)
        record.blocked = answers(named: QuestionExport.blockedColumn)
        if record.grade == .typed, let bare = Furigana.withoutReadings(answer), !record.alternatives.contains(bare) {
          record.alternatives.append(bare)
        }
        if hasReverse { record.reverse = true }
        directions[0] = .forward
        if hasReverse { directions[1] = .reverse }
      }
      // Cards of other templates (a third of a note type of its own) ask
      // what memoquiz does not; their reviews are left out.
      let identity = record.id ?? record.cloze ?? record.prompt ?? note.guid
      for card in cards {
        if let direction = directions[card.ordinal] { kept[card.id] = (identity, direction, groupTitle) }
      }
      if let index = groupIndex[groupTitle] {
        groups[index].questions.append(record)
      } else {
        groupIndex[groupTitle] = groups.count
        groups.append(GroupRecord(title: groupTitle, questions: [record]))
      }
    }

    var lastReview: [Int64: Int] = [:]
    for entry in collection.reviews {
      // A review at a time memoquiz cannot record (before the year 1 or after
      // 9999) is skipped and counted, never written.
      guard let card = kept[entry.cardID], (1...4).contains(entry.ease), (0...3).contains(entry.kind),
        Timestamp.isRecordable(rawValue: entry.id),
        let rating = ReviewRating(rawValue: entry.ease)
      else {
        skippedReviews += 1
        if (0...3).contains(entry.kind) { skippedGradedReviews += 1 }
        continue
      }
      reviews.append(
        AnkiReview(
          group: card.group, questionID: card.note, direction: card.direction,
          time: Timestamp(rawValue: entry.id), rating: rating,
          seconds: min(120, max(0, Double(entry.milliseconds) / 1000)), revlogID: entry.id))
      lastReview[entry.cardID] = reviews.count - 1
    }
    // Each reviewed card's last review carries the day Anki has it due:
    // a review card's `due` counts days from the collection's first day.
    let firstDay = collection.firstDay
    for card in collection.cards {
      guard let index = lastReview[card.id] else { continue }
      switch card.type {
      case 2:
        if let firstDay, abs(card.due) < Int64(LearnersDay.dayRange) {
          reviews[index].due = .day(LearnersDay.day(firstDay, plus: Int(card.due)))
        } else {
          reviews[index].due = .days(max(0, card.interval))
        }
      case 1, 3:
        let (milliseconds, overflow) = card.due.multipliedReportingOverflow(by: 1000)
        if !overflow && Timestamp.isRecordable(rawValue: milliseconds) {
          reviews[index].due = .time(Timestamp(rawValue: milliseconds))
        }
      default: break
      }
    }
    rolloverHour = collection.rolloverHour
  }

  /// The questions file text that holds the groups, a question a line,
  /// with the keys of the card types: `reverse`, `cloze` and `tags`.
  public var questionsJSON: [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(groups.reduce(64) { $0 + $1.questions.count * 96 })
    func append(_ text: String) { out.append(contentsOf: text.utf8) }
    func string(_ text: String) { JSONText.appendString(text, to: &out) }
    append("[")
    for (groupIndex, group) in groups.enumerated() {
      append(groupIndex == 0 ? "\n  {\n    \"title\": " : ",\n  {\n    \"title\": ")
      string(group.title)
      let noteTypes = AnkiNoteTypeRecord.table(of: group.questions.lazy.map(\.noteType))
      AnkiNoteTypeRecord.appendTable(noteTypes, to: &out)
      append(",\n    \"questions\": [")
      for (index, question) in group.questions.enumerated() {
        append(index == 0 ? "\n      {" : ",\n      {")
        var separator = ""
        if let id = question.id {
          append("\"id\": ")
          string(id)
          separator = ", "
        }
        if let cloze = question.cloze {
          append(separator + "\"cloze\": ")
          string(cloze)
        }
        if let prompt = question.prompt, let answer = question.answer {
          append((question.cloze == nil ? separator : ", ") + "\"prompt\": ")
          string(prompt)
          append(", \"answer\": ")
          string(answer)
        }
        for (key, values) in [
          ("alternatives", question.alternatives), ("otherAnswers", question.otherAnswers),
          ("blocked", question.blocked),
        ] where !values.isEmpty {
          append(", \"\(key)\": [")
          for (offset, value) in values.enumerated() {
            if offset > 0 { append(", ") }
            string(value)
          }
          append("]")
        }
        if question.reverse == true { append(", \"reverse\": true") }
        if question.grade == .self { append(", \"grade\": \"self\"") }
        if let tags = question.tags {
          append(", \"tags\": [")
          for (offset, tag) in tags.enumerated() {
            if offset > 0 { append(", ") }
            string(tag)
          }
          append("]")
        }
        AnkiNoteTypeRecord.appendReference(question.noteType, table: noteTypes, to: &out)
        append("}")
      }
      append("\n    ]\n  }")
    }
    append(groups.isEmpty ? "]\n" : "\n]\n")
    return out
  }

  /// Whether a field holds media and no text: pictures, sounds, videos.
  static func isMediaOnly(_ field: String) -> Bool {
    let lowered = field.lowercased()
    let hasMedia =
      lowered.contains("<img") || lowered.contains("[sound:") || lowered.contains("<audio")
      || lowered.contains("<video") || lowered.contains("<object")
    return hasMedia && AnkiText.plainField(withoutSounds(field)).isEmpty
  }

  /// A field without Anki's `[sound:file]` references.
  static func withoutSounds(_ field: String) -> String {
    guard field.contains("[sound:") else { return field }
    var text = ""
    var rest = field[...]
    while let start = rest.firstRange(of: "[sound:") {
      text += rest[..<start.lowerBound]
      guard let end = rest[start.upperBound...].firstIndex(of: "]") else {
        rest = rest[start.lowerBound...]
        break
      }
      rest = rest[rest.index(after: end)...]
    }
    return text + rest
  }
}
