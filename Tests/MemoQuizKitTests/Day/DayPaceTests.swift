import Testing

@testable import MemoQuizKit

/// The learner's pace: the room it leaves for new questions.
@Suite struct DayPaceTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var previousDay: Int
    var today: Int
    var due: Int
    var room: Int?
    var testDescription: String {
      "\(previousDay) yesterday, \(today) today, \(due) due: \(room.map(String.init) ?? "nothing held back")"
    }
  }

  @Test(arguments: [
    Case(previousDay: 0, today: 0, due: 40, room: nil),
    Case(previousDay: 0, today: 12, due: 0, room: nil),
    Case(previousDay: 25, today: 0, due: 0, room: nil),
    Case(previousDay: 25, today: 0, due: 10, room: 13),
    Case(previousDay: 25, today: 10, due: 5, room: 9),
    Case(previousDay: 25, today: 0, due: 25, room: 0),
    Case(previousDay: 25, today: 0, due: 60, room: 0),
    Case(previousDay: 25, today: 30, due: 0, room: nil),
    Case(previousDay: 25, today: 30, due: 1, room: 0),
    Case(previousDay: 1, today: 0, due: 1, room: 0),
    Case(previousDay: 3, today: 0, due: 1, room: 1),
  ])
  func roomForNewQuestionsIsWhatThePaceLeavesAfterTheDueCards(_ test: Case) {
    let pace = DayPace(previousDay: test.previousDay, today: test.today, due: test.due)
    #expect(pace.roomForNew == test.room)
  }
}
