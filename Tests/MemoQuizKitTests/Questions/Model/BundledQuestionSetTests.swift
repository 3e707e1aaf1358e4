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

  @Test func hasTheGroupsInOrder() {
    #expect(
      groups.map(\.title) == [
        "Hiragana", "Katakana", "Basic Phrases", "Numbers", "Hiragana dakuten", "Hiragana yoon", "Hiragana small tsu",
        "Katakana dakuten", "Katakana yoon", "Katakana small tsu",
      ])
  }

  @Test(arguments: ["Hiragana", "Katakana"])
  func theKanaBeyondTheBasic46AreThereInBothScripts(_ script: String) throws {
    let dakuten = try group("\(script) dakuten").questions
    #expect(dakuten.count == 25, "が to ぽ")
    #expect(Set(dakuten.map(\.prompt)).count == 25)
    let yoon = try group("\(script) yoon").questions
    #expect(yoon.count == 33, "きゃ to ぴょ")
    #expect(yoon.allSatisfy { $0.prompt.count == 2 || $0.prompt.unicodeScalars.count == 2 })
    let words = try group("\(script) small tsu").questions
    #expect(words.count >= 10)
    let smallTsu: Character = script == "Hiragana" ? "っ" : "ッ"
    #expect(words.allSatisfy { $0.prompt.contains(smallTsu) })
    let range: ClosedRange<UInt32> = script == "Hiragana" ? 0x3041...0x309F : 0x30A0...0x30FF
    for question in dakuten + yoon + words {
      #expect(question.prompt.unicodeScalars.allSatisfy { range.contains($0.value) }, "\(question.prompt)")
    }
  }

  /// The words of a text, lower-cased, in order: runs of letters and digits.
  private func words(_ text: String) -> [String] {
    text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
  }

  /// Whether `hint` says `answer`: the answer's words, one after another,
  /// among the hint's. An answer of several words ("ten thousand") counts
  /// as much as one of a single word.
  private func hint(_ hint: String, says answer: String) -> Bool {
    let said = words(hint)
    let answered = words(answer)
    guard !answered.isEmpty, answered.count <= said.count else { return false }
    return (0...(said.count - answered.count)).contains { Array(said[$0..<($0 + answered.count)]) == answered }
  }

  @Test func everyKanaQuestionHasAHintThatDoesNotRepeatItsPrompt() {
    let kanaGroups = groups.filter { $0.title.hasPrefix("Hiragana") || $0.title.hasPrefix("Katakana") }
    #expect(kanaGroups.count == 8)
    for question in kanaGroups.flatMap(\.questions) {
      let hint = question.hint ?? ""
      #expect(!hint.trimmingWhitespace.isEmpty, "\(question.prompt) has no hint")
      #expect(!hint.contains(question.prompt), "\(question.prompt)'s hint repeats it")
    }
  }

  /// The hint of 一万 said "ten thousand", one of its
  /// accepted answers. The check once looked at the kana groups only, and
  /// at answers of one word only.
  @Test func noBundledHintSaysAnAcceptedAnswer() {
    #expect(hint("いちまん: 万 is ten thousand", says: "ten thousand"), "the check sees an answer of two words")
    #expect(!hint("like 'she'", says: "shi"))
    for group in groups {
      for question in group.questions {
        let hint = question.hint ?? ""
        let given = question.acceptedAnswers.filter { self.hint(hint, says: $0) }
        #expect(given.isEmpty, "\(group.title): \(question.prompt)'s hint \"\(hint)\" says \(given)")
      }
    }
  }

  @Test func numbersAcceptTheirReading() throws {
    let numbers = try group("Numbers")
    let one = try #require(numbers.questions.first { $0.prompt == "一" })
    #expect(AnswerMatcher.isCorrect("1", for: one))
    #expect(AnswerMatcher.isCorrect("ichi", for: one))
    #expect(AnswerMatcher.isCorrect("one", for: one))
    let nine = try #require(numbers.questions.first { $0.prompt == "九" })
    #expect(AnswerMatcher.isCorrect("kyuu", for: nine))
    #expect(AnswerMatcher.isCorrect("ku", for: nine))
  }

  @Test func phrasesAreWrittenAsEnglishIs() throws {
    for question in try group("Basic Phrases").questions {
      #expect(question.answer.first?.isUppercase == true, "\(question.answer)")
      #expect(!question.answer.contains(" i "), "\(question.answer)")
    }
  }

  @Test(arguments: ["Hiragana", "Katakana"])
  func kanaGroupsHaveAll46UniqueBasicKana(_ title: String) throws {
    let kana = try group(title)
    #expect(kana.questions.count == 46)
    #expect(Set(kana.questions.map(\.prompt)).count == 46)
    // を reads as お: "o" (or "wo"); every other answer is its own.
    #expect(Set(kana.questions.map(\.answer)).count == 45)
    #expect(kana.questions.filter { $0.answer == "o" }.count == 2)
    let range: ClosedRange<UInt32> = title == "Hiragana" ? 0x3041...0x309F : 0x30A0...0x30FF
    for question in kana.questions {
      #expect(question.prompt.unicodeScalars.count == 1)
      #expect(question.prompt.unicodeScalars.allSatisfy { range.contains($0.value) }, "\(question.prompt)")
    }
  }

  @Test(arguments: ["Hiragana", "Katakana"])
  func kanaAnswersAreHepburnWithKunreiAlternatives(_ title: String) throws {
    let kana = try group(title)
    let answers = Dictionary(kana.questions.map { ($0.answer, $0.alternatives) }, uniquingKeysWith: { $0 + $1 })
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
