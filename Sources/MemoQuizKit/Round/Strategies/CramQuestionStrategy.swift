/// The order of `memoquiz cram`: the questions chosen, shuffled by a seed,
/// each missed one asked again later in the round. Its answers are practice
/// (see ``Round/isPractice``): they leave the schedule alone.
///
/// It is not one of ``QuestionStrategies/all``: `play --strategy` does not
/// offer it, and a cram round is told from the others by its name.
public struct CramQuestionStrategy: QuestionStrategy {
  /// The name a cram round's start records.
  public static let strategyName = "cram"

  public let name = CramQuestionStrategy.strategyName
  public let summary = "practice that leaves the schedule alone"
  public var repeatsMissed: Bool { true }

  public init() {}

  public func plan(_ context: RoundPlanContext) -> [Int] {
    RandomQuestionStrategy().order(questionCount: context.cards.count, seed: context.seed)
  }
}

/// Which questions of the groups a cram round asks: every one, or those
/// that any of the filters given picks.
public struct CramSelection: Sendable, Equatable {
  /// `--leeches`: cards missed `leech-threshold` times after they were known.
  public var leeches = false
  /// `--missed-today`: questions answered Incorrect (not in practice) in
  /// today's learner day.
  public var missedToday = false
  /// `--flagged`: flagged questions.
  public var flagged = false

  public init(leeches: Bool = false, missedToday: Bool = false, flagged: Bool = false) {
    self.leeches = leeches
    self.missedToday = missedToday
    self.flagged = flagged
  }

  /// Whether no filter is given: every question of the groups is asked.
  public var isEverything: Bool { !leeches && !missedToday && !flagged }

  /// The filters given, as the command line names them.
  var names: [String] {
    [(leeches, "--leeches"), (missedToday, "--missed-today"), (flagged, "--flagged")].filter(\.0).map(\.1)
  }
}
