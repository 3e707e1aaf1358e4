import Foundation
import Testing

/// `memoquiz exam`: goals as steps, what `today` says of them, and reviews
/// kept before the date while recall on it would fall short.
@Suite struct ExamGoalTests {
  /// Answers every question of G right, in order, on each of `days`.
  private static func practise(_ sandbox: MemoQuizSandbox, on days: [String]) throws {
    let answers = (0..<30).map { "a\($0)\n" }.joined()
    for day in days {
      let result = try sandbox.run(
        ["play", "G", "--strategy", "sequential"], input: answers, environment: ExamFolder.at(day))
      #expect(result.status == 0, "\(result.stderr)")
    }
  }

  /// The reviews due on each of the 14 days from `day`, by date.
  private static func forecast(_ sandbox: MemoQuizSandbox, from day: String) throws -> [String: Int] {
    let result = try sandbox.run(["stats", "--json"], environment: ExamFolder.at(day, "12"))
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    var due: [String: Int] = [:]
    for entry in object?["forecast"] as? [[String: Any]] ?? [] {
      if let date = entry["date"] as? String, let count = entry["due"] as? Int, count > 0 { due[date] = count }
    }
    return due
  }

  @Test func aGoalIsAStepThatUndoTakesBackAndClearEnds() throws {
    let sandbox = try ExamFolder.make()
    #expect(
      try sandbox.run(["exam"], environment: ExamFolder.at("01")).stdout
        == "No exam goal is set (`memoquiz exam GROUP --on DATE` sets one).\n")
    let set = try sandbox.run(["exam", "G", "--on", "2026-12-20"], environment: ExamFolder.at("01"))
    #expect(set.status == 0, "\(set.stderr)")
    #expect(
      set.stdout
        == "Exam goal set: G on 2026-12-20, predicted recall at least 0.90 (`memoquiz undo` takes it back).\n"
        + "Exam in 19 days (2026-12-20): predicted recall 0.00 over 30 questions; 2 new a day to meet it "
        + "(30 not yet answered, 2 more today, beyond new-per-day if need be)\n")
    let both = try sandbox.run(
      ["exam", "G", "H", "--on", "2026-12-24", "--retention", "0.95"], environment: ExamFolder.at("01"))
    #expect(both.status == 0, "\(both.stderr)")
    let history = try sandbox.run(["history", "--json"], environment: ExamFolder.at("01"))
    let steps = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]] ?? []
    #expect(steps.map { $0["kind"] as? String } == ["exam", "exam"])
    #expect(steps.map { $0["group"] as? String } == [nil, "G"] || steps.map { $0["group"] as? String } == ["G", nil])
    #expect(try sandbox.run(["undo"], environment: ExamFolder.at("01")).status == 0)
    let listed = try sandbox.run(["exam"], environment: ExamFolder.at("01")).stdout
    #expect(listed.hasPrefix("G: Exam in 19 days (2026-12-20)"), "\(listed)")
    #expect(!listed.contains("2026-12-24"))
    let cleared = try sandbox.run(["exam", "--clear", "G"], environment: ExamFolder.at("01"))
    #expect(cleared.stdout == "Ended the exam goal of G (`memoquiz undo` takes it back).\n")
    #expect(try sandbox.run(["exam"], environment: ExamFolder.at("01")).stdout.hasPrefix("No exam goal is set"))
    #expect(try sandbox.run(["undo"], environment: ExamFolder.at("01")).status == 0)
    #expect(try sandbox.run(["exam"], environment: ExamFolder.at("01")).stdout.hasPrefix("G: Exam in 19 days"))
  }

  @Test func aGoalWhoseGroupIsRenamedByHandSaysSoAndClearStillEndsIt() throws {
    let sandbox = try ExamFolder.make()
    try sandbox.run(["exam", "H", "--on", "2026-12-20"], environment: ExamFolder.at("01"))
    // Renamed in the questions file by hand, not through `memoquiz edit`.
    let text = try String(contentsOf: sandbox.questionsFile, encoding: .utf8)
    try sandbox.writeQuestions(text.replacingOccurrences(of: #""title": "H""#, with: #""title": "H two""#))
    let gone =
      "Exam in 19 days (2026-12-20): predicted recall 0.00 over 0 questions; no group is called H now: "
      + "`memoquiz exam --clear H` ends the goal"
    #expect(try sandbox.run(["exam"], environment: ExamFolder.at("01")).stdout == "H: \(gone) (aiming at 0.90)\n")
    let today = try sandbox.run(["today"], environment: ExamFolder.at("01")).stdout
    #expect(today.hasSuffix(gone + "\n"), "\(today)")
    let json = try sandbox.run(["today", "--json"], environment: ExamFolder.at("01")).stdout
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let exams = object?["exams"] as? [[String: Any]] ?? []
    #expect(exams.count == 1 && exams.first?["missing"] as? [String] == ["H"], "\(json)")
    let cleared = try sandbox.run(["exam", "--clear", "h"], environment: ExamFolder.at("01"))
    #expect(cleared.status == 0, "\(cleared.stderr)")
    #expect(cleared.stdout == "Ended the exam goal of H (`memoquiz undo` takes it back).\n")
    #expect(try sandbox.run(["exam"], environment: ExamFolder.at("01")).stdout.hasPrefix("No exam goal is set"))
    // A name neither a group nor a goal has is still an error.
    let unknown = try sandbox.run(["exam", "--clear", "K"], environment: ExamFolder.at("01"))
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains(#"no group is called "K""#), "\(unknown.stderr)")
  }

  @Test(arguments: [
    (["exam", "G", "--on", "2026-12-20", "--retention", "0.5"], "--retention takes a number from 0.70 to 0.99"),
    (["exam", "G", "--on", "2026-12-20", "--retention", "1"], "--retention takes a number from 0.70 to 0.99"),
    (["exam", "G", "--on", "2026-02-30"], "--on takes a date written YYYY-MM-DD"),
    (["exam", "G", "--on", "2026-11-30"], "the exam's date must be after today"),
    (["exam", "G"], "a goal needs its date"),
  ])
  func badGoalsAreUsageErrors(_ arguments: [String], _ message: String) throws {
    let sandbox = try ExamFolder.make()
    let result = try sandbox.run(arguments, environment: ExamFolder.at("01"))
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test func todayShowsEachGoalAndItsJSON() throws {
    let sandbox = try ExamFolder.make()
    try sandbox.run(["exam", "G", "--on", "2026-12-20", "--retention", "0.95"], environment: ExamFolder.at("01"))
    try Self.practise(sandbox, on: ["01"])
    let today = try sandbox.run(["today"], environment: ExamFolder.at("02"))
    #expect(today.stdout.contains("Exam in 18 days (2026-12-20): predicted recall 0."), "\(today.stdout)")
    #expect(today.stdout.contains("over 30 questions"), "\(today.stdout)")
    let json = try sandbox.run(["today", "--json"], environment: ExamFolder.at("02"))
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let exams = object?["exams"] as? [[String: Any]] ?? []
    #expect(exams.count == 1)
    #expect(exams.first?["groups"] as? [String] == ["G"])
    #expect(exams.first?["date"] as? String == "2026-12-20")
    #expect(exams.first?["retention"] as? Double == 0.95)
    #expect(exams.first?["questions"] as? Int == 30)
    #expect(exams.first?["missing"] == nil, "every group of the goal is there")
    let predicted = exams.first?["predicted"] as? Double ?? 0
    #expect(predicted > 0.3 && predicted < 0.95, "\(predicted)")
    let none = try sandbox.run(["today", "--json"], environment: ExamFolder.at("21"))
    let later = try JSONSerialization.jsonObject(with: Data(none.stdout.utf8)) as? [String: Any]
    #expect((later?["exams"] as? [Any])?.isEmpty == true, "a goal past its date is shown no more")
  }

  @Test func reviewsStayBeforeTheDateAndEndingTheGoalMovesNoDueDay() throws {
    let plain = try ExamFolder.make()
    try Self.practise(plain, on: ["01", "03", "06"])
    let withoutGoal = try Self.forecast(plain, from: "06")
    #expect(withoutGoal.values.reduce(0, +) < 30, "without a goal, reviews fall past the fortnight: \(withoutGoal)")
    let goal = try ExamFolder.make()
    try goal.run(["exam", "G", "--on", "2026-12-20", "--retention", "0.97"], environment: ExamFolder.at("01"))
    try Self.practise(goal, on: ["01", "03", "06"])
    let withGoal = try Self.forecast(goal, from: "06")
    #expect(withGoal.values.reduce(0, +) == 30, "every review before the date: \(withGoal)")
    #expect(withGoal.keys.allSatisfy { $0 < "2026-12-20" }, "\(withGoal)")
    #expect(withGoal.values.allSatisfy { $0 < 30 }, "spread, not piled on one day: \(withGoal)")
    try goal.run(["exam", "--clear", "G"], environment: ExamFolder.at("06", "13"))
    #expect(try Self.forecast(goal, from: "06") == withGoal)
  }

  @Test func aGoalThatCannotBeMetSaysWhatItWouldTake() throws {
    let sandbox = try ExamFolder.make()
    try sandbox.run(["exam", "G", "--on", "2026-12-02"], environment: ExamFolder.at("01"))
    let today = try sandbox.run(["today"], environment: ExamFolder.at("01"))
    #expect(
      today.stdout.contains(
        "Exam in 1 day (2026-12-02): predicted recall 0.00 over 30 questions; the date cannot be met: 30 questions "
          + "never answered need answers on two learner days before it and 1 is left; it would take 60 answers "
          + "today"), "\(today.stdout)")
  }

  @Test func aGoalTakesTheNewQuestionsItNeedsBeyondTheDailyCap() throws {
    let sandbox = try ExamFolder.make()
    try sandbox.run(["config", "new-per-day", "1"], environment: ExamFolder.at("01"))
    try sandbox.run(["exam", "G", "--on", "2026-12-16"], environment: ExamFolder.at("01"))
    let answers = (0..<30).map { "a\($0)\n" }.joined()
    let review = try sandbox.run(["review"], input: answers, environment: ExamFolder.at("01"))
    #expect(review.stdout.hasPrefix("Today's review: 3 questions from 1 group\n"), "\(review.stdout)")
    let listed = try sandbox.run(["exam"], environment: ExamFolder.at("01"))
    #expect(listed.stdout.contains("(27 not yet answered, 0 more today"), "\(listed.stdout)")
    let round = try sandbox.run(
      ["play", "G", "--strategy", "review"], input: answers, environment: ExamFolder.at("02"))
    #expect(round.stdout.contains("G: 3 questions, review order"), "\(round.stdout)")
  }
}
