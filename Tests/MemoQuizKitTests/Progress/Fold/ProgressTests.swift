import Foundation
import Testing

@testable import MemoQuizKit

/// The history's meaning: applying records one by one always agrees with a
/// replay of the whole history, and the checkpoint keeps the state exactly.
@Suite struct ProgressTests {
  /// A seeded random history of every step kind: answers in two groups,
  /// `:right`, resets, takebacks and bring-backs of any step, settings (the
  /// scheduler's parameters among them), changes of the questions that
  /// rename a group, imports with reviews and the due days they keep,
  /// optimizes, and notes of learner days; on `machines` machines, each
  /// taking back and bringing back the others' steps too.
  static func randomHistory(seed: UInt64, length: Int, machine: UInt32 = 1, machines: UInt32 = 1)
    -> [HistoryRecord]
  {
    var generator = SeededGenerator(seed: seed)
    var records: [HistoryRecord] = []
    var sequences: [UInt32: Int] = [:]
    var current = machine
    func next() -> StepID {
      sequences[current, default: 0] += 1
      return sid(sequences[current, default: 1], current)
    }
    var time: Int64 = 1_767_600_000_000
    func now() -> Timestamp { Timestamp(rawValue: time) }
    var steps: [(id: StepID, kind: StepKind, group: String, question: String?, round: StepID?)] = []
    var undone: [StepID] = []
    var lastAnswer: (id: StepID, group: String, question: String, correct: Bool)?
    var undatedAnswers: [(id: StepID, day: Int)] = []
    var titles = ["G1", "G2"]
    var renames = 0
    var imported = 0
    var rounds: [StepID] = []
    for round in 1...2 {
      let id = next()
      rounds.append(id)
      records.append(
        .roundStart(
          RoundStart(
            id: id, time: now(), group: "G\(round)", strategy: "review", seed: 0,
            repeatsMissed: true, skipped: 0, plan: Array(repeating: ["a", "b", "c", "d"], count: 50).flatMap { $0 })))
    }
    /// Takes back `step` by a mark of the current machine, unless it was already.
    func takeBack(_ step: (id: StepID, kind: StepKind, group: String, question: String?, round: StepID?)) {
      guard !undone.contains(step.id) else { return }
      time += 1
      records.append(
        .undo(
          StepMark(
            id: next(), time: now(), target: step.id, kind: step.kind, group: step.group, question: step.question,
            round: step.round)))
      undone.append(step.id)
    }
    func question() -> String { ["a", "b", "c", "d"][Int(generator.next(below: 4))] }
    func rating() -> ReviewRating { ReviewRating(rawValue: Int(generator.next(below: 3)) + 1) ?? .good }
    func today() -> Int { LearnersDay.number(containing: now(), startingAt: 4) }
    for _ in 0..<length {
      time += Int64(generator.next(below: 3 * 86_400_000)) + 10
      current = machine + UInt32(generator.next(below: UInt64(machines)))
      let roll = generator.next(below: 100)
      let index = Int(generator.next(below: 2))
      let group = titles[index]
      if roll < 56 {
        let question = question()
        let rating = rating()
        let id = next()
        // Most answers carry their learner day; the older ones a note gives.
        let day: Int? = generator.next(below: 3) == 0 ? nil : today()
        records.append(
          .answer(
            AnswerStep(
              id: id, time: now(), group: group, round: rounds[index],
              question: question, prompt: question, typed: ["ne", "nu", "Ne ", "x"][id.sequence % 4], rating: rating,
              duration: Int(generator.next(below: 200_000)), day: day)))
        steps.append((id, .answer, group, question, rounds[index]))
        lastAnswer = (id, group, question, rating.isCorrect)
        // Now and then a confusion asked again comes after a wrong answer
        // (decided by the numbers drawn already, so each seed's other
        // steps stay as they were).
        if rating == .again, id.sequence % 5 == 0 {
          let confusion = next()
          records.append(
            .confusion(
              ConfusionStep(
                id: confusion, time: now(), group: group, round: rounds[index], question: question, prompt: question,
                typed: "ne")))
          steps.append((confusion, .confusion, group, question, nil))
        }
        if day == nil { undatedAnswers.append((id, today())) }
        // Now and then a practice answer to the same question, in its
        // round, which changes no memory.
        if id.sequence % 7 == 5 {
          let practice = next()
          records.append(
            .practice(
              AnswerStep(
                id: practice, time: now(), group: group, round: rounds[index], question: question, prompt: question,
                typed: "ne", rating: rating, duration: 1000, day: today())))
          steps.append((practice, .practice, group, question, rounds[index]))
        }
        // Now and then a card control on the question just answered, in
        // its round (decided by the numbers drawn already).
        if id.sequence % 7 == 3 {
          let control = CardControl.allCases[(id.sequence / 7) % CardControl.allCases.count]
          let step = next()
          records.append(
            .cardControl(
              CardControlStep(
                id: step, time: now(), control: control, group: group, question: question, prompt: question,
                round: rounds[index], day: today())))
          steps.append((step, control.kind, group, question, rounds[index]))
        }
      } else if roll < 63, let last = lastAnswer, !last.correct, !undone.contains(last.id) {
        let id = next()
        if id.sequence % 2 == 0 {
          // A `:synonym`: a change of the questions that puts the answer right.
          var change = QuestionsChangeStep(
            id: id, time: now(), kind: .synonym, base: nil, group: last.group, summary: "synonym", contents: .noFile)
          change.regrade = QuestionsChangeStep.Regrade(question: last.question, target: last.id)
          records.append(.questionsChange(change))
          steps.append((id, .synonym, last.group, last.question, nil))
        } else {
          records.append(
            .right(RightStep(id: id, time: now(), group: last.group, question: last.question, target: last.id)))
          steps.append((id, .right, last.group, last.question, nil))
        }
        lastAnswer = nil
      } else if roll < 66 {
        let id = next()
        records.append(.reset(ResetStep(id: id, time: now(), groups: [group])))
        steps.append((id, .reset, group, nil, nil))
      } else if roll < 84, !steps.isEmpty {
        // Mostly the newest step, sometimes any.
        let pick = generator.next(below: 3) == 0 ? Int(generator.next(below: UInt64(steps.count))) : steps.count - 1
        let step = steps[pick]
        guard !undone.contains(step.id) else { continue }
        records.append(
          .undo(
            StepMark(
              id: next(), time: now(), target: step.id, kind: step.kind, group: step.group,
              question: step.question, round: step.round)))
        undone.append(step.id)
      } else if roll < 88 {
        guard let last = undone.popLast(), let step = steps.first(where: { $0.id == last }) else { continue }
        records.append(
          .redo(
            StepMark(
              id: next(), time: now(), target: step.id, kind: step.kind, group: step.group,
              question: step.question)))
      } else if roll < 91 {
        let id = next()
        let (key, value) = [
          ("new-per-day", String(generator.next(below: 30))), ("desired-retention", "0.8\(generator.next(below: 10))"),
          (SchedulerSettings.parametersKey, parametersText(&generator)),
        ][Int(generator.next(below: 3))]
        records.append(.setting(SettingStep(id: id, time: now(), key: key, value: value, summary: key)))
        steps.append((id, key == SchedulerSettings.parametersKey ? .optimize : .config, "", nil, nil))
      } else if roll < 94 {
        // A change of the questions that renames one group.
        renames += 1
        let id = next()
        let rename = GroupRename(from: group, to: "G\(index + 1)-\(renames)")
        records.append(
          .questionsChange(
            QuestionsChangeStep(
              id: id, time: now(), kind: .edit, base: nil, group: nil, summary: "rename",
              contents: .file("v\(renames)"), renames: [rename])))
        steps.append((id, .edit, group, nil, nil))
        titles[index] = rename.to
      } else if roll < 97 {
        // An import: its reviews first, each on its own day, then the step
        // they belong to, then the due days it keeps.
        let reviews = (0..<Int(generator.next(below: 3)) + 1).map { _ in (next(), question(), rating()) }
        let id = next()
        for (offset, review) in reviews.enumerated() {
          imported += 1
          records.append(
            .answer(
              AnswerStep(
                id: review.0, time: Timestamp(rawValue: time - Int64(reviews.count - offset)), group: group, round: id,
                question: review.1, prompt: review.1, typed: "", rating: review.2, duration: 0,
                origin: "anki-\(imported)", day: today() - reviews.count + offset)))
          // Each review can be taken back on its own, as `undo ID` does.
          steps.append((review.0, .answer, group, review.1, id))
        }
        records.append(
          .questionsChange(
            QuestionsChangeStep(
              id: id, time: now(), kind: .import, base: nil, group: group, summary: "import",
              contents: .file("import \(id.text)"))))
        records.append(
          .keptDueDays(
            KeptDueDays(
              id: next(), time: now(), target: id,
              cards: reviews.map { KeptDueDays.Card(group: group, card: $0.1, day: today() + 3) })))
        steps.append((id, .import, group, nil, nil))
        // Often one of its reviews is taken back at once: the due day kept
        // after it stays.
        if generator.next(below: 2) == 0 {
          takeBack(steps[steps.count - 1 - Int(generator.next(below: UInt64(reviews.count))) - 1])
        }
      } else if roll < 98 {
        // An optimize: new parameters, every card keeping its due day.
        let id = next()
        records.append(
          .setting(
            SettingStep(
              id: id, time: now(), key: SchedulerSettings.parametersKey, value: parametersText(&generator),
              summary: "optimize")))
        let cards = titles.flatMap { title in
          ["a", "b", "c", "d"].map { KeptDueDays.Card(group: title, card: $0, day: today() + 2) }
        }
        records.append(.keptDueDays(KeptDueDays(id: next(), time: now(), target: id, cards: cards)))
        steps.append((id, .optimize, "", nil, nil))
        // Often the newest answer is taken back at once: the due day kept
        // after it stays.
        if generator.next(below: 2) == 0, let answer = steps.last(where: { $0.kind == .answer }) {
          takeBack(answer)
        }
      } else if !undatedAnswers.isEmpty {
        // A note gives the undated answers of one machine their days.
        let named = undatedAnswers.filter { $0.id.machine == undatedAnswers[0].id.machine }
        undatedAnswers.removeAll { $0.id.machine == named[0].id.machine }
        let runs = named.map { LearnerDaysNote.Run(first: $0.id, last: $0.id.sequence, day: $0.day) }
        records.append(.learnerDays(LearnerDaysNote(id: next(), time: now(), hour: 4, runs: runs)))
      }
    }
    return records
  }

