import MemoQuizKit

/// `memoquiz export`: its arguments, options and help are declared in `CommandTable`.
struct ExportCommand: Command {
  let groups: [String]
  let format: QuestionExport.Format
  let output: String?

  init(arguments: ParsedArguments) throws(UsageError) {
    groups = arguments.positionals
    format = arguments.value("--format").flatMap(QuestionExport.Format.init(argument:)) ?? .json
    output = arguments.value("--output")
    if format == .apkg && output == nil {
      throw UsageError("an Anki package is a file: give it with --output FILE", command: arguments.command.name)
    }
  }

  func run(in context: CommandContext) throws {
    let caretaker = try context.loadCaretaker()
    let indices =
      groups.isEmpty ? Array(caretaker.groups.indices) : try groups.map { try caretaker.groupIndex(named: $0) }
    let chosen = indices.map { caretaker.groups[$0] }
    let bytes: [UInt8]
    if format == .apkg {
      let memory = try caretaker.loadMemory()
      bytes = try caretaker.progress.ankiPackage(
        of: chosen, memory: { memory.memory(of: $0, in: $1)?.state }, at: context.now())
    } else {
      bytes = try QuestionExport.bytes(chosen, format: format)
    }
    // Ctrl-C while the package was made: no file is written.
    try Interrupted.check()
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
        command: "export")
    }
    context.terminal.writeError(
      "memoquiz: exported \(counted(indices.count, "group")) to \(TextSanitizer.sanitized(output))")
  }
}
