import Testing

@testable import MemoQuizKit

/// A rename in effect moves a group's own settings and the exam goals that
/// name it, in the fold applied record by record, in a replay and in the
/// checkpoint alike; taking the rename back moves them back.
@Suite struct RenamedGroupSettingsFoldTests {
  private static func id(_ sequence: Int) -> StepID { StepID(machine: MachineID.test(7), sequence: sequence) }
  private static func time(_ sequence: Int) -> Timestamp {
    Timestamp(rawValue: 1_767_600_000_000 + Int64(sequence) * 86_400_000)
  }

  private static func answer(_ sequence: Int, _ group: String) -> HistoryRecord {
    .answer(
      AnswerStep(
        id: id(sequence), time: time(sequence), group: group, round: nil, question: "a", prompt: "a", typed: "a",
        rating: .good, duration: 2000, day: LearnersDay.number(containing: time(sequence), startingAt: 4)))
  }

  private static func setting(_ sequence: Int, _ key: String, _ value: String) -> HistoryRecord {
    .setting(SettingStep(id: id(sequence), time: time(sequence), key: key, value: value, summary: key))
  }

  private static let history: [HistoryRecord] = [
    answer(1, "G1"),
    setting(2, "group\u{1F}G1\u{1F}desired-retention", "0.80"),
    setting(3, "group\u{1F}G1\u{1F}new-per-day", "5"),
    setting(4, "exam\u{1F}G1\u{1F}G2", "2026-03-01 0.90"),
    .questionsChange(
      QuestionsChangeStep(
        id: id(5), time: time(5), kind: .edit, base: nil, group: nil, summary: "rename", contents: .file("v1"),
        renames: [GroupRename(from: "G1", to: "G3")])),
    answer(6, "G3"),
    setting(7, "group\u{1F}G3\u{1F}new-per-day", "7"),
  ]

  /// Applies `records` one by one, replaying where the fold asks to, and
  /// checks after each that a replay and the checkpoint agree.
  private static func applied(_ records: [HistoryRecord]) -> MemoQuizKit.Progress {
    var progress = MemoQuizKit.Progress()
    for (index, record) in records.enumerated() {
      let replayed = MemoQuizKit.Progress.replaying(Array(records[...index]))
      if !progress.apply(record) { progress = replayed }
      #expect(progress.settings == replayed.settings, "record \(index + 1)")
      #expect(progress.schedulerSettings == replayed.schedulerSettings, "record \(index + 1)")
      #expect(
        progress.groups.mapValues { $0.questions.mapValues(\.state) }
          == replayed.groups.mapValues { $0.questions.mapValues(\.state) }, "record \(index + 1)")
      let checkpoint = ProgressCheckpoint(progress: progress, coverage: [:])
      #expect((try? ProgressCheckpoint(bytes: checkpoint.encoded())) == checkpoint, "record \(index + 1)")
    }
    return progress
  }

  @Test func theRenameMovesTheGroupsSettingsAndGoalsAndALaterSettingWins() {
    let progress = Self.applied(Self.history)
    #expect(
      progress.settings == [
        "group\u{1F}G3\u{1F}desired-retention": "0.80", "group\u{1F}G3\u{1F}new-per-day": "7",
        "exam\u{1F}G3\u{1F}G2": "2026-03-01 0.90",
      ])
    #expect(ExamGoal.goals(in: progress.settings).map(\.groups) == [["G3", "G2"]])
    #expect(progress.schedulerSettings.groupRetentions == ["G3": 0.80])
  }

  @Test func takingTheRenameBackMovesThemBack() {
    let undo = HistoryRecord.undo(
      StepMark(id: Self.id(8), time: Self.time(8), target: Self.id(5), kind: .edit, group: nil, question: nil))
    #expect(Self.applied(Self.history).settings["exam\u{1F}G3\u{1F}G2"] != nil, "the rename moved the goal")
    let progress = Self.applied(Self.history + [undo])
    #expect(
      progress.settings == [
        "group\u{1F}G1\u{1F}desired-retention": "0.80", "group\u{1F}G1\u{1F}new-per-day": "5",
        "group\u{1F}G3\u{1F}new-per-day": "7", "exam\u{1F}G1\u{1F}G2": "2026-03-01 0.90",
      ])
  }
}
