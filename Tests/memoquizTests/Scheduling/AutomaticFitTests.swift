import Foundation
import MemoQuizKit
import Testing

/// `memoquiz review` fits the scheduler by itself once enough reviews came:
/// it installs the fitted parameters only when they predict better on
/// reviews they were not fitted on, as a step `undo` takes back, and says
/// so once.
@Suite struct AutomaticFitTests {
  /// Seven reviews each: 1,225 answers, past the 1,000 that automatic
  /// fitting waits for (`AutomaticFit.minimumAnswers`), and no more, since
  /// a fit costs in proportion to the answers.
  private static let questionCount = 175

  /// A history of `questions` questions (175 unless a history needs more),
  /// seven reviews each, written as a machine's file. `recall` gives the learner's chance of recall from the review's
  /// index among all reviews in time order (0 to 1), the days since the
  /// last review and the memory's stability.
  private func sandbox(
    seed: UInt64, questions count: Int = questionCount, recall: (Double, Double, Double) -> Double
  ) throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    let questions = (0..<count).map { #"{"prompt": "q\#($0)", "answer": "a\#($0)"}"# }.joined(
      separator: ", ")
    try sandbox.writeQuestions(#"[{"title": "Deck", "questions": [\#(questions)]}]"#)
    var generator = SeededGenerator(seed: seed)
    let start: Int64 = 1_780_000_000_000
    let end = start + 400 * 86_400_000
    var records: [(time: Int64, line: String)] = []
    for question in 0..<count {
      var time = start + Int64(question % 20) * 86_400_000
      var interval = 1.0
      var stability = 0.6
      for _ in 0..<7 {
        let chance = recall(Double(time - start) / Double(end - start), interval, stability)
        let correct = Double(generator.next() >> 11) / Double(1 << 53) < chance
        records.append(
          (time, "\(time)\tDeck\t\tq\(question)\tq\(question)\t\(correct ? "a" : "x")\t\(correct ? 3 : 1)\t4000"))
        stability = correct ? stability * 2.2 : max(0.3, stability * 0.5)
        interval = max(1, stability * 0.8)
        time += Int64(interval * 86_400_000)
      }
    }
    try sandbox.writeOwnHistory(
      records.sorted(by: { $0.time < $1.time }).enumerated().map { "answer\t\($0 + 1)\t\($1.line)" })
    sandbox.environment["MEMOQUIZ_NOW"] = "2027-06-01T09:00:00Z"
    sandbox.environment["NO_COLOR"] = "1"
    return sandbox
  }

  /// A learner who forgets faster than the published parameters expect.
  private func fastForgetter(seed: UInt64) throws -> MemoQuizSandbox {
    try sandbox(seed: seed) { _, interval, stability in pow(0.9, interval / stability) }
  }

  private func report(_ sandbox: MemoQuizSandbox, _ arguments: [String]) throws -> [String: Any] {
    let result = try sandbox.run(arguments)
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  /// The scheduler's parameters in effect, read from the data folder as
  /// every command reads them (`optimize --dry-run` would fit them again
  /// only to print them as "current").
  private func parametersInUse(_ sandbox: MemoQuizSandbox) throws -> [Double] {
    var warnings: [String] = []
    let progress = try ProgressCaretaker(folder: DataFolder(path: sandbox.folder.path)) { warnings.append($0) }
    #expect(warnings.isEmpty, "\(warnings)")
    return progress.parameters.values
  }

  @Test func reviewInstallsBetterParametersSaysSoOnceAndUndoTakesThemBack() throws {
    let sandbox = try fastForgetter(seed: 2027)
    let defaults = try parametersInUse(sandbox)
    let scores = try sandbox.run(["scores", "--json"]).stdout
    let first = try sandbox.run(["review"], input: ":quit\n")
    #expect(first.status == 0, "\(first.stderr)")
    let said = first.stdout.split(separator: "\n").filter { $0.hasPrefix("The scheduler was fitted to your") }
    #expect(said.count == 1, "\(first.stdout)")
    #expect(said.first?.contains("`memoquiz undo` takes it back") == true)
    let fitted = try parametersInUse(sandbox)
    #expect(fitted != defaults, "the fitted parameters are in use")
    #expect(try sandbox.run(["history", "--limit", "1"]).stdout.contains("automatic optimize"))

    // Said once: the next review fits nothing and says nothing.
    let second = try sandbox.run(["review"], input: ":quit\n")
    #expect(second.status == 0, "\(second.stderr)")
    #expect(!second.stdout.contains("fitted"), "\(second.stdout)")
    #expect(try parametersInUse(sandbox) == fitted)

    let undo = try sandbox.run(["undo"])
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(undo.stdout.contains("automatic optimize"), "\(undo.stdout)")
    #expect(try parametersInUse(sandbox) == defaults, "undo goes back to the parameters before")
    #expect(try sandbox.run(["scores", "--json"]).stdout == scores, "and to the memory they give")
  }

  @Test func parametersThatPredictWorseOnLaterReviewsAreNotInstalled() throws {
    // A learner whose memory changes: every answer right for the first
    // fifth of the history, then forgetting fast. Fitted on the earlier reviews, the
    // parameters promise recall the later ones do not have.
    // 300 questions: on fewer, fitting on the earlier reviews predicts the
    // later ones no worse.
    let sandbox = try sandbox(seed: 7, questions: 300) { when, interval, stability in
      when < 0.2 ? 1 : pow(0.05, interval / stability)
    }
    let evaluation = try #require(
      try report(sandbox, ["optimize", "--evaluate", "--json"])["evaluation"] as? [String: Any])
    let heldOut = try #require((evaluation["fitted"] as? [String: Any])?["logLoss"] as? Double)
    let inUse = try #require((evaluation["current"] as? [String: Any])?["logLoss"] as? Double)
    try #require(heldOut >= inUse, "this history must be one that fitting predicts worse")
    let defaults = try parametersInUse(sandbox)
    let result = try sandbox.run(["review"], input: ":quit\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdout.contains("fitted"), "\(result.stdout)")
    #expect(try parametersInUse(sandbox) == defaults)
    #expect(!(try sandbox.run(["history", "--limit", "1"]).stdout.contains("optimize")))
  }

  @Test func theSettingTurnsItOff() throws {
    let sandbox = try fastForgetter(seed: 2027)
    let set = try sandbox.run(["config", "auto-optimize", "off"])
    #expect(set.status == 0, "\(set.stderr)")
    #expect(try sandbox.run(["config", "auto-optimize"]).stdout == "off\n")
    let defaults = try parametersInUse(sandbox)
    let result = try sandbox.run(["review"], input: ":quit\n")
    #expect(!result.stdout.contains("fitted"), "\(result.stdout)")
    #expect(try parametersInUse(sandbox) == defaults)
    let wrong = try sandbox.run(["config", "auto-optimize", "maybe"])
    #expect(wrong.status == 64)
    #expect(wrong.stderr.contains("on or off"), "\(wrong.stderr)")
  }
}
