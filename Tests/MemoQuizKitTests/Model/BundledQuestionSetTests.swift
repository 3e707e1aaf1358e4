import Testing

@testable import MemoQuizKit

/// The question set compiled into the binary is complete and correct.
@Suite struct BundledQuestionSetTests {
  let groups: [QuestionGroup]

  init() throws {
    groups = try QuestionGroupCaretaker.bundledGroups()
  }

  private func group(_ title: String) throws -> QuestionGroup {
    try #require(groups.first { $0.title == title })
  }

  @Test func hasTheFourGroupsInOrder() {
    #expect(groups.map(\.title) == ["Hiragana", "Katakana", "Basic Phrases", "Numbers"])
  }

  @Test(arguments: ["Hiragana", "Katakana"])
  func kanaGroupsHaveAll46UniqueBasicKana(_ title: String) throws {
    let kana = try group(title)
    #expect(kana.questions.count == 46)
    #expect(Set(kana.questions.map(\.prompt)).count == 46)
    #expect(Set(kana.questions.map(\.answer)).count == 46)
    let range: ClosedRange<UInt32> = title == "Hiragana" ? 0x3041...0x309F : 0x30A0...0x30FF
    for question in kana.questions {
      #expect(question.prompt.unicodeScalars.count == 1)
      #expect(question.prompt.unicodeScalars.allSatisfy { range.contains($0.value) }, "\(question.prompt)")
    }
  }

  @Test(arguments: ["Hiragana", "Katakana"])
  func kanaAnswersAreHepburnWithKunreiAlternatives(_ title: String) throws {
    let kana = try group(title)
    let answers = Dictionary(uniqueKeysWithValues: kana.questions.map { ($0.answer, $0.alternatives) })
    #expect(answers["shi"]?.contains("si") == true)
    #expect(answers["chi"]?.contains("ti") == true)
    #expect(answers["tsu"]?.contains("tu") == true)
    #expect(answers["fu"]?.contains("hu") == true)
    #expect(answers["n"] != nil)
  }

  @Test func phrasesAndNumbersAreComplete() throws {
    let phrases = try group("Basic Phrases")
    #expect(phrases.questions.count >= 20)
    #expect(phrases.questions.allSatisfy { $0.hint?.isEmpty == false }, "every phrase has its romaji reading")
    let numbers = try group("Numbers")
    let answers = Set(numbers.questions.map(\.answer))
    for required in (0...10).map(String.init) + ["100", "1000", "10000"] {
      #expect(answers.contains(required), "missing \(required)")
    }
    #expect(numbers.questions.allSatisfy { $0.hint?.isEmpty == false })
  }

  @Test func everyAnswerIsNonEmptyAndAcceptedByTheMatcher() {
    for question in groups.flatMap(\.questions) {
      #expect(!question.answer.trimmingWhitespace.isEmpty)
      #expect(AnswerMatcher.isCorrect(question.answer, for: question))
      for alternative in question.alternatives {
        #expect(AnswerMatcher.isCorrect(alternative, for: question))
      }
    }
  }
}
