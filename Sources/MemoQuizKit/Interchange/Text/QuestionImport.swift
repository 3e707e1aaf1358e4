import FoundationEssentials

/// Brings questions in from another file: reads it in its format, then
/// plans how the groups join those already there. Nothing is written here;
/// the caretaker installs the planned file as one step of the history.
public enum QuestionImport {
  /// The formats `import` reads.
  public enum Format: String, CaseIterable, Sendable {
    /// A questions file, this program's or the original tutorial app's.
    case json
    /// Anki's plain text, its separator guessed as Anki does: `.txt`.
    case text
    /// Anki's plain text separated by tabs unless a header says otherwise.
    case tsv
    /// Anki's plain text separated by commas unless a header says otherwise.
    case csv
    /// A BSD quiz(6) data file.
    case bsdquiz
    /// An Anki package: `.apkg` (a deck) or `.colpkg` (a whole collection).
    case ankiPackage

    /// The format a file's name says, if it says one.
    public static func guessed(from path: String) -> Format? {
      switch path.split(separator: ".").last.map({ $0.lowercased() }) {
      case "json": .json
      case "tsv": .tsv
      case "csv": .csv
      case "txt": .text
      case "apkg", "colpkg": .ankiPackage
      default: nil
      }
    }

    /// The format a `--format` value names.
    public init?(name: String) {
      switch name.lowercased() {
      case "json": self = .json
      case "tsv": self = .tsv
      case "csv": self = .csv
      case "txt", "text", "anki": self = .text
      case "bsdquiz", "quiz": self = .bsdquiz
      case "apkg", "colpkg": self = .ankiPackage
      default: return nil
      }
    }
  }

  /// How imported groups join groups with the same title.
  public enum Mode: Sendable {
    /// A title that exists is an error.
    case add
    /// New questions are added; questions with the same identity take the
    /// imported answer, hint and alternatives, and keep their memory.
    case merge
    /// The group is replaced.
    case replace
  }

