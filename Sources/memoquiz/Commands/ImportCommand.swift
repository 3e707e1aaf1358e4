import MemoQuizKit

/// `memoquiz import`: its arguments, options and help are declared in `CommandTable`.
struct ImportCommand: Command {
  let file: String
  let format: QuestionImport.Format
  let title: String?
  let mode: QuestionImport.Mode
  let dryRun: Bool

  init(arguments: ParsedArguments) throws(UsageError) {
    let file = arguments.positionals[0]
    self.file = file
    if let format = arguments.value("--format").flatMap(ImportFormat.init(argument:)) {
      self.format = format.format
    } else {
      let ending = file.split(separator: ".").last.map { $0.lowercased() } ?? ""
      if ["anki2", "anki21", "anki21b"].contains(ending) {
        // Anki's own database, which Anki keeps open: no format reads it.
        throw UsageError(
          "\(file) is Anki's own collection database, which memoquiz does not read; in Anki, choose "
            + "File > Export, export a collection package (.colpkg) or a deck package (.apkg), and import that",
          command: arguments.command.name)
      }
      guard let format = QuestionImport.Format.guessed(from: file) else {
        throw UsageError(
          "cannot tell the format of \(file) from its name; give --format", command: arguments.command.name)
      }
      self.format = format
    }
    title = arguments.value("--title")
    if let title, title.trimmingCharacters(in: " ").isEmpty {
      throw UsageError("--title needs a title", command: arguments.command.name)
    }
    mode = arguments.has("--merge") ? .merge : arguments.has("--replace") ? .replace : .add
    dryRun = arguments.has("--dry-run")
  }

  func run(in context: CommandContext) throws {
    let imported: [QuestionGroup]
    var packageNote = ""
    var answers: [ImportedAnswer] = []
    if format == .ankiPackage {
      // A package is read a part at a time: a collection's media stay on disk.
      guard FileSystem.exists(file) else { throw QuestionFileError.missingFile(file) }
      let package = try QuestionImport.ankiPackage(
        atPath: file, title: title, folder: context.folder, copyingMedia: !dryRun)
      imported = package.groups
      packageNote = Self.packageNote(package.conversion)
      if package.media.copied > 0 { packageNote += "; \(counted(package.media.copied, "sound")) into media/" }
      if !package.media.missing.isEmpty {
        packageNote += "; \(counted(package.media.missing.count, "sound")) missing from the package"
      }
      // The review log comes too: each review an answer at its own time.
      answers = package.conversion.importedAnswers(into: package.groups)
    } else {
      guard let bytes = try QuestionGroupCaretaker.readFile(file) else { throw QuestionFileError.missingFile(file) }
      imported = try QuestionImport.groups(in: bytes, file: file, format: format, title: title)
    }
    let terminal = context.terminal
    // A package's notes hold no hint and no alternatives: merging one keeps
    // a question's own.
    let carriesHints = format != .ankiPackage
    if dryRun {
      let caretaker = try context.loadCaretaker()
      let plan = try QuestionImport.plan(
        imported, into: caretaker.groups, mode: mode, file: file, carriesHints: carriesHints)
      terminal.write(
        "Would import \(TextSanitizer.sanitized(file)): \(summary(of: plan))\(packageNote). Nothing was changed "
          + "(--dry-run).\n")
      return
    }
    // The last moment Ctrl-C can stop the import whole: the step that
    // follows is written at once, or not at all.
    try Interrupted.check()
    // Planned from the questions as they are under the lock: an import made
    // at the same time by another process is kept.
    let (mode, file) = (mode, file)
    let plan = try QuestionGroupCaretaker.changeQuestions(
      in: context.folder, kind: .import, group: nil, now: context.now(), imported: answers,
      wording: CommandError.wording, onWarning: { terminal.warn($0) }
    ) { groups in
      let plan = try QuestionImport.plan(imported, into: groups, mode: mode, file: file, carriesHints: carriesHints)
      return (plan.bytes, "import of \(file)", plan)
    }
    guard let plan else { return }
    terminal.write(
      "Imported \(TextSanitizer.sanitized(file)): \(summary(of: plan))\(packageNote). `memoquiz undo` takes the import "
        + "back.\n")
  }

  /// What an import adds and changes, in a few words.
  private func summary(of plan: QuestionImport.Plan) -> String {
    var summary = ""
    if !plan.addedGroups.isEmpty {
      summary += "\(counted(plan.addedGroups.count, "new group")) (\(Self.list(plan.addedGroups)))"
    }
    if !plan.changedGroups.isEmpty {
      if !summary.isEmpty { summary += ", " }
      summary += "\(counted(plan.changedGroups.count, "group")) \(mode == .replace ? "replaced" : "merged into")"
      summary += " (\(Self.list(plan.changedGroups)))"
    }
    summary += "; \(counted(plan.addedQuestions, "question")) added"
    if plan.updatedQuestions > 0 { summary += ", \(plan.updatedQuestions) updated" }
    return summary
  }

  /// What an Anki package brought beside its questions: what was skipped,
  /// and how many reviews its log holds.
  static func packageNote(_ conversion: AnkiConversion) -> String {
    var note = ""
    if conversion.skippedMediaOnly > 0 {
      note +=
        "; \(counted(conversion.skippedMediaOnly, "card")) skipped (only a picture or a sound to ask or to answer)"
    }
    if conversion.skippedEmpty > 0 {
      note += "; \(counted(conversion.skippedEmpty, "note")) skipped (no prompt or no answer)"
    }
    if !conversion.reviews.isEmpty {
      note += "; its log of \(counted(conversion.reviews.count, "review")) comes too (none counted twice)"
    }
    if conversion.skippedGradedReviews > 0 {
      note +=
        "; \(counted(conversion.skippedGradedReviews, "review")) skipped (of cards not imported, with a grade Anki "
        + "does not give, or at a time memoquiz cannot record)"
    }
    return note
  }

  static func list(_ titles: [String]) -> String {
    let shown = titles.prefix(5).map { TextSanitizer.sanitized($0) }.joined(separator: ", ")
    return titles.count > 5 ? shown + ", ..." : shown
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: String) -> String {
    String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
  }
}
