/// The wrong answers of a group's questions, as the history adds them up:
/// for each question, how often each text was typed (folded as the matcher
/// folds it). Which of them are another question's answer, the confusions
/// `stats` shows, is asked of the questions in use when they are shown, so
/// an edit of the questions changes the view and never the history.
///
/// Answers taken back, and answers `:right` counted as correct, are not
/// counted: like the rest of ``Progress`` this is a pure view of the steps in
/// effect, so undo and several machines need nothing more.
struct Mistakes: Hashable, Sendable {
  /// The newest answer of a question, when it was wrong: what taking back
  /// or re-grading that answer takes away, without a replay.
  struct Newest: Hashable, Sendable {
    var step: StepID
    var typed: String
  }

  /// Each question's wrong answers: the text typed, folded, and how often.
  var counts: [String: [String: Int]] = [:]
  /// The newest answer of each question whose newest answer was wrong.
  var newest: [String: Newest] = [:]

  var isEmpty: Bool { counts.isEmpty && newest.isEmpty }

  /// Counts an answer to `question`: a wrong one by what was typed.
  mutating func record(question: String, step: StepID, typed: String, correct: Bool) {
    guard !correct else {
      newest[question] = nil
      return
    }
    let folded = AnswerMatcher.normalized(typed)
    guard !folded.isEmpty else {
      newest[question] = nil
      return
    }
    counts[question, default: [:]][folded, default: 0].addSaturating(1)
    newest[question] = Newest(step: step, typed: folded)
  }

  /// Counts another question's answer typed for `question` under
  /// `config confusions retry`: no answer, so the newest answer stays.
  mutating func count(confusion typed: String, question: String) {
    let folded = AnswerMatcher.normalized(typed)
    guard !folded.isEmpty else { return }
    counts[question, default: [:]][folded, default: 0].addSaturating(1)
  }

  /// Takes away the newest answer to `question`, taken back or counted as
  /// correct; nothing when it was not a wrong one.
  mutating func takeBack(question: String, step: StepID) {
    guard let last = newest[question], last.step == step else { return }
    newest[question] = nil
    guard let count = counts[question]?[last.typed] else { return }
    if count > 1 {
      counts[question]?[last.typed] = count - 1
    } else {
      counts[question]?[last.typed] = nil
      if counts[question]?.isEmpty == true { counts[question] = nil }
    }
  }
}
