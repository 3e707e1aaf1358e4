@preconcurrency import Glibc

/// Writes groups, their memory and their review log as an Anki package in
/// Anki's legacy schema (`collection.anki2` in a zip), which Anki's "Import"
/// takes in with "Import any learning progress".
///
/// Each question is a note with its guid (see
/// ``QuestionExport/guid(of:in:)``) and tags, in the deck of its group. A
/// note that came from Anki goes back with its own note type (the id, name,
/// fields and templates kept at import, ``AnkiNoteTypeRecord``), so that
/// Anki takes it as an update of its note; a note made in memoquiz uses the
/// stock type of its kind (Basic, Basic (and reversed card), Cloze, or Basic
/// (type in the answer) for a typed one): one that came from Anki among the
/// exported questions when there is one, which Anki matches to its own,
/// else memoquiz's, which has fields for the alternatives, other answers
/// and blocked answers when a question has any. Only the note types used are written. A card with memory is a review card: its due day, its interval
/// and its FSRS memory (stability and difficulty in the card's `data`);
/// every answer in effect is a row of the review log at its own time, with
/// its grade. SQLite and zlib are the system's, loaded at run time.
public struct AnkiPackageWriter {
  /// One answer in effect, as the review log keeps it.
  public struct Review: Sendable {
    public var time: Timestamp
    public var rating: ReviewRating
    /// Milliseconds the answer took.
    public var duration: Int

    public init(time: Timestamp, rating: ReviewRating, duration: Int) {
      self.time = time
      self.rating = rating
      self.duration = duration
    }
  }

  public var groups: [QuestionGroup]
  /// Each card's memory, by ``key(group:card:)``.
  public var memory: [String: MemoryState]
  /// Each card's answers in effect, oldest first, by ``key(group:card:)``.
  public var reviews: [String: [Review]]
  /// The hour the learner's day starts (`day-starts-at`).
  public var dayStartsAt: Int
  public var desiredRetention: Double
  public var now: Timestamp
  /// Where the sounds the questions name (`[sound:FILE]`) are: the package
  /// carries those there, with Anki's media map; `nil` carries none.
  public var media: MediaFolder?

  public init(
    groups: [QuestionGroup], memory: [String: MemoryState], reviews: [String: [Review]], dayStartsAt: Int,
    desiredRetention: Double, now: Timestamp
  ) {
    self.groups = groups
    self.memory = memory
    self.reviews = reviews
    self.dayStartsAt = dayStartsAt
    self.desiredRetention = desiredRetention
    self.now = now
  }

  /// The key of a card of a group in ``memory`` and ``reviews``.
  public static func key(group: String, card: String) -> String { group + "\u{1F}" + card }

  /// The note types written, as Anki's stock ones are.
  enum NoteType: Int64, CaseIterable {
    case basic = 1_700_000_000_001
    case reversed = 1_700_000_000_002
    case cloze = 1_700_000_000_003
    case typeIn = 1_700_000_000_004

    var name: String {
      switch self {
      case .basic: "Basic"
      case .reversed: "Basic (and reversed card)"
      case .cloze: "Cloze"
      case .typeIn: "Basic (type in the answer)"
      }
    }

    var fields: [String] { self == .cloze ? ["Text", "Back Extra"] : ["Front", "Back"] }

    /// Each template's name, question and answer format.
    var templates: [(String, String, String)] {
      let answer = "{{FrontSide}}\n\n<hr id=answer>\n\n"
      switch self {
      case .basic: return [("Card 1", "{{Front}}", answer + "{{Back}}")]
      case .reversed:
        return [("Card 1", "{{Front}}", answer + "{{Back}}"), ("Card 2", "{{Back}}", answer + "{{Front}}")]
      case .cloze: return [("Cloze", "{{cloze:Text}}", "{{cloze:Text}}<br>\n{{Back Extra}}")]
      case .typeIn: return [("Card 1", "{{Front}}\n\n{{type:Back}}", "{{Front}}\n\n<hr id=answer>\n\n{{type:Back}}")]
      }
    }

    /// The number Anki gives the stock kind.
    var stockKind: Int {
      switch self {
      case .basic: 1
      case .reversed: 2
      case .typeIn: 4
      case .cloze: 5
      }
    }
  }

