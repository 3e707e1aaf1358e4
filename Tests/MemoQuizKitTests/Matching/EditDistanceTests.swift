import Testing

@testable import MemoQuizKit

@Suite struct EditDistanceTests {
  @Test(arguments: [
    ("hint", "hint", 0), ("hnit", "hint", 1), ("promt", "prompt", 1), ("", "abc", 3), ("kitten", "sitting", 3),
    ("Group 12", "grop 12", 2),
  ])
  func countsInsertionsDeletionsSubstitutionsAndSwaps(_ a: String, _ b: String, _ distance: Int) {
    #expect(EditDistance.between(a, b) == distance)
    #expect(EditDistance.between(b, a) == distance)
  }

  @Test func aLimitStopsEarlyAndSaysOnlyThatItWasPassed() {
    #expect(EditDistance.between("questions", "key12345", limit: 2) == 3)
    #expect(EditDistance.between("hnit", "hint", limit: 2) == 1)
  }
}
