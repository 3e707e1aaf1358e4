/// The fish completion script, written from the declarations.
///
/// fish reads `complete` rules, each with a condition: which command was
/// typed, and which positional argument comes next. Group titles are asked of
/// `memoquiz groups --names` each time.
struct FishCompletionScript {
  let commands: [CommandDeclaration]

  var text: String {
    var script = """
      # fish completion for memoquiz, written by `memoquiz completion fish`.
      # Save it as ~/.config/fish/completions/memoquiz.fish.

      function __memoquiz_needs_command
          test (count (commandline -opc)) -eq 1
      end

      function __memoquiz_is
          set -l words (commandline -opc)
          test (count $words) -ge 2; and test "$words[2]" = "$argv[1]"
      end

      # Whether the next positional argument of the command is $argv[1].
      function __memoquiz_next
          set -l words (commandline -opc)
          set -l command $words[2]
          set -l count 0
          set -l skip 0
          for word in $words[3..-1]
              if test $skip = 1
                  set skip 0
                  continue
              end
              switch $word
                  case '-*=*'
                  case '-*'
                      contains -- "$command $word" $__memoquiz_valued; and set skip 1
                  case '*'
                      set count (math $count + 1)
              end
          end
          switch "$command:$count"

      """
    for command in commands {
      for position in CompletionPlan.positions(of: command) {
        let pattern = position.repeats ? "*" : String(position.index)
        script +=
          "        case '\(command.name):\(pattern)'\n            test $argv[1] = \(Self.offerName(position.offer))\n"
        script += "            return\n"
      }
    }
    script += """
          end
          return 1
      end

      function __memoquiz_groups
          set -l words (commandline -opc)
          $words[1] groups --names 2>/dev/null
      end

      """
    let valued = commands.flatMap { command in
      CompletionPlan.valuedOptions(of: command).map { "'\(command.name) \($0.name)'" }
    }
    script += "set -g __memoquiz_valued \(valued.joined(separator: " "))\n\n"
    script += "complete -c memoquiz -f\n"
    for option in ProgramDeclaration.options {
      script += "complete -c memoquiz -n __memoquiz_needs_command \(Self.flags(option))"
      script += " -d \(Self.quoted(CompletionPlan.shortHelp(option.help)))\n"
    }
    for command in commands {
      script += "complete -c memoquiz -n __memoquiz_needs_command -a \(command.name)"
      script += " -d \(Self.quoted(CompletionPlan.shortHelp(command.abstract)))\n"
    }
    for command in commands {
      let condition = "'__memoquiz_is \(command.name)'"
      for option in CompletionPlan.options(of: command) {
        script += "complete -c memoquiz -n \(condition) \(Self.flags(option))"
        switch CompletionPlan.Offer(option.takesValue ? option.kind : .text) {
        case .nothing: script += option.takesValue ? " -x" : ""
        case .files: script += " -r -F"
        case .groups: script += " -x -a '(__memoquiz_groups)'"
        case .commands: script += " -x -a \(Self.quoted(commands.map(\.name).joined(separator: " ")))"
        case .values(let values): script += " -x -a \(Self.quoted(Self.list(values)))"
        }
        script += " -d \(Self.quoted(CompletionPlan.shortHelp(option.help)))\n"
      }
      for position in CompletionPlan.positions(of: command) {
        let next = "'__memoquiz_is \(command.name); and __memoquiz_next \(Self.offerName(position.offer))'"
        switch position.offer {
        case .nothing: continue
        case .files: script += "complete -c memoquiz -n \(next) -F\n"
        case .groups: script += "complete -c memoquiz -n \(next) -a '(__memoquiz_groups)'\n"
        case .commands:
          for other in commands {
            script += "complete -c memoquiz -n \(next) -a \(other.name)"
            script += " -d \(Self.quoted(CompletionPlan.shortHelp(other.abstract)))\n"
          }
        case .values(let values):
          script += "complete -c memoquiz -n \(next) -a \(Self.quoted(Self.list(values)))\n"
        }
      }
    }
    return script
  }

  /// `-l strategy`, with `-s h` for a short form.
  private static func flags(_ option: OptionDeclaration) -> String {
    var flags = "-l \(option.name.dropFirst(2))"
    if let short = option.short { flags += " -s \(short.dropFirst())" }
    return flags
  }

  /// Values with their descriptions, as `complete -a` takes them.
  private static func list(_ values: [ValueChoice]) -> String {
    values.map { "\($0.name)\\t\(escapedInList($0.help))" }.joined(separator: " ")
  }

  /// A description inside a `-a` list, where spaces would split it.
  private static func escapedInList(_ text: String) -> String {
    text.reduce(into: "") { escaped, character in
      if " $*?~#(){}[]<>&|;\"'\\".contains(character) { escaped.append("\\") }
      escaped.append(character)
    }
  }

  /// The word `__memoquiz_next` prints for an offer.
  private static func offerName(_ offer: CompletionPlan.Offer) -> String {
    switch offer {
    case .nothing: "nothing"
    case .files: "files"
    case .groups: "groups"
    case .commands: "commands"
    case .values: "values"
    }
  }

  /// Text in fish's single quotes, where only `\` and `'` are special.
  private static func quoted(_ text: String) -> String {
    "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
  }
}