  /// The package's bytes.
  /// - Throws: ``AnkiPackageError`` when a system library is missing or the
  ///   collection cannot be written.
  public func package() throws(AnkiPackageError) -> [UInt8] {
    let database = try SQLiteWriter()
    try database.execute(Self.schema)
    try database.execute("BEGIN")
    let earliest = reviews.values.lazy.compactMap { $0.first?.time }.min() ?? now
    let creation = LearnersDay(containing: min(earliest, now), startingAt: dayStartsAt)
    let created = creation.start.rawValue / 1000
    // Ids in Anki are times in milliseconds: notes and cards get distinct
    // ones from the moment of the export on.
    var nextID = max(now.rawValue, 1)
    func newID() -> Int64 {
      nextID += 1
      return nextID
    }
    var deckIDs: [String: Int64] = [:]
    var deckOrder: [String] = []
    func deck(_ title: String) -> Int64 {
      if let id = deckIDs[title] { return id }
      // A subdeck's parents are decks too.
      let parts = title.split(separator: "::", omittingEmptySubsequences: false)
      if parts.count > 1 { _ = deck(parts.dropLast().joined(separator: "::")) }
      let id = Int64(1_700_000_001_000 + deckOrder.count)
      deckIDs[title] = id
      deckOrder.append(title)
      return id
    }
    let modified = now.rawValue / 1000
    var usedRevlogIDs = Set<Int64>()
    var position: Int64 = 0
    // The note types that came from Anki, by the stock kind their name says.
    var keptStock: [NoteType: AnkiNoteTypeRecord] = [:]
    for question in groups.lazy.flatMap(\.questions) {
      guard let kept = question.ankiNoteType, let kind = NoteType(stock: kept), keptStock[kind] == nil else { continue }
      keptStock[kind] = kept
    }
    // memoquiz's own note types carry the alternatives, other answers and
    // blocked answers when a question has any, so that they come back.
    let judgedAnswers = groups.contains {
      $0.questions.contains { !$0.alternatives.isEmpty || !$0.otherAnswers.isEmpty || !$0.blocked.isEmpty }
    }
    var written: [Int64: NoteTypeDefinition] = [:]
    var writtenOrder: [Int64] = []
    for group in groups {
      let deckID = deck(group.title)
      let cards = group.cards
      var cardsOfQuestion: [String: [Card]] = [:]
      for card in cards { cardsOfQuestion[card.questionIdentity, default: []].append(card) }
      for question in group.questions {
        let grading = question.grade ?? group.grade
        let reversed = question.cloze == nil && (question.reverse ?? group.reverse)
        let kind: NoteType =
          question.cloze != nil ? .cloze : reversed ? .reversed : grading == .typed ? .typeIn : .basic
        let type = Self.definition(
          for: question, kind: kind, reversed: reversed, keptStock: keptStock, modified: modified,
          judgedAnswers: judgedAnswers)
        if written.updateValue(type, forKey: type.id) == nil { writtenOrder.append(type.id) }
        let (fields, whole) = type.fields(of: question, reversed: reversed)
        let noteID = newID()
        let tags = question.tags.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: "_") }
        try database.run(
          "INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, 0, 0, '')",
          [
            // A note whose fields memoquiz does not all hold is never newer
            // than Anki's own: Anki keeps the fields memoquiz has not.
            .integer(noteID), .text(QuestionExport.guid(of: question, in: group.title)), .integer(type.id),
            .integer(whole ? modified : 0), .text(tags.isEmpty ? "" : " " + tags.joined(separator: " ") + " "),
            .text(fields.map(Self.html).joined(separator: "\u{1F}")),
            .text((fields.first ?? "").replacing("\u{1F}", with: " ")),
          ])
        position += 1
        for card in cardsOfQuestion[question.identity] ?? [] {
          try writeCard(
            card, note: noteID, deck: deckID, group: group.title, position: position, created: creation,
            id: newID(), modified: modified, revlogIDs: &usedRevlogIDs, into: database)
        }
      }
    }
    try database.run(
      "INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')",
      [
        .integer(created), .integer(now.rawValue), .integer(now.rawValue),
        .text(configuration(created: creation, nextPosition: position + 1)),
        .text(Self.modelsJSON(writtenOrder.compactMap { written[$0] })),
        .text(decksJSON(deckOrder, ids: deckIDs, modified: modified)), .text(Self.deckConfigurationJSON),
      ])
    try database.execute("COMMIT")
    var zip = try ZipWriter()
    try zip.add("collection.anki2", try database.bytes())
    try addMedia(to: &zip)
    return zip.archive()
  }

  /// Writes a card and its review log.
  private func writeCard(
    _ card: Card, note: Int64, deck: Int64, group: String, position: Int64, created: LearnersDay, id: Int64,
    modified: Int64, revlogIDs: inout Set<Int64>, into database: SQLiteWriter
  ) throws(AnkiPackageError) {
    let ordinal: Int64 =
      switch card.kind {
      case .forward: 0
      case .reverse: 1
      case .cloze(let number): Int64(number - 1)
      }
    let key = Self.key(group: group, card: card.identity)
    let answers = reviews[key] ?? []
    let lapses = Int64(answers.dropFirst().count { $0.rating == .again })
    if let state = memory[key] {
      // FSRS memory only under FSRS-6: Anki cannot read another model's state.
      let data =
        state.sbd != nil
        ? "{\"dr\":\(Self.number(desiredRetention)),\"lrt\":\(state.lastReview.rawValue / 1000)}"
        : "{\"s\":\(Self.number(state.stability)),\"d\":\(Self.number(state.difficulty)),"
          + "\"dr\":\(Self.number(desiredRetention)),\"lrt\":\(state.lastReview.rawValue / 1000)}"
      try database.run(
        "INSERT INTO cards VALUES (?, ?, ?, ?, ?, -1, 2, 2, ?, ?, 2500, ?, ?, 0, 0, 0, 0, ?)",
        [
          .integer(id), .integer(note), .integer(deck), .integer(ordinal), .integer(modified),
          .integer(Int64(state.dueDay - created.number)), .integer(Int64(max(1, state.interval))),
          .integer(Int64(answers.count)), .integer(lapses), .text(data),
        ])
    } else {
      try database.run(
        "INSERT INTO cards VALUES (?, ?, ?, ?, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')",
        [.integer(id), .integer(note), .integer(deck), .integer(ordinal), .integer(modified), .integer(position)])
    }
    for (index, answer) in answers.enumerated() {
      // The log's id is the answer's time in milliseconds, one apart
      // where answers share a moment.
      var revlogID = answer.time.rawValue
      while !revlogIDs.insert(revlogID).inserted { revlogID += 1 }
      let kind: Int64 = index == 0 ? 0 : answer.rating == .again ? 2 : 1
      let interval = index == answers.count - 1 ? Int64(memory[key]?.interval ?? 0) : 0
      try database.run(
        "INSERT INTO revlog VALUES (?, ?, -1, ?, ?, 0, 2500, ?, ?)",
        [
          .integer(revlogID), .integer(id), .integer(Int64(answer.rating.rawValue)), .integer(interval),
          .integer(Int64(min(max(answer.duration, 0), 60_000))), .integer(kind),
        ])
    }
  }

  /// A field as Anki stores it: HTML, so `<`, `>` and `&` are escaped.
  /// A field as a note's HTML. U+001F, which separates a note's fields,
  /// becomes a space: a field that held one would split the note in two,
  /// and Anki refuses the whole package.
  private static func html(_ text: String) -> String {
    text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
      .replacing("\u{1F}", with: " ")
  }

  private static func number(_ value: Double) -> String {
    value.isFinite ? "\(value)" : "0"
  }

  private static func string(_ text: String) -> String {
    var out: [UInt8] = []
    JSONText.appendString(text, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// The collection's settings: the hour its day starts and where the
  /// creation time's local offset was, so Anki counts the same days.
  private func configuration(created: LearnersDay, nextPosition: Int64) -> String {
    let offset = -TimeZoneRules.current.offset(at: created.start.rawValue / 1000) / 60
    return "{\"rollover\":\(dayStartsAt),\"creationOffset\":\(offset),\"nextPos\":\(nextPosition),"
      + "\"schedVer\":2,\"sched2021\":true,\"activeDecks\":[1],\"curDeck\":1,\"newSpread\":0,"
      + "\"collapseTime\":1200,\"timeLim\":0,\"estTimes\":true,\"dueCounts\":true,\"curModel\":null,"
      + "\"sortType\":\"noteFld\",\"sortBackwards\":false,\"addToCur\":true}"
  }

  private static func modelsJSON(_ types: [NoteTypeDefinition]) -> String {
    var entries: [String] = []
    for type in types {
      let fields = type.fields.enumerated().map { offset, name in
        "{\"name\":\(string(name)),\"ord\":\(offset),\"sticky\":false,\"rtl\":false,\"font\":\"Arial\",\"size\":20,"
          + "\"media\":[]}"
      }
      let templates = type.templates.enumerated().map { offset, template -> String in
        let formats = "\"qfmt\":\(string(template.question)),\"afmt\":\(string(template.answer)),"
        return "{\"name\":\(string(template.name)),\"ord\":\(offset)," + formats
          + "\"bqfmt\":\"\",\"bafmt\":\"\",\"did\":null,\"bfont\":\"\",\"bsize\":0}"
      }
      let requirements = type.templates.indices.map { index -> String in
        "[\(index),\"any\",[\(index < type.fields.count ? index : 0)]]"
      }
      let head =
        "\"\(type.id)\":{\"id\":\(type.id),\"name\":\(string(type.name)),\"type\":\(type.isCloze ? 1 : 0),"
        + "\"mod\":\(type.modified),\"usn\":-1,\"sortf\":0,\"did\":null,"
      entries.append(
        head
          + "\"tmpls\":[\(templates.joined(separator: ","))],\"flds\":[\(fields.joined(separator: ","))],"
          + "\"css\":\".card {\\n font-family: arial;\\n font-size: 20px;\\n text-align: center;\\n}\\n\","
          + "\"latexPre\":\"\\\\documentclass[12pt]{article}\\n\\\\begin{document}\\n\","
          + "\"latexPost\":\"\\\\end{document}\",\"latexsvg\":false,\"req\":[\(requirements.joined(separator: ","))],"
          + "\"originalStockKind\":\(type.stockKind),\"tags\":[],\"vers\":[]}")
    }
    return "{" + entries.joined(separator: ",") + "}"
  }

  private func decksJSON(_ titles: [String], ids: [String: Int64], modified: Int64) -> String {
    func entry(_ id: Int64, _ name: String) -> String {
      "\"\(id)\":{\"id\":\(id),\"mod\":\(modified),\"name\":\(Self.string(name)),\"usn\":-1,"
        + "\"lrnToday\":[0,0],\"revToday\":[0,0],\"newToday\":[0,0],\"timeToday\":[0,0],\"collapsed\":false,"
        + "\"browserCollapsed\":false,\"desc\":\"\",\"dyn\":0,\"conf\":1,\"extendNew\":0,\"extendRev\":0}"
    }
    let entries = [entry(1, "Default")] + titles.compactMap { title in ids[title].map { entry($0, title) } }
    return "{" + entries.joined(separator: ",") + "}"
  }

  private static let deckConfigurationJSON =
    "{\"1\":{\"id\":1,\"mod\":0,\"name\":\"Default\",\"usn\":0,\"maxTaken\":60,\"autoplay\":true,\"timer\":0,"
    + "\"replayq\":true,\"dyn\":false,\"new\":{\"bury\":false,\"delays\":[1.0,10.0],\"initialFactor\":2500,"
    + "\"ints\":[1,4,0],\"order\":1,\"perDay\":20},\"rev\":{\"bury\":false,\"ease4\":1.3,\"ivlFct\":1.0,"
    + "\"maxIvl\":36500,\"perDay\":200,\"hardFactor\":1.2},\"lapse\":{\"delays\":[10.0],\"leechAction\":1,"
    + "\"leechFails\":8,\"minInt\":1,\"mult\":0.0}}}"

  /// Anki's legacy collection schema (version 11).
  static let schema = """
    CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null,
      ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null,
      models text not null, decks text not null, dconf text not null, tags text not null);
    CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null,
      usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null,
      flags integer not null, data text not null);
    CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null,
      mod integer not null, usn integer not null, type integer not null, queue integer not null,
      due integer not null, ivl integer not null, factor integer not null, reps integer not null,
      lapses integer not null, left integer not null, odue integer not null, odid integer not null,
      flags integer not null, data text not null);
    CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null,
      ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null,
      type integer not null);
    CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
    CREATE INDEX ix_notes_usn on notes (usn);
    CREATE INDEX ix_cards_usn on cards (usn);
    CREATE INDEX ix_revlog_usn on revlog (usn);
    CREATE INDEX ix_cards_nid on cards (nid);
    CREATE INDEX ix_cards_sched on cards (did, queue, due);
    CREATE INDEX ix_revlog_cid on revlog (cid);
    CREATE INDEX ix_notes_csum on notes (csum);
    """
}
