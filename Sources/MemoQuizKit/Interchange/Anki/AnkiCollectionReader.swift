import FoundationEssentials

/// Reads an ``AnkiCollection`` out of a collection database, in the current
/// schema (Anki 2.1.28 and later: `notetypes`, `fields`, `decks` tables) or
/// the legacy one (note types and decks as JSON in the `col` table).
enum AnkiCollectionReader {
  /// The tables every collection has, in both schemas.
  static let requiredTables = ["col", "notes", "cards", "revlog"]

  /// The collection a database holds.
  /// - Throws: ``AnkiPackageError/invalid(_:)`` for a database without
  ///   Anki's tables (a view in the place of one included), or holding only
  ///   the placeholder that asks to update Anki;
  ///   ``AnkiPackageError/tooLarge(_:)`` for a table with more rows than
  ///   the package can hold (``SQLiteDatabase/maximumRows``).
  static func collection(in database: SQLiteDatabase) throws(AnkiPackageError) -> AnkiCollection {
    for table in requiredTables where try !database.hasTable(table) {
      throw .invalid("its collection has no table \(table) (Anki keeps its \(table) there)")
    }
    var collection = AnkiCollection()
    if try database.hasTable("notetypes") {
      try readCurrentSchema(database, into: &collection)
    } else {
      try readLegacySchema(database, into: &collection)
    }
    try rows(database, "SELECT id, guid, mid, tags, flds FROM notes ORDER BY id") { row in
      collection.notes.append(
        AnkiCollection.Note(
          id: row.integer(0), guid: row.text(1), noteTypeID: row.integer(2),
          fields: row.text(4).split(separator: "\u{1f}", omittingEmptySubsequences: false).map(String.init),
          tags: row.text(3).split(separator: " ").map(String.init)))
    }
    if collection.notes.count == 1,
      collection.notes[0].fields.contains(where: { $0.contains("Please update to the latest Anki version") })
    {
      throw .invalid("it holds only the placeholder collection that asks older programs to update Anki")
    }
    try rows(database, "SELECT id, nid, did, ord, odid, type, ivl, due, odue FROM cards ORDER BY nid, ord") { row in
      let original = row.integer(4)
      collection.cards.append(
        AnkiCollection.Card(
          id: row.integer(0), noteID: row.integer(1), ordinal: Int(clamping: row.integer(3)),
          deckID: original != 0 ? original : row.integer(2), type: Int(clamping: row.integer(5)),
          interval: Int(clamping: row.integer(6)), due: original != 0 ? row.integer(8) : row.integer(7)))
    }
    collection.rolloverHour = setting("rollover", in: database)
    collection.creationOffset = setting("creationOffset", in: database, range: -24 * 60...24 * 60)
    _ = try? rows(database, "SELECT crt FROM col") { row in collection.creation = row.integer(0) }
    try rows(database, "SELECT id, cid, ease, type, time FROM revlog ORDER BY id") { row in
      collection.reviews.append(
        AnkiCollection.Review(
          id: row.integer(0), cardID: row.integer(1), ease: Int(clamping: row.integer(2)),
          kind: Int(clamping: row.integer(3)), milliseconds: row.integer(4)))
    }
    return collection
  }

  /// Runs a query, refusing more rows than ``SQLiteDatabase/maximumRows``.
  private static func rows(
    _ database: SQLiteDatabase, _ sql: String, _ body: (SQLiteRow) throws(AnkiPackageError) -> Void
  ) throws(AnkiPackageError) {
    var count = 0
    let maximum = database.maximumRows
    try database.forEachRow(sql) { row throws(AnkiPackageError) in
      count += 1
      guard count <= maximum else {
        throw .tooLarge("a table of its collection has more than the \(maximum) rows a package of its size can hold")
      }
      try body(row)
    }
  }

  /// A whole-number setting of the collection (its rollover hour, its
  /// creation offset): the current schema's `config` table, else the legacy
  /// `col.conf`; `nil` when neither says or it is out of `range`.
  private static func setting(_ key: String, in database: SQLiteDatabase, range: ClosedRange<Int> = 0...23) -> Int? {
    var text: String?
    _ = try? rows(database, "SELECT val FROM config WHERE key = '\(key)'") { row in
      text = String(decoding: row.blob(0), as: UTF8.self)
    }
    if text == nil {
      _ = try? rows(database, "SELECT conf FROM col") { row in
        let conf = try? JSONDecoder().decode(LegacyConfig.self, from: Data(row.text(0).utf8))
        text = (key == "rollover" ? conf?.rollover : conf?.creationOffset).map(String.init)
      }
    }
    guard let value = text.flatMap({ Int($0.filter { $0 != " " && $0 != "\"" }) }), range.contains(value)
    else { return nil }
    return value
  }

  private struct LegacyConfig: Decodable {
    var rollover: Int?
    var creationOffset: Int?
  }

  // MARK: - Current schema

