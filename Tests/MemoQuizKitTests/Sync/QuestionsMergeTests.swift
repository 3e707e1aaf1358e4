import Testing

@testable import MemoQuizKit

/// Two machines' changes of the questions, merged question by question
/// against the version both started from.
@Suite struct QuestionsMergeTests {
  private let base = [
    QuestionGroup(
      title: "Kanji",
      questions: [Question(prompt: "水", answer: "mizu"), Question(prompt: "山", answer: "yama")]),
    QuestionGroup(title: "Kana", questions: [Question(prompt: "あ", answer: "a")]),
  ]

  private func changing(_ groups: [QuestionGroup], _ change: (inout [QuestionGroup]) -> Void) -> [QuestionGroup] {
    var copy = groups
    change(&copy)
    return copy
  }

  @Test func changesToDifferentQuestionsBothApply() {
    let earlier = changing(base) { $0[0].questions[0].alternatives = ["sui"] }
    let later = changing(base) { $0[0].questions[1].hint = "mountain" }
    let merge = QuestionsMerge(base: base, earlier: earlier, later: later)
    #expect(merge.conflicts.isEmpty)
    #expect(merge.groups[0].questions[0].alternatives == ["sui"])
    #expect(merge.groups[0].questions[1].hint == "mountain")
    #expect(merge.groups[1] == base[1])
  }

  @Test func theSameQuestionChangedOnBothKeepsTheLaterAndIsNamed() {
    let earlier = changing(base) {
      $0[0].questions[1].hint = "peak"
      $0[1].questions.append(Question(prompt: "い", answer: "i"))
    }
    let later = changing(base) { $0[0].questions[1].hint = "mountain" }
    let merge = QuestionsMerge(base: base, earlier: earlier, later: later)
    #expect(merge.conflicts == [QuestionsMerge.Conflict(group: "Kanji", question: "山")])
    #expect(merge.conflicts.map(\.description) == ["\"山\" in Kanji"])
    #expect(merge.groups[0].questions[1].hint == "mountain")
    #expect(merge.groups[1].questions.map(\.prompt) == ["あ", "い"], "the earlier machine's new question stays")
  }

  @Test func removalsAndAdditionsOnOneSideStay() {
    let earlier = changing(base) { $0.remove(at: 1) }
    let later = changing(base) {
      $0[0].questions.removeFirst()
      $0.append(QuestionGroup(title: "Numbers", questions: [Question(prompt: "一", answer: "ichi")]))
    }
    let merge = QuestionsMerge(base: base, earlier: earlier, later: later)
    #expect(merge.conflicts.isEmpty)
    #expect(merge.groups.map(\.title) == ["Kanji", "Numbers"])
    #expect(merge.groups[0].questions.map(\.prompt) == ["山"])
  }

  @Test func aGroupRemovedOnOneAndChangedOnTheOtherIsAConflict() {
    let earlier = changing(base) { $0[1].questions[0].hint = "vowel" }
    let later = changing(base) { $0.remove(at: 1) }
    let merge = QuestionsMerge(base: base, earlier: earlier, later: later)
    #expect(merge.conflicts == [QuestionsMerge.Conflict(group: "Kana", question: nil)])
    #expect(merge.groups.map(\.title) == ["Kanji"], "the later change wins")
  }
}
