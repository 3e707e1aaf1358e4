import Foundation
import Testing

/// An exam goal's final sweep: each question's last review before the date
/// falls in the goal's last days, spread over them, and the reviews well
/// before the date come later, so that the sweep costs about the answers of
/// plain review.
@Suite struct ExamSweepTests {
  private static func at(_ day: Int, _ hour: Int = 10) -> [String: String] {
    ["MEMOQUIZ_NOW": "2026-12-\(day < 10 ? "0" : "")\(day)T\(hour < 10 ? "0" : "")\(hour):00:00Z"]
  }

  /// A folder of G: 40 questions whose answers are all `a`, so that any
  /// order of review is answered right.
  private static func folder() throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    let items = (0..<40).map { #"{"prompt": "g\#($0)", "answer": "a"}"# }.joined(separator: ", ")
    try sandbox.writeQuestions(#"[{"title": "G", "questions": [\#(items)]}]"#)
    sandbox.environment["TZ"] = "UTC"
    return sandbox
  }

  /// Reviews what `review` offers on each day of December from the 1st to
  /// `last`, every answer right; returns the days each question was
  /// answered on.
  private static func study(_ sandbox: MemoQuizSandbox, through last: Int) throws -> [String: [Int]] {
    for day in 1...last {
      let review = try sandbox.run(["review"], input: String(repeating: "a\n", count: 80), environment: at(day))
      #expect(review.status == 0, "\(review.stderr)")
    }
    let history = try sandbox.run(["history", "--json"], environment: at(last, 23))
    let steps = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]] ?? []
    var days: [String: [Int]] = [:]
    for step in steps where step["kind"] as? String == "answer" {
      guard let prompt = step["prompt"] as? String, let time = step["time"] as? String,
        let day = Int(time.dropFirst(8).prefix(2))
      else { continue }
      days[prompt, default: []].append(day)
    }
    return days
  }

  @Test func eachQuestionsLastReviewFallsInTheLastDaysSpreadOverThem() throws {
    let plain = try Self.study(Self.folder(), through: 21)
    let goal = try Self.folder()
    let set = try goal.run(["exam", "G", "--on", "2026-12-22"], environment: Self.at(1, 9))
    #expect(set.status == 0, "\(set.stderr)")
    let aimed = try Self.study(goal, through: 21)
    #expect(aimed.count == 40 && plain.count == 40)
    let lastWithGoal = aimed.mapValues { $0.max() ?? 0 }
    let lastWithout = plain.mapValues { $0.max() ?? 0 }
    // Without the goal, some questions are last seen well before the date.
    #expect(lastWithout.values.contains { $0 < 19 }, "\(lastWithout.values.sorted())")
    // With it, every one is seen again in the three days before it...
    #expect(lastWithGoal.values.allSatisfy { (19...21).contains($0) }, "\(lastWithGoal.values.sorted())")
    // ...spread over them rather than piled on the last one.
    let byDay = Dictionary(grouping: lastWithGoal.values, by: { $0 }).mapValues(\.count)
    #expect((19...21).allSatisfy { byDay[$0, default: 0] <= 20 }, "\(byDay)")
    // For about the answers of plain review.
    let answers = (goal: aimed.values.map(\.count).reduce(0, +), plain: plain.values.map(\.count).reduce(0, +))
    #expect(Double(answers.goal) <= Double(answers.plain) * 1.1, "\(answers)")
  }
}
