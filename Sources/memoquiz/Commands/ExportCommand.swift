import MemoQuizKit

/// `memoquiz export [GROUP...] [--format json|tsv|anki] [--output FILE]`
struct ExportCommand: Command {
  static let name = "export"
  static let abstract = "Write groups as a questions file, TSV, or Anki's plain text."
  static let usage = "memoquiz export [GROUP...] [--format json|tsv|anki] [--output FILE]"
  static let discussion = """
    Writes every group, or the GROUPs named, to standard output or to FILE
    (written durably; a device, a FIFO or /dev/stdout is written into, as
    `>` does). A file of memoquiz's own data folder is refused.
    --format json (the default) writes a questions file; tsv writes
    prompt<TAB>answer<TAB>hint lines; anki writes Anki's "Notes in Plain
    Text", which Anki imports as Basic notes in a deck per group, with the
    hint and the alternatives in columns of their own that Anki leaves out.
    `memoquiz import` reads each of them back.

    Examples:
      memoquiz export hiragana --format anki --output hiragana.txt
      memoquiz export --format tsv > all.tsv
    """
  static let specification = ParsedArguments.Specification(
    options: ["--format", "--output"], maximumPositionals: Int.max)

  let groups: [String]
  let format: QuestionExport.Format
  let output: String?

  init(arguments: ParsedArguments) throws(UsageError) {
    groups = arguments.positionals
    let name = arguments.options["--format"] ?? "json"
    guard let format = QuestionExport.Format(rawValue: name.lowercased()) else {
      throw UsageError("unknown format '\(name)'; choose json, tsv or anki", command: Self.name)
    }
    self.format = format
    output = arguments.options["--output"]
  }

  func run(in context: CommandContext) throws {
    let caretaker = try context.loadCaretaker()
    let indices =
      groups.isEmpty ? Array(caretaker.groups.indices) : try groups.map { try caretaker.groupIndex(named: $0) }
    let bytes = QuestionExport.bytes(indices.map { caretaker.groups[$0] }, format: format)
    guard let output else {
      context.terminal.writeVerbatim(String(decoding: bytes, as: UTF8.self))
      return
    }
    do {
      try ExportDestination.write(bytes, to: output, outside: context.folder)
    } catch {
      guard case .dataFile = error else { throw error }
      throw UsageError(
        "\(output) is one of memoquiz's own files (in \(context.folder.path)); export to a file elsewhere",
        command: Self.name)
    }
    context.terminal.writeError(
      "memoquiz: exported \(counted(indices.count, "group")) to \(TextSanitizer.sanitized(output))")
  }
}
