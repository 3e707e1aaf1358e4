/// The manual page, `memoquiz(1)`, in roff for `man`, written from the
/// declarations.
///
/// Only the classic `man` macros are used (`.TH`, `.SH`, `.SS`, `.TP`,
/// `.PP`, `.RS`, `.nf`), so it renders with groff and mandoc alike.
struct ManualPage {
  let commands: [CommandDeclaration]

  var roff: String {
    var page = ".\\\" The manual page of memoquiz, written by `memoquiz manual`.\n"
    page += ".TH MEMOQUIZ 1 \"\" \"memoquiz \(ProgramDeclaration.version)\" \"User Commands\"\n"
    page += ".ad l\n"
    page += ".SH NAME\nmemoquiz \\- \(Self.text(ProgramDeclaration.abstract))\n"
    page += ".SH SYNOPSIS\n.nh\n"
    page += ".B memoquiz\n[\\fICOMMAND\\fR] [\\fIOPTIONS\\fR]\n"
    for command in commands {
      page += ".br\n.B memoquiz\n" + Self.usage(command.usagePieces) + "\n"
    }
    page += ".hy\n"
    page += ".SH DESCRIPTION\n" + Self.text(ProgramDeclaration.description) + "\n"
    page += ".SH OPTIONS\n" + Self.definitions(ProgramDeclaration.options.map { Definition($0.label, $0.help) })
    page += ".SH COMMANDS\n"
    for command in commands {
      page += ".SS \(command.name)\n"
      page += Self.text(command.abstract) + "\n"
      page += ".PP\n.B memoquiz\n" + Self.usage(command.usagePieces) + "\n"
      let arguments = command.arguments.map { Definition($0.name, $0.help) }
      let options = command.visibleOptions.map { Definition($0.label, $0.fullHelp) }
      page += Self.definitions(arguments + options, italic: true)
      for block in command.discussion { page += Self.block(block) }
      if !command.examples.isEmpty { page += ".PP\nExamples:\n" + Self.examples(command.examples) }
    }
    page += ".SH FILES\nThe data folder is \\fI$MEMOQUIZ_HOME\\fR if set, else \\fI$XDG_DATA_HOME/memoquiz\\fR, else "
    page += "\\fI~/.local/share/memoquiz\\fR. It holds:\n"
    page += Self.definitions(ProgramDeclaration.files)
    page += ".SH ENVIRONMENT\n" + Self.definitions(ProgramDeclaration.environment)
    page += ".SH EXIT STATUS\n" + Self.definitions(ProgramDeclaration.exitStatus)
    page += ".SH EXAMPLES\n" + Self.examples(ProgramDeclaration.examples)
    page += ".SH SEE ALSO\n.BR man (1)\n"
    return page
  }

  /// Usage pieces, each kept on one line (`[--seed N]` never breaks).
  private static func usage(_ pieces: [String]) -> String {
    pieces.map { text($0).replacing(" ", with: "\\~") }.joined(separator: " ")
  }

  /// Terms with their meanings, as tagged paragraphs.
  private static func definitions(_ items: [Definition], italic: Bool = false) -> String {
    items.map { item in
      let term = text(item.term)
      let styled = item.term.hasPrefix("-") ? "\\fB\(term)\\fR" : italic ? "\\fI\(term)\\fR" : "\\fB\(term)\\fR"
      return ".TP\n\(styled)\n\(text(item.meaning))\n"
    }.joined()
  }

  private static func block(_ block: HelpBlock) -> String {
    switch block {
    case .paragraph(let prose): ".PP\n" + text(prose) + "\n"
    case .definitions(let items): definitions(items)
    case .verbatim(let lines): ".PP\n.RS\n.nf\n" + lines.map { text($0) + "\n" }.joined() + ".fi\n.RE\n"
    }
  }

  /// Examples: the command line in bold, what it does beneath. The command
  /// is filled like prose, so that a long one breaks at the page's width,
  /// but never between an option and its value.
  private static func examples(_ items: [Example]) -> String {
    let valued = Set(CommandTable.commands.flatMap { $0.allOptions.filter(\.takesValue).map(\.name) })
    return items.map { example in
      var words: [String] = []
      for word in example.command.split(separator: " ").map(String.init) {
        if let last = words.last, valued.contains(last) {
          words[words.count - 1] += "\\~" + text(word)
        } else {
          words.append(text(word))
        }
      }
      return ".PP\n.RS\n\\fB" + words.joined(separator: " ") + "\\fR\n.br\n" + text(example.explanation) + "\n.RE\n"
    }.joined()
  }

  /// Text escaped for roff: backslashes and option dashes escaped, inline
  /// commands in bold, characters outside ASCII named, and no line starting
  /// with a control character.
  static func text(_ prose: String) -> String {
    var out = ""
    var inCode = false
    var previous: Character = " "
    for character in prose {
      switch character {
      case "\\": out += "\\e"
      case "`":
        out += inCode ? "\\fR" : "\\fB"
        inCode.toggle()
      case "-" where " [(|-".contains(previous) || inCode: out += "\\-"
      case "\n": out += "\n"
      default:
        if character.isASCII {
          out.append(character)
        } else {
          for scalar in character.unicodeScalars {
            out += "\\[u" + hex(scalar.value) + "]"
          }
        }
      }
      previous = character
    }
    if inCode { out += "\\fR" }
    // A line starting with `.` or `'` would be read as a request.
    return out.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
    }.joined(separator: "\n")
  }

  /// Four hex digits at least, upper case, as groff's `\[uXXXX]` takes them.
  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
