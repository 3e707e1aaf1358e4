import Foundation

/// The data folder the exam goal tests share, and the times they run at.
enum ExamFolder {
  /// A sandbox holding G (30 numbered questions, `q0` answered `a0` and on)
  /// and H (2: `h0` and `h1`, answered `b0` and `b1`).
  /// - Parameter environment: variables every run in it gets besides.
  static func make(environment: [String: String] = [:]) throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 30)
    var text = try String(contentsOf: sandbox.questionsFile, encoding: .utf8)
    text.removeLast()
    text += #", {"title": "H", "questions": [{"prompt": "h0", "answer": "b0"}, {"prompt": "h1", "answer": "b1"}]}]"#
    try sandbox.writeQuestions(text)
    sandbox.environment.merge(environment) { $1 }
    return sandbox
  }

  /// `MEMOQUIZ_NOW` on December `day` (`"01"`) of 2026 at `hour` UTC.
  static func at(_ day: String, _ hour: String = "10") -> [String: String] {
    ["MEMOQUIZ_NOW": "2026-12-\(day)T\(hour):00:00Z"]
  }
}
