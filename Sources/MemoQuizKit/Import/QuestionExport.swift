import FoundationEssentials

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

  /// A questions file holding the groups.
  public static func json(_ groups: [QuestionGroup]) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
    // Encoding plain strings and arrays cannot fail.
    let data = (try? encoder.encode(groups)) ?? Data("[]".utf8)
    return Array(data) + [UInt8(ascii: "\n")]
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

  /// Anki's "Notes in Plain Text": Basic notes, a deck per group.
  public static func anki(_ groups: [QuestionGroup]) -> String {
    var text = "#separator:tab\n#html:false\n#notetype column:1\n#deck column:2\n"
    for group in groups {
      for question in group.questions {
        let fields = ["Basic", group.title, question.prompt, question.answer].map {
          AnkiText.quoted($0, separator: "\t")
        }
        text += fields.joined(separator: "\t") + "\n"
      }
    }
    return text
  }
}
