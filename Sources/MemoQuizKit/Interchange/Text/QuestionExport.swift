/// Writes groups in the formats `export` offers.
public enum QuestionExport {
  /// The formats `export` writes.
  public enum Format: String, CaseIterable, Sendable {
    case json, tsv, anki, apkg
  }

  /// The groups in `format`; an Anki package made here holds no memory
  /// (``ProgressCaretaker/ankiPackage(of:memory:at:)`` writes one that does).
  /// - Throws: ``AnkiPackageError`` when a package cannot be written.
  public static func bytes(_ groups: [QuestionGroup], format: Format) throws(AnkiPackageError) -> [UInt8] {
    switch format {
    case .json: json(groups)
    case .tsv: Array(tsv(groups).utf8)
    case .anki: Array(anki(groups).utf8)
    case .apkg:
      try AnkiPackageWriter(
        groups: groups, memory: [:], reviews: [:], dayStartsAt: 4, desiredRetention: 0.9, now: Timestamp(rawValue: 0)
      ).package()
    }
  }

  /// A questions file holding the groups, laid out as people write them:
  /// a group's keys, then a question a line.
  public static func json(_ groups: [QuestionGroup]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(groups.reduce(64) { $0 + $1.questions.count * 64 })
    func append(_ text: String) { out.append(contentsOf: text.utf8) }
    func string(_ text: String) { JSONText.appendString(text, to: &out) }
    append("[")
    for (groupIndex, group) in groups.enumerated() {
      append(groupIndex == 0 ? "\n  {\n    \"title\": " : ",\n  {\n    \"title\": ")
      string(group.title)
      if group.reverse { append(",\n    \"reverse\": true") }
      if let typos = group.typos { append(",\n    \"typos\": \"\(typos.rawValue)\"") }
      if group.grade != .typed { append(",\n    \"grade\": \"\(group.grade.rawValue)\"") }
      if let speak = group.speak {
        append(",\n    \"speak\": ")
        string(speak)
      }
      if group.score != Score() {
        append(",\n    \"score\": {\"correctCount\": \(group.score.correctCount), ")
        append("\"incorrectCount\": \(group.score.incorrectCount)}")
      }
      let noteTypes = AnkiNoteTypeRecord.table(of: group.questions.lazy.map(\.ankiNoteType))
      var tableBytes: [UInt8] = []
      AnkiNoteTypeRecord.appendTable(noteTypes, to: &tableBytes)
      append(String(decoding: tableBytes, as: UTF8.self))
      append(",\n    \"questions\": [")
      func strings(_ key: String, _ values: [String]) {
        guard !values.isEmpty else { return }
        append(", \"\(key)\": [")
        for (offset, value) in values.enumerated() {
          if offset > 0 { append(", ") }
          string(value)
        }
        append("]")
      }
      for (index, question) in group.questions.enumerated() {
        append(index == 0 ? "\n      {" : ",\n      {")
        if let cloze = question.cloze {
          append("\"cloze\": ")
          string(cloze)
        } else {
          append("\"prompt\": ")
          string(question.prompt)
          append(", \"answer\": ")
          string(question.answer)
        }
        strings("alternatives", question.alternatives)
        strings("otherAnswers", question.otherAnswers)
        strings("blocked", question.blocked)
        if let hint = question.hint {
          append(", \"hint\": ")
          string(hint)
        }
        if let id = question.id {
          append(", \"id\": ")
          string(id)
        }
        if let reverse = question.reverse { append(reverse ? ", \"reverse\": true" : ", \"reverse\": false") }
        strings("reverseAlternatives", question.reverseAlternatives)
        strings("tags", question.tags)
        if let typos = question.typos { append(", \"typos\": \"\(typos.rawValue)\"") }
        if let grade = question.grade { append(", \"grade\": \"\(grade.rawValue)\"") }
        if let speak = question.speak {
          append(", \"speak\": ")
          string(speak)
        }
        var reference: [UInt8] = []
        AnkiNoteTypeRecord.appendReference(question.ankiNoteType, table: noteTypes, to: &reference)
        if !reference.isEmpty { append(String(decoding: reference, as: UTF8.self)) }
        append("}")
      }
      append(group.questions.isEmpty ? "]\n  }" : "\n    ]\n  }")
    }
    append(groups.isEmpty ? "]\n" : "\n]\n")
    return out
  }