  private static func readCurrentSchema(
    _ database: SQLiteDatabase, into collection: inout AnkiCollection
  ) throws(AnkiPackageError) {
    try rows(database, "SELECT id, name FROM decks ORDER BY id") { row in
      // Anki stores a subdeck's path with the unit separator.
      collection.decks.append(
        AnkiCollection.Deck(id: row.integer(0), name: row.text(1).replacing("\u{1f}", with: "::")))
    }
    var fieldNames: [Int64: [String]] = [:]
    try rows(database, "SELECT ntid, name FROM fields ORDER BY ntid, ord") { row in
      fieldNames[row.integer(0), default: []].append(row.text(1))
    }
    var types: [AnkiCollection.NoteType] = []
    try rows(database, "SELECT id, name, config FROM notetypes ORDER BY id") { row throws(AnkiPackageError) in
      let config = try ProtobufReader.fields(of: row.blob(2)[...])
      let id = row.integer(0)
      let name = row.text(1)
      let kind = kind(
        name: name, isCloze: ProtobufReader.varint(1, in: config) == 1,
        stockKind: ProtobufReader.varint(9, in: config).map { Int(clamping: $0) },
        fields: fieldNames[id] ?? [])
      var type = AnkiCollection.NoteType(id: id, name: name, kind: kind, fieldNames: fieldNames[id] ?? [])
      type.isCloze = ProtobufReader.varint(1, in: config) == 1
      types.append(type)
    }
    // A template's formats are plain strings in its protobuf config.
    var typing = Set<Int64>()
    var templateNames: [Int64: [String]] = [:]
    if try database.hasTable("templates") {
      try rows(database, "SELECT ntid, name, config FROM templates ORDER BY ntid, ord") { row in
        templateNames[row.integer(0), default: []].append(row.text(1))
        if typesAnswer(row.blob(2)) { typing.insert(row.integer(0)) }
      }
    }
    for index in types.indices {
      types[index].typesAnswer = typing.contains(types[index].id)
      types[index].templateNames = templateNames[types[index].id] ?? []
    }
    collection.noteTypes = types
  }

  /// A note type's kind: the stock kind Anki recorded when it was made from
  /// one of its own (while it keeps that kind's fields: a note type made
  /// from Basic and given fields of its own is another kind), else its
  /// cloze setting, else its name. The fields memoquiz adds for the
  /// answers judged beside the answer (`Alternatives`, `Other answers`,
  /// `Blocked`, last) leave the kind as it was.
  static func kind(name: String, isCloze: Bool, stockKind: Int?, fields: [String]) -> AnkiCollection.NoteTypeKind {
    var fieldCount = fields.count
    while fieldCount > 2, AnkiPackageWriter.NoteTypeDefinition.judgedAnswerFields.contains(fields[fieldCount - 1]) {
      fieldCount -= 1
    }
    switch (stockKind, fieldCount) {
    case (1, 2): return .basic
    case (2, 2), (3, 3): return .basicReversed
    case (4, 2): return .basicTypeIn
    case (5, _): return .cloze
    case (6, _): return .imageOcclusion
    default: break
    }
    if isCloze { return name.lowercased().contains("image occlusion") ? .imageOcclusion : .cloze }
    return AnkiCollection.NoteTypeKind(named: name)
  }

  // MARK: - Legacy schema

  private struct LegacyField: Decodable {
    var name: String
    var ord: Int?
  }

  private struct LegacyTemplate: Decodable {
    var name: String?
    var ord: Int?
    var qfmt: String?
    var afmt: String?
  }

  private struct LegacyNoteType: Decodable {
    var name: String
    var type: Int?
    var flds: [LegacyField]
    var originalStockKind: Int?
    var tmpls: [LegacyTemplate]?
  }

  /// Whether a card template's text asks for a typed answer: it holds
  /// `{{type:` (`{{type:Back}}`, `{{type:cloze:Text}}`).
  static func typesAnswer<Bytes: Collection<UInt8>>(_ template: Bytes) -> Bool {
    let marker = Array("{{type:".utf8)
    var matched = 0
    for byte in template {
      if byte == marker[matched] {
        matched += 1
        if matched == marker.count { return true }
      } else {
        matched = byte == marker[0] ? 1 : 0
      }
    }
    return false
  }

  private struct LegacyDeck: Decodable {
    var name: String
  }

  private static func readLegacySchema(
    _ database: SQLiteDatabase, into collection: inout AnkiCollection
  ) throws(AnkiPackageError) {
    var modelsText = ""
    var decksText = ""
    try rows(database, "SELECT models, decks FROM col") { row in
      modelsText = row.text(0)
      decksText = row.text(1)
    }
    let decoder = JSONDecoder()
    let models: [String: LegacyNoteType]
    let decks: [String: LegacyDeck]
    do {
      models = try decoder.decode([String: LegacyNoteType].self, from: Data(modelsText.utf8))
      decks = try decoder.decode([String: LegacyDeck].self, from: Data(decksText.utf8))
    } catch {
      throw .invalid("its collection's note types or decks are not the JSON Anki writes")
    }
    collection.decks = decks.compactMap { key, deck in
      Int64(key).map { AnkiCollection.Deck(id: $0, name: deck.name) }
    }.sorted { $0.id < $1.id }
    collection.noteTypes = models.compactMap { key, model in
      guard let id = Int64(key) else { return nil }
      let fields = model.flds.enumerated().sorted { ($0.element.ord ?? $0.offset) < ($1.element.ord ?? $1.offset) }
      let templates = (model.tmpls ?? []).enumerated().sorted {
        ($0.element.ord ?? $0.offset) < ($1.element.ord ?? $1.offset)
      }
      return AnkiCollection.NoteType(
        id: id, name: model.name,
        kind: kind(
          name: model.name, isCloze: model.type == 1, stockKind: model.originalStockKind,
          fields: fields.map(\.element.name)),
        fieldNames: fields.map(\.element.name),
        typesAnswer: (model.tmpls ?? []).contains {
          typesAnswer(($0.qfmt ?? "").utf8) || typesAnswer(($0.afmt ?? "").utf8)
        }, templateNames: templates.map { $0.element.name ?? "" }, isCloze: model.type == 1)
    }.sorted { $0.id < $1.id }
  }
}
