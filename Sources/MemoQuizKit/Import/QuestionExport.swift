/// Writes groups in the formats `export` offers.
public enum QuestionExport {
  /// The formats `export` writes.
  public enum Format: String, CaseIterable, Sendable {
    case json, tsv, anki
  }

  public static func bytes(_ groups: [QuestionGroup], format: Format) -> [UInt8] {
    switch format {
    case .json: json(groups)
    case .tsv: Array(tsv(groups).utf8)
    case .anki: Array(anki(groups).utf8)
    }
  }

  /// A questions file holding the groups, laid out as people write them:
  /// a group's keys, then a question a line.
  public static func json(_ groups: [QuestionGroup]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(groups.reduce(64) { $0 + $1.questions.count * 64 })
    func append(_ text: String) { out.append(contentsOf: text.utf8) }
    func string(_ text: String) {
      out.append(UInt8(ascii: "\""))
      for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        case 0x00..<0x20:
          let hex = String(byte, radix: 16)
          append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
        default: out.append(byte)
        }
      }
      out.append(UInt8(ascii: "\""))
    }
    append("[")
    for (groupIndex, group) in groups.enumerated() {
      append(groupIndex == 0 ? "\n  {\n    \"title\": " : ",\n  {\n    \"title\": ")
      string(group.title)
      if group.score != Score() {
        append(",\n    \"score\": {\"correctCount\": \(group.score.correctCount), ")
        append("\"incorrectCount\": \(group.score.incorrectCount)}")
      }
      append(",\n    \"questions\": [")
      for (index, question) in group.questions.enumerated() {
        append(index == 0 ? "\n      {\"prompt\": " : ",\n      {\"prompt\": ")
        string(question.prompt)
        append(", \"answer\": ")
        string(question.answer)
        if !question.alternatives.isEmpty {
          append(", \"alternatives\": [")
          for (offset, alternative) in question.alternatives.enumerated() {
            if offset > 0 { append(", ") }
            string(alternative)
          }
          append("]")
        }
        if let hint = question.hint {
          append(", \"hint\": ")
          string(hint)
        }
        if let id = question.id {
          append(", \"id\": ")
          string(id)
        }
        append("}")
      }
      append(group.questions.isEmpty ? "]\n  }" : "\n    ]\n  }")
    }
    append(groups.isEmpty ? "]\n" : "\n]\n")
    return out
  }

  /// `prompt<TAB>answer<TAB>hint` lines, quoted as Anki reads them back.
  public static func tsv(_ groups: [QuestionGroup]) -> String {
    var text = ""
    for question in groups.flatMap(\.questions) {
      let fields = [question.prompt, question.answer, question.hint ?? ""].map {
        AnkiText.quoted($0, separator: "\t")
      }
      text += fields.joined(separator: "\t") + "\n"
    }
    return text
  }

  /// The name of the column that holds a question's alternatives in
  /// Anki's plain text.
  static let alternativesColumn = "Alternatives"

  /// Anki's "Notes in Plain Text": Basic notes, a deck per group.
  ///
  /// After the note's two fields come the hint and the alternatives, named
  /// by `#columns:`: Anki leaves columns past a Basic note's fields out, and
  /// `import` reads them back, so that nothing is lost on the way round.
  public static func anki(_ groups: [QuestionGroup]) -> String {
    var text = "#separator:tab\n#html:false\n#notetype column:1\n#deck column:2\n"
    text += "#columns:Note type\tDeck\tFront\tBack\tHint\t\(alternativesColumn)\n"
    for group in groups {
      for question in group.questions {
        let fields = [
          "Basic", group.title, question.prompt, question.answer, question.hint ?? "",
          alternativesField(question.alternatives),
        ].map { AnkiText.quoted($0, separator: "\t") }
        text += fields.joined(separator: "\t") + "\n"
      }
    }
    return text
  }

  /// Alternatives as one field: separated by `|`, with `\|` and `\\` for
  /// the characters themselves.
  static func alternativesField(_ alternatives: [String]) -> String {
    alternatives.map { $0.replacing("\\", with: "\\\\").replacing("|", with: "\\|") }.joined(separator: "|")
  }

  /// The alternatives ``alternativesField(_:)`` wrote, without empty ones.
  static func alternatives(in field: String) -> [String] {
    var alternatives: [String] = []
    var current = ""
    var escaped = false
    for character in field {
      if escaped {
        current.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "|" {
        alternatives.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    if escaped { current.append("\\") }
    alternatives.append(current)
    return alternatives.map(\.trimmingWhitespace).filter { !$0.isEmpty }
  }
}