  /// The text of the scheduler's parameters, the published ones or near them.
  private static func parametersText(_ generator: inout SeededGenerator) -> String {
    var values = FSRSParameters.default.values
    values[0] *= 1 + Double(generator.next(below: 20)) / 100
    return SchedulerSettings.text(of: (try? FSRSParameters(values)) ?? .default)
  }

  @Test(arguments: 0..<40)
  func applyingOneByOneAgreesWithAReplay(_ seed: Int) {
    // Odd seeds: two machines, taking back each other's steps.
    let records = Self.randomHistory(seed: UInt64(seed), length: 150, machines: seed % 2 == 0 ? 1 : 2)
    var incremental = MemoQuizKit.Progress()
    var replays = 0
    for (index, record) in records.enumerated() {
      guard incremental.apply(record) else {
        incremental = MemoQuizKit.Progress.replaying(Array(records[...index]))
        replays += 1
        continue
      }
      // After every record, not only at the end: a later replay would hide
      // a difference. The caches behind exact takebacks may differ (a
      // replay knows older answers that a takeback forgot); everything
      // they serve must not.
      let replayed = MemoQuizKit.Progress.replaying(Array(records[...index]))
      guard incremental.withoutTakebackCaches == replayed.withoutTakebackCaches else {
        Issue.record("seed \(seed): record \(index + 1), \(record), applied differs from a replay")
        return
      }
    }
    #expect(
      incremental.withoutTakebackCaches == MemoQuizKit.Progress.replaying(records).withoutTakebackCaches, "seed \(seed)"
    )
    #expect(replays < records.count / 4, "seed \(seed): most records apply without a replay")
    // The checkpoint holds the state applied record by record exactly, the
    // caches behind exact takebacks included.
    let checkpoint = ProgressCheckpoint(progress: incremental, coverage: [:])
    #expect((try? ProgressCheckpoint(bytes: checkpoint.encoded())) == checkpoint, "seed \(seed)")
  }

  @Test func theSeededHistoriesHoldEveryStepKind() {
    var kinds = Set<String>()
    for seed in 0..<40 {
      let records = Self.randomHistory(seed: UInt64(seed), length: 150, machines: seed % 2 == 0 ? 1 : 2)
      for record in records {
        switch record {
        case .answer(let answer): kinds.insert(answer.origin == nil ? "answer" : "imported review")
        case .confusion: kinds.insert("confusion")
        case .right: kinds.insert("right")
        case .reset: kinds.insert("reset")
        case .questionsChange(let change):
          kinds.insert(change.regrade != nil ? "synonym" : change.renames.isEmpty ? "import" : "rename")
        case .setting(let setting): kinds.insert("setting \(setting.key)")
        case .undo(let mark): kinds.insert(mark.id.machine == mark.target.machine ? "undo" : "undo elsewhere")
        case .redo: kinds.insert("redo")
        case .roundStart: kinds.insert("round")
        case .baseline: kinds.insert("baseline")
        case .learnerDays: kinds.insert("learner days")
        case .keptDueDays: kinds.insert("kept due days")
        case .cardControl(let step): kinds.insert(step.control.rawValue)
        case .practice: kinds.insert("practice")
        }
      }
    }
    #expect(
      kinds.sorted() == [
        "answer", "bury", "confusion", "flag", "import", "imported review", "kept due days", "learner days", "practice",
        "redo",
        "rename", "reset", "right", "round", "setting desired-retention", "setting fsrs-parameters",
        "setting new-per-day", "suspend", "synonym", "undo", "undo elsewhere", "unflag", "unsuspend",
      ])
  }

  /// The views of the history count what the fold counts: `history`'s
  /// answers in effect and their grades, and the optimizer's reviews card by
  /// card, renamed groups and imports taken back included.
  @Test(arguments: 0..<20)
  func historyAndTheOptimizerCountWhatTheFoldCounts(_ seed: Int) {
    let records = Self.randomHistory(seed: UInt64(500 + seed), length: 200, machines: seed % 2 == 0 ? 1 : 2)
    let fold = MemoQuizKit.Progress.replaying(records)
    var memory: [String: [Int]] = [:]
    for (title, group) in fold.groups {
      for (question, card) in group.questions where !card.isEmpty {
        memory[title + "/" + question] = [card.correctCount, card.incorrectCount]
      }
    }
    var reviews: [String: [Int]] = [:]
    let cards = ProgressCaretaker.reviewsByCard(of: records, sinceLastReset: true)
    for card in cards {
      let correct = card.reviews.count { $0.rating.isCorrect }
      reviews[card.group + "/" + card.question] = [correct, card.reviews.count - correct]
    }
    #expect(reviews == memory, "seed \(seed)")
    #expect(cards.count == memory.count, "one history per card")
    // `history`: the answers not marked undone are those the fold counts.
    let answers = HistoryStep.steps(of: records, names: [:]).filter { $0.kind == .answer && !$0.isUndone }
    let activity = fold.groups.values.flatMap(\.activity.values)
    #expect(answers.count == activity.reduce(0) { $0 + $1.answers }, "seed \(seed)")
    // The optimizer: every review in effect, resets or not.
    let optimized = ProgressCaretaker.reviewsByCard(of: records).reduce(0) { $0 + $1.reviews.count }
    #expect(optimized == answers.count, "seed \(seed)")
    #expect(answers.count { $0.isCorrect == true } == activity.reduce(0) { $0 + $1.correct }, "seed \(seed)")
  }

  @Test func takingBackTheSameQuestionTwiceReplaysExactly() {
    func answer(_ id: Int, _ rating: ReviewRating) -> HistoryRecord {
      .answer(
        AnswerStep(
          id: sid(id), time: Timestamp(rawValue: Int64(id) * 86_400_000), group: "G", round: nil, question: "q",
          prompt: "q", typed: "t", rating: rating, duration: 0))
    }
    func undo(_ id: Int, as mark: Int) -> HistoryRecord {
      .undo(
        StepMark(
          id: sid(mark), time: Timestamp(rawValue: Int64(mark) * 86_400_000), target: sid(id), kind: .answer,
          group: "G", question: "q", inRound: true, round: sid(0, 2)))
    }
    let round = HistoryRecord.roundStart(
      RoundStart(
        id: sid(0, 2), time: Timestamp(rawValue: 0), group: "G", strategy: "review", seed: 0, repeatsMissed: true,
        skipped: 0, plan: ["q", "q", "q", "q"]))
    func inRound(_ record: HistoryRecord) -> HistoryRecord {
      guard case .answer(var step) = record else { return record }
      step.round = sid(0, 2)
      return .answer(step)
    }
    let records = [
      round, inRound(answer(1, .good)), inRound(answer(2, .again)), inRound(answer(3, .good)), undo(3, as: 4),
      undo(2, as: 5),
    ]
    var progress = MemoQuizKit.Progress()
    var exact = true
    for record in records.prefix(5) where !progress.apply(record) { exact = false }
    #expect(exact, "the newest answer is taken back exactly")
    let appliedExactly = progress.apply(records[5])
    #expect(!appliedExactly, "an older one needs a replay")
    let replayed = MemoQuizKit.Progress.replaying(records)
    #expect(replayed.groups["G"]?.questions["q"]?.state?.reviewCount == 1)
    #expect(replayed.groups["G"]?.answerScore == Score(correctCount: 1, incorrectCount: 0))
  }

  @Test func takingBackAResetBringsBackWhatItClearedPlusTheAnswersSince() {
    func answer(_ id: Int, _ rating: ReviewRating) -> HistoryRecord {
      .answer(
        AnswerStep(
          id: sid(id), time: Timestamp(rawValue: Int64(id) * 1000), group: "G", round: nil, question: "q",
          prompt: "q", typed: "t", rating: rating, duration: 0))
    }
    var records = [answer(1, .good), answer(2, .again)]
    records.append(.reset(ResetStep(id: sid(3), time: Timestamp(rawValue: 3000), groups: ["G"])))
    records.append(answer(4, .good))
    #expect(
      MemoQuizKit.Progress.replaying(records).groups["G"]?.answerScore == Score(correctCount: 1, incorrectCount: 0))
    records.append(
      .undo(
        StepMark(id: sid(5), time: Timestamp(rawValue: 5000), target: sid(3), kind: .reset, group: "G", question: nil)))
    let progress = MemoQuizKit.Progress.replaying(records)
    #expect(progress.groups["G"]?.answerScore == Score(correctCount: 2, incorrectCount: 1))
    #expect(progress.groups["G"]?.questions["q"]?.state?.reviewCount == 3)
  }

  /// Lapses and wrong answers come from the one fold: an Again after the
  /// first correct answer is a lapse (the same day too), `:right` and a
  /// takeback remove exactly what their answer added, as a replay would.
  @Test func lapsesAndWrongAnswersFollowRightAndUndoExactly() throws {
    var sequence = 0
    var records: [HistoryRecord] = []
    func answer(_ typed: String, _ rating: ReviewRating) -> StepID {
      sequence += 1
      let id = sid(sequence)
      records.append(
        .answer(
          AnswerStep(
            id: id, time: Timestamp(rawValue: 1_767_600_000_000 + Int64(sequence) * 60_000), group: "G", round: nil,
            question: "ぬ", prompt: "ぬ", typed: typed, rating: rating, duration: 1000)))
      return id
    }
    func mark(_ target: StepID) -> HistoryRecord {
      sequence += 1
      return .undo(
        StepMark(
          id: sid(sequence), time: Timestamp(rawValue: 1_767_600_000_000 + Int64(sequence) * 60_000), target: target,
          kind: .answer, group: "G", question: "ぬ", round: nil))
    }
    _ = answer("ne", .again)  // before it was ever right: no lapse
    _ = answer("nu", .good)
    _ = answer("ne", .again)
    let regraded = answer("Ne", .again)
    sequence += 1
    records.append(
      .right(
        RightStep(
          id: sid(sequence), time: Timestamp(rawValue: 1_767_600_000_000 + Int64(sequence) * 60_000), group: "G",
          question: "ぬ", target: regraded)))
    let last = answer("ne", .again)
    var incremental = MemoQuizKit.Progress()
    for record in records {
      let exact = incremental.apply(record)
      #expect(exact)
    }
    #expect(incremental.groups["G"]?.questions["ぬ"]?.lapses == 2, "the regraded Again is no lapse")
    #expect(incremental.groups["G"]?.mistakes.counts == ["ぬ": ["ne": 3]])
    #expect(incremental == MemoQuizKit.Progress.replaying(records))
    records.append(mark(last))
    let exact = incremental.apply(records[records.count - 1])
    #expect(exact, "the newest answer is taken back without a replay")
    #expect(incremental.groups["G"]?.questions["ぬ"]?.lapses == 1)
    #expect(incremental.groups["G"]?.mistakes.counts == ["ぬ": ["ne": 2]])
    // The checkpoint keeps the lapses and the wrong answers.
    let checkpoint = ProgressCheckpoint(progress: incremental, coverage: [:])
    #expect(try ProgressCheckpoint(bytes: checkpoint.encoded()) == checkpoint)
    #expect(incremental.withoutTakebackCaches == MemoQuizKit.Progress.replaying(records).withoutTakebackCaches)
  }

  @Test func aRoundPlayedToTheEndIsKeptAsItsMachinesNewestAndReadBackAfterARight() throws {
    func answer(_ id: Int, _ question: String, _ rating: ReviewRating) -> HistoryRecord {
      .answer(
        AnswerStep(
          id: sid(id), time: Timestamp(rawValue: Int64(id) * 60_000), group: "G", round: sid(1), question: question,
          prompt: question, typed: "t", rating: rating, duration: 0, day: 1))
    }
    let start = HistoryRecord.roundStart(
      RoundStart(
        id: sid(1), time: Timestamp(rawValue: 0), group: "G", strategy: "sequential", seed: 0, repeatsMissed: false,
        skipped: 0, plan: ["a", "b"]))
    let right = HistoryRecord.right(
      RightStep(id: sid(4), time: Timestamp(rawValue: 4 * 60_000), group: "G", question: "b", target: sid(3)))
    let records = [start, answer(2, "a", .good), answer(3, "b", .again), right]
    var incremental = MemoQuizKit.Progress()
    for record in records {
      let exact = incremental.apply(record)
      #expect(exact)
    }
    #expect(incremental.rounds.isEmpty, "the round is over")
    let round = try #require(incremental.round(sid(1)))
    #expect(round.answers.map(\.isCorrect) == [true, true], "the :right counts in the round read back")
    #expect(incremental == MemoQuizKit.Progress.replaying(records))
    let checkpoint = ProgressCheckpoint(progress: incremental, coverage: [:])
    #expect(try ProgressCheckpoint(bytes: checkpoint.encoded()).progress.round(sid(1)) == round)
  }

  @Test(arguments: 0..<5)
  func theCheckpointKeepsTheStateExactly(_ seed: Int) throws {
    let progress = MemoQuizKit.Progress.replaying(Self.randomHistory(seed: UInt64(100 + seed), length: 300))
    let coverage = [MachineID.test(1): HistoryCaretaker.Coverage(end: 1234, lastSequence: 17, tail: 99)]
    let checkpoint = ProgressCheckpoint(progress: progress, coverage: coverage)
    let read = try ProgressCheckpoint(bytes: checkpoint.encoded())
    #expect(read == checkpoint)
    // What judging reads is in it: the wrong answers for confusions.
    #expect(progress.groups.values.contains { !$0.mistakes.counts.isEmpty }, "seed \(seed)")
  }

  @Test func everyRecordSurvivesItsLineWithAwkwardText() throws {
    let text = "tab\there\nnew line \\ back\\slash\r ✓ し"
    let records: [HistoryRecord] = [
      .answer(
        AnswerStep(
          id: sid(7), time: Timestamp(rawValue: -5), group: text, round: sid(2, 9), question: text, prompt: text,
          typed: text, rating: .hard, duration: 12)),
      .right(RightStep(id: sid(8), time: Timestamp(rawValue: 9), group: "", question: "q", target: sid(7, 3))),
      .reset(ResetStep(id: sid(9), time: Timestamp(rawValue: 10), groups: ["a", text])),
      .questionsChange(
        QuestionsChangeStep(
          id: sid(10), time: Timestamp(rawValue: 11), kind: .edit, base: sid(4, 2), group: nil, summary: text,
          contents: .file(text), before: QuestionsText.noFile, renames: [GroupRename(from: "a", to: text)])),
      .setting(SettingStep(id: sid(11), time: Timestamp(rawValue: 11), key: "new-per-day", value: "5", summary: text)),
      .undo(
        StepMark(
          id: sid(12), time: Timestamp(rawValue: 12), target: sid(7), kind: .answer, group: text, question: "q",
          inRound: true, round: sid(2, 9))),
      .redo(
        StepMark(id: sid(13), time: Timestamp(rawValue: 13), target: sid(10), kind: .edit, group: nil, question: nil)),
      .roundStart(
        RoundStart(
          id: sid(14), time: Timestamp(rawValue: 14), group: text, strategy: "random", seed: UInt64.max,
          repeatsMissed: false, skipped: 1, plan: [text, "", "b"])),
      .roundStart(
        RoundStart(
          id: sid(16), time: Timestamp(rawValue: 16), group: "", strategy: "review", seed: 0, repeatsMissed: true,
          skipped: 0,
          plan: [
            RoundMemento.key(group: text, question: text), RoundMemento.key(group: "G", question: ""),
            RoundMemento.key(group: "G", question: "a\u{1E}b"),
          ])
      ),
      .baseline(
        ScoreBaseline(
          id: sid(15), time: Timestamp(rawValue: 15), group: text, score: Score(correctCount: 3, incorrectCount: 4),
          lastPlayed: nil)),
      .cardControl(
        CardControlStep(
          id: sid(17), time: Timestamp(rawValue: 17), control: .bury, group: text, question: text, prompt: text,
          round: sid(14), day: -3)),
      .cardControl(
        CardControlStep(
          id: sid(18), time: Timestamp(rawValue: 18), control: .unflag, group: "", question: "q", prompt: "",
          round: nil, day: 20_000)),
    ]
    for record in records {
      let line = Array(RecordLine.encode(record.fields).utf8)
      #expect(line.filter { $0 == 10 }.count == 1, "one line per record")
      let fields = try #require(RecordLine.fields(line.dropLast()[...]))
      #expect(try HistoryRecord(fields: fields, machine: MachineID.test(1)) == record)
      // The line the history file gets is the same, however it is written.
      var appended: [UInt8] = []
      record.appendLine(to: &appended)
      #expect(appended == line)
    }
    #expect(RecordLine.fields(Array("answer\\".utf8)[...]) == nil)
    #expect(RecordLine.fields(Array("a\\qb".utf8)[...]) == nil)
  }

  @Test func aTornLastLineIsIgnoredAndCutOffByTheNextAppend() throws {
    let folder = try TemporaryFolder()
    let data = DataFolder(path: folder.path)
    let caretaker = try ProgressCaretaker(folder: data)
    try caretaker.reset(titles: ["G"], at: Date())
    let file = HistoryCaretaker(folder: data).file(of: try caretaker.machine().id).path
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    bytes += Array("answer\t2\t5\tG\t\tq".utf8)  // torn: no line feed
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    var warnings: [String] = []
    let reloaded = try ProgressCaretaker(folder: data) { warnings.append($0) }
    #expect(warnings.isEmpty, "a torn tail was never acknowledged: nothing to say")
    try reloaded.reset(titles: ["H"], at: Date())
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self)
    #expect(!text.contains("answer"))
    #expect(text.contains("reset\t2\t"), "the next record takes the next number")
    #expect(Set(try ProgressCaretaker(folder: data).loadMemory().groups.keys) == ["G", "H"])
  }

  @Test func aDamagedMiddleIsMovedAsideAndEveryReadableStepKept() throws {
    let folder = try TemporaryFolder()
    let data = DataFolder(path: folder.path)
    let caretaker = try ProgressCaretaker(folder: data)
    for title in ["A", "B", "C"] { try caretaker.reset(titles: [title], at: Date()) }
    let file = HistoryCaretaker(folder: data).file(of: try caretaker.machine().id).path
    var lines = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self).split(separator: "\n")
    lines[2] = "garbage\tline"
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: file))
    var warnings: [String] = []
    let recovered = try ProgressCaretaker(folder: data) { warnings.append($0) }
    #expect(warnings.count == 1)
    let aside = try #require(
      try FileManager.default.contentsOfDirectory(atPath: data.localFolder).first { $0.contains(".damaged-") })
    #expect(warnings.first?.contains(aside) == true)
    #expect(Set(try recovered.loadMemory().groups.keys) == ["A", "C"])
    #expect(try ProgressCaretaker(folder: data) { warnings.append($0) }.loadMemory().groups.count == 2)
    #expect(warnings.count == 1, "recovered once")
  }

  @Test(arguments: 0..<10)
  func machinesMergeTheSameWhateverTheOrderTheirFilesAreRead(_ seed: Int) {
    let a = Self.randomHistory(seed: UInt64(seed), length: 80, machine: 1)
    let b = Self.randomHistory(seed: UInt64(seed + 1000), length: 80, machine: 2)
    let merged = HistoryCaretaker.merged([a, b])
    #expect(merged == HistoryCaretaker.merged([b, a]))
    #expect(merged.filter { $0.id.machine == MachineID.test(1) } == a, "each machine's own order is kept")
    // Applying a prefix and then the rest agrees with a replay of all.
    var incremental = MemoQuizKit.Progress.replaying(Array(merged.prefix(60)))
    for (index, record) in merged.enumerated().dropFirst(60) where !incremental.apply(record) {
      incremental = MemoQuizKit.Progress.replaying(Array(merged[...index]))
    }
    #expect(incremental.withoutTakebackCaches == MemoQuizKit.Progress.replaying(merged).withoutTakebackCaches)
  }
}

