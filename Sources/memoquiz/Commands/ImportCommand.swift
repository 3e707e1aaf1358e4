@preconcurrency import Glibc
import MemoQuizKit

/// `memoquiz import FILE [--format F] [--title T] [--merge | --replace] [--dry-run]`
struct ImportCommand: Command {
  static let name = "import"
  static let abstract = "Add groups from a questions file, an Anki package or text (TSV, CSV), or a BSD quiz file."
  static let usage =
    "memoquiz import FILE [--format json|apkg|colpkg|tsv|csv|txt|bsdquiz] [--title T] [--merge | --replace] [--dry-run]"
  static let discussion = """
    The format is --format, else the one the file's name says: .json (a
    questions file), .tsv, .csv or .txt (Anki's plain text: header lines such
    as #separator:tab, #html:true and #deck column:2, quoted fields, the
    separator guessed as Anki guesses it). --format bsdquiz reads a BSD
    quiz(6) data file, its answer patterns giving the alternatives.

    An Anki package, .apkg (a shared deck) or .colpkg (a whole collection),
    current or legacy: a deck becomes a group of the same name (A::B as it
    is), Basic and type-in notes questions, reversed notes questions with
    "reverse", Cloze notes questions with "cloze", other note types their
    first field as the prompt and second as the answer; tags are kept, HTML
    becomes text, and cards whose prompt is only a picture or a sound are
    skipped and counted.

    A group's title is --title, else the deck column's value (a group per
    deck), else the file's name. A title that exists is an error unless
    --merge (new questions are added, known ones take the imported answer and
    keep their memory) or --replace. All or nothing: every bad line is shown
    as FILE:LINE: error: ..., nothing is imported, and the exit status is 65.
    --dry-run says what would change and changes nothing. An import is a step
    of the history: `memoquiz undo` takes it back.

    Examples:
      memoquiz import ~/Downloads/kanji.txt
      memoquiz import ~/Downloads/Japanese_Core_2000.apkg
      memoquiz import collection.colpkg --dry-run
      memoquiz import words.csv --title "Words" --merge
      memoquiz import /usr/share/games/bsdgames/quiz/europe --format bsdquiz --dry-run
    """
  static let specification = ParsedArguments.Specification(
    flags: ["--merge", "--replace", "--dry-run"], options: ["--format", "--title"], maximumPositionals: 1)

  let file: String
  let format: QuestionImport.Format
  let title: String?
  let mode: QuestionImport.Mode
  let dryRun: Bool

  init(arguments: ParsedArguments) throws(UsageError) {
    guard let file = arguments.positionals.first else { throw UsageError("import needs a FILE", command: Self.name) }
    self.file = file
    if let name = arguments.options["--format"] {
      guard let format = QuestionImport.Format(name: name) else {
        throw UsageError(
          "unknown format '\(name)'; choose json, apkg, colpkg, tsv, csv, txt or bsdquiz", command: Self.name)
      }
      self.format = format
    } else {
      guard let format = QuestionImport.Format.guessed(from: file) else {
        throw UsageError("cannot tell the format of \(file) from its name; give --format", command: Self.name)
      }
      self.format = format
    }
    title = arguments.options["--title"]
    if let title, title.trimmingCharacters(in: " ").isEmpty {
      throw UsageError("--title needs a title", command: Self.name)
    }
    guard !(arguments.has("--merge") && arguments.has("--replace")) else {
      throw UsageError("--merge or --replace, not both", command: Self.name)
    }
    mode = arguments.has("--merge") ? .merge : arguments.has("--replace") ? .replace : .add
    dryRun = arguments.has("--dry-run")
  }

  func run(in context: CommandContext) throws {
    let imported: [QuestionGroup]
    var packageNote = ""
    if format == .ankiPackage {
      // A package is read a part at a time: a collection's media stay on disk.
      guard access(file, F_OK) == 0 else { throw QuestionFileError.missingFile(file) }
      let package = try QuestionImport.ankiPackage(atPath: file, title: title)
      imported = package.groups
      packageNote = Self.packageNote(package.conversion)
    } else {
      guard let bytes = try QuestionGroupCaretaker.readFile(file) else { throw QuestionFileError.missingFile(file) }
      imported = try QuestionImport.groups(in: bytes, file: file, format: format, title: title)
    }
    let caretaker = try context.loadCaretaker()
    let plan = try QuestionImport.plan(imported, into: caretaker.groups, mode: mode, file: file)
    let terminal = context.terminal
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
    summary += packageNote
    if dryRun {
      terminal.write("Would import \(TextSanitizer.sanitized(file)): \(summary). Nothing was changed (--dry-run).\n")
      return
    }
    _ = try QuestionGroupCaretaker.installQuestions(
      plan.bytes, in: context.folder, kind: .import, summary: "import of \(file)", now: context.now())
    terminal.write(
      "Imported \(TextSanitizer.sanitized(file)): \(summary). `memoquiz undo` takes the import back.\n")
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
      note += "; the package's log holds \(counted(conversion.reviews.count, "review"))"
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
