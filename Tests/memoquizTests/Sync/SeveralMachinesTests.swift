import Foundation
import MemoQuizKit
import Testing

/// One learner on several machines: data folders that share their history
/// files, by copying them (as any file sync does) or through git, show the
/// same state, and no acknowledged answer of any machine is lost.
@Suite struct SeveralMachinesTests {
  static let questions = """
    [{"title": "Colours", "questions": [
      {"prompt": "red", "answer": "aka"}, {"prompt": "blue", "answer": "ao"}, {"prompt": "white", "answer": "shiro"},
      {"prompt": "black", "answer": "kuro"}, {"prompt": "green", "answer": "midori"}]},
     {"title": "Numbers", "questions": [
      {"prompt": "one", "answer": "ichi"}, {"prompt": "two", "answer": "ni"}, {"prompt": "three", "answer": "san"}]}]
    """

  /// A machine: a data folder of its own, with a clock moved by the test.
  final class Machine {
    let sandbox: MemoQuizSandbox
    var acknowledged = 0

    init(now: String) throws {
      sandbox = try MemoQuizSandbox()
      sandbox.environment["MEMOQUIZ_NOW"] = now
      sandbox.environment["TZ"] = "UTC"
      try sandbox.writeQuestions(SeveralMachinesTests.questions)
    }

    var history: URL { sandbox.folder.appendingPathComponent("history") }

    func files() -> [String: Data] {
      var files: [String: Data] = [:]
      for name in (try? FileManager.default.contentsOfDirectory(atPath: history.path)) ?? [] {
        files[name] = try? Data(contentsOf: history.appendingPathComponent(name))
      }
      return files
    }

    /// Plays some answers and counts the verdicts shown.
    func play(_ group: String, answers: [String]) throws {
      let result = try sandbox.run(
        ["play", group, "--strategy", "sequential"], input: answers.map { $0 + "\n" }.joined())
      #expect(result.status == 0, "\(result.stderr)")
      acknowledged += result.stdout.split(separator: "\n").count {
        $0.hasPrefix("Correct") || $0.hasPrefix("Incorrect")
      }
    }

    /// What the state looks like from outside, at one moment for every machine.
    func views() throws -> [String] {
      try [["scores", "--json"], ["history", "--json"], ["stats", "--json"]].map { command in
        let result = try sandbox.run(command, environment: ["MEMOQUIZ_NOW": "2026-12-31T12:00:00Z"])
        #expect(result.status == 0, "\(command): \(result.stderr)")
        return result.stdout
      }
    }

    func answersInHistory() throws -> Int {
      let result = try sandbox.run(["history", "--json"])
      let steps = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
      return steps.count { $0["kind"] as? String == "answer" }
    }
  }

  /// Copies `source`'s history files into `target`, each whole or, when
  /// `cut` says so, cut short at a byte (a file still being copied).
  static func copy(from source: Machine, to target: Machine, cut: ((Int) -> Int)? = nil) throws {
    try FileManager.default.createDirectory(at: target.history, withIntermediateDirectories: true)
    for (name, data) in source.files() {
      let length = cut.map { min(data.count, $0(data.count)) } ?? data.count
      let destination = target.history.appendingPathComponent(name)
      let existing = (try? Data(contentsOf: destination))?.count ?? 0
      // A sync never takes a file back to an older, shorter copy of itself.
      guard length >= existing else { continue }
      try data.prefix(length).write(to: destination)
    }
  }

