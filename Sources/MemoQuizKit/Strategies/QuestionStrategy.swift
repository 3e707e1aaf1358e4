/// Decides the order in which a round asks a group's questions.
///
/// A strategy is a pure function of the question count and a seed, so a
/// round can be resumed in exactly the same order from its memento. To add a
/// strategy, write one conforming type and list it in ``QuestionStrategies``.
public protocol QuestionStrategy: Sendable {
  /// The name users type after `--strategy`, such as "random".
  var name: String { get }
  /// A few words for menus and help.
  var summary: String { get }
  /// The order of a round: every index in `0..<questionCount` exactly once.
  func order(questionCount: Int, seed: UInt64) -> [Int]
}

/// The strategies memoquiz offers.
public enum QuestionStrategies {
  /// Every strategy, the default first.
  public static let all: [any QuestionStrategy] = [RandomQuestionStrategy(), SequentialQuestionStrategy()]

  /// The strategy used when none is named.
  public static var standard: any QuestionStrategy { all[0] }

  /// The strategy called `name`, ignoring case.
  public static func named(_ name: String) -> (any QuestionStrategy)? {
    all.first { $0.name == name.lowercased() }
  }

  /// The names, for messages: "random, sequential".
  public static var names: String { all.map(\.name).joined(separator: ", ") }
}