  /// The groups a file holds.
  /// - Parameters:
  ///   - file: the name problems are reported under.
  ///   - title: the title for the questions of a file that names none.
  public static func groups(
    in bytes: [UInt8], file: String, format: Format, title: String?
  ) throws(ImportError) -> [QuestionGroup] {
    let stem = String(file.split(separator: "/").last?.split(separator: ".").first ?? "Imported")
    switch format {
    case .json:
      let questionFile = QuestionFile(bytes: bytes)
      guard var groups = questionFile.groups else { throw .invalid(file: file, questionFile.diagnostics) }
      if let title, groups.count == 1 { groups[0].title = title }
      // The progress of a file's own scores belongs to that file.
      return groups.map {
        QuestionGroup(title: $0.title, questions: $0.questions, reverse: $0.reverse, grade: $0.grade)
      }
    case .text, .tsv, .csv:
      guard let text = String(validating: bytes, as: UTF8.self) else { throw .notText(file: file) }
      // A .csv or .txt file's separator is guessed from its first lines, as
      // Anki's importer guesses it; a .tsv file's is a tab.
      let anki = AnkiText(
        text: text, separator: format == .csv ? "," : format == .tsv ? "\t" : nil,
        guessesFromFirstLines: format != .tsv)
      var problems = anki.problems
      var order: [String] = []
      var byTitle: [String: [Question]] = [:]
      // The third field is the hint, unless `#columns:` names the fields;
      // only a named column holds alternatives.
      let hintIndex = anki.fieldNames?.firstIndex(of: "hint") ?? 2
      let alternativesIndex = anki.fieldNames?.firstIndex(of: QuestionExport.alternativesColumn.lowercased())
      let gradeIndex = anki.fieldNames?.firstIndex(of: QuestionExport.gradeColumn.lowercased())
      let otherAnswersIndex = anki.fieldNames?.firstIndex(of: QuestionExport.otherAnswersColumn.lowercased())
      let blockedIndex = anki.fieldNames?.firstIndex(of: QuestionExport.blockedColumn.lowercased())
      func answers(at index: Int?, of row: AnkiText.Row) -> [String] {
        index.flatMap { $0 < row.fields.count ? QuestionExport.alternatives(in: row.fields[$0]) : nil } ?? []
      }
      for row in anki.rows {
        // A note type that types the answer makes typed questions, any
        // other self-graded ones; a file that names none keeps typed, and
        // memoquiz's own column says what the question was.
        var grade: Grading? =
          row.noteType.map { AnkiCollection.NoteTypeKind(named: $0) == .basicTypeIn ? .typed : .self }
        if let gradeIndex, gradeIndex < row.fields.count, let named = Grading(rawValue: row.fields[gradeIndex]) {
          grade = named
        }
        let id = row.guid.flatMap { QuestionExport.isMemoQuizGUID($0) ? nil : $0 }
        let hint = row.fields.count > hintIndex && !row.fields[hintIndex].isEmpty ? row.fields[hintIndex] : nil
        let question: Question
        if let noteType = row.noteType, AnkiCollection.NoteTypeKind(named: noteType) == .cloze {
          // A cloze note: its text, and its Back Extra as the hint when no
          // column names one.
          guard !row.fields[0].isEmpty else {
            problems.append(ImportProblem(line: row.line, message: "expected the text of a cloze note"))
            continue
          }
          let backExtra = anki.fieldNames == nil && row.fields.count > 1 && !row.fields[1].isEmpty ? row.fields[1] : nil
          question = Question(cloze: row.fields[0], hint: hint ?? backExtra, id: id, tags: row.tags, grade: grade)
        } else {
          guard row.fields.count >= 2, !row.fields[0].isEmpty, !row.fields[1].isEmpty else {
            problems.append(ImportProblem(line: row.line, message: "expected a prompt and an answer"))
            continue
          }
          var alternatives =
            alternativesIndex.flatMap {
              $0 < row.fields.count ? QuestionExport.alternatives(in: row.fields[$0]) : nil
            } ?? []
          if grade != .self, let bare = Furigana.withoutReadings(row.fields[1]), !alternatives.contains(bare) {
            alternatives.append(bare)
          }
          var basic = Question(
            prompt: row.fields[0], answer: row.fields[1], alternatives: alternatives, hint: hint, id: id,
            tags: row.tags, grade: grade)
          if let noteType = row.noteType, AnkiCollection.NoteTypeKind(named: noteType) == .basicReversed {
            basic.reverse = true
          }
          basic.otherAnswers = answers(at: otherAnswersIndex, of: row)
          basic.blocked = answers(at: blockedIndex, of: row)
          question = basic
        }
        let groupTitle = title ?? row.deck.flatMap { $0.isEmpty ? nil : $0 } ?? stem
        if byTitle[groupTitle] == nil { order.append(groupTitle) }
        byTitle[groupTitle, default: []].append(question)
      }
      guard problems.isEmpty else { throw .problems(file: file, problems.sorted { $0.line < $1.line }) }
      return order.map { QuestionGroup(title: $0, questions: byTitle[$0] ?? []) }
    case .bsdquiz:
      guard var text = String(validating: bytes, as: UTF8.self) else { throw .notText(file: file) }
      if text.unicodeScalars.first == "\u{FEFF}" { text = String(text.unicodeScalars.dropFirst()) }
      let (questions, problems) = BSDQuizFile.questions(in: text)
      guard problems.isEmpty else { throw .problems(file: file, problems) }
      return questions.isEmpty ? [] : [QuestionGroup(title: title ?? stem, questions: questions)]
    case .ankiPackage:
      return try ankiPackage(bytes, file: file, title: title).groups
    }
  }

