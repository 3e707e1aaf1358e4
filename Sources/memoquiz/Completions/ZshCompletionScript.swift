/// The zsh completion script, written from the declarations.
///
/// zsh gives the words in `words` and the cursor's word number in
/// `CURRENT`; the script hands its matches to `compadd`. Group titles are
/// asked of `memoquiz groups --names` each time and matched ignoring case.
struct ZshCompletionScript {
  let commands: [CommandDeclaration]

  var text: String {
    var script = """
      #compdef memoquiz
      # zsh completion for memoquiz, written by `memoquiz completion zsh`.
      # Save it as _memoquiz in a folder of $fpath, or source it after compinit.

      _memoquiz_offer() {
        local offer=$1 cur=${words[CURRENT]}
        local -a found descriptions
        case $offer in
          groups)
            local name lower=${(L)cur}
            for name in "${(@f)$(${words[1]} groups --names 2>/dev/null)}"; do
              [[ -n $name && ${(L)name} == ${~${(b)lower}}* ]] && found+=("$name")
            done
            (( ${#found} )) && compadd -U -- "${found[@]}"
            ;;
          files)
            found=( ${~${(b)cur}}*(N) )
            (( ${#found} )) && compadd -f -- "${found[@]}"
            ;;
          *)
            # Pairs of a word and its description.
            shift
            while (( $# >= 2 )); do
              if [[ $1 == ${~${(b)cur}}* ]]; then
                found+=("$1")
                descriptions+=("$1  -- $2")
              fi
              shift 2
            done
            (( ${#found} )) && compadd -l -d descriptions -- "${found[@]}"
            ;;
        esac
        return 0
      }

      _memoquiz() {
        local cur=${words[CURRENT]} prev=${words[CURRENT-1]}
        if (( CURRENT == 2 )); then
          if [[ $cur == -* ]]; then
            _memoquiz_offer words \(Self.pairs(ProgramDeclaration.options.map { ($0.name, $0.help) }))
          else
            _memoquiz_offer words \(Self.commandPairs(commands))
          fi
          return 0
        fi
        local command=${words[2]} valued=""
        case $command in

      """
    for command in commands {
      let valued = CompletionPlan.valuedOptions(of: command).map(\.name).joined(separator: " ")
      script += "    \(command.name)) valued=\"\(valued)\" ;;\n"
    }
    script += """
          *) return 0 ;;
        esac
        case "$command $prev" in

      """
    for command in commands {
      for option in CompletionPlan.valuedOptions(of: command) {
        script += "    \"\(command.name) \(option.name)\") \(action(CompletionPlan.Offer(option.kind))); return 0 ;;\n"
      }
    }
    script += """
        esac
        if [[ $cur == -* ]]; then
          case $command in

      """
    for command in commands {
      let pairs = CompletionPlan.options(of: command).map { ($0.name, CompletionPlan.shortHelp($0.help)) }
      script += "      \(command.name)) _memoquiz_offer words \(Self.pairs(pairs)) ;;\n"
    }
    script += """
          esac
          return 0
        fi
        local count=0 i
        for (( i = 3; i < CURRENT; i++ )); do
          if [[ ${words[i]} == -* ]]; then
            [[ ${words[i]} != *=* && " $valued " == *" ${words[i]} "* ]] && (( i++ ))
          else
            (( count++ ))
          fi
        done
        case "$command:$count" in

      """
    for command in commands {
      for position in CompletionPlan.positions(of: command) {
        let pattern = position.repeats ? "*" : String(position.index)
        script += "    \(command.name):\(pattern)) \(action(position.offer)) ;;\n"
      }
    }
    script += """
        esac
        return 0
      }

      if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
        _memoquiz "$@"
      else
        compdef _memoquiz memoquiz
      fi

      """
    return script
  }

  /// The call that offers what a value may be.
  private func action(_ offer: CompletionPlan.Offer) -> String {
    switch offer {
    case .nothing: "return 0"
    case .files: "_memoquiz_offer files"
    case .groups: "_memoquiz_offer groups"
    case .commands: "_memoquiz_offer words \(Self.commandPairs(commands))"
    case .values(let values): "_memoquiz_offer words \(Self.pairs(values.map { ($0.name, $0.help) }))"
    }
  }

  private static func commandPairs(_ commands: [CommandDeclaration]) -> String {
    pairs(commands.map { ($0.name, CompletionPlan.shortHelp($0.abstract)) })
  }

  /// Words and their descriptions, each quoted for the shell.
  private static func pairs(_ items: [(String, String)]) -> String {
    items.map { "\(quoted($0.0)) \(quoted(CompletionPlan.shortHelp($0.1)))" }.joined(separator: " ")
  }

  /// A word in single quotes, as every POSIX shell reads it.
  static func quoted(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }
}
