import Foundation
import Testing

/// Two machines change the questions before they sync, by copying their
/// files or through git: changes to different questions both apply; where
/// both changed the same question the later wins, the other version is kept
/// as a snapshot, and the first command on each machine says so once, in
/// the same words.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs git"))
struct QuestionsMergeTests {
  typealias Machine = SeveralMachinesTests.Machine

  enum Exchange: CaseIterable { case copying, git }

  /// An editor that runs a `sed` expression on the file it is given.
  private func edit(_ machine: Machine, _ expression: String) throws {
    let script = machine.sandbox.folder.appendingPathComponent("editor.sh")
    try Data("sed -i '\(expression)' \"$1\"\n".utf8).write(to: script)
    let result = try machine.sandbox.run(["edit"], environment: ["EDITOR": "sh \(script.path)", "VISUAL": ""])
    #expect(result.status == 0, "\(result.stderr)")
  }

  /// The machine as `history` names it: its host's name and its id.
  private func label(_ machine: Machine) throws -> String {
    let file = machine.sandbox.folder.appendingPathComponent("local/machine")
    let fields = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")[0].split(separator: "\t")
    return "\(fields[2]) \(fields[1])"
  }

  /// Two machines sharing the same questions, and a way to exchange files.
  private func pair(_ exchange: Exchange) throws -> (Machine, Machine, () throws -> [String]) {
    let laptop = try SyncTrustTests.machine("2026-12-01T09:00:00Z")
    let desktop = try SyncTrustTests.machine("2026-12-01T10:00:00Z")
    #expect(try laptop.sandbox.run(["add", "Numbers", "four", "yon"]).status == 0)
    switch exchange {
    case .copying:
      try SeveralMachinesTests.copy(from: laptop, to: desktop)
      #expect(try desktop.sandbox.run(["groups"]).status == 0)
      // Each side's first command after the exchange, and its warnings.
      return (
        laptop, desktop,
        {
          try SeveralMachinesTests.copy(from: laptop, to: desktop)
          try SeveralMachinesTests.copy(from: desktop, to: laptop)
          return try [laptop, desktop].map { try $0.sandbox.run(["groups"]).stderr }
        }
      )
    case .git:
      let remote = try SyncTrustTests.Remote()
      _ = try SyncTrustTests.sync(laptop, ["--init", remote.address])
      _ = try SyncTrustTests.sync(desktop, ["--init", remote.address])
      return (
        laptop, desktop,
        {
          _ = remote  // kept until the last exchange
          // The laptop sends, the desktop takes it in and sends its own,
          // the laptop takes that in.
          let sent = try SyncTrustTests.sync(laptop)
          #expect(sent.stderr == "")
          let desktopSide = try SyncTrustTests.sync(desktop).stderr
          let laptopSide = try SyncTrustTests.sync(laptop).stderr
          return [laptopSide, desktopSide]
        }
      )
    }
  }

  private func questions(_ machine: Machine) throws -> String {
    try String(contentsOf: machine.sandbox.questionsFile, encoding: .utf8)
  }

  @Test(arguments: Exchange.allCases)
  func changesToDifferentQuestionsBothApply(_ exchange: Exchange) throws {
    let (laptop, desktop, exchangeFiles) = try pair(exchange)
    try edit(laptop, #"s/"aka"/"aka", "hint": "fire"/"#)
    try edit(desktop, #"s/"ao"/"ao", "alternatives": ["aoi"]/"#)
    let warnings = try exchangeFiles()
    #expect(warnings == ["", ""])
    for machine in [laptop, desktop] {
      let text = try questions(machine)
      #expect(text.contains("\"fire\""), "the laptop's hint: \(text)")
      #expect(text.contains("\"aoi\""), "the desktop's alternative: \(text)")
      #expect(text.contains("\"yon\""), "the change both started from")
      #expect(try !machine.sandbox.run(["snapshots"]).stdout.contains("another machine"))
      #expect(try machine.sandbox.run(["groups"]).stderr == "")
    }
    #expect(try questions(laptop) == questions(desktop))
  }

  @Test func theFirstCommandAfterTheFilesArriveShowsTheMergedQuestions() throws {
    // Both start from the bundled set, with no questions file of their own.
    let laptop = try SyncTrustTests.machine("2026-12-01T09:00:00Z")
    let desktop = try SyncTrustTests.machine("2026-12-01T10:00:00Z")
    for machine in [laptop, desktop] {
      try FileManager.default.removeItem(at: machine.sandbox.questionsFile)
    }
    #expect(try laptop.sandbox.run(["add", "Numbers", "eleven", "juuichi"]).status == 0)
    #expect(try desktop.sandbox.run(["add", "Hiragana", "ゐ", "wi"]).status == 0)
    try SeveralMachinesTests.copy(from: laptop, to: desktop)
    try SeveralMachinesTests.copy(from: desktop, to: laptop)
    for machine in [laptop, desktop] {
      let first = try machine.sandbox.run(["groups"])
      #expect(first.stderr == "")
      let rows = first.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
      #expect(rows.contains("1 Hiragana 47 0 0 0 -"), "\(first.stdout)")
      #expect(rows.contains("4 Numbers 21 0 0 0 -"), "\(first.stdout)")
      #expect(try machine.sandbox.run(["groups"]).stdout == first.stdout)
    }
  }

  @Test(arguments: Exchange.allCases)
  func theSameQuestionChangedOnBothKeepsTheLaterAndSaysSoOnceOnEach(_ exchange: Exchange) throws {
    let (laptop, desktop, exchangeFiles) = try pair(exchange)
    try edit(laptop, #"s/"aka"/"aka", "hint": "fire"/"#)
    try edit(laptop, #"s/"kuro"/"kuro", "hint": "night"/"#)
    try edit(desktop, #"s/"aka"/"aka", "alternatives": ["akai"]/"#)
    let warnings = try exchangeFiles()
    let (earlier, later) = (try label(laptop), try label(desktop))
    let snapshots = try [laptop, desktop].map { machine in
      try #require(machine.sandbox.run(["snapshots"]).stdout.split(separator: "\n").dropFirst().first)
    }
    for (index, machine) in [laptop, desktop].enumerated() {
      let id = try #require(snapshots[index].split(separator: " ").first)
      #expect(snapshots[index].hasSuffix("questions replaced by a change on another machine"))
      #expect(
        warnings[index]
          == "memoquiz: warning: questions changed on both \"\(earlier)\" and \"\(later)\" before they synced"
          + " (\"red\" in Colours); kept \(later)'s, \(earlier)'s is snapshot \(id)\n")
      #expect(try machine.sandbox.run(["groups"]).stderr == "", "said once")
      let text = try questions(machine)
      #expect(text.contains("\"akai\""), "the later change of red wins")
      #expect(!text.contains("\"fire\""))
      #expect(text.contains("\"night\""), "the laptop's change of black applies")
    }
    #expect(try questions(laptop) == questions(desktop))
  }
}
