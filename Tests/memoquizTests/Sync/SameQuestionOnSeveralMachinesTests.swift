import Foundation
import MemoQuizKit
import Testing

/// The same question changed on two machines before they synced: whatever
/// order the files travel in, every machine ends with the change made later,
/// the same questions and the same history (the merge is no step of the
/// machine that reads it), and each machine, those that made neither change
/// included, says so once, naming its own snapshot of the other version.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs git"))
struct SameQuestionOnSeveralMachinesTests {
  typealias Machine = SeveralMachinesTests.Machine

  /// Who exchanges files with whom, in order, after both edits.
  enum Schedule: String, CaseIterable {
    /// Through git: the earlier editor syncs first, then the later, then both again, then the third.
    case earlierSyncsFirst
    /// Through git: the later editor syncs first, and the third syncs in between.
    case laterSyncsFirst
    /// By copying files: the third machine takes the later editor's files first.
    case copying
  }

  /// Three machines sharing the same questions; the first two change "red".
  private struct Machines {
    let earlier: Machine
    let later: Machine
    let third: Machine
    var all: [Machine] { [earlier, later, third] }
  }

  /// An editor that runs a `sed` expression on the file it is given.
  private static func edit(_ machine: Machine, _ expression: String, at now: String) throws -> String {
    let script = machine.sandbox.folder.appendingPathComponent("editor.sh")
    try Data("sed -i '\(expression)' \"$1\"\n".utf8).write(to: script)
    let result = try machine.sandbox.run(
      ["edit"], environment: ["EDITOR": "sh \(script.path)", "VISUAL": "", "MEMOQUIZ_NOW": now])
    #expect(result.status == 0, "\(result.stderr)")
    return result.stderr
  }

  /// The machine as `history` names it: its host's name and its id.
  private static func label(_ machine: Machine) throws -> String {
    let file = machine.sandbox.folder.appendingPathComponent("local/machine")
    let fields = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")[0].split(separator: "\t")
    return "\(fields[2]) \(fields[1])"
  }

  /// Each step of `history --json` as its machine and global step.
  private static func steps(_ machine: Machine) throws -> [String] {
    let result = try machine.sandbox.run(["history", "--json"])
    let steps = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    return steps.map { "\($0["machine"] ?? "-") \($0["step"] ?? "-") \($0["kind"] ?? "-")" }.sorted()
  }

  /// Runs `schedule` after both edits; returns every warning each machine printed, by machine.
  private static func exchange(_ machines: Machines, _ schedule: Schedule, remote: SyncTrustTests.Remote) throws
    -> [[String]]
  {
    var warnings: [[String]] = [[], [], []]
    func sync(_ index: Int) throws {
      warnings[index] += SyncTrustTests.warnings(try SyncTrustTests.sync(machines.all[index]))
    }
    func copy(_ from: Int, _ to: Int) throws {
      try SeveralMachinesTests.copy(from: machines.all[from], to: machines.all[to])
      warnings[to] += SyncTrustTests.warnings(try machines.all[to].sandbox.run(["groups"]))
    }
    switch schedule {
    case .earlierSyncsFirst:
      for index in [0, 1, 0, 1, 2] { try sync(index) }
    case .laterSyncsFirst:
      for index in [1, 2, 0, 1, 2, 0] { try sync(index) }
    case .copying:
      for (from, to) in [(1, 2), (0, 2), (1, 0), (0, 1)] { try copy(from, to) }
    }
    // Every machine's later commands say nothing more.
    for (index, machine) in machines.all.enumerated() {
      warnings[index] += SyncTrustTests.warnings(try machine.sandbox.run(["groups"]))
    }
    return warnings
  }