  /// The groups of an Anki package, and how its notes and review log were
  /// converted (what was skipped, the reviews).
  /// - Throws: ``ImportError/package(_:)`` for a file that is not a package
  ///   Anki wrote or a system library that is missing;
  ///   ``ImportError/invalid(file:_:)`` when its questions would not make a
  ///   valid questions file.
  public static func ankiPackage(
    _ bytes: [UInt8], file: String, title: String?
  ) throws(ImportError) -> (groups: [QuestionGroup], conversion: AnkiConversion) {
    let collection: AnkiCollection
    do {
      collection = try AnkiPackage.collection(in: bytes, file: file)
    } catch {
      throw .package(error)
    }
    return try groups(of: collection, file: file, title: title)
  }

  /// The groups of the Anki package at `path`, read a part at a time: of
  /// its media, only the sounds its notes use are read, and copied into the
  /// data folder's `media/` (see ``AnkiPackage/copyMedia(atPath:names:into:write:)``).
  /// - Parameters:
  ///   - folder: the data folder, whose temporary place the collection is
  ///     unpacked in.
  ///   - copyingMedia: `false` copies nothing (a dry run).
  public static func ankiPackage(
    atPath path: String, title: String?, folder: DataFolder, copyingMedia: Bool = true
  ) throws(ImportError) -> (groups: [QuestionGroup], conversion: AnkiConversion, media: AnkiPackage.MediaCopy) {
    let collection: AnkiCollection
    do {
      try folder.createLocal()
    } catch {
      throw .package(.system(error.description))
    }
    do {
      collection = try AnkiPackage.collection(atPath: path, temporaryFolder: folder.temporaryFolder)
    } catch {
      throw .package(error)
    }
    var (groups, conversion) = try groups(of: collection, file: path, title: title)
    // The sounds of the questions imported, not of the notes skipped.
    var names = Set<String>()
    for question in groups.lazy.flatMap(\.questions) {
      for text in [question.prompt, question.answer, question.cloze ?? ""] where text.contains("[sound:") {
        names.formUnion(SoundText.names(in: text))
      }
    }
    let media: AnkiPackage.MediaCopy
    do {
      media = try AnkiPackage.copyMedia(
        atPath: path, names: names, into: MediaFolder(of: folder), write: copyingMedia)
    } catch {
      throw .package(error)
    }
    if !media.renamed.isEmpty {
      (groups, conversion) = try self.groups(of: collection, file: path, title: title, renamed: media.renamed)
    }
    return (groups, conversion, media)
  }

  private static func groups(
    of collection: AnkiCollection, file: String, title: String?, renamed: [String: String] = [:]
  ) throws(ImportError) -> (groups: [QuestionGroup], conversion: AnkiConversion) {
    let conversion = AnkiConversion(collection, title: title, renamed: renamed)
    // The questions travel as a questions file's text, so that the keys of
    // the card types reach the model as a file written by hand would.
    let groups = try self.groups(in: conversion.questionsJSON, file: file, format: .json, title: nil)
    return (groups, conversion)
  }

  /// What an import changes.
  public struct Plan: Sendable {
    /// Every group after the import, in order: the existing ones, then the new.
    public var groups: [QuestionGroup]
    public var addedGroups: [String] = []
    public var changedGroups: [String] = []
    public var addedQuestions = 0
    /// Questions whose answer, hint or alternatives the import changed.
    public var updatedQuestions = 0

    /// The questions file that holds the groups.
    public internal(set) var bytes: [UInt8] = []
  }

