import Foundation
import MemoQuizKit
import Testing

/// Ctrl-C, SIGTERM and SIGHUP end every long command within a second: a
/// replay of a long history, an export, a fit and a sync, each stopped in
/// the middle, leave no temporary file and add no step.
@Suite struct LongCommandSignalTests {
  /// The long commands, each with what it needs.
  enum LongCommand: String, CaseIterable, CustomTestStringConvertible {
    case replay, export, optimize, sync

    var testDescription: String { rawValue }
  }

  struct Case: CustomTestStringConvertible {
    var command: LongCommand
    var signal: Int32

    var testDescription: String { "\(command.rawValue), signal \(signal)" }
  }

  static let cases = LongCommand.allCases.flatMap { command in
    [SIGINT, SIGTERM].map { Case(command: command, signal: $0) }
  }

  /// A folder whose history is another machine's: 1,000 questions
  /// answered 50 times each over the years, 50,000 answers in all.
  static func longHistory() throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    let history = sandbox.folder.appendingPathComponent("history")
    try FileManager.default.createDirectory(at: history, withIntermediateDirectories: true)
    var generator = SeededGenerator(seed: 7)
    var answers: [(time: Int64, card: Int, rating: Int)] = []
    answers.reserveCapacity(50_000)
    for card in 0..<1_000 {
      var time = 1_700_000_000_000 + Int64(card) * 1_000
      for _ in 0..<50 {
        answers.append((time, card, [1, 3, 3, 3, 4][Int(generator.next() % 5)]))
        time += 86_400_000 * Int64(1 + generator.next() % 5)
      }
    }
    answers.sort { $0.time < $1.time }
    var text = "memoquiz history\t2\t0a0b0c0d\tlearner\n"
    text.reserveCapacity(3_000_000)
    for (index, answer) in answers.enumerated() {
      text += "answer\t\(index + 1)\t\(answer.time)\tDeck\t\tq\(answer.card)\tp\(answer.card)\ta\(answer.card)\t"
      text += "\(answer.rating)\t3000\n"
    }
    try Data(text.utf8).write(to: history.appendingPathComponent("0a0b0c0d.log"))
    let questions = (0..<1_000).map { #"{"id": "q\#($0)", "prompt": "p\#($0)", "answer": "a\#($0)"}"# }
    try sandbox.writeQuestions(#"[{"title": "Deck", "questions": ["# + questions.joined(separator: ", ") + "]}]")
    sandbox.environment["MEMOQUIZ_NOW"] = "2027-01-01T09:00:00Z"
    let temporary = sandbox.folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    sandbox.environment["TMPDIR"] = temporary.path
    return sandbox
  }

  /// Waits until the process catches Ctrl-C (its handlers are installed),
  /// as `/proc` shows it.
  private func waitForHandlers(of running: RunningMemoQuiz) {
    let status = "/proc/\(running.process.processIdentifier)/status"
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      let text = (try? String(contentsOfFile: status, encoding: .utf8)) ?? ""
      if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
        let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16),
        mask & (1 << (UInt64(SIGINT) - 1)) != 0
      {
        return
      }
      usleep(500)
    }
  }

  @Test(arguments: cases)
  func aSignalEndsTheCommandWithinASecond(_ test: Case) throws {
    let sandbox = try Self.longHistory()
    let server = try SilentServer()
    let arguments: [String] =
      switch test.command {
      case .replay: ["scores"]
      case .export: ["export", "--format", "apkg", "--output", sandbox.folder.appendingPathComponent("out.apkg").path]
      case .optimize: ["optimize"]
      case .sync: ["sync", "--init", "git://127.0.0.1:\(server.port)/r.git"]
      }
    let files = { () -> [String] in
      let names = try? FileManager.default.subpathsOfDirectory(atPath: sandbox.folder.path)
      return (names ?? []).filter { !$0.hasPrefix("sync") && !$0.hasPrefix("local/lock") }.sorted()
    }
    let before = files()
    let running = try sandbox.launch(arguments)
    waitForHandlers(of: running)
    let sent = Date()
    running.signal(test.signal)
    let result = running.wait(timeout: 30)
    let took = Date().timeIntervalSince(sent)
    #expect(took < 1, "took \(took) s")
    #expect(result.status == 1 && !result.wasSignaled, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("memoquiz: error: stopped "), "\(result.stderr)")
    #expect(result.stdout == "")
    // No step, no export, no temporary file: the folder holds what it held,
    // and what a first run keeps of this machine (its identity, caches).
    let left = Set(files()).subtracting(before).filter {
      ![
        "local", "local/machine", "local/outlook", "local/outlook-key", "local/checkpoint", "local/questions-state",
        "local/tmp", "local/lock",
      ].contains($0)
    }
    #expect(left.isEmpty, "\(left.sorted())")
  }
}
