import Foundation
import Testing

@testable import MemoQuizKit

/// `memoquiz config model`: the memory model the scheduler uses, with its
/// parameters and where they came from; shown, never set.
@Suite struct ModelInstallTests {
  /// FSRS-6's published parameters, four decimals, six a line.
  private let publishedParameters =
    "  0.2120  1.2931  2.3065  8.2956  6.4133  0.8334\n"
    + "  3.0194  0.0010  1.8722  0.1666  0.7960  1.4835\n"
    + "  0.0614  0.2629  1.6483  0.6014  1.8729  0.5425\n"
    + "  0.0912  0.0658  0.1542\n"

  @Test func configModelShowsFSRS6WithItsPublishedParameters() throws {
    let sandbox = try MemoQuizSandbox()
    let shown = try sandbox.run(["config", "model"])
    #expect(shown.status == 0)
    #expect(
      shown.stdout
        == "FSRS-6, with its published parameters (`memoquiz optimize` fits them to you).\n" + publishedParameters)
    let listed = try sandbox.run(["config"]).stdout
    #expect(
      listed.contains("\nmodel              FSRS-6  (chosen by `memoquiz optimize`; `config model` shows it)\n"),
      "\(listed)")
  }

  @Test func configModelShowsInstalledParametersUntilUndo() throws {
    let sandbox = try MemoQuizSandbox()
    // The step `optimize` writes when it installs parameters, on 2026-05-28.
    let parameters = [
      0.5, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629,
      1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.123456,
    ].map { String($0) }.joined(separator: " ")
    try sandbox.writeOwnHistory([
      "setting\t1\t1780000000000\tfsrs-parameters\t\(parameters)\toptimize: the scheduler fitted to 900 reviews"
    ])
    let installed = try sandbox.run(["config", "model"], environment: ["TZ": "UTC"]).stdout
    #expect(
      installed
        == "FSRS-6, with parameters fitted to your answers, installed by `memoquiz optimize` on 2026-05-28 20:26.\n"
        + "  0.5000  1.2931  2.3065  8.2956  6.4133  0.8334\n"
        + "  3.0194  0.0010  1.8722  0.1666  0.7960  1.4835\n"
        + "  0.0614  0.2629  1.6483  0.6014  1.8729  0.5425\n"
        + "  0.0912  0.0658  0.1235\n")
    #expect(try sandbox.run(["undo"]).status == 0)
    #expect(
      try sandbox.run(["config", "model"]).stdout
        == "FSRS-6, with its published parameters (`memoquiz optimize` fits them to you).\n" + publishedParameters)
  }

  @Test func configModelRefusesAValue() throws {
    let sandbox = try MemoQuizSandbox()
    let refused = try sandbox.run(["config", "model", "SBD"])
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("model is chosen by `memoquiz optimize`, not set (not 'SBD')"), "\(refused.stderr)")
    #expect(try sandbox.run(["config", "model"]).stdout.hasPrefix("FSRS-6, with its published parameters"))
  }

  /// `scores --json`, and the same after a replay without `local/`.
  private func scoresBothWays(_ sandbox: MemoQuizSandbox) throws -> (cached: String, replayed: String) {
    let cached = try sandbox.run(["scores", "--json"]).stdout
    try FileManager.default.removeItem(at: sandbox.folder.appendingPathComponent("local"))
    return (cached, try sandbox.run(["scores", "--json"]).stdout)
  }

  @Test func aDryRunNamesTheModelARealRunWouldInstallAndInstallsNothing() throws {
    let sandbox = try SimulatedLearner.sandbox(seed: 1)
    let history = try sandbox.run(["history", "--json"]).stdout
    let dryRun = try sandbox.run(["optimize", "--dry-run"])
    #expect(dryRun.status == 0, "\(dryRun.stderr)")
    #expect(
      dryRun.stdout.contains(
        "FSRS-6's fitted parameters are not installed: another model predicts better.\nSBD+hours predicts your "),
      "\(dryRun.stdout)")
    #expect(
      dryRun.stdout.contains("a real run would install it, fitted to your "), "\(dryRun.stdout)")
    #expect(
      dryRun.stdout.hasSuffix(
        "Installing SBD+hours would keep each card's due day until its next review; --reschedule would compute "
          + "them again.\n"),
      "\(dryRun.stdout)")
    let json = try sandbox.run(["optimize", "--dry-run", "--json"]).stdout
    #expect(json.contains("\"modelWouldInstall\" : \"SBD+hours\""), "\(json)")
    #expect(!json.contains("\"model\" :"), "a dry run installs no model: \(json)")
    #expect(try sandbox.run(["history", "--json"]).stdout == history, "nothing recorded")
    #expect(try sandbox.run(["config", "model"]).stdout.hasPrefix("FSRS-6, with its published parameters"))
    // The real run installs what the dry run named, and says so.
    let installed = try sandbox.run(["optimize", "--json"]).stdout
    #expect(installed.contains("\"model\" : \"SBD+hours\""), "\(installed)")
    #expect(!installed.contains("modelWouldInstall"), "\(installed)")
  }

  @Test func aLearnerWithSBDMemoryGetsSBDHoursUntilUndo() throws {
    let sandbox = try SimulatedLearner.sandbox(seed: 1)
    // The round's answer must not fit the scheduler again by itself.
    #expect(
      try sandbox.run(["config", "auto-optimize", "off"], environment: ["MEMOQUIZ_NOW": "2027-06-01T08:00:00Z"]).status
        == 0)
    let before = try sandbox.run(["scores", "--json"]).stdout
    let installed = try sandbox.run(["optimize"])
    #expect(installed.status == 0, "\(installed.stderr)")
    #expect(
      installed.stdout.contains(
        "FSRS-6's fitted parameters are not installed: another model predicts better.\nSBD+hours predicts your "),
      "\(installed.stdout)")
    #expect(installed.stdout.contains("Each card keeps its due day until its next review."), "\(installed.stdout)")
    #expect(
      installed.stdout.contains(
        "\nSimulated with SBD+hours: 365 days, 10 new questions a day\n"
          + "Due days: balancing on, easy days none, no exam goal\ndesired retention"),
      "\(installed.stdout)")
    let shown = try sandbox.run(["config", "model"], environment: ["TZ": "UTC"]).stdout
    #expect(
      shown.hasPrefix(
        "SBD+hours, with parameters fitted to your answers, installed by `memoquiz optimize` on 2027-06-01 09:00.\n"),
      "\(shown)")
    #expect(shown.split(separator: "\n").count == 3, "seven parameters, six a line")
    let history = try sandbox.run(["history", "--limit", "1"]).stdout
    #expect(history.contains("optimize: SBD+hours fitted to"), "\(history)")

    // Every card's memory is SBD's: no difficulty, the same due days, the cache equal to a replay.
    let (cached, replayed) = try scoresBothWays(sandbox)
    #expect(cached == replayed)
    #expect(cached != before)
    #expect(cached.contains("\"difficulty\" : null"), "\(cached.prefix(600))")
    let dues = { (text: String) in text.split(separator: "\n").filter { $0.contains("\"due\" :") } }
    #expect(dues(cached) == dues(before), "each card keeps its due day")

    // A review round schedules with SBD: the due day an answer gets is SBD's interval.
    // Each step at a time of its own, so that `undo` takes back the newest.
    let round = try sandbox.run(
      ["review", "Deck", "--new", "0"], input: "a\n", environment: ["MEMOQUIZ_NOW": "2027-06-01T10:00:00Z"])
    #expect(round.status == 0, "\(round.stderr)")
    let afterRound = try scoresBothWays(sandbox)
    #expect(afterRound.cached == afterRound.replayed)

    let later = ["MEMOQUIZ_NOW": "2027-06-01T11:00:00Z"]
    #expect(try sandbox.run(["undo"], environment: later).status == 0)
    #expect(try sandbox.run(["undo"], environment: later).status == 0)
    let memory = { (text: String) in text.split(separator: "\n").filter { !$0.contains("\"lastPlayed\" :") } }
    #expect(
      memory(try sandbox.run(["scores", "--json"]).stdout) == memory(before), "undo brings FSRS-6 and its due days back"
    )
    #expect(try sandbox.run(["config", "model"]).stdout.hasPrefix("FSRS-6, with its published parameters"))
  }

  @Test func automaticFittingInstallsSBDHoursForAnSBDLearnerAndSaysSo() throws {
    let sandbox = try SimulatedLearner.sandbox(seed: 1)
    let round = try sandbox.run(["review", "Deck", "--new", "0"], input: "a\n")
    #expect(round.status == 0, "\(round.stderr)")
    #expect(round.stdout.contains("The scheduler now uses SBD+hours, fitted to your "), "\(round.stdout)")
    #expect(try sandbox.run(["config", "model"]).stdout.hasPrefix("SBD+hours, with parameters fitted"))
    #expect(try sandbox.run(["history", "--limit", "1"]).stdout.contains("automatic optimize: SBD+hours fitted to"))
  }

  @Test func aLearnerWithFSRS6MemoryKeepsFSRS6() throws {
    let sandbox = try SimulatedLearner.sandbox(seed: 1, sbd: false)
    let result = try sandbox.run(["optimize", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdout.contains("\"model\""), "\(result.stdout)")
    #expect(try sandbox.run(["config", "model"]).stdout.hasPrefix("FSRS-6, "))
  }

  @Test func optimizeModelInstallsTheNamedModelAndFSRS6ComesBackAsAModelStep() throws {
    let sandbox = try SimulatedLearner.sandbox(seed: 2, count: 60, reviews: 6)
    let named = try sandbox.run(["optimize", "--model", "SBD", "--reschedule"])
    #expect(named.status == 0, "\(named.stderr)")
    #expect(
      named.stdout.contains(
        "FSRS-6's fitted parameters are not installed: --model names another model.\nSBD is installed, fitted to your "),
      "\(named.stdout)")
    #expect(try sandbox.run(["config", "model"]).stdout.hasPrefix("SBD, with parameters fitted"))
    let rescheduled = try scoresBothWays(sandbox)
    #expect(rescheduled.cached == rescheduled.replayed)
    let back = try sandbox.run(["optimize", "--model", "FSRS-6"])
    #expect(back.stdout.contains("FSRS-6 is installed again in place of the model in use"), "\(back.stdout)")
    #expect(try sandbox.run(["config", "model"]).stdout.hasPrefix("FSRS-6, with parameters fitted"))
    let refused = try sandbox.run(["optimize", "--model", "SBD+time"])
    #expect(refused.status == 64)
    #expect(
      refused.stderr.contains("--model takes one of FSRS-6, SBD, SBD+hours (not 'SBD+time')"), "\(refused.stderr)")
  }

  @Test func theInstallSyncedToAnotherMachineGivesTheSameMemory() throws {
    let first = try SimulatedLearner.sandbox(seed: 2, count: 60, reviews: 6)
    #expect(try first.run(["optimize", "--model", "SBD+hours"]).status == 0)
    // The other machine receives the whole history, its own file added to it.
    let second = try MemoQuizSandbox()
    try FileManager.default.copyItem(at: first.questionsFile, to: second.questionsFile)
    try FileManager.default.copyItem(
      at: first.folder.appendingPathComponent("history"), to: second.folder.appendingPathComponent("history"))
    second.environment["MEMOQUIZ_NOW"] = first.environment["MEMOQUIZ_NOW"]
    second.environment["TZ"] = "UTC"
    #expect(try second.run(["config", "model"]).stdout.hasPrefix("SBD+hours, "))
    #expect(try second.run(["scores", "--json"]).stdout == first.run(["scores", "--json"]).stdout)
  }

  @Test func configModelReadsTheModelSettingOverTheParametersAndIgnoresAnUnreadableOne() throws {
    let sandbox = try MemoQuizSandbox()
    func parameters(_ first: Double) -> String {
      ([first] + FSRSPublished.values.dropFirst()).map { String($0) }.joined(separator: " ")
    }
    try sandbox.writeOwnHistory([
      "setting\t1\t1780000000000\tfsrs-parameters\t\(parameters(0.5))\toptimize: fitted",
      "setting\t2\t1780000100000\tmodel\tFSRS-6 \(parameters(0.7))\toptimize: fitted",
    ])
    let installed = try sandbox.run(["config", "model"], environment: ["TZ": "UTC"]).stdout
    #expect(
      installed.hasPrefix(
        "FSRS-6, with parameters fitted to your answers, installed by `memoquiz optimize` on 2026-05-28 20:28.\n  0.7000  1.2931"
      ), "\(installed)")
    #expect(try sandbox.run(["undo"]).status == 0)
    let before = try sandbox.run(["config", "model"], environment: ["TZ": "UTC"]).stdout
    #expect(
      before.hasPrefix(
        "FSRS-6, with parameters fitted to your answers, installed by `memoquiz optimize` on 2026-05-28 20:26.\n  0.5000  1.2931"
      ), "\(before)")

    // A model from a later release, or with the wrong number of parameters, leaves FSRS-6.
    for value in ["FSRS-9 1 2 3", "SBD 1 2 3", "SBD+hours 1 2 3 4 5 6 nan"] {
      let other = try MemoQuizSandbox()
      try other.writeOwnHistory(["setting\t1\t1780000100000\tmodel\t\(value)\toptimize: fitted"])
      #expect(
        try other.run(["config", "model"]).stdout
          == "FSRS-6, with its published parameters (`memoquiz optimize` fits them to you).\n" + publishedParameters)
    }
  }
}

