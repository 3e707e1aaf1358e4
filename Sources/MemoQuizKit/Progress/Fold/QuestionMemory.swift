/// What memoquiz remembers of one question: its counts and its FSRS memory.
///
/// It also keeps the state before the newest answer, so that taking back or
/// re-grading that answer (`:undo`, `:right`, `undo ID`) is exact without
/// replaying the history.
///
/// A card's memory is the fold of its inputs in merged order: its answers
/// (``review(_:at:day:step:question:scheduler:)``) and the due days kept
/// for it (``keep(dueDay:)``); a reset or a rename replaces it whole. Every
/// input goes through a method of this type, and each keeps what a replay
/// without the newest answer would give: the state before it and every
/// input since (``keptDay``). So ``takeBack(step:)`` and
/// ``regrade(step:as:question:scheduler:)`` take the same inputs as the
/// replay they stand for.
public struct QuestionMemory: Hashable, Sendable {
  /// The newest answer still in effect.
  struct LastAnswer: Hashable, Sendable {
    var step: StepID
    var rating: ReviewRating
    var time: Timestamp
    /// Its learner day, as the history records it.
    var day: Int
  }

  public internal(set) var correctCount = 0
  public internal(set) var incorrectCount = 0
  /// Answers graded Again after the question was first answered correctly
  /// (since the last reset), the same day included: a card with
  /// `leech-threshold` of them is a leech. An Again counts as a lapse
  /// exactly when a correct answer is in effect before it, so taking back
  /// or re-grading the newest answer needs nothing more than the counts.
  public internal(set) var lapses = 0
  /// The FSRS state, or `nil` for a question never answered.
  public private(set) var state: MemoryState?
  private(set) var lastAnswer: LastAnswer?
  /// The state before ``lastAnswer``.
  private(set) var previous: MemoryState?
  /// The due day kept for the card (an import's or an `optimize`'s
  /// ``KeptDueDays``) after ``lastAnswer``: a replay without that answer,
  /// or with it graded otherwise, keeps it all the same. `nil` when none
  /// came since, or when there is no newest answer to take back.
  private(set) var keptDay: Int?

  public init() {}

  /// A memory as a checkpoint holds it.
  init(
    correctCount: Int, incorrectCount: Int, state: MemoryState?, previous: MemoryState?, lastAnswer: LastAnswer?,
    keptDay: Int?
  ) {
    self.correctCount = correctCount
    self.incorrectCount = incorrectCount
    self.state = state
    self.previous = previous
    self.lastAnswer = lastAnswer
    self.keptDay = lastAnswer == nil ? nil : keptDay
  }

  /// Whether nothing is remembered: as if the question was never answered.
  var isEmpty: Bool { state == nil && correctCount == 0 && incorrectCount == 0 }

  /// Counts a review and moves the memory on.
  /// - Parameters:
  ///   - day: the answer's learner day, as the history records it.
  ///   - due: the due day the answer recorded (``AnswerStep/due``), for the
  ///     rating it was recorded with; `nil` lets fuzz draw it.
  mutating func review(
    _ rating: ReviewRating, at time: Timestamp, day: Int, step: StepID, question: String, scheduler: MemoryScheduler,
    due: Int? = nil
  ) {
    previous = state
    state = Self.schedule(
      previous, rating: rating, at: time, day: day, question: question, scheduler: scheduler, due: due)
    if !rating.isCorrect && correctCount > 0 { lapses.addSaturating(1) }
    if rating.isCorrect { correctCount.addSaturating(1) } else { incorrectCount.addSaturating(1) }
    lastAnswer = LastAnswer(step: step, rating: rating, time: time, day: day)
    keptDay = nil
  }

  /// Keeps `day` as the card's due day, by its interval from its last
  /// review's day, as an import or an `optimize` that keeps the due days
  /// does: its next review schedules it afresh. Nothing for a card never
  /// answered.
  mutating func keep(dueDay day: Int) {
    guard state != nil else { return }
    state = Self.keeping(day, in: state)
    keptDay = lastAnswer == nil ? nil : day
  }

  /// `state` with `day` kept as its due day, when there is one to keep.
  private static func keeping(_ day: Int?, in state: MemoryState?) -> MemoryState? {
    guard let day, var state else { return state }
    state.interval = min(max(0, LearnersDay.days(from: state.lastReviewDay, to: day)), 1_000_000)
    return state
  }

  /// Takes back the newest answer exactly: the state before it, with the
  /// due day kept since, as a replay without it gives.
  /// - Returns: `false` when `step` is not the newest answer in effect.
  mutating func takeBack(step: StepID) -> Bool {
    guard let last = lastAnswer, last.step == step else { return false }
    state = Self.keeping(keptDay, in: previous)
    previous = nil
    if !last.rating.isCorrect && correctCount > 0 { lapses -= 1 }
    if last.rating.isCorrect { correctCount -= 1 } else { incorrectCount -= 1 }
    lastAnswer = nil
    keptDay = nil
    return true
  }

  /// Grades the newest answer again, as `:right` does, with the due day
  /// kept since, as a replay gives.
  /// - Returns: `false` when `step` is not the newest answer in effect.
  mutating func regrade(step: StepID, as rating: ReviewRating, question: String, scheduler: MemoryScheduler) -> Bool {
    guard let last = lastAnswer, last.step == step else { return false }
    if last.rating.isCorrect != rating.isCorrect {
      if rating.isCorrect {
        if correctCount > 0 { lapses -= 1 }
        incorrectCount -= 1
        correctCount.addSaturating(1)
      } else {
        correctCount -= 1
        incorrectCount.addSaturating(1)
        if correctCount > 0 { lapses.addSaturating(1) }
      }
    }
    state = Self.keeping(
      keptDay,
      in: Self.schedule(
        previous, rating: rating, at: last.time, day: last.day, question: question, scheduler: scheduler))
    lastAnswer?.rating = rating
    return true
  }

  /// The state after a review: the due day recorded with it when it fits
  /// the fuzz range, else the one fuzz draws. A re-grade (`:right`) has
  /// none: the day was chosen for the rating first given.
  static func schedule(
    _ state: MemoryState?, rating: ReviewRating, at time: Timestamp, day: Int, question: String,
    scheduler: MemoryScheduler, due: Int? = nil
  ) -> MemoryState {
    scheduler.review(
      state, rating: rating, at: time, day: day, fuzz: fuzz(question, review: (state?.reviewCount ?? 0) + 1),
      chosen: due.map { LearnersDay.days(from: day, to: $0) })
  }

  /// The fuzz of a review, drawn from the question's identity and the
  /// number of the review, so that the same history always gives the same
  /// due time.
  static func fuzz(_ question: String, review: Int) -> Double {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in question.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01B3
    }
    var generator = SeededGenerator(seed: hash ^ UInt64(truncatingIfNeeded: review))
    return generator.unit()
  }
}

extension Int {
  /// Adds without trapping: a count that reaches the largest integer stays there.
  mutating func addSaturating(_ other: Int) {
    let (sum, overflow) = addingReportingOverflow(other)
    self = overflow ? (other > 0 ? .max : .min) : sum
  }
}
