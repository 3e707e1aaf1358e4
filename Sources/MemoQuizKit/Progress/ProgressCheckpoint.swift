/// A memento of ``Progress`` at a point in the history, so that start-up
/// reads only the records after it instead of replaying years of answers.
///
/// It is derived data, written durably off the answer path; when it is
/// missing, damaged or belongs to another history file, the history is
/// replayed and nothing is lost. The text is ``RecordLine``s: a header, then
/// each group followed by its questions and its round.
struct ProgressCheckpoint: Equatable, Sendable {
  static let version = 2
  private static let magic = "memoquiz checkpoint"
  private static let questionPrefix = Array("question\t".utf8)

  var progress: Progress
  /// The history file's token and the offset the progress covers.
  var historyToken: String
  var historyEnd: Int

  /// A checkpoint that cannot be read.
  struct Damaged: Error {}
  /// A checkpoint written by a newer memoquiz.
  struct Newer: Error {
    let version: Int
  }
  /// A checkpoint of an older format: the history is replayed instead.
  struct Older: Error {}

  func encoded() -> [UInt8] {
    var text = Array("\(Self.magic) \(Self.version)\n".utf8)
    RecordLine.append(
      [
        "history", historyToken, String(historyEnd), String(progress.nextStepID), String(progress.nextRoundID),
        progress.hasBaseline ? "1" : "0",
      ], to: &text)
    RecordLine.append(["undone"] + progress.undone.map(String.init), to: &text)
    for (title, group) in progress.groups {
      RecordLine.append(
        [
          "group", title, String(group.answerScore.correctCount), String(group.answerScore.incorrectCount),
          group.baseline.map { String($0.correctCount) } ?? "", group.baseline.map { String($0.incorrectCount) } ?? "",
          group.isReset ? "1" : "0", String(group.lastReset), group.lastPlayed.map { String($0.rawValue) } ?? "",
          String(group.finishingStep), String(group.questions.count),
        ], to: &text)
      for (key, memory) in group.questions {
        RecordLine.append(Self.questionFields(key: key, memory: memory), to: &text)
      }
      for (slot, activity) in group.activity.sorted(by: { $0.key < $1.key }) {
        RecordLine.append(
          [
            "activity", String(slot), String(activity.answers), String(activity.correct),
            String(activity.dueAnswers), String(activity.dueCorrect),
          ], to: &text)
      }
      if let round = group.round {
        RecordLine.append(
          [
            "round", String(round.id), round.strategy, String(round.seed), String(round.startedAt.rawValue),
            round.repeatsMissed ? "1" : "0", String(round.skipped),
          ] + round.plan, to: &text)
        for answer in round.answers {
          RecordLine.append(["answer", String(answer.step), answer.isCorrect ? "1" : "0", answer.question], to: &text)
        }
      }
    }
    return text
  }

  /// Reads a checkpoint.
  /// - Throws: ``Damaged`` or ``Newer``.
  init(bytes: [UInt8]) throws {
    // The last line must be whole.
    guard bytes.last == 10, let headerEnd = bytes.firstIndex(of: 10) else { throw Damaged() }
    guard let header = String(validating: bytes[..<headerEnd], as: UTF8.self),
      header.hasPrefix(Self.magic + " "), let version = Int(header.dropFirst(Self.magic.count + 1))
    else { throw Damaged() }
    guard version <= Self.version else { throw Newer(version: version) }
    guard version == Self.version else { throw Older() }
    do throws(RecordFields.Malformed) {
      var progress = Progress()
      var token = ""
      var end = 0
      var title: String?
      var start = headerEnd + 1
      while start < bytes.count, let lineEnd = bytes[start...].firstIndex(of: 10) {
        let line = bytes[start..<lineEnd]
        start = lineEnd + 1
        if line.starts(with: Self.questionPrefix) {
          guard let title, let (key, memory) = line.withUnsafeBufferPointer(Self.question) else {
            throw RecordFields.Malformed()
          }
          progress.groups[title]?.questions[key] = memory
          continue
        }
        guard let list = RecordLine.fields(line) else { throw RecordFields.Malformed() }
        var fields = RecordFields(list)
        switch try fields.text() {
        case "history":
          token = try fields.text()
          end = try fields.count()
          progress.nextStepID = try fields.count()
          progress.nextRoundID = try fields.count()
          progress.hasBaseline = try fields.flag()
        case "undone":
          progress.undone = try fields.rest().map { text throws(RecordFields.Malformed) in
            guard let id = Int(text) else { throw RecordFields.Malformed() }
            return id
          }
        case "group":
          let name = try fields.text()
          var group = GroupProgress()
          group.answerScore = Score(correctCount: try fields.count(), incorrectCount: try fields.count())
          let baselineCorrect = try fields.optionalCount()
          let baselineIncorrect = try fields.optionalCount()
          if let baselineCorrect, let baselineIncorrect {
            group.baseline = Score(correctCount: baselineCorrect, incorrectCount: baselineIncorrect)
          }
          group.isReset = try fields.flag()
          group.lastReset = try fields.count()
          group.lastPlayed = try fields.optionalTimestamp()
          group.finishingStep = try fields.count()
          // Room for every question at once: no growing on the way.
          group.questions.reserveCapacity(min(try fields.count(), bytes.count / 16))
          progress.groups[name] = group
          title = name
        case "round":
          guard let title else { throw RecordFields.Malformed() }
          let start = RoundStart(
            round: try fields.count(), time: Timestamp(rawValue: 0), group: title, strategy: try fields.text(),
            seed: try fields.unsigned(), repeatsMissed: false, skipped: 0, plan: [])
          var round = RoundMemento(start)
          round.startedAt = try fields.timestamp()
          round.repeatsMissed = try fields.flag()
          round.skipped = try fields.count()
          round.plan = fields.rest()
          progress.groups[title]?.round = round
        case "activity":
          guard let title, progress.groups[title] != nil else { throw RecordFields.Malformed() }
          let slot = Int64(try fields.integer())
          progress.groups[title]?.activity[slot] = Activity(
            answers: try fields.count(), correct: try fields.count(), dueAnswers: try fields.count(),
            dueCorrect: try fields.count())
        case "answer":
          guard let title, progress.groups[title]?.round != nil else { throw RecordFields.Malformed() }
          let step = try fields.count()
          let isCorrect = try fields.flag()
          let answer = RoundMemento.Answer(step: step, question: try fields.text(), isCorrect: isCorrect)
          progress.groups[title]?.round?.answers.append(answer)
        default:
          throw RecordFields.Malformed()
        }
        guard fields.isAtEnd else { throw RecordFields.Malformed() }
      }
      guard !token.isEmpty else { throw RecordFields.Malformed() }
      self.progress = progress
      historyToken = token
      historyEnd = end
    } catch {
      throw Damaged()
    }
  }

  init(progress: Progress, historyToken: String, historyEnd: Int) {
    self.progress = progress
    self.historyToken = historyToken
    self.historyEnd = historyEnd
  }
}
