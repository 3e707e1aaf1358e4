import FoundationEssentials

/// The day's plan as a round sees it: its cap on new questions and the
/// lines about what comes next, counted from the memory the round holds.
public struct DayOutlook: RoundOutlook {
  private let caretaker: QuestionGroupCaretaker

  /// The outlook of the groups and progress `caretaker` keeps.
  public init(caretaker: QuestionGroupCaretaker) {
    self.caretaker = caretaker
  }

  public func newQuestionsLeft(at now: Date, memory: ProgressWithMemory) -> Int {
    caretaker.newLeftToday(at: now, memory: memory)
  }

  public func nextDue(at now: Date, memory: ProgressWithMemory) -> String {
    caretaker.dayPlan(at: now, memory: memory).nextText
  }

  public func whatsNext(at now: Date, memory: ProgressWithMemory) -> String {
    caretaker.dayPlan(at: now, memory: memory).whatsNext(wording: caretaker.wording)
  }
}
