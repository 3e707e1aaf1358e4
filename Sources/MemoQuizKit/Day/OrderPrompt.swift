/// The question of the order of a new round, asked on a terminal.
///
/// The choices keep their numbers whatever is due, `1 random, 2 sequential,
/// 3 review`; Enter takes review when some questions are due, else the
/// standard order; `q` leaves.
struct OrderPrompt {
  let terminal: any Terminal

  /// Asks for the order.
  /// - Parameter due: how many of the group's questions are due now.
  /// - Returns: the strategy, or `nil` when the person left or input ended.
  func ask(due: Int) -> (any QuestionStrategy)? {
    let strategies = QuestionStrategies.all
    let review = strategies.first { $0.repeatsMissed }
    if due > 0 {
      terminal.write("\(due) \(due == 1 ? "question is" : "questions are") due for review.\n")
    }
    let standard = due > 0 ? (review ?? QuestionStrategies.standard) : QuestionStrategies.standard
    let options = strategies.enumerated().map { "\($0.offset + 1) \($0.element.name)" }.joined(separator: ", ")
    while true {
      terminal.write("Order (\(options); Enter for \(standard.name), q to quit): ")
      let input = terminal.readLine()
      if input == .tooLong { continue }
      guard case .line(let line) = input else { return nil }
      let answer = line.trimmingWhitespace.lowercased()
      if answer.isEmpty { return standard }
      if answer == "q" || answer == ":quit" || answer == "quit" { return nil }
      if let number = Int(answer), strategies.indices.contains(number - 1) { return strategies[number - 1] }
      if let strategy = QuestionStrategies.named(answer) { return strategy }
      terminal.write("Please type 1 to \(strategies.count) or a name: \(QuestionStrategies.names).\n")
    }
  }
}
