import Foundation
import Testing

/// A group renamed by `edit` keeps its own settings (`config --group`) and
/// the exam goals that name it, as it keeps its scores: the folder then
/// behaves as if it had always had the new title.
@Suite struct RenamedGroupSettingsTests {
  /// G with a new-per-day and a desired retention of its own, and an exam
  /// goal of G and H, all set on December 1st.
  private static func folder() throws -> MemoQuizSandbox {
    let sandbox = try ExamFolder.make()
    for arguments in [
      ["config", "load-balance", "off"], ["config", "--group", "G", "new-per-day", "4"],
      ["config", "--group", "G", "desired-retention", "0.80"], ["exam", "G", "H", "--on", "2026-12-24"],
    ] {
      let result = try sandbox.run(arguments, environment: ExamFolder.at("01"))
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    return sandbox
  }

  /// Renames G to `title` with `edit`, on December `day`.
  private static func rename(_ sandbox: MemoQuizSandbox, to title: String, on day: String) throws {
    let result = try edit(sandbox, #"s/"title": "G"/"title": "\#(title)"/"#, on: day)
    #expect(result.stdout.contains("G is now \(title): its scores, memory and round follow it."), "\(result.stdout)")
  }

  /// Edits the questions with `sed` expression `expression`, on December `day`.
  @discardableResult
  private static func edit(_ sandbox: MemoQuizSandbox, _ expression: String, on day: String) throws
    -> MemoQuizResult
  {
    let script = sandbox.folder.appendingPathComponent("editor.sh")
    try Data("sed -i '\(expression)' \"$1\"\n".utf8).write(to: script)
    var environment = ExamFolder.at(day, "11")
    environment["EDITOR"] = "sh \(script.path)"
    environment["VISUAL"] = ""
    let result = try sandbox.run(["edit"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    return result
  }

  /// Answers all of G's questions (whatever it is called now) right, in order.
  private static func practise(_ sandbox: MemoQuizSandbox, _ title: String, on day: String) throws {
    let result = try sandbox.run(
      ["play", title, "--strategy", "sequential"], input: (0..<30).map { "a\($0)\n" }.joined(),
      environment: ExamFolder.at(day))
    #expect(result.status == 0, "\(result.stderr)")
  }

  /// What the views say of the folder on December `day`, with `title`
  /// written G: `config --group`, `today --json` and each card's due day.
  private static func views(_ sandbox: MemoQuizSandbox, _ title: String, on day: String) throws -> [String] {
    let config = try sandbox.run(["config", "--group", title], environment: ExamFolder.at(day)).stdout
    let today = try sandbox.run(["today", "--json"], environment: ExamFolder.at(day)).stdout
    let scores = try sandbox.run(["scores", "--json"], environment: ExamFolder.at(day))
    let group = try MemoQuizSandbox.scores(in: scores)[title]
    let due = (group?["questions"] as? [[String: Any]] ?? []).map { "\($0["due"] ?? "-")" }
    return [config, today.replacingOccurrences(of: "\"\(title)\"", with: "\"G\""), due.joined(separator: " ")]
  }

  @Test func aRenamedGroupKeepsItsOwnSettingsAndExamGoalInEveryViewAndReview() throws {
    let kept = try Self.folder()
    let renamed = try Self.folder()
    for sandbox in [kept, renamed] { try Self.practise(sandbox, "G", on: "01") }
    try Self.rename(renamed, to: "Kana", on: "03")
    #expect(
      try renamed.run(["config", "--group", "Kana"], environment: ExamFolder.at("03")).stdout
        == "new-per-day        4  (folder 20)\ndesired-retention  0.80  (folder 0.90)\n")
    #expect(
      try renamed.run(["config", "--group", "Kana", "new-per-day"], environment: ExamFolder.at("03")).stdout == "4\n")
    let exams = try renamed.run(["exam"], environment: ExamFolder.at("03")).stdout
    #expect(exams.hasPrefix("Kana, H: Exam in 21 days (2026-12-24)"), "\(exams)")
    // The reviews given under the old title keep their due days, replayed too.
    let before = try Self.views(kept, "G", on: "03")
    #expect(try Self.views(renamed, "Kana", on: "03") == before)
    try FileManager.default.removeItem(at: renamed.folder.appendingPathComponent("local"))
    #expect(try Self.views(renamed, "Kana", on: "03") == before)
    // Reviews under the new title are scheduled with the group's retention
    // and the goal, as they would have been under the old one.
    try Self.practise(kept, "G", on: "12")
    try Self.practise(renamed, "Kana", on: "12")
    let expected = try Self.views(kept, "G", on: "13")
    #expect(expected[0] != "G has the whole folder's settings.\n")
    #expect(try Self.views(renamed, "Kana", on: "13") == expected)
    // A full replay agrees with the checkpoint.
    try FileManager.default.removeItem(at: renamed.folder.appendingPathComponent("local"))
    #expect(try Self.views(renamed, "Kana", on: "13") == expected)
  }

  @Test func undoingTheRenameMovesTheSettingsBackAndLaterStepsUnderTheNewTitleWin() throws {
    let sandbox = try Self.folder()
    try Self.rename(sandbox, to: "Kana", on: "02")
    #expect(try sandbox.run(["undo"], environment: ExamFolder.at("02")).status == 0)
    #expect(
      try sandbox.run(["config", "--group", "G"], environment: ExamFolder.at("02")).stdout
        == "new-per-day        4  (folder 20)\ndesired-retention  0.80  (folder 0.90)\n")
    #expect(try sandbox.run(["exam"], environment: ExamFolder.at("02")).stdout.hasPrefix("G, H: Exam in 22 days"))
    #expect(try sandbox.run(["redo"], environment: ExamFolder.at("02")).status == 0)
    let set = try sandbox.run(["config", "--group", "Kana", "new-per-day", "6"], environment: ExamFolder.at("02"))
    #expect(set.stdout == "new-per-day of Kana is now 6 (`memoquiz undo` takes it back).\n", "\(set.stderr)")
    #expect(
      try sandbox.run(["config", "--group", "Kana"], environment: ExamFolder.at("02")).stdout
        == "new-per-day        6  (folder 20)\ndesired-retention  0.80  (folder 0.90)\n")
    let cleared = try sandbox.run(["exam", "--clear", "Kana"], environment: ExamFolder.at("02"))
    #expect(cleared.stdout == "Ended the exam goal of Kana (`memoquiz undo` takes it back).\n", "\(cleared.stderr)")
    try FileManager.default.removeItem(at: sandbox.folder.appendingPathComponent("local"))
    #expect(try sandbox.run(["exam"], environment: ExamFolder.at("02")).stdout.hasPrefix("No exam goal is set"))
    #expect(try sandbox.run(["undo"], environment: ExamFolder.at("02")).status == 0)
    #expect(try sandbox.run(["exam"], environment: ExamFolder.at("02")).stdout.hasPrefix("Kana, H: Exam in 22 days"))
  }

  @Test func aNewTitleWithSettingsOfItsOwnKeepsThem() throws {
    let sandbox = try Self.folder()
    try sandbox.run(["config", "--group", "H", "new-per-day", "1"], environment: ExamFolder.at("01"))
    // H goes, with its setting left in the history; then G takes its title.
    try Self.edit(sandbox, #"s/, {"title": "H", "questions": \[[^]]*\]}//"#, on: "02")
    try Self.rename(sandbox, to: "H", on: "03")
    #expect(
      try sandbox.run(["config", "--group", "H"], environment: ExamFolder.at("03")).stdout
        == "new-per-day        1  (folder 20)\ndesired-retention  0.80  (folder 0.90)\n")
    #expect(try sandbox.run(["exam"], environment: ExamFolder.at("03")).stdout.hasPrefix("H: Exam in 21 days"))
  }
}
