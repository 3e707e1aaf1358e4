@testable import MemoQuizKit

extension RoundMemento {
  /// The round as the history has it once its newest answer is taken back.
  var withoutLastAnswer: RoundMemento {
    var memento = self
    memento.answers.removeLast()
    return memento
  }

  /// The round as the history has it once its newest answer is put right.
  var withLastAnswerRight: RoundMemento {
    var memento = self
    memento.answers[memento.answers.count - 1].isCorrect = true
    return memento
  }
}
