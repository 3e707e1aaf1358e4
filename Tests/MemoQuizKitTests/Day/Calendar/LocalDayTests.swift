import Testing

@testable import MemoQuizKit

@Suite struct LocalDayTests {
  @Test(arguments: [
    (0, "1970-01-01", 3), (-1, "1969-12-31", 2), (20_779, "2026-11-22", 6), (11_016, "2000-02-29", 1),
    (-719_468, "0000-03-01", 2),
  ])
  func numbersAreCalendarDays(_ number: Int, _ text: String, _ weekday: Int) {
    let day = LocalDay(number: number)
    #expect(day.isoText == text)
    #expect(day.weekday == weekday, "0 is Monday")
  }

  @Test func everyDayOfFourCenturiesFollowsTheLast() {
    var previous = LocalDay(number: -146_097).date
    for number in -146_096...146_097 {
      let date = LocalDay(number: number).date
      let nextDay = date.day == previous.day + 1 && date.month == previous.month && date.year == previous.year
      let nextMonth = date.day == 1 && (date.month == previous.month + 1 || (date.month == 1 && previous.month == 12))
      #expect(nextDay || nextMonth, "\(number)")
      if !(nextDay || nextMonth) { break }
      previous = date
    }
  }
}
