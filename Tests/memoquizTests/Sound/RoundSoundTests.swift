import Foundation
import Testing

@testable import MemoQuizKit

/// A round on a terminal plays its questions' sounds through a player it
/// never waits for, plays the prompt's again on `:replay`, speaks prompts
/// with `espeak-ng`, and goes on with one warning when sound fails.
@Suite struct RoundSoundTests {
  /// A program that logs its arguments, then sleeps `seconds` and logs
  /// that it ended: a player the round must not wait for.
  private func recorder(in sandbox: MemoQuizSandbox, named name: String = "player", seconds: Int = 5) throws
    -> (program: String, log: String)
  {
    let bin = sandbox.folder.appendingPathComponent("bin-\(UUID().uuidString.prefix(6))")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let program = bin.appendingPathComponent(name).path
    let log = sandbox.folder.appendingPathComponent("\(name).log").path
    let script = "#!/bin/sh\necho \"start $*\" >> '\(log)'\nsleep \(seconds)\necho \"end $*\" >> '\(log)'\n"
    // Written through a descriptor no child inherits: a program still open
    // for writing in another test's child could not be run (ETXTBSY).
    let descriptor = open(program, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    try #require(descriptor >= 0)
    _ = Array(script.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    return (program, log)
  }

  private func lines(_ log: String) -> [String] {
    ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
  }

  /// Waits until the log has `count` lines (the players run on their own).
  private func waitForLines(_ log: String, count: Int, timeout: TimeInterval = 10) -> [String] {
    let deadline = Date().addingTimeInterval(timeout)
    var poller = pollfd(fd: -1, events: 0, revents: 0)
    while lines(log).count < count && Date() < deadline { _ = poll(&poller, 0, 20) }
    return lines(log)
  }

  private func sandboxWithSounds(_ questions: String) throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(questions)
    let media = sandbox.folder.appendingPathComponent("media")
    try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
    for name in ["inu.mp3", "dog.mp3", "neko.mp3"] {
      try Data("sound of \(name)".utf8).write(to: media.appendingPathComponent(name))
    }
    return sandbox
  }

  private static let dog = #"""
    [{"title": "S", "questions": [{"prompt": "犬 [sound:inu.mp3]", "answer": "inu [sound:dog.mp3]"}]}]
    """#

  @Test func thePromptPlaysWhenAskedAgainOnReplayAndTheAnswerAfterTheVerdictWithoutWaiting() throws {
    let sandbox = try sandboxWithSounds(Self.dog)
    let (player, log) = try recorder(in: sandbox)
    var environment = sandbox.environment
    environment["MEMOQUIZ_PLAYER"] = player
    let session = try PseudoTerminalSession(arguments: ["play", "S"], environment: environment)
    #expect(session.waitFor("犬 [sound]"), "\(session.text)")
    #expect(waitForLines(log, count: 1).count == 1)
    session.type(":replay\n")
    #expect(waitForLines(log, count: 2).count == 2)
    session.type("inu\n")
    #expect(session.waitFor("Correct"), "\(session.text)")
    #expect(session.waitForExit() == 0)
    let media = sandbox.folder.path + "/media/"
    let played = waitForLines(log, count: 3)
    #expect(played == ["start \(media)inu.mp3", "start \(media)inu.mp3", "start \(media)dog.mp3"])
    // The answer matched without its sound, and the round ended while every
    // player was still playing.
    #expect(try sandbox.storedScore("S") == (1, 0))
    #expect(!session.text.contains("warning"), "\(session.text)")
  }

  @Test func theFirstPlayerOnPathIsUsed() throws {
    let sandbox = try sandboxWithSounds(Self.dog)
    let (player, log) = try recorder(in: sandbox, named: "aplay", seconds: 0)
    var environment = sandbox.environment
    environment["MEMOQUIZ_PLAYER"] = nil
    environment["PATH"] = URL(fileURLWithPath: player).deletingLastPathComponent().path + ":/usr/bin:/bin"
    let session = try PseudoTerminalSession(arguments: ["play", "S"], environment: environment)
    #expect(session.waitFor("犬 [sound]"))
    // The prompt's player has started before the answer's can: the two run
    // on their own, in whatever order the system gives them.
    #expect(!waitForLines(log, count: 1).isEmpty)
    session.type("inu\n")
    #expect(session.waitForExit() == 0)
    let media = sandbox.folder.path + "/media/"
    #expect(
      waitForLines(log, count: 4).filter { $0.hasPrefix("start") } == [
        "start -q \(media)inu.mp3", "start -q \(media)dog.mp3",
      ])
  }

  @Test func audioOffPlaysNothing() throws {
    let sandbox = try sandboxWithSounds(Self.dog)
    let (player, log) = try recorder(in: sandbox, seconds: 0)
    #expect(try sandbox.run(["config", "audio", "off"]).status == 0)
    var environment = sandbox.environment
    environment["MEMOQUIZ_PLAYER"] = player
    let session = try PseudoTerminalSession(arguments: ["play", "S"], environment: environment)
    #expect(session.waitFor("犬 [sound]"))
    session.type(":replay\n")
    #expect(session.waitFor("Sound is off."))
    session.type("inu\n")
    #expect(session.waitForExit() == 0)
    #expect(!FileManager.default.fileExists(atPath: log))
  }

  @Test func aRoundOnAPipePlaysNothing() throws {
    let sandbox = try sandboxWithSounds(Self.dog)
    let (player, log) = try recorder(in: sandbox, seconds: 0)
    let result = try sandbox.runProcess(
      ["play", "S"], input: ":replay\ninu\n", environment: ["MEMOQUIZ_PLAYER": player])
    #expect(result.status == 0)
    #expect(result.stdout.contains("[1/1] 犬 [sound]"))
    #expect(result.stdout.contains("Sound is off."))
    #expect(!FileManager.default.fileExists(atPath: log))
  }

  @Test func missingFilesAndAFailingPlayerAreOneWarningARound() throws {
    let sandbox = try sandboxWithSounds(
      #"""
      [{"title": "S", "questions": [{"prompt": "a [sound:gone.mp3]", "answer": "a"},
        {"prompt": "b [sound:gone2.mp3]", "answer": "b"}]}]
      """#)
    var environment = sandbox.environment
    environment["MEMOQUIZ_PLAYER"] = "/bin/false"
    let session = try PseudoTerminalSession(
      arguments: ["play", "S", "--strategy", "sequential"], environment: environment)
    #expect(session.waitFor("a [sound]"))
    session.type("a\n")
    #expect(session.waitFor("b [sound]"))
    session.type("b\n")
    #expect(session.waitForExit() == 0)
    #expect(session.text.components(separatedBy: "warning:").count == 2, "\(session.text)")
    // Wrapped to the terminal's width.
    let words = session.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let warning = "memoquiz: warning: the sound gone.mp3 is not in \(sandbox.folder.path)/media; the round goes on"
    #expect(words.contains(warning), "\(session.text)")
    #expect(try sandbox.storedScore("S") == (2, 0))
  }

  @Test func aFailingPlayerIsOneWarningARound() throws {
    let sandbox = try sandboxWithSounds(
      #"""
      [{"title": "S", "questions": [{"prompt": "a [sound:inu.mp3]", "answer": "a"},
        {"prompt": "b [sound:neko.mp3]", "answer": "b"}, {"prompt": "c [sound:dog.mp3]", "answer": "c"}]}]
      """#)
    var environment = sandbox.environment
    environment["MEMOQUIZ_PLAYER"] = "/bin/false"
    let session = try PseudoTerminalSession(
      arguments: ["play", "S", "--strategy", "sequential"], environment: environment)
    for answer in ["a", "b", "c"] {
      #expect(session.waitFor("\(answer) [sound]"))
      session.type("\(answer)\n")
    }
    #expect(session.waitForExit() == 0)
    #expect(session.text.components(separatedBy: "warning:").count == 2, "\(session.text)")
    #expect(session.text.contains("the sound player failed (exit status 1)"), "\(session.text)")
    #expect(try sandbox.storedScore("S") == (3, 0))
  }

  @Test func aPromptIsSpokenInItsGroupsLanguage() throws {
    let sandbox = try sandboxWithSounds(
      #"[{"title": "K", "speak": "ja", "questions": [{"prompt": "あ", "answer": "a"}, {"prompt": "い", "answer": "i", "speak": "ja+f2"}]}]"#
    )
    let (speaker, log) = try recorder(in: sandbox, named: "espeak-ng", seconds: 0)
    var environment = sandbox.environment
    environment["PATH"] = URL(fileURLWithPath: speaker).deletingLastPathComponent().path + ":/usr/bin:/bin"
    let session = try PseudoTerminalSession(
      arguments: ["play", "K", "--strategy", "sequential"], environment: environment)
    #expect(session.waitFor("あ"))
    #expect(waitForLines(log, count: 2).count == 2)
    session.type(":replay\n")
    #expect(waitForLines(log, count: 4).count == 4)
    session.type("a\n")
    #expect(session.waitFor("い"))
    session.type("i\n")
    #expect(session.waitForExit() == 0)
    #expect(
      waitForLines(log, count: 6).filter { $0.hasPrefix("start") } == [
        "start -v ja あ", "start -v ja あ", "start -v ja+f2 い",
      ])
  }

  @Test func noEspeakIsOneWarning() throws {
    let sandbox = try sandboxWithSounds(
      #"[{"title": "K", "speak": "ja", "questions": [{"prompt": "あ", "answer": "a"}, {"prompt": "い", "answer": "i"}]}]"#
    )
    var environment = sandbox.environment
    environment["PATH"] = sandbox.folder.path
    let session = try PseudoTerminalSession(
      arguments: ["play", "K", "--strategy", "sequential"], environment: environment)
    #expect(session.waitFor("あ"))
    session.type("a\n")
    #expect(session.waitFor("い"))
    session.type("i\n")
    #expect(session.waitForExit() == 0)
    #expect(session.text.components(separatedBy: "espeak-ng is not installed").count == 2, "\(session.text)")
  }

  @Test func aBadLanguageIsAnErrorOfTheFile() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(#"[{"title": "K", "speak": "ja; rm", "questions": [{"prompt": "あ", "answer": "a"}]}]"#)
    let result = try sandbox.run(["validate"])
    #expect(result.status == 65)
    #expect(result.stderr.contains(#""speak" must name a language such as "ja""#), "\(result.stderr)")
  }
}