  @Test(arguments: [2026, 7, 11])
  func foldersWithTheSameFilesShowTheSameStateWhateverOrderTheyArrivedIn(_ seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed))
    let machines = try (0..<3).map { _ in try Machine(now: "2026-12-01T09:00:00Z") }
    var day = 1
    for _ in 0..<14 {
      day += Int.random(in: 0...1, using: &generator)
      let hour = 8 + Int.random(in: 0...10, using: &generator)
      let machine = machines[Int.random(in: 0..<3, using: &generator)]
      machine.sandbox.environment["MEMOQUIZ_NOW"] = String(format: "2026-12-%02dT%02d:00:00Z", day, hour)
      let answers = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
        ["aka", "ao", "x", "ichi", "ni", "nope"][Int.random(in: 0..<6, using: &generator)]
      }
      try machine.play(Bool.random(using: &generator) ? "Colours" : "Numbers", answers: answers)
      // An exchange: one machine's files to another, sometimes cut short.
      let source = machines[Int.random(in: 0..<3, using: &generator)]
      let target = machines[Int.random(in: 0..<3, using: &generator)]
      guard source !== target else { continue }
      let cutShort = Int.random(in: 0..<4, using: &generator) == 0
      var cutGenerator = SeededGenerator(seed: generator.next())
      try Self.copy(from: source, to: target, cut: cutShort ? { Int.random(in: 0...$0, using: &cutGenerator) } : nil)
      try Self.expectSameViewsWhereFilesAgree(machines, seed: seed)
    }
    // Everyone gets everything.
    for source in machines {
      for target in machines where source !== target { try Self.copy(from: source, to: target) }
    }
    let views = try machines.map { try $0.views() }
    #expect(views[0] == views[1] && views[1] == views[2], "seed \(seed)")
    let acknowledged = machines.reduce(0) { $0 + $1.acknowledged }
    for machine in machines {
      #expect(try machine.answersInHistory() == acknowledged, "seed \(seed): every acknowledged answer is there")
    }
  }

  static func expectSameViewsWhereFilesAgree(_ machines: [Machine], seed: Int) throws {
    for (index, first) in machines.enumerated() {
      for second in machines[(index + 1)...] where first.files() == second.files() {
        #expect(try first.views() == second.views(), "seed \(seed)")
      }
    }
  }

  @Test func aStepOfAnotherMachineIsTakenBackByAMarkOfThisOne() throws {
    let laptop = try Machine(now: "2026-12-01T09:00:00Z")
    let desktop = try Machine(now: "2026-12-01T10:00:00Z")
    try laptop.play("Numbers", answers: ["ichi", "x"])
    let laptopFile = laptop.files()
    try Self.copy(from: laptop, to: desktop)
    let undo = try desktop.sandbox.run(["undo", "2"])
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(undo.stdout.contains("Took back step 2"))
    #expect(laptop.files() == laptopFile)
    #expect(desktop.files().count == 2, "the mark is in the desktop's own file")
    #expect(try desktop.sandbox.storedScore("Numbers") == (1, 0))
    try Self.copy(from: desktop, to: laptop)
    #expect(try laptop.sandbox.storedScore("Numbers") == (1, 0))
    let history = try laptop.sandbox.run(["history", "--json"]).stdout
    #expect(history.contains("\"machine\""))
    #expect(try laptop.views() == desktop.views())
    // And brought back from the first machine.
    #expect(try laptop.sandbox.run(["redo"]).status == 0)
    #expect(try laptop.sandbox.storedScore("Numbers") == (1, 1))
  }

  @Test func questionsChangedInDifferentGroupsOnBothMachinesBothApply() throws {
    let laptop = try Machine(now: "2026-12-01T09:00:00Z")
    let desktop = try Machine(now: "2026-12-01T10:00:00Z")
    // Both share the same questions first.
    try laptop.sandbox.run(["sync"])  // not a repository: changes nothing
    #expect(try laptop.sandbox.run(["add", "Numbers", "four", "yon"]).status == 0)
    try Self.copy(from: laptop, to: desktop)
    #expect(try desktop.sandbox.run(["groups"]).stdout.contains("4"), "the add arrived")
    // Then each changes them before they sync.
    #expect(try laptop.sandbox.run(["add", "Numbers", "five", "go"]).status == 0)
    #expect(try desktop.sandbox.run(["add", "Colours", "purple", "murasaki"]).status == 0)
    try Self.copy(from: laptop, to: desktop)
    try Self.copy(from: desktop, to: laptop)
    for machine in [laptop, desktop] {
      let first = try machine.sandbox.run(["groups"])
      #expect(first.stderr == "", "no question changed on both")
      let questions = try String(contentsOf: machine.sandbox.questionsFile, encoding: .utf8)
      #expect(questions.contains("murasaki"), "the later change applies")
      #expect(questions.contains("\"go\""), "and so does the earlier one")
      #expect(!(try machine.sandbox.run(["snapshots"]).stdout.contains("another machine")))
    }
    // Each works out the same merge from the same files: they agree.
    try Self.copy(from: laptop, to: desktop)
    try Self.copy(from: desktop, to: laptop)
    #expect(try laptop.views() == desktop.views())
    #expect(
      try String(contentsOf: laptop.sandbox.questionsFile, encoding: .utf8)
        == String(contentsOf: desktop.sandbox.questionsFile, encoding: .utf8))
  }

  @Test func aHistoryFileCopiedHalfwayIsReadUpToItsLastWholeStep() throws {
    let laptop = try Machine(now: "2026-12-01T09:00:00Z")
    let desktop = try Machine(now: "2026-12-01T10:00:00Z")
    try laptop.play("Colours", answers: ["aka", "ao", "shiro", "x"])
    let file = try #require(laptop.files().first)
    // Cut in the middle of the last line.
    let cut = file.value.dropLast(3)
    try FileManager.default.createDirectory(at: desktop.history, withIntermediateDirectories: true)
    try cut.write(to: desktop.history.appendingPathComponent(file.key))
    let partial = try desktop.sandbox.run(["scores", "--json"])
    #expect(partial.status == 0 && partial.stderr.isEmpty, "\(partial.stderr)")
    #expect(try desktop.sandbox.storedScore("Colours") == (3, 0))
    try Self.copy(from: laptop, to: desktop)
    #expect(try desktop.sandbox.storedScore("Colours") == (3, 1))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs git"))
  func gitCarriesTheStepsBothWays() throws {
    let remote = try MemoQuizSandbox()
    #expect(
      try remote.runTool("/usr/bin/git", ["init", "-q", "--bare", remote.folder.appendingPathComponent("r.git").path])
        == 0)
    let address = remote.folder.appendingPathComponent("r.git").path
    let laptop = try Machine(now: "2026-12-01T09:00:00Z")
    let desktop = try Machine(now: "2026-12-01T10:00:00Z")
    for machine in [laptop, desktop] {
      machine.sandbox.environment["GIT_AUTHOR_NAME"] = "Learner"
      machine.sandbox.environment["GIT_AUTHOR_EMAIL"] = "learner@example.com"
      machine.sandbox.environment["GIT_COMMITTER_NAME"] = "Learner"
      machine.sandbox.environment["GIT_COMMITTER_EMAIL"] = "learner@example.com"
    }
    let outside = try laptop.sandbox.run(["sync"])
    #expect(outside.status == 1)
    #expect(outside.stderr.contains("not set up for sync"), "\(outside.stderr)")
    try laptop.play("Colours", answers: ["aka", "x"])
    let first = try laptop.sandbox.run(["sync", "--init", address])
    #expect(first.status == 0, "\(first.stderr)")
    // The desktop holds answers of its own before it joins.
    try desktop.play("Numbers", answers: ["ichi", "ni", "san"])
    let join = try desktop.sandbox.run(["sync", "--init", address])
    #expect(join.status == 0, "\(join.stderr)")
    #expect(join.stdout.contains("2 answers"), "\(join.stdout)")
    let back = try laptop.sandbox.run(["sync"])
    #expect(back.status == 0, "\(back.stderr)")
    #expect(back.stdout.contains("3 answers"), "\(back.stdout)")
    #expect(try laptop.views() == desktop.views())
    #expect(try laptop.answersInHistory() == 5)
    // git works in a clone of memoquiz's own: the data folder is no repository.
    let tracked = try desktop.sandbox.run(["history"])
    #expect(tracked.status == 0)
    #expect(!FileManager.default.fileExists(atPath: desktop.sandbox.folder.appendingPathComponent(".git").path))
    #expect(FileManager.default.fileExists(atPath: desktop.sandbox.folder.appendingPathComponent("local/sync").path))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs git"), arguments: [1, 2, 3])
  func aSyncKilledPartWayLosesNothingAndTheNextOneFinishes(_ seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed))
    let remote = try MemoQuizSandbox()
    let address = remote.folder.appendingPathComponent("r.git").path
    #expect(try remote.runTool("/usr/bin/git", ["init", "-q", "--bare", address]) == 0)
    let laptop = try Machine(now: "2026-12-01T09:00:00Z")
    laptop.sandbox.environment["GIT_AUTHOR_NAME"] = "Learner"
    laptop.sandbox.environment["GIT_AUTHOR_EMAIL"] = "learner@example.com"
    laptop.sandbox.environment["GIT_COMMITTER_NAME"] = "Learner"
    laptop.sandbox.environment["GIT_COMMITTER_EMAIL"] = "learner@example.com"
    try laptop.play("Colours", answers: ["aka", "ao"])
    #expect(try laptop.sandbox.run(["sync", "--init", address]).status == 0)
    try laptop.play("Numbers", answers: ["ichi"])
    let running = try laptop.sandbox.launch(["sync"])
    usleep(UInt32.random(in: 0...60_000, using: &generator))
    running.signal(SIGKILL)
    _ = running.wait()
    // git may have left its index lock behind in the clone: sync makes it again.
    let again = try laptop.sandbox.run(["sync"])
    #expect(again.status == 0, "seed \(seed): \(again.stderr)")
    #expect(try laptop.answersInHistory() == 3)
  }

  @Test(arguments: [
    ["scores"], ["play", "Numbers", "--strategy", "sequential"], ["config", "desired-retention", "0.85"], ["optimize"],
  ])
  func anotherMachinesDamagedRecordsAreWarnedOfOncePerCommand(_ command: [String]) throws {
    let laptop = try Machine(now: "2026-12-01T09:00:00Z")
    let desktop = try Machine(now: "2026-12-01T10:00:00Z")
    try laptop.play("Colours", answers: ["aka", "ao", "shiro"])
    try Self.copy(from: laptop, to: desktop)
    let name = try #require(laptop.files().keys.first)
    let file = desktop.history.appendingPathComponent(name)
    var lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
    lines.insert("this is not a record", at: 2)
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
    let result = try desktop.sandbox.run(command, input: "ichi\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr
        == "memoquiz: warning: \(file.path) has 1 damaged record (written by another machine); they are left out, "
        + "and every other record is kept\n")
  }

  @Test func undoOfAnotherMachinesUndoBringsBackWhatItTookBack() throws {
    let laptop = try Machine(now: "2026-12-01T09:00:00Z")
    let desktop = try Machine(now: "2026-12-01T10:00:00Z")
    try laptop.play("Numbers", answers: ["ichi", "ni"])
    try Self.copy(from: laptop, to: desktop)
    // The desktop takes back both of the laptop's answers.
    #expect(try desktop.sandbox.run(["undo", "2"]).status == 0)
    #expect(try desktop.sandbox.run(["undo", "1"]).status == 0)
    try Self.copy(from: desktop, to: laptop)
    #expect(try laptop.sandbox.storedScore("Numbers") == (0, 0))
    let steps =
      try JSONSerialization.jsonObject(with: Data(laptop.sandbox.run(["history", "--json"]).stdout.utf8))
      as? [[String: Any]] ?? []
    let marks = steps.compactMap { $0["undoneBy"] as? String }
    #expect(marks.count == 2, "\(steps)")
    let listed = try laptop.sandbox.run(["history"]).stdout
    #expect(listed.contains("(taken back by \(marks[0]))"), "\(listed)")
    // The laptop takes back the desktop's undo of its first answer.
    let first = try #require(steps.first { $0["id"] as? Int == 1 })
    let mark = try #require(first["undoneBy"] as? String)
    let undo = try laptop.sandbox.run(["undo", mark])
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(
      undo.stdout
        == "Took back the undo \(mark): step 1 is back, answer \"ichi\" to one: correct. "
        + "`memoquiz undo 1` takes it back again.\n")
    #expect(try laptop.sandbox.storedScore("Numbers") == (1, 0))
    try Self.copy(from: laptop, to: desktop)
    #expect(try laptop.views() == desktop.views())
    #expect(try laptop.sandbox.run(["undo", mark]).stderr.contains("there is no step \(mark)"))
  }
}
