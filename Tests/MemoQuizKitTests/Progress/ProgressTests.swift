import Foundation
import Testing

@testable import MemoQuizKit

/// The history's meaning: applying records one by one always agrees with a
/// replay of the whole history, and the checkpoint keeps the state exactly.
@Suite struct ProgressTests {
  /// A seeded random history: answers in two groups, `:right`, resets, and
  /// takebacks and bring-backs of any step.
  private static func randomHistory(seed: UInt64, length: Int) -> [HistoryRecord] {
    var generator = SplitMix64(seed: seed)
    var records: [HistoryRecord] = []
    var nextStep = 1
    var time: Int64 = 1_767_600_000_000
    var steps: [(id: Int, kind: StepKind, group: String, question: String?)] = []
    var undone: [Int] = []
    var lastAnswer: (id: Int, group: String, question: String, correct: Bool)?
    for round in 1...2 {
      records.append(
        .roundStart(
          RoundStart(
            round: round, time: Timestamp(rawValue: time), group: "G\(round)", strategy: "review", seed: 0,
            repeatsMissed: true, skipped: 0, plan: ["a", "b", "c", "d"])))
    }
    for _ in 0..<length {
      time += Int64(generator.next(below: 3 * 86_400_000))
      let roll = generator.next(below: 100)
      let group = "G\(generator.next(below: 2) + 1)"
      if roll < 60 {
        let question = ["a", "b", "c", "d"][Int(generator.next(below: 4))]
        let rating = ReviewRating(rawValue: Int(generator.next(below: 3)) + 1) ?? .good
        records.append(
          .answer(
            AnswerStep(
              id: nextStep, time: Timestamp(rawValue: time), group: group, round: group == "G1" ? 1 : 2,
              question: question, prompt: question, typed: "t", rating: rating, duration: 5)))
        steps.append((nextStep, .answer, group, question))
        lastAnswer = (nextStep, group, question, rating.isCorrect)
        nextStep += 1
      } else if roll < 68, let last = lastAnswer, !last.correct, !undone.contains(last.id) {
        records.append(
          .right(
            RightStep(
              id: nextStep, time: Timestamp(rawValue: time), group: last.group, question: last.question,
              target: last.id)))
        steps.append((nextStep, .right, last.group, last.question))
        lastAnswer = nil
        nextStep += 1
      } else if roll < 72 {
        records.append(.reset(ResetStep(id: nextStep, time: Timestamp(rawValue: time), groups: [group])))
        steps.append((nextStep, .reset, group, nil))
        nextStep += 1
      } else if roll < 92, !steps.isEmpty {
        // Mostly the newest step, sometimes any.
        let pick = generator.next(below: 3) == 0 ? Int(generator.next(below: UInt64(steps.count))) : steps.count - 1
        let step = steps[pick]
        guard !undone.contains(step.id) else { continue }
        records.append(
          .undo(
            StepMark(
              time: Timestamp(rawValue: time), target: step.id, kind: step.kind, group: step.group,
              question: step.question, snapshot: nil)))
        undone.append(step.id)
      } else if let last = undone.popLast(), let step = steps.first(where: { $0.id == last }) {
        records.append(
          .redo(
            StepMark(
              time: Timestamp(rawValue: time), target: step.id, kind: step.kind, group: step.group,
              question: step.question, snapshot: nil)))
      }
    }
    return records
  }

