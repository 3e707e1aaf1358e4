import FoundationEssentials
@preconcurrency import Glibc
import MemoQuizKit

/// The user's text editor: `$VISUAL`, else `$EDITOR`, else `vi`.
///
/// The editor command may carry arguments (`code --wait`): it is run by
/// `/bin/sh` with the file as its last argument, as git runs editors.
struct Editor {
  /// What went wrong running the editor.
  struct Failure: LocalizedError, CustomStringConvertible {
    let description: String
    var errorDescription: String? { description }
  }

  let command: String
  /// The environment the editor runs in.
  var environment: [String: String] = [:]

  /// The editor named by the environment.
  static func fromEnvironment(_ environment: [String: String]) -> Editor {
    for name in ["VISUAL", "EDITOR"] {
      if let value = environment[name], !value.trimmingCharacters(in: " ").isEmpty {
        return Editor(command: value, environment: environment)
      }
    }
    return Editor(command: "vi", environment: environment)
  }

  /// Editors known to take `+LINE` before the file to open it at a line.
  private static let lineAware: Set<String> = [
    "vi", "vim", "nvim", "view", "nano", "emacs", "micro", "kak", "joe", "mg",
  ]

  /// Opens `path` in the editor and waits for it to close.
  /// The corresponding C functions are `posix_spawn` and `waitpid`.
  /// - Parameter line: the line to open at, for editors known to take `+LINE`.
  /// - Throws: ``Failure`` when the editor cannot start or exits with an error.
  func edit(_ path: String, line: Int? = nil) throws {
    var files = [path]
    let program = command.split(separator: " ").first.map { $0.split(separator: "/").last.map(String.init) ?? "" }
    if let line, let program, Self.lineAware.contains(program) { files.insert("+\(line)", at: 0) }
    // A Ctrl-C typed in the editor belongs to the editor, as in git.
    try SignalMonitor.ignoringInterrupts { try run(files) }
  }

  private func run(_ files: [String]) throws {
    let arguments = ["/bin/sh", "-c", "\(command) \"$@\"", "sh"] + files
    let termination: ChildProcess.Termination
    do {
      // memoquiz ignores SIGPIPE and SIGXFSZ; the editor must not inherit that.
      let child = try ChildProcess.start(
        "/bin/sh", arguments: arguments, environment: environment.map { "\($0.key)=\($0.value)" },
        defaultSignals: [SIGPIPE, SIGXFSZ, SIGINT, SIGTERM, SIGHUP])
      do {
        termination = try child.wait()
      } catch {
        throw Failure(description: "lost track of the editor '\(command)'")
      }
    } catch let error as SystemError {
      throw Failure(description: "cannot start the editor '\(command)': \(error.description)")
    }
    switch termination {
    case .signalled(let signal):
      throw Failure(description: "the editor '\(command)' was stopped by signal \(signal)")
    case .exited(127):
      throw Failure(description: "cannot find the editor '\(command)'; set $VISUAL or $EDITOR")
    case .exited(let code) where code != 0:
      throw Failure(description: "the editor '\(command)' failed (exit status \(code))")
    case .exited:
      break
    }
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: String) -> String {
    String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
  }
}
