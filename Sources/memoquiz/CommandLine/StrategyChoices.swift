import MemoQuizKit

/// The orders a round can take, as the library lists them.
enum StrategyChoices {
  static var choices: [ValueChoice] {
    QuestionStrategies.all.map { ValueChoice(name: $0.name, help: $0.summary) }
  }
}
