import FoundationEssentials

/// `:edit`: one question changed in the middle of a round, as one `edit`
/// step, its identity (and so its memory) kept.
extension ProgressCaretaker {
  /// Replaces the question whose identity is `identity` in group `group`
  /// with `edited`, planned from the questions as they are under the lock.
  /// - Returns: the question installed, or `nil` when the question is gone
  ///   meanwhile; nothing is changed then.
  /// - Throws: ``QuestionEditError/invalid(_:)`` when the questions file the
  ///   edit makes does not validate (a prompt another question has, say).
  func replaceQuestion(_ identity: String, in group: String, with edited: Question, at time: Date) throws -> Question? {
    try changeQuestion(identity, in: group, kind: .edit, at: time, validated: true) { question in
      question = edited
      return ":edit of \(edited.prompt)"
    }?.question
  }

  /// Changes the question whose identity is `identity` in group `group`
  /// as one step of `kind`, planned from the questions as they are under
  /// the lock: `change` changes it and returns the step's summary.
  /// - Parameters:
  ///   - regrade: for a `:synonym`, the answer the same step counts as
  ///     correct.
  ///   - validated: whether the questions file the change makes is
  ///     checked first.
  /// - Returns: the question as changed and the step, or `nil` when the
  ///   question is gone meanwhile (or `regrade`'s answer taken back);
  ///   nothing is changed then.
  /// - Throws: ``QuestionEditError/invalid(_:)`` when a validated change
  ///   makes a questions file that does not validate.
  func changeQuestion(
    _ identity: String, in group: String, kind: StepKind, at time: Date,
    regrade: QuestionsChangeStep.Regrade? = nil, validated: Bool = false, _ change: (inout Question) -> String
  ) throws -> (question: Question, step: StepID)? {
    let file = folder.questionsFile
    let outcome = try changeQuestions(kind: kind, group: group, at: time, regrade: regrade) {
      (old: [UInt8]?) throws -> (bytes: [UInt8]?, summary: String, result: Question)? in
      var groups =
        try old.map { try QuestionGroupCaretaker.groups(from: $0, file: file) }
        ?? QuestionGroupCaretaker.bundledGroups()
      guard let g = groups.firstIndex(where: { $0.title == group }),
        let q = groups[g].questions.firstIndex(where: { $0.identity == identity })
      else { return nil }
      let summary = change(&groups[g].questions[q])
      let bytes = QuestionExport.json(groups)
      if validated {
        let check = QuestionFile(bytes: bytes)
        guard check.errorCount == 0 else { throw QuestionEditError.invalid(check.errors.map(\.message)) }
      }
      return (bytes, summary, groups[g].questions[q])
    }
    return outcome.map { ($0.result, $0.step) }
  }
}

/// Why an edited question cannot be installed.
enum QuestionEditError: Error {
  /// The messages of the problems the edit makes in the questions file.
  case invalid([String])
}

/// The text of one question for `:edit`, and the question an edit of it
/// makes.
enum QuestionEditText {
  /// The question as the editor shows it: one JSON object, as in a
  /// questions file.
  static func text(of question: Question) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
    // A question always encodes; an empty object is a draft to fill in.
    return ((try? encoder.encode(question)).map(Array.init) ?? Array("{}".utf8)) + [0x0A]
  }

  /// The question an edit of `original`'s text makes, in group `title`,
  /// its identity kept: a question named by its prompt (or cloze text)
  /// keeps that as its `id` when the edit changes it, so its memory stays.
  /// - Returns: the question, or the problems, each as
  ///   `FILE:LINE:COLUMN: error: MESSAGE` for the draft at `path`.
  static func question(from bytes: [UInt8], original: Question, title: String, path: String) -> Result<
    Question, Problems
  > {
    // Wrapped into a file of one group on the same first line, so that
    // lines count as in the draft.
    let head = Array(#"[{"title": "edited", "questions": ["#.utf8)
    let file = QuestionFile(bytes: head + bytes + Array("]}]".utf8))
    if file.errorCount > 0 {
      return .failure(
        Problems(
          lines: file.errors.map { error in
            let column = error.location.line == 1 ? max(1, error.location.column - head.count) : error.location.column
            return "\(path):\(error.location.line):\(column): error: \(error.message)"
          }, line: file.errors.first?.location.line))
    }
    guard let questions = file.groups?.first?.questions, questions.count == 1, var question = questions.first else {
      return .failure(
        Problems(lines: ["\(path): error: the file must hold one question, as one JSON object"], line: nil))
    }
    if let id = original.id {
      question.id = id
    } else if question.identity != original.identity {
      question.id = original.identity
    }
    return .success(question)
  }

  /// What is wrong with an edit.
  struct Problems: Error {
    let lines: [String]
    /// The line of the first, to open the editor at.
    let line: Int?
  }
}
