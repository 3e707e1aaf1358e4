import Foundation
import Testing

@testable import MemoQuizKit

/// The group list, the menu and the day's plan say the same whether the
/// folder is read through the outlook or through every card's memory: both
/// give one due index.
@Suite struct DueIndexReadTests {
  /// A folder of three groups (one with reversed cards, so answers bury
  /// siblings) and seeded answers spread over a fortnight, day starting at 6.
  /// - Returns: the folder and the times the answers were given.
  private static func practisedFolder(seed: UInt64) throws -> (TemporaryFolder, [Timestamp]) {
    let folder = try TemporaryFolder()
    func questions(_ title: String, _ count: Int) -> String {
      (0..<count).map { #"{"prompt": "\#(title) q\#($0)", "answer": "a\#($0)"}"# }.joined(separator: ", ")
    }
    try folder.write(
      "questions.json",
      """
      [{"title": "Words", "reverse": true, "questions": [\(questions("Words", 30))]},
       {"title": "Kana", "questions": [\(questions("Kana", 40))]},
       {"title": "Unplayed", "questions": [\(questions("Unplayed", 12))]}]
      """)
    let caretaker = try QuestionGroupCaretaker(folder: DataFolder(path: folder.path))
    let start = Timestamp(rawValue: 1_767_600_000_000)
    try caretaker.progress.set("day-starts-at", to: "6", summary: "day-starts-at 6", at: start.date)
    var generator = SeededGenerator(seed: seed)
    var time = start.rawValue
    var times: [Timestamp] = []
    var answers: [AnswerStep] = []
    for _ in 0..<160 {
      time += Int64(generator.next(below: 3 * 3_600_000))
      let group = caretaker.groups[Int(generator.next(below: 2))]
      let cards = group.cards
      let card = cards[Int(generator.next(below: UInt64(cards.count - 4)))]
      let stamp = Timestamp(rawValue: time)
      times.append(stamp)
      answers.append(
        AnswerStep(
          id: StepID(machine: MachineID.test(1), sequence: 1), time: stamp, group: group.title, round: nil,
          question: card.identity, prompt: card.prompt, typed: "x",
          rating: ReviewRating(rawValue: Int(generator.next(below: 4)) + 1) ?? .good, duration: 1500,
          day: LearnersDay.number(containing: stamp, startingAt: 6)))
    }
    _ = try caretaker.progress.record(answers)
    try caretaker.progress.saveCheckpointIfDue()
    return (folder, times)
  }

  /// What a reader shows on `now`: each group's counts, the plan and the
  /// menu, after reading what `today` and the start screen read first.
  private static func shown(by caretaker: QuestionGroupCaretaker, at now: Date) throws -> String {
    let plan = try caretaker.dayPlan(at: now)
    var text = ""
    for group in caretaker.groups {
      text += "\(group.title): due \(caretaker.dueCount(of: group, at: now)), new \(caretaker.newCount(of: group))"
      text += ", next \(caretaker.nextDueDay(of: group).map(String.init) ?? "-")\n"
    }
    text += "plan: \(plan.headline)\n"
    for share in plan.groups { text += "  \(share.title): \(share.due) due, \(share.new) new\n" }
    text += "next: \(plan.next.map { "day \($0.day.number), \($0.count) cards" } ?? "-")\n"
    let terminal = ScriptedTerminal(lines: ["q"])
    _ = try GroupMenu(caretaker: caretaker, terminal: terminal, now: now).ask()
    terminal.flush()
    return text + terminal.shown
  }

  @Test(arguments: 0..<3)
  func theOutlookAndTheMemoryShowTheSame(_ seed: Int) throws {
    let (folder, times) = try Self.practisedFolder(seed: UInt64(seed))
    let data = DataFolder(path: folder.path)
    // Each day answers were given on (siblings buried then), the day after
    // the last, and a later one when more fall due.
    let last = try #require(times.last)
    var moments = stride(from: 0, to: times.count, by: 17).map { times[$0].date }
    moments += [last.date, last.date.addingTimeInterval(86_400), last.date.addingTimeInterval(9 * 86_400)]
    var sawDue = false
    var sawBuried = false
    for now in moments {
      let fromOutlook = try QuestionGroupCaretaker(folder: data, needsMemory: false)
      #expect(fromOutlook.progress.outlook != nil, "the outlook stands in for the memory")
      let fromMemory = try QuestionGroupCaretaker(folder: data)
      #expect(fromMemory.progress.outlook == nil)
      let outlookSays = try Self.shown(by: fromOutlook, at: now)
      let memorySays = try Self.shown(by: fromMemory, at: now)
      #expect(outlookSays == memorySays, "at \(now)")
      // The counts are the memory's own, not just the same on both sides.
      let today = fromMemory.learnerDay(at: now)
      for group in fromMemory.groups {
        let memory = try fromMemory.loadMemory()
        let states = group.cards.map { memory.memory(of: $0, in: group)?.state }
        let due = states.count { $0?.isDue(onDay: today) == true }
        let buried = ReviewQuestionStrategy.buried(
          memory: states, today: today, question: { group.cards[$0].questionIdentity })
        let dueBuried = buried.count { states[$0]?.isDue(onDay: today) == true }
        #expect(fromMemory.dueCount(of: group, at: now) == due - dueBuried)
        #expect(fromMemory.newCount(of: group) == states.count { $0 == nil })
        sawDue = sawDue || due > 0
        sawBuried = sawBuried || !buried.isEmpty
      }
    }
    #expect(sawDue, "some cards fall due on the days looked at")
    #expect(sawBuried, "the reversed group's answers bury siblings on some of the days")
  }
}
