/// A review that another program recorded, such as a line of Anki's review
/// log, brought in by an import as an answer at its own time.
public struct ImportedAnswer: Sendable, Hashable {
  /// Its identity in the program it came from: importing it again adds nothing.
  public var origin: String
  public var group: String
  /// The identity of the question it reviewed, which keys its memory.
  public var question: String
  public var prompt: String
  public var time: Timestamp
  public var rating: ReviewRating
  /// Seconds from the question being shown to the answer.
  public var seconds: Double
  /// The hour the other program's days start at, which gives the answer its
  /// learner day; `nil` for `day-starts-at`.
  public var hour: Int?
  /// For a card's last review, when the other program has it due next.
  public var due: AnkiReview.Due?

  public init(
    origin: String, group: String, question: String, prompt: String, time: Timestamp, rating: ReviewRating,
    seconds: Double, hour: Int? = nil, due: AnkiReview.Due? = nil
  ) {
    self.hour = hour
    self.due = due
    self.origin = origin
    self.group = group
    self.question = question
    self.prompt = prompt
    self.time = time
    self.rating = rating
    self.seconds = seconds
  }
}