/// A learner whose memory is SBD's, with same-day reviews hours apart:
/// the history `optimize` fits, written as a machine's file.
enum SimulatedLearner {
  /// The learner's true memory: SBD+hours's with these parameters.
  static let sbdParameters = [-1.2, 2.2, 1.0, -0.4, 1.1, -0.3, -0.5]

  /// A data folder with `count` questions, each answered `reviews` times
  /// by the learner: about a third of the reviews come hours after the one
  /// before, the same day, the rest days later at a random retention.
  /// - Parameter sbd: whether memory is SBD's; else FSRS-6's published one.
  static func sandbox(seed: UInt64, count: Int = 200, reviews: Int = 9, sbd: Bool = true) throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    let questions = (0..<count).map { #"{"prompt": "q\#($0)", "answer": "a\#($0)"}"# }.joined(separator: ", ")
    try sandbox.writeQuestions(#"[{"title": "Deck", "questions": [\#(questions)]}]"#)
    var generator = SeededGenerator(seed: seed)
    let curve = SBDCurve<Double>(sbdParameters)
    let fsrs = FSRSScheduler()
    var records: [(time: Int64, line: String)] = []
    let day: Int64 = 86_400_000
    let start: Int64 = 1_780_000_000_000
    for question in 0..<count {
      var time = start + Int64(question % 30) * day
      var state: SBDState<Double>?
      var memory: MemoryState?
      var last = time
      for _ in 0..<reviews {
        let elapsed = Double(time - last) / Double(day)
        let recall: Double
        if sbd {
          recall = state.map { curve.recall(elapsed, $0) } ?? 0.5
        } else {
          recall =
            memory.map { fsrs.retrievability(elapsedDays: (elapsed).rounded(.down), stability: $0.stability) } ?? 0.5
        }
        let correct = generator.unit() < recall
        let rating = correct ? 3 : 1
        records.append(
          (time, "\(time)\tDeck\t\tq\(question)\tq\(question)\t\(correct ? "a" : "x")\t\(rating)\t4000"))
        if sbd {
          state =
            state.map { curve.next($0, recall: recall, rating: Double(rating)) }
            ?? curve.initial(rating: Double(rating))
        }
        memory = fsrs.review(
          memory, rating: correct ? .good : .again, at: Timestamp(rawValue: time), day: Int(time / day), fuzz: nil)
        last = time
        if generator.unit() < 0.35 {
          time += Int64(1 + generator.next(below: 8)) * 3_600_000
        } else {
          let retention = 0.6 + 0.35 * generator.unit()
          let days =
            sbd
            ? state.map { curve.interval(desiredRetention: retention, $0) } ?? 1
            : Double(FSRSScheduler(desiredRetention: retention).nextInterval(stability: memory?.stability ?? 1))
          time += Int64(max(1, min(days, 30)).rounded()) * day
        }
      }
    }
    try sandbox.writeOwnHistory(
      records.sorted(by: { $0.time < $1.time }).enumerated().map { "answer\t\($0 + 1)\t\($1.line)" })
    sandbox.environment["MEMOQUIZ_NOW"] = "2027-06-01T09:00:00Z"
    sandbox.environment["TZ"] = "UTC"
    return sandbox
  }
}

/// FSRS-6's published parameters, as the history writes them.
enum FSRSPublished {
  static let values = [
    0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629,
    1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
  ]
}