  /// `prompt<TAB>answer<TAB>hint` lines, quoted as Anki reads them back.
  ///
  /// A spreadsheet row is one question as written: a reversed question
  /// gives its forward direction (its prompt, then its answer), and a cloze
  /// question its text with the deletions marked, then the whole text.
  public static func tsv(_ groups: [QuestionGroup]) -> String {
    var text = ""
    for question in groups.flatMap(\.questions) {
      let (prompt, answer) =
        question.cloze.map { ($0, Cloze($0)?.fullText ?? $0) } ?? (question.prompt, question.answer)
      let fields = [prompt, answer, question.hint ?? ""].map {
        AnkiText.quoted($0, separator: "\t")
      }
      text += fields.joined(separator: "\t") + "\n"
    }
    return text
  }

  /// The name of the column that holds a question's alternatives in
  /// Anki's plain text.
  static let alternativesColumn = "Alternatives"

  /// The names of the columns that hold a question's other answers and
  /// blocked answers in Anki's plain text.
  static let otherAnswersColumn = "Other answers"
  static let blockedColumn = "Blocked"

  /// The name of the column that says how a question is graded.
  static let gradeColumn = "Grade"

  /// The guid a question has in Anki: its `id` when it came from Anki,
  /// else one made from its group's title and its identity, the same in
  /// every export. memoquiz's own guids start with ``guidPrefix``, so that
  /// a note that comes back is known by its prompt again.
  public static func guid(of question: Question, in title: String) -> String {
    if let id = question.id { return id }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in title.utf8 + [0x1F] + question.identity.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return guidPrefix + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// How memoquiz's own guids start.
  static let guidPrefix = "memoquiz:"

  /// Whether a guid is one memoquiz made for a question without an `id`.
  static func isMemoQuizGUID(_ guid: String) -> Bool { guid.hasPrefix(guidPrefix) }

  /// Anki's "Notes in Plain Text": Basic notes, a deck per group.
  ///
  /// After the note's two fields come the hint, the alternatives, the
  /// grading and the guid, named by `#columns:`: Anki leaves columns past a
  /// Basic note's fields out (and reads the guid column as the note's
  /// guid), and `import` reads them back, so that nothing is lost on the
  /// way round.
  ///
  /// Each question is a note of the stock type Anki would make it: Basic,
  /// Basic (and reversed card) for a reversed question, Cloze (the text as
  /// written, the hint as its Back Extra) for a cloze question. Tags go in a
  /// last column when a question has any, each space in a tag made `_`, as
  /// Anki tags have no spaces.
  public static func anki(_ groups: [QuestionGroup]) -> String {
    let hasTags = groups.contains { $0.questions.contains { !$0.tags.isEmpty } }
    // Other and blocked answers, kept as alternatives are: in columns of
    // their own, only when some question has them.
    let hasJudged = groups.contains { $0.questions.contains { !$0.otherAnswers.isEmpty || !$0.blocked.isEmpty } }
    var text = "#separator:tab\n#html:false\n#notetype column:1\n#deck column:2\n#guid column:8\n"
    text +=
      "#columns:Note type\tDeck\tFront\tBack\tHint\t\(alternativesColumn)\t\(gradeColumn)\tGUID"
      + (hasJudged ? "\t\(otherAnswersColumn)\t\(blockedColumn)" : "") + (hasTags ? "\tTags" : "") + "\n"
    if hasTags { text += "#tags column:\(hasJudged ? 11 : 9)\n" }
    for group in groups {
      for question in group.questions {
        var fields: [String]
        if let cloze = question.cloze {
          fields = ["Cloze", group.title, cloze, question.hint ?? "", question.hint ?? "", ""]
        } else {
          let type = question.reverse ?? group.reverse ? "Basic (and reversed card)" : "Basic"
          fields = [
            type, group.title, question.prompt, question.answer, question.hint ?? "",
            alternativesField(question.alternatives),
          ]
        }
        fields += [(question.grade ?? group.grade).rawValue, guid(of: question, in: group.title)]
        if hasJudged { fields += [alternativesField(question.otherAnswers), alternativesField(question.blocked)] }
        if hasTags {
          fields.append(
            question.tags.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: "_") }.joined(separator: " ")
          )
        }
        text += fields.map { AnkiText.quoted($0, separator: "\t") }.joined(separator: "\t") + "\n"
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