  /// How `imported` joins `existing`.
  /// - Parameter carriesHints: whether the file can hold a question's hint
  ///   and alternatives. An Anki package's notes hold neither (a Basic note
  ///   is a prompt and an answer): merged from one, a question keeps its
  ///   own, and one the package has as it is counts as unchanged.
  /// - Throws: ``ImportError/titlesExist(_:)`` for a title that exists when
  ///   the mode is ``Mode/add``; ``ImportError/invalid(file:_:)`` when the
  ///   result would not be a valid questions file.
  public static func plan(
    _ imported: [QuestionGroup], into existing: [QuestionGroup], mode: Mode, file: String, carriesHints: Bool = true
  ) throws(ImportError) -> Plan {
    guard imported.contains(where: { !$0.questions.isEmpty }) else { throw .empty(file: file) }
    let imported = imported.map(withoutFieldSeparators)
    var plan = Plan(groups: existing)
    func index(of title: String) -> Int? {
      plan.groups.firstIndex { $0.title.lowercased() == title.lowercased() }
    }
    if mode == .add {
      let taken = imported.map(\.title).filter { index(of: $0) != nil }
      guard taken.isEmpty else { throw .titlesExist(taken) }
    }
    for group in imported {
      guard let position = index(of: group.title) else {
        plan.groups.append(group)
        plan.addedGroups.append(group.title)
        plan.addedQuestions += group.questions.count
        continue
      }
      plan.changedGroups.append(plan.groups[position].title)
      if mode == .replace {
        plan.groups[position].questions = group.questions
        plan.groups[position].reverse = group.reverse
        plan.groups[position].grade = group.grade
        plan.addedQuestions += group.questions.count
        continue
      }
      // A question keeps the direction and the grading its own group gave it.
      let differs = group.reverse != plan.groups[position].reverse
      let gradingDiffers = group.grade != plan.groups[position].grade
      for var question in group.questions {
        if differs && question.reverse == nil { question.reverse = group.reverse }
        if gradingDiffers && question.grade == nil { question.grade = group.grade }
        // A question graded as its new group grades is written so.
        if question.grade == plan.groups[position].grade { question.grade = nil }
        if let known = plan.groups[position].questions.firstIndex(where: { $0.identity == question.identity }) {
          var updated = plan.groups[position].questions[known]
          updated.answer = question.answer
          if carriesHints || question.hint != nil { updated.hint = question.hint }
          if carriesHints || !question.alternatives.isEmpty { updated.alternatives = question.alternatives }
          if carriesHints || !question.otherAnswers.isEmpty { updated.otherAnswers = question.otherAnswers }
          if carriesHints || !question.blocked.isEmpty { updated.blocked = question.blocked }
          updated.reverse = question.reverse
          updated.reverseAlternatives = question.reverseAlternatives
          updated.tags = question.tags
          updated.grade = question.grade
          updated.ankiNoteType = question.ankiNoteType ?? updated.ankiNoteType
          // A question the file has as it is was not updated.
          guard updated != plan.groups[position].questions[known] else { continue }
          plan.groups[position].questions[known] = updated
          plan.updatedQuestions += 1
        } else {
          plan.groups[position].questions.append(question)
          plan.addedQuestions += 1
        }
      }
    }
    plan.bytes = QuestionExport.json(plan.groups)
    let check = QuestionFile(bytes: plan.bytes)
    guard check.groups != nil else { throw .invalid(file: file, check.diagnostics) }
    return plan
  }

  /// `group` with every U+001F in its questions' texts made a space. Anki
  /// joins a note's fields with that character: an answer that held one
  /// would become two fields, and Anki refuses the whole package.
  static func withoutFieldSeparators(_ group: QuestionGroup) -> QuestionGroup {
    func clean(_ text: String) -> String {
      text.unicodeScalars.contains("\u{1F}") ? text.replacing("\u{1F}", with: " ") : text
    }
    guard
      group.questions.contains(where: { question in
        ([question.prompt, question.answer, question.hint ?? "", question.cloze ?? ""] + question.alternatives
          + question.otherAnswers + question.blocked + question.reverseAlternatives + question.tags).contains {
            $0.unicodeScalars.contains("\u{1F}")
          }
      })
    else { return group }
    var group = group
    group.questions = group.questions.map { question in
      var question = question
      question.prompt = clean(question.prompt)
      question.answer = clean(question.answer)
      question.hint = question.hint.map(clean)
      question.cloze = question.cloze.map(clean)
      question.alternatives = question.alternatives.map(clean)
      question.otherAnswers = question.otherAnswers.map(clean)
      question.blocked = question.blocked.map(clean)
      question.reverseAlternatives = question.reverseAlternatives.map(clean)
      question.tags = question.tags.map(clean)
      return question
    }
    return group
  }
}
