/// The bash completion script, written from the declarations.
///
/// bash gives the words in `COMP_WORDS` and the cursor's word index in
/// `COMP_CWORD` (broken at `:` too, which the script joins back); the script
/// fills `COMPREPLY`. Group titles are asked of
/// `memoquiz groups --names` each time, and quoted as bash would.
struct BashCompletionScript {
  let commands: [CommandDeclaration]

  var text: String {
    let names = commands.map(\.name).joined(separator: " ")
    let top = ProgramDeclaration.options.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }
    var script = """
      # bash completion for memoquiz, written by `memoquiz completion bash`.
      # Put it in ~/.local/share/bash-completion/completions/memoquiz, or
      # source it from ~/.bashrc.

      _memoquiz_offer() {
        local offer=$1 name quoted
        local -a names
        case $offer in
          groups)
            mapfile -t names < <("${COMP_WORDS[0]}" groups --names 2>/dev/null)
            for name in "${names[@]}"; do
              quoted=$(printf '%q' "$name")
              if [[ ${name,,} == "${cur,,}"* || ${quoted,,} == "${cur,,}"* ]]; then
                COMPREPLY+=("$quoted")
              fi
            done
            # bash replaces only what follows the last ':' of the word (a
            # word break), so each title goes without what is before it.
            if [[ $cur == *:* && $COMP_WORDBREAKS == *:* ]]; then
              local before=${cur%"${cur##*:}"} i
              for i in "${!COMPREPLY[@]}"; do COMPREPLY[i]=${COMPREPLY[i]#"$before"}; done
            fi
            ;;
          files)
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -f -- "$cur")
            ;;
          commands)
            mapfile -t COMPREPLY < <(compgen -W "\(names)" -- "$cur")
            ;;
          values:*)
            mapfile -t COMPREPLY < <(compgen -W "${offer#values:}" -- "$cur")
            ;;
        esac
      }

      # bash breaks words at ':', so a title such as Japanese::Verbs arrives
      # as several words: join a run of colons to the words either side of
      # it that the line holds without a space, as bash-completion's
      # _get_comp_words_by_ref -n : does.
      _memoquiz_words() {
        words=() cword=0
        local i word rest=${COMP_LINE:0:COMP_POINT} trimmed spaced
        for ((i = 0; i < ${#COMP_WORDS[@]}; i++)); do
          word=${COMP_WORDS[i]}
          trimmed=${rest#"${rest%%[![:space:]]*}"}
          spaced=$((${#trimmed} < ${#rest}))
          rest=${trimmed#"$word"}
          if ((i > 0 && !spaced)) && [[ $word =~ ^:+$ || ${words[${#words[@]}-1]} =~ ^.*:$ ]]; then
            words[${#words[@]}-1]+=$word
          else
            words+=("$word")
          fi
          ((i == COMP_CWORD)) && cword=$((${#words[@]} - 1))
        done
      }

      _memoquiz() {
        local -a words
        local cword
        _memoquiz_words
        local cur=${words[cword]}
        local prev=${words[cword-1]}
        COMPREPLY=()
        if ((cword == 1)); then
          if [[ $cur == -* ]]; then
            mapfile -t COMPREPLY < <(compgen -W "\(top.joined(separator: " "))" -- "$cur")
          else
            _memoquiz_offer commands
          fi
          return 0
        fi
        local command=${words[1]}
        if [[ $prev == = ]] && ((cword > 2)); then prev=${words[cword-2]}; fi
        local options="" valued=""
        case $command in

      """
    for command in commands {
      let options = CompletionPlan.options(of: command).flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }
      let valued = CompletionPlan.valuedOptions(of: command).map(\.name)
      script += "    \(command.name)) options=\"\(options.joined(separator: " "))\""
      script += " valued=\"\(valued.joined(separator: " "))\" ;;\n"
    }
    script += """
          *) return 0 ;;
        esac
        case "$command $prev" in

      """
    for command in commands {
      for option in CompletionPlan.valuedOptions(of: command) {
        script += "    \"\(command.name) \(option.name)\") \(Self.action(CompletionPlan.Offer(option.kind))) ;;\n"
      }
    }
    script += """
        esac
        if [[ $cur == -* ]]; then
          mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
          return 0
        fi
        local count=0 i word
        for ((i = 2; i < cword; i++)); do
          word=${words[i]}
          if [[ $word == -* ]]; then
            if [[ ${words[i+1]} == = ]]; then
              ((i += 2))
            elif [[ " $valued " == *" $word "* ]]; then
              ((i++))
            fi
          else
            ((count++))
          fi
        done
        case "$command:$count" in

      """
    for command in commands {
      for position in CompletionPlan.positions(of: command) {
        let pattern = position.repeats ? "*" : String(position.index)
        script += "    \"\(command.name):\"\(pattern)) \(Self.action(position.offer)) ;;\n"
      }
    }
    script += """
        esac
        return 0
      }

      complete -F _memoquiz memoquiz

      """
    return script
  }

  /// The shell code that offers what a value may be.
  private static func action(_ offer: CompletionPlan.Offer) -> String {
    switch offer {
    case .nothing: "return 0"
    case .files: "_memoquiz_offer files; return 0"
    case .groups: "_memoquiz_offer groups; return 0"
    case .commands: "_memoquiz_offer commands; return 0"
    case .values(let values): "_memoquiz_offer 'values:\(values.map(\.name).joined(separator: " "))'; return 0"
    }
  }
}
