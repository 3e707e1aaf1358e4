import MemoQuizKit

/// Writes `memoquiz --help` and `memoquiz COMMAND --help` from the
/// declarations, wrapped to a width.
///
/// Lines break at word boundaries only, never inside an inline command, a
/// usage piece such as `[--seed N]`, or an option and its value.
struct HelpFormatter {
  /// The columns to fit.
  let width: Int

  /// The help of one command.
  func help(for command: CommandDeclaration) -> String {
    var out = paragraph(command.abstract)
    out += "\n" + usage(command)
    let arguments = command.arguments.map { Definition($0.name, $0.help) }
    let options = command.visibleOptions.map { Definition($0.label, $0.fullHelp) }
    // Arguments and options share one column, so their help lines up.
    let column = column(for: arguments + options)
    if !arguments.isEmpty { out += "\nArguments:\n" + definitions(arguments, column: column) }
    out += "\nOptions:\n" + definitions(options, column: column)
    for block in command.discussion { out += "\n" + render(block) }
    if !command.examples.isEmpty { out += "\nExamples:\n" + examples(command.examples) }
    return out
  }

  /// The help of `memoquiz` itself.
  func programHelp() -> String {
    var out = paragraph("memoquiz \(ProgramDeclaration.version): \(ProgramDeclaration.abstract).")
    out += "\n" + usageLine(["[COMMAND]", "[OPTIONS]"])
    out += "\n" + paragraph("With no command, on a terminal, memoquiz shows a menu of question groups.")
    let visible = CommandTable.commands.map { Definition($0.name, $0.abstract) }
    out += "\nCommands:\n" + definitions(visible)
    out += "\nOptions:\n" + definitions(ProgramDeclaration.options.map { Definition($0.label, $0.help) })
    out += "\n"
    out += paragraph(
      "Data lives in $MEMOQUIZ_HOME, else $XDG_DATA_HOME/memoquiz, else ~/.local/share/memoquiz "
        + "(`memoquiz paths` prints it). Colour is off when NO_COLOR is set, TERM=dumb, or output is not a "
        + "terminal. `memoquiz manual` prints the manual page.")
    out += "\n"
    let codes = ProgramDeclaration.exitStatus.map { "\($0.term) \($0.meaning)" }
    out += paragraph("Exit status: " + codes.joined(separator: "; ") + ".")
    out += "\nExamples:\n" + examples(ProgramDeclaration.examples)
    return out
  }

  /// `Usage: memoquiz play [GROUP] [--strategy NAME] ...`, wrapped with its
  /// pieces whole, continuation lines under the first piece.
  func usage(_ command: CommandDeclaration) -> String {
    usageLine(command.usagePieces)
  }

  private func usageLine(_ pieces: [String]) -> String {
    let lead = "Usage: memoquiz "
    var lines: [String] = []
    var line = lead
    let indent = String(repeating: " ", count: min(lead.count + 2, width / 3))
    for piece in pieces {
      if line != lead && line != indent && DisplayWidth.of(line) + 1 + DisplayWidth.of(piece) > width {
        lines.append(line)
        line = indent
      }
      line += (line == lead || line == indent ? "" : " ") + piece
    }
    lines.append(line)
    return lines.joined(separator: "\n") + "\n"
  }

  /// A paragraph wrapped to the width.
  private func paragraph(_ text: String, indent: String = "") -> String {
    TextWrapping.lines(text, width: width, firstIndent: indent, indent: indent).joined(separator: "\n") + "\n"
  }

  /// Terms in a column, their meanings beside them; a term too wide for the
  /// column puts its meaning on the lines below.
  private func definitions(_ items: [Definition], column: Int? = nil) -> String {
    let column = column ?? self.column(for: items)
    var out = ""
    for item in items {
      let term = "  " + item.term
      let termWidth = DisplayWidth.of(term)
      let pad = String(repeating: " ", count: column)
      if termWidth + 2 <= column {
        let first = term + String(repeating: " ", count: column - termWidth)
        out += TextWrapping.lines(item.meaning, width: width, firstIndent: first, indent: pad).joined(separator: "\n")
      } else {
        out += term + "\n"
        out += TextWrapping.lines(item.meaning, width: width, firstIndent: pad, indent: pad).joined(separator: "\n")
      }
      out += "\n"
    }
    return out
  }

  /// Where the meanings of `items` start: after the widest term, unless
  /// that would take more than a third of the line.
  private func column(for items: [Definition]) -> Int {
    min((items.map { DisplayWidth.of($0.term) }.max() ?? 0) + 4, max(12, width / 3))
  }

  /// Examples: what each does, then the command line, continued with `\`
  /// when it does not fit.
  private func examples(_ items: [Example]) -> String {
    items.map { example in
      let explanation = paragraph(
        example.explanation.prefix(1).uppercased() + example.explanation.dropFirst() + ":",
        indent: "  ")
      return explanation + commandLine(example.command, indent: "    ")
    }.joined()
  }

  /// A shell command line that still runs when pasted: broken only between
  /// words, never between an option and its value, each broken line ending
  /// in ` \`.
  private func commandLine(_ text: String, indent: String) -> String {
    let valued = Set(CommandTable.commands.flatMap { $0.allOptions.filter(\.takesValue).map(\.name) })
    var words: [String] = []
    for word in text.split(separator: " ").map(String.init) {
      // A no-break space holds an option and its value together.
      if let last = words.last, valued.contains(last) {
        words[words.count - 1] += "\u{00A0}" + word
      } else {
        words.append(word)
      }
    }
    let lines = TextWrapping.lines(
      words.joined(separator: " "), width: width - 2, firstIndent: indent, indent: indent + "  ")
    return lines.joined(separator: " \\\n").replacing("\u{00A0}", with: " ") + "\n"
  }

  private func render(_ block: HelpBlock) -> String {
    switch block {
    case .paragraph(let text): paragraph(text)
    case .definitions(let items): definitions(items)
    case .verbatim(let lines): lines.map { "  " + $0 + "\n" }.joined()
    }
  }
}
