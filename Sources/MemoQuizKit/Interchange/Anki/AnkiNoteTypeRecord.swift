/// The Anki note type a question's note had when it came from Anki, kept in
/// the questions file, so that an export puts the note back into the
/// collection it came from with its own note type.
///
/// A group lists its note types once (`"ankiNoteTypes"`); a question names
/// its own by id (`"ankiNoteType"`) only when it is not the group's first,
/// and says `null` when it has none: a deck of thousands of notes of one
/// type adds nothing to each question, so the file reads as fast.
///
/// Anki takes an imported note as an update of its own note (same guid) only
/// when it comes with the same note type: the same id, and the same fields
/// and card templates by name. Those are kept; the templates' formats and
/// the note type's styling are not (a collection that has the note type
/// keeps its own; one that lacks it is given plain ones).
public struct AnkiNoteTypeRecord: Hashable, Sendable, Codable {
  /// The note type's id in the collection it came from.
  public var id: Int64
  public var name: String
  /// Its fields' names, in order.
  public var fields: [String]
  /// Its card templates' names, in order.
  public var templates: [String]
  /// Whether it is a cloze note type.
  public var isCloze: Bool

  public init(id: Int64, name: String, fields: [String], templates: [String], isCloze: Bool) {
    self.id = id
    self.name = name
    self.fields = fields
    self.templates = templates
    self.isCloze = isCloze
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, fields, templates
    case isCloze = "cloze"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int64.self, forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    fields = try container.decode([String].self, forKey: .fields)
    templates = try container.decodeIfPresent([String].self, forKey: .templates) ?? []
    isCloze = try container.decodeIfPresent(Bool.self, forKey: .isCloze) ?? false
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(fields, forKey: .fields)
    try container.encode(templates, forKey: .templates)
    if isCloze { try container.encode(true, forKey: .isCloze) }
  }

  /// The note types of a group's questions, each once (by id), in the order
  /// they first come: what the group's `"ankiNoteTypes"` lists.
  static func table(of noteTypes: some Sequence<AnkiNoteTypeRecord?>) -> [AnkiNoteTypeRecord] {
    var seen = Set<Int64>()
    var table: [AnkiNoteTypeRecord] = []
    for case let record? in noteTypes where seen.insert(record.id).inserted { table.append(record) }
    return table
  }

  /// Appends a group's `"ankiNoteTypes"` key, when it has note types.
  static func appendTable(_ table: [AnkiNoteTypeRecord], to out: inout [UInt8]) {
    guard !table.isEmpty else { return }
    out += Array(",\n    \"ankiNoteTypes\": [".utf8)
    for (offset, record) in table.enumerated() {
      out += Array((offset == 0 ? "\n      " : ",\n      ").utf8)
      record.appendJSON(to: &out)
    }
    out += Array("\n    ]".utf8)
  }

  /// Appends a question's `"ankiNoteType"` key, when its group's table
  /// does not already say it: its id when it is not the first, the whole
  /// record when the table has another of its id, `null` for none.
  static func appendReference(_ record: AnkiNoteTypeRecord?, table: [AnkiNoteTypeRecord], to out: inout [UInt8]) {
    guard let first = table.first else { return }
    guard let record else {
      out += Array(", \"ankiNoteType\": null".utf8)
      return
    }
    guard record != first else { return }
    out += Array(", \"ankiNoteType\": ".utf8)
    if table.contains(record) {
      out += Array(String(record.id).utf8)
    } else {
      record.appendJSON(to: &out)
    }
  }

  /// The record as the questions file writes it, on one line.
  func appendJSON(to out: inout [UInt8]) {
    func list(_ values: [String]) {
      out.append(UInt8(ascii: "["))
      for (offset, value) in values.enumerated() {
        if offset > 0 { out += Array(", ".utf8) }
        JSONText.appendString(value, to: &out)
      }
      out.append(UInt8(ascii: "]"))
    }
    out += Array("{\"id\": \(id), \"name\": ".utf8)
    JSONText.appendString(name, to: &out)
    out += Array(", \"fields\": ".utf8)
    list(fields)
    out += Array(", \"templates\": ".utf8)
    list(templates)
    if isCloze { out += Array(", \"cloze\": true".utf8) }
    out.append(UInt8(ascii: "}"))
  }
}
