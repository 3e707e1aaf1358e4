import Foundation
import Testing

/// bash breaks words at `:`, so a group whose title holds `::` (every Anki
/// subdeck) is completed in an interactive bash on a pseudo-terminal, where
/// bash splits the line itself.
@Suite(.enabled(if: ShellCompleter.isInstalled(.bash), "bash is not installed"))
struct ColonCompletionTests {
  private func bash(_ sandbox: MemoQuizSandbox) throws -> PseudoTerminalSession {
    try sandbox.writeNumberedGroups(["Japanese::Verbs", "Japanese::Nouns", "Other"], count: 1)
    let script = sandbox.folder.appendingPathComponent("memoquiz.bash")
    try Data(try sandbox.run(["completion", "bash"]).stdout.utf8).write(to: script)
    var environment = sandbox.environment
    environment["PATH"] = MemoQuizSandbox.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"
    environment["PS1"] = "ready> "
    environment["INPUTRC"] = "/dev/null"
    let session = try PseudoTerminalSession(
      arguments: ["--norc", "--noprofile", "-i"], environment: environment,
      executable: ShellCompleter.path(of: .bash))
    session.type("source '\(script.path)'; echo sourced\n")
    #expect(session.waitFor("sourced"))
    return session
  }

  @Test func bashCompletesAGroupTitleAfterItsColons() throws {
    let sandbox = try MemoQuizSandbox()
    let session = try bash(sandbox)
    session.type("memoquiz play Japanese::V\t")
    let screen = session.waitForScreen { screen in screen.lines.contains { $0.hasSuffix("play Japanese::Verbs") } }
    #expect(screen.lines.contains { $0.hasSuffix("ready> memoquiz play Japanese::Verbs") }, "\(screen.lines)")
  }

  @Test func bashListsTheSubgroupsAfterTheColons() throws {
    let sandbox = try MemoQuizSandbox()
    let session = try bash(sandbox)
    session.type("memoquiz play Jap\t")
    #expect(session.waitForScreen { $0.lines.contains { $0.hasSuffix("play Japanese::") } }.lines.count > 0)
    session.type("\t\t")
    let screen = session.waitForScreen { screen in
      screen.lines.contains { $0.contains("Nouns") && $0.contains("Verbs") }
    }
    #expect(
      screen.lines.contains { $0.contains("Nouns") && $0.contains("Verbs") && !$0.contains("Japanese") },
      "\(screen.lines)")
  }
}
