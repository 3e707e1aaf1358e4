import Foundation

/// Completes a command line in a real shell with the script
/// `memoquiz completion SHELL` prints, the way the shell does on TAB.
///
/// bash: `COMP_WORDS` and `COMP_CWORD` are set and `_memoquiz` fills
/// `COMPREPLY`. zsh: `words` and `CURRENT` are set and `compadd` is replaced
/// by a function that prints what it is given. fish: `complete -C` runs
/// fish's own completion of the line.
struct ShellCompleter {
  enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
  }

  let shell: Shell
  let sandbox: MemoQuizSandbox
  /// The folder the shell runs in, where file names complete.
  let workingFolder: URL

  /// The path of a shell, when it is installed.
  static func path(of shell: Shell) -> String? {
    ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + shell.rawValue }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  static func isInstalled(_ shell: Shell) -> Bool { path(of: shell) != nil }

  init(_ shell: Shell, sandbox: MemoQuizSandbox) throws {
    self.shell = shell
    self.sandbox = sandbox
    workingFolder = sandbox.folder.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: workingFolder, withIntermediateDirectories: true)
    let script = try sandbox.run(["completion", shell.rawValue])
    guard script.status == 0 else { throw CompletionFailure(text: script.stderr) }
    try Data(script.stdout.utf8).write(to: scriptFile)
    try Data(driver.utf8).write(to: driverFile)
  }

  private var scriptFile: URL { sandbox.folder.appendingPathComponent("completion.\(shell.rawValue)") }
  private var driverFile: URL { sandbox.folder.appendingPathComponent("driver.\(shell.rawValue)") }

  private var driver: String {
    switch shell {
    case .bash:
      return """
        source "$1"
        read -ra COMP_WORDS <<< "$2"
        [[ $2 == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
        _memoquiz
        (( ${#COMPREPLY[@]} )) && printf '%s\\n' "${COMPREPLY[@]}"
        exit 0
        """
    case .zsh:
      return """
        compdef() { : }
        compadd() {
          while (( $# )) && [[ $1 != -- ]]; do shift; done
          shift
          print -rl -- "$@"
        }
        source "$1"
        words=( ${(z)2} )
        [[ $2 == *" " ]] && words+=( "" )
        CURRENT=${#words}
        _memoquiz
        exit 0
        """
    case .fish:
      return """
        source $argv[1]
        complete -C "$argv[2]"
        """
    }
  }

  /// The words offered for the line, as the shell would insert them
  /// (fish's descriptions left out).
  func complete(_ line: String) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.path(of: shell) ?? shell.rawValue)
    let options = shell == .zsh ? ["-f"] : shell == .bash ? ["--norc", "--noprofile"] : ["--no-config"]
    process.arguments = options + [driverFile.path, scriptFile.path, line]
    var environment = sandbox.environment
    environment["PATH"] = MemoQuizSandbox.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"
    process.environment = environment
    process.currentDirectoryURL = workingFolder
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0, errorText.isEmpty else {
      throw CompletionFailure(text: "\(shell) on '\(line)': status \(process.terminationStatus): \(errorText)")
    }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map {
      String($0.split(separator: "\t", maxSplits: 1).first ?? "")
    }
  }
}

/// A shell that failed to complete a line.
struct CompletionFailure: Error, CustomStringConvertible {
  let text: String
  var description: String { text }
}