  @Test(arguments: 0..<40)
  func applyingOneByOneAgreesWithAReplay(_ seed: Int) {
    let records = Self.randomHistory(seed: UInt64(seed), length: 150)
    var incremental = MemoQuizKit.Progress()
    var replays = 0
    for (index, record) in records.enumerated() where !incremental.apply(record) {
      incremental = MemoQuizKit.Progress.replaying(Array(records[...index]))
      replays += 1
    }
    // The caches behind exact takebacks may differ (a replay knows older
    // answers that a takeback forgot); everything they serve must not.
    #expect(
      incremental.withoutTakebackCaches == MemoQuizKit.Progress.replaying(records).withoutTakebackCaches, "seed \(seed)"
    )
    #expect(replays < records.count / 4, "seed \(seed): most records apply without a replay")
  }

  @Test func takingBackTheSameQuestionTwiceReplaysExactly() {
    func answer(_ id: Int, _ rating: ReviewRating) -> HistoryRecord {
      .answer(
        AnswerStep(
          id: id, time: Timestamp(rawValue: Int64(id) * 86_400_000), group: "G", round: 0, question: "q", prompt: "q",
          typed: "t", rating: rating, duration: 0))
    }
    func undo(_ id: Int) -> HistoryRecord {
      .undo(StepMark(time: Timestamp(rawValue: 0), target: id, kind: .answer, group: "G", question: "q", snapshot: nil))
    }
    let records = [answer(1, .good), answer(2, .again), answer(3, .good), undo(3), undo(2)]
    var progress = MemoQuizKit.Progress()
    var exact = true
    for record in records.prefix(4) where !progress.apply(record) { exact = false }
    #expect(exact, "the newest answer is taken back exactly")
    let appliedExactly = progress.apply(records[4])
    #expect(!appliedExactly, "an older one needs a replay")
    let replayed = MemoQuizKit.Progress.replaying(records)
    #expect(replayed.groups["G"]?.questions["q"]?.state?.reviewCount == 1)
    #expect(replayed.groups["G"]?.answerScore == Score(correctCount: 1, incorrectCount: 0))
  }

  @Test func takingBackAResetBringsBackWhatItClearedPlusTheAnswersSince() {
    func answer(_ id: Int, _ rating: ReviewRating) -> HistoryRecord {
      .answer(
        AnswerStep(
          id: id, time: Timestamp(rawValue: Int64(id) * 1000), group: "G", round: 0, question: "q", prompt: "q",
          typed: "t", rating: rating, duration: 0))
    }
    var records = [answer(1, .good), answer(2, .again)]
    records.append(.reset(ResetStep(id: 3, time: Timestamp(rawValue: 3000), groups: ["G"])))
    records.append(answer(4, .good))
    #expect(
      MemoQuizKit.Progress.replaying(records).groups["G"]?.answerScore == Score(correctCount: 1, incorrectCount: 0))
    records.append(
      .undo(
        StepMark(time: Timestamp(rawValue: 5000), target: 3, kind: .reset, group: "G", question: nil, snapshot: nil)))
    let progress = MemoQuizKit.Progress.replaying(records)
    #expect(progress.groups["G"]?.answerScore == Score(correctCount: 2, incorrectCount: 1))
    #expect(progress.groups["G"]?.questions["q"]?.state?.reviewCount == 3)
  }

  @Test(arguments: 0..<5)
  func theCheckpointKeepsTheStateExactly(_ seed: Int) throws {
    let progress = MemoQuizKit.Progress.replaying(Self.randomHistory(seed: UInt64(100 + seed), length: 300))
    let checkpoint = ProgressCheckpoint(progress: progress, historyToken: "abc", historyEnd: 1234)
    let read = try ProgressCheckpoint(bytes: checkpoint.encoded())
    #expect(read == checkpoint)
  }

  @Test func everyRecordSurvivesItsLineWithAwkwardText() throws {
    let text = "tab\there\nnew line \\ back\\slash\r ✓ し"
    let records: [HistoryRecord] = [
      .answer(
        AnswerStep(
          id: 7, time: Timestamp(rawValue: -5), group: text, round: 2, question: text, prompt: text, typed: text,
          rating: .hard, duration: 12)),
      .right(RightStep(id: 8, time: Timestamp(rawValue: 9), group: "", question: "q", target: 7)),
      .reset(ResetStep(id: 9, time: Timestamp(rawValue: 10), groups: ["a", text])),
      .questionsChange(
        QuestionsChangeStep(
          id: 10, time: Timestamp(rawValue: 11), kind: .edit, snapshot: 3, group: nil, summary: text)),
      .undo(
        StepMark(time: Timestamp(rawValue: 12), target: 7, kind: .answer, group: text, question: "q", snapshot: nil)),
      .redo(StepMark(time: Timestamp(rawValue: 13), target: 10, kind: .edit, group: nil, question: nil, snapshot: 4)),
      .roundStart(
        RoundStart(
          round: 3, time: Timestamp(rawValue: 14), group: text, strategy: "random", seed: UInt64.max,
          repeatsMissed: false, skipped: 1, plan: [text, "", "b"])),
      .baseline(
        ScoreBaseline(
          time: Timestamp(rawValue: 15), group: text, score: Score(correctCount: 3, incorrectCount: 4),
          lastPlayed: nil)),
    ]
    for record in records {
      let line = Array(RecordLine.encode(record.fields).utf8)
      #expect(line.filter { $0 == 10 }.count == 1, "one line per record")
      let fields = try #require(RecordLine.fields(line.dropLast()[...]))
      #expect(try HistoryRecord(fields: fields) == record)
    }
    #expect(RecordLine.fields(Array("answer\\".utf8)[...]) == nil)
    #expect(RecordLine.fields(Array("a\\qb".utf8)[...]) == nil)
  }

  @Test func aTornLastLineIsIgnoredAndCutOffByTheNextAppend() throws {
    let folder = try TemporaryFolder()
    let data = DataFolder(path: folder.path)
    let caretaker = try ProgressCaretaker(folder: data)
    try caretaker.reset(titles: ["G"], at: Date())
    var bytes = [UInt8](try folder.read("history.log"))
    bytes += Array("answer\t2\t5\tG\t0\tq".utf8)  // torn: no line feed
    try Data(bytes).write(to: URL(fileURLWithPath: data.historyFile))
    var warnings: [String] = []
    let reloaded = try ProgressCaretaker(folder: data) { warnings.append($0) }
    #expect(warnings.isEmpty, "a torn tail was never acknowledged: nothing to say")
    #expect(reloaded.progress.nextStepID == 2)
    try reloaded.reset(titles: ["H"], at: Date())
    let text = String(decoding: try folder.read("history.log"), as: UTF8.self)
    #expect(!text.contains("answer"))
    #expect(try ProgressCaretaker(folder: data).progress.nextStepID == 3)
  }

  @Test func aDamagedMiddleIsMovedAsideAndEveryReadableStepKept() throws {
    let folder = try TemporaryFolder()
    let data = DataFolder(path: folder.path)
    let caretaker = try ProgressCaretaker(folder: data)
    for title in ["A", "B", "C"] { try caretaker.reset(titles: [title], at: Date()) }
    var lines = String(decoding: try folder.read("history.log"), as: UTF8.self).split(separator: "\n")
    lines[2] = "garbage\tline"
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: data.historyFile))
    var warnings: [String] = []
    let recovered = try ProgressCaretaker(folder: data) { warnings.append($0) }
    #expect(warnings.count == 1)
    let aside = try #require(try folder.files().first { $0.hasPrefix("history.damaged-") })
    #expect(warnings.first?.contains(aside) == true)
    #expect(Set(recovered.progress.groups.keys) == ["A", "C"])
    #expect(try ProgressCaretaker(folder: data) { warnings.append($0) }.progress.groups.count == 2)
    #expect(warnings.count == 1, "recovered once")
  }
}

extension MemoQuizKit.Progress {
  /// The state without what only serves to take back the newest answer fast.
  fileprivate var withoutTakebackCaches: MemoQuizKit.Progress {
    var copy = self
    for (title, group) in groups {
      for key in group.questions.keys {
        copy.groups[title]?.questions[key]?.lastAnswer = nil
        copy.groups[title]?.questions[key]?.previous = nil
      }
    }
    return copy
  }
}