/// A record identity of a test machine.
private func sid(_ sequence: Int, _ machine: UInt32 = 1) -> StepID {
  StepID(machine: MachineID.test(machine), sequence: max(1, sequence))
}

extension MachineID {
  static func test(_ value: UInt32) -> MachineID {
    MachineID(rawValue: value) ?? MachineID.random()
  }
}

extension MemoQuizKit.Progress {
  /// The state without what only serves to take back the newest answer fast.
  fileprivate var withoutTakebackCaches: MemoQuizKit.Progress {
    var copy = self
    for (title, group) in groups {
      for (key, memory) in group.questions {
        var kept = QuestionMemory(
          correctCount: memory.correctCount, incorrectCount: memory.incorrectCount, state: memory.state,
          previous: nil, lastAnswer: nil, keptDay: nil)
        kept.lapses = memory.lapses
        copy.groups[title]?.questions[key] = kept
      }
      copy.groups[title]?.mistakes.newest = [:]
    }
    return copy
  }

  @Test func firstAnswersAreCountedForTheDailyCapAndTakenBackWithTheirAnswer() {
    func answer(_ id: Int, _ question: String, duration: Int) -> HistoryRecord {
      .answer(
        AnswerStep(
          id: sid(id), time: Timestamp(rawValue: Int64(id) * 60_000), group: "G", round: sid(0, 2),
          question: question, prompt: question, typed: "t", rating: .good, duration: duration))
    }
    let round = HistoryRecord.roundStart(
      RoundStart(
        id: sid(0, 2), time: Timestamp(rawValue: 0), group: "", strategy: "review", seed: 0, repeatsMissed: true,
        skipped: 0, plan: [RoundMemento.key(group: "G", question: "a"), RoundMemento.key(group: "G", question: "b")]))
    var records = [
      round, answer(1, "a", duration: 3000), answer(2, "a", duration: 500_000), answer(3, "b", duration: 1000),
    ]
    var progress = MemoQuizKit.Progress()
    for record in records {
      let exact = progress.apply(record)
      #expect(exact)
    }
    #expect(progress == MemoQuizKit.Progress.replaying(records))
    let firsts = progress.groups["G"]?.activity.values.reduce(0) { $0 + $1.firstAnswers }
    #expect(firsts == 2, "a and b once each")
    #expect(progress.recentDurations.values == [3000, 120_000, 1000], "capped at two minutes")
    #expect(progress.recentDurations.median == 3000)
    // A round across groups names its answers with their group; b's answer
    // finished it.
    #expect(progress.rounds[sid(0, 2)] == nil)
    #expect(progress.finishedRounds.contains(sid(0, 2)))
    records.append(
      .undo(
        StepMark(
          id: sid(4), time: Timestamp(rawValue: 240_000), target: sid(3), kind: .answer, group: "G", question: "b")))
    let replayed = MemoQuizKit.Progress.replaying(records)
    #expect(replayed.groups["G"]?.activity.values.reduce(0) { $0 + $1.firstAnswers } == 1, "b is new again")
    #expect(replayed.recentDurations.total == 3, "the time was spent all the same")
    #expect(replayed.rounds[sid(0, 2)]?.remaining == [RoundMemento.key(group: "G", question: "b")])
  }

  @Test func theAnswerTimesKeepOnlyTheNewest() {
    var durations = AnswerDurations()
    for value in 0..<1200 { durations.append(value) }
    #expect(durations.values == Array(700..<1200))
    #expect(durations.total == 1200)
    #expect(AnswerDurations(values: durations.values, total: 1200) == durations)
    #expect(durations.median == 949.5)
  }
}