  @Test(arguments: Schedule.allCases)
  func theLaterChangeOfTheSameQuestionWinsOnEveryMachineAndEachSaysSoOnce(_ schedule: Schedule) throws {
    let remote = try SyncTrustTests.Remote()
    let machines = Machines(
      earlier: try SyncTrustTests.machine("2026-12-01T09:00:00Z"),
      later: try SyncTrustTests.machine("2026-12-01T09:10:00Z"),
      third: try SyncTrustTests.machine("2026-12-01T09:20:00Z"))
    #expect(try machines.earlier.sandbox.run(["add", "Numbers", "four", "yon"]).status == 0)
    for machine in machines.all { _ = try SyncTrustTests.sync(machine, ["--init", remote.address]) }
    _ = try SyncTrustTests.sync(machines.earlier)
    #expect(try Self.edit(machines.earlier, #"s/"aka"/"aka", "hint": "fire"/"#, at: "2026-12-01T12:00:00Z") == "")
    #expect(try Self.edit(machines.earlier, #"s/"kuro"/"kuro", "hint": "night"/"#, at: "2026-12-01T12:01:00Z") == "")
    #expect(
      try Self.edit(machines.later, #"s/"aka"/"aka", "alternatives": ["akai"]/"#, at: "2026-12-01T12:05:00Z") == "")
    for machine in machines.all { machine.sandbox.environment["MEMOQUIZ_NOW"] = "2026-12-01T12:30:00Z" }
    var warnings = try Self.exchange(machines, schedule, remote: remote)
    // A machine made later by copying the files.
    let copied = try SyncTrustTests.machine("2026-12-01T13:00:00Z")
    try SeveralMachinesTests.copy(from: machines.earlier, to: copied)
    warnings.append(
      try (0..<2).flatMap { _ in SyncTrustTests.warnings(try copied.sandbox.run(["groups"])) })
    let (earlier, later) = (try Self.label(machines.earlier), try Self.label(machines.later))
    let questions = try String(contentsOf: machines.earlier.sandbox.questionsFile, encoding: .utf8)
    #expect(questions.contains("\"akai\""), "the later change of red wins: \(questions)")
    #expect(!questions.contains("\"fire\""))
    #expect(questions.contains("\"yon\""), "the change both started from")
    #expect(questions.contains("\"night\""), "the earlier machine's change of black applies")
    let history = try Self.steps(machines.earlier)
    for (index, machine) in (machines.all + [copied]).enumerated() {
      #expect(try String(contentsOf: machine.sandbox.questionsFile, encoding: .utf8) == questions, "machine \(index)")
      #expect(try Self.steps(machine) == history, "machine \(index)")
      let listed = try machine.sandbox.run(["snapshots"]).stdout.split(separator: "\n")
      let snapshot = try #require(
        listed.first { $0.hasSuffix("questions replaced by a change on another machine") }, "machine \(index)")
      let id = try #require(snapshot.split(separator: " ").first)
      #expect(
        warnings[index] == [
          "memoquiz: warning: questions changed on both \"\(earlier)\" and \"\(later)\" before they synced"
            + " (\"red\" in Colours); kept \(later)'s, \(earlier)'s is snapshot \(id)"
        ], "machine \(index)")
    }
  }

  @Test func ofTwoChangesMadeAtTheSameTimeTheHigherMachineIdWins() throws {
    let first = try SyncTrustTests.machine("2026-12-01T09:00:00Z")
    let second = try SyncTrustTests.machine("2026-12-01T09:00:00Z")
    #expect(try first.sandbox.run(["add", "Numbers", "four", "yon"]).status == 0)
    try SeveralMachinesTests.copy(from: first, to: second)
    #expect(try second.sandbox.run(["groups"]).stderr == "")
    #expect(try Self.edit(first, #"s/"aka"/"aka", "hint": "fire"/"#, at: "2026-12-01T12:00:00Z") == "")
    #expect(try Self.edit(second, #"s/"aka"/"aka", "hint": "blood"/"#, at: "2026-12-01T12:00:00Z") == "")
    try SeveralMachinesTests.copy(from: first, to: second)
    try SeveralMachinesTests.copy(from: second, to: first)
    let labels = try [first, second].map(Self.label)
    let (higher, lower) = labels[0].suffix(8) > labels[1].suffix(8) ? (0, 1) : (1, 0)
    for machine in [first, second] {
      let warnings = SyncTrustTests.warnings(try machine.sandbox.run(["groups"]))
      #expect(warnings.count == 1)
      #expect(
        warnings.first?.contains("kept \(labels[higher])'s, \(labels[lower])'s is snapshot") == true, "\(warnings)")
      let text = try String(contentsOf: machine.sandbox.questionsFile, encoding: .utf8)
      #expect(text.contains(higher == 0 ? "\"fire\"" : "\"blood\""), "\(text)")
      #expect(!text.contains(higher == 0 ? "\"blood\"" : "\"fire\""))
    }
  }

  /// The global step of the newest edit `machine` made (`history` lists the newest first).
  private static func newestEdit(of machine: Machine) throws -> String {
    let id = try label(machine).suffix(8)
    let result = try machine.sandbox.run(["history", "--json"])
    let steps = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    let step = steps.compactMap { $0["kind"] as? String == "edit" ? $0["step"] as? String : nil }
      .first { $0.hasPrefix(id) }
    return try #require(step)
  }

  /// Each question's hint in `questions.json` ("" for none), by its answer.
  private static func hints(_ machine: Machine) throws -> [String: String] {
    let data = try Data(contentsOf: machine.sandbox.questionsFile)
    let groups = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
    var hints: [String: String] = [:]
    for group in groups {
      for question in group["questions"] as? [[String: Any]] ?? [] {
        if let answer = question["answer"] as? String { hints[answer] = question["hint"] as? String ?? "" }
      }
    }
    return hints
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6])
  func editsOnThreeMachinesInAnyOrderEndWithTheLaterEditOfEachQuestionEverywhere(_ seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed))
    let machines = try (0..<3).map { _ in try SyncTrustTests.machine("2026-12-01T09:00:00Z") }
    #expect(try machines[0].sandbox.run(["add", "Numbers", "four", "yon"]).status == 0)
    for target in machines.dropFirst() {
      try SeveralMachinesTests.copy(from: machines[0], to: target)
      #expect(try target.sandbox.run(["groups"]).stderr == "")
    }
    // Each edit's step, and the question and hint it set.
    var edits: [(step: String, answer: String, hint: String)] = []
    var stderr: [String] = []
    for index in 0..<14 {
      let machine = machines[Int.random(in: 0..<3, using: &generator)]
      let answer = ["aka", "ao", "kuro", "ichi"][Int.random(in: 0..<4, using: &generator)]
      let hint = "hint \(index)"
      // Few minutes apart: two machines often change the questions at the same time.
      let now = "2026-12-01T12:0\(Int.random(in: 0...3, using: &generator)):00Z"
      stderr.append(
        try Self.edit(
          machine, #"s/"answer": "\#(answer)"\(, "hint": "[^"]*"\)\{0,1\}/"answer": "\#(answer)", "hint": "\#(hint)"/"#,
          at: now))
      edits.append((try Self.newestEdit(of: machine), answer, hint))
      let source = machines[Int.random(in: 0..<3, using: &generator)]
      let target = machines[Int.random(in: 0..<3, using: &generator)]
      guard source !== target else { continue }
      try SeveralMachinesTests.copy(from: source, to: target)
      if Bool.random(using: &generator) { stderr.append(try target.sandbox.run(["groups"]).stderr) }
    }
    for source in machines {
      for target in machines where source !== target { try SeveralMachinesTests.copy(from: source, to: target) }
    }
    for machine in machines { stderr.append(try machine.sandbox.run(["groups"]).stderr) }
    for line in stderr.joined().split(separator: "\n") {
      #expect(line.hasPrefix("memoquiz: warning: questions changed on both "), "seed \(seed): \(line)")
    }
    // The later of two edits of a question is the one listed before it (newest first).
    let order = try JSONSerialization.jsonObject(
      with: Data(machines[0].sandbox.run(["history", "--json"]).stdout.utf8))
    let steps = (order as? [[String: Any]] ?? []).compactMap { $0["step"] as? String }
    let position = Dictionary(steps.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    var expected: [String: String] = [:]
    for edit in edits.sorted(by: { position[$0.step] ?? 0 > position[$1.step] ?? 0 }) {
      expected[edit.answer] = edit.hint
    }
    let questions = try String(contentsOf: machines[0].sandbox.questionsFile, encoding: .utf8)
    let hints = try Self.hints(machines[0])
    for (answer, hint) in expected { #expect(hints[answer] == hint, "seed \(seed): \(answer) in \(questions)") }
    #expect(hints["yon"] == "", "seed \(seed): the add all started from")
    let history = try Self.steps(machines[0])
    for machine in machines.dropFirst() {
      #expect(try String(contentsOf: machine.sandbox.questionsFile, encoding: .utf8) == questions, "seed \(seed)")
      #expect(try Self.steps(machine) == history, "seed \(seed)")
    }
  }
}
