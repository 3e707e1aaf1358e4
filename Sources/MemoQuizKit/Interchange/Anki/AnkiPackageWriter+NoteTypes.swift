/// The note types a package is written with: a note's own from Anki, or a
/// stock one.
extension AnkiPackageWriter {
  /// One card template: its name, its question and its answer format.
  struct Template: Hashable {
    var name: String
    var question: String
    var answer: String
  }

  /// A note type as the package writes it.
  struct NoteTypeDefinition: Hashable {
    var id: Int64
    var name: String
    var isCloze: Bool
    var fields: [String]
    var templates: [Template]
    /// The number Anki gives the stock kind it was made from; 0 for none.
    var stockKind: Int
    /// Its modification time: 0 for a note type kept from Anki, so that
    /// the collection it came from keeps its own templates and styling.
    var modified: Int64

    /// The note type memoquiz writes for `kind`; with `judgedAnswers`,
    /// a Basic kind has three fields more, named as the text export's
    /// columns: the alternatives, the other answers and the blocked ones,
    /// which Anki shows in its editor and `import` reads back.
    init(own kind: NoteType, modified: Int64, judgedAnswers: Bool = false) {
      id = kind.rawValue
      name = kind.name
      isCloze = kind == .cloze
      fields = kind.fields
      if judgedAnswers && !isCloze { fields += Self.judgedAnswerFields }
      templates = kind.templates.map { Template(name: $0.0, question: $0.1, answer: $0.2) }
      stockKind = kind.stockKind
      self.modified = modified
    }

    /// The note type kept from Anki: its id, name, fields and templates'
    /// names, with the stock formats when it is a stock type, else plain
    /// ones that ask the first field and answer with the second.
    init(kept record: AnkiNoteTypeRecord) {
      id = record.id
      name = record.name
      isCloze = record.isCloze
      fields = record.fields
      modified = 0
      let stock = NoteType(stock: record)
      stockKind = stock?.stockKind ?? 0
      if let stock, stock.fields == record.fields {
        templates = zip(record.templates, stock.templates).map {
          Template(name: $0, question: $1.1, answer: $1.2)
        }
        return
      }
      let first = record.fields.first ?? ""
      let second = record.fields.count > 1 ? record.fields[1] : first
      let separator = "{{FrontSide}}\n\n<hr id=answer>\n\n"
      templates = record.templates.enumerated().map { offset, name in
        if record.isCloze {
          return Template(
            name: name, question: "{{cloze:\(first)}}",
            answer: "{{cloze:\(first)}}" + (record.fields.count > 1 ? "<br>\n{{\(second)}}" : ""))
        }
        let (asked, answered) = offset == 1 ? (second, first) : (first, second)
        return Template(name: name, question: "{{\(asked)}}", answer: separator + "{{\(answered)}}")
      }
    }

    /// The fields of `question`'s note, and whether memoquiz holds every
    /// one of them (a note type with fields of its own does not, nor a
    /// Cloze note whose Back Extra memoquiz never kept).
    func fields(of question: Question, reversed: Bool) -> (values: [String], whole: Bool) {
      var values: [String]
      var held: Int
      if isCloze {
        values = [question.cloze ?? question.prompt, question.hint ?? ""]
        held = question.hint == nil ? 1 : 2
      } else {
        values = [question.prompt, question.answer]
        held = 2
        if name == "Basic (optional reversed card)", fields.count >= 3 {
          values.append(reversed ? "y" : "")
          held = 3
        }
      }
      while values.count < fields.count { values.append("") }
      if !isCloze {
        // The answers judged beside the answer go in fields of their
        // names, where the note type has them.
        let judged = [question.alternatives, question.otherAnswers, question.blocked]
        for (name, answers) in zip(Self.judgedAnswerFields, judged) {
          guard let index = fields.firstIndex(of: name), index >= held else { continue }
          values[index] = QuestionExport.alternativesField(answers)
          held += 1
        }
      }
      return (Array(values.prefix(fields.count)), fields.count <= held)
    }

    /// The fields that hold a question's alternatives, other answers and
    /// blocked answers.
    static let judgedAnswerFields = [
      QuestionExport.alternativesColumn, QuestionExport.otherAnswersColumn, QuestionExport.blockedColumn,
    ]
  }

  /// The note type `question`'s note is written with: its own from Anki
  /// when it can ask what memoquiz asks, else the stock type of its kind
  /// that came from Anki (`keptStock`), else memoquiz's.
  static func definition(
    for question: Question, kind: NoteType, reversed: Bool, keptStock: [NoteType: AnkiNoteTypeRecord],
    modified: Int64, judgedAnswers: Bool
  ) -> NoteTypeDefinition {
    if let kept = question.ankiNoteType, !kept.fields.isEmpty, kept.isCloze == (question.cloze != nil),
      kept.isCloze || kept.templates.count >= (reversed ? 2 : 1)
    {
      return NoteTypeDefinition(kept: kept)
    }
    if let kept = keptStock[kind] { return NoteTypeDefinition(kept: kept) }
    return NoteTypeDefinition(own: kind, modified: modified, judgedAnswers: judgedAnswers)
  }
}

extension AnkiPackageWriter.NoteType {
  /// The stock kind a note type kept from Anki is, by its name, fields and
  /// templates as Anki makes them; `nil` for any other.
  init?(stock record: AnkiNoteTypeRecord) {
    guard
      let kind = Self.allCases.first(where: {
        $0.name == record.name && $0.fields == record.fields && $0.templates.map(\.0) == record.templates
          && ($0 == .cloze) == record.isCloze
      })
    else { return nil }
    self = kind
  }
}
