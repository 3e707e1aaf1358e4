import Testing

@testable import MemoQuizKit

@Suite struct AnswerMatcherTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let typed: String
    let answer: String
    var alternatives: [String] = []
    let correct: Bool
    var testDescription: String { "\(typed) ~ \(answer): \(correct)" }
  }

  static let cases: [Case] = [
    // Case, spaces and width.
    Case(typed: "Shi", answer: "shi", correct: true),
    Case(typed: "  shi  ", answer: "shi", correct: true),
    Case(typed: "thank   you", answer: "thank you", correct: true),
    Case(typed: "ｓｈｉ", answer: "shi", correct: true),
    Case(typed: "１０", answer: "10", correct: true),
    Case(typed: "thank\u{3000}you", answer: "thank you", correct: true),
    // Unicode form: precomposed and decomposed are the same text.
    Case(typed: "caf\u{E9}", answer: "cafe\u{301}", correct: true),
    Case(typed: "to\u{304}kyo\u{304}", answer: "tōkyō", correct: true),
    // Alternatives.
    Case(typed: "four", answer: "4", alternatives: ["four"], correct: true),
    Case(typed: "five", answer: "4", alternatives: ["four"], correct: false),
    // Romaji spelling systems.
    Case(typed: "si", answer: "shi", correct: true),
    Case(typed: "ti", answer: "chi", correct: true),
    Case(typed: "tu", answer: "tsu", correct: true),
    Case(typed: "hu", answer: "fu", correct: true),
    Case(typed: "zi", answer: "ji", correct: true),
    Case(typed: "di", answer: "ji", correct: true),
    Case(typed: "sya", answer: "sha", correct: true),
    Case(typed: "syu", answer: "shu", correct: true),
    Case(typed: "tyo", answer: "cho", correct: true),
    Case(typed: "zya", answer: "ja", correct: true),
    Case(typed: "jya", answer: "ja", correct: true),
    Case(typed: "nn", answer: "n", correct: true),
    Case(typed: "n'", answer: "n", correct: true),
    Case(typed: "kin'en", answer: "kinen", correct: true),
    Case(typed: "hutatu", answer: "futatsu", correct: true),
    Case(typed: "Toukyou", answer: "Tōkyō", correct: true),
    Case(typed: "tookyoo", answer: "tōkyō", correct: true),
    Case(typed: "tokyo", answer: "tōkyō", correct: true),
    Case(typed: "arigatou gozaimasu", answer: "arigatō gozaimasu", correct: true),
    Case(typed: "konnichiwa", answer: "konnichiwa", correct: true),
    Case(typed: "sinbun", answer: "shinbun", correct: true),
    // Real mistakes stay mistakes.
    Case(typed: "sa", answer: "shi", correct: false),
    Case(typed: "su", answer: "tsu", correct: false),
    Case(typed: "ka", answer: "ga", correct: false),
    Case(typed: "", answer: "a", correct: false),
    Case(typed: "   ", answer: "a", correct: false),
    // Romaji rules do not apply to answers that are not romaji.
    Case(typed: "for", answer: "four", correct: false),
    Case(typed: "helo", answer: "hello", correct: false),
  ]

  @Test(arguments: cases)
  func matching(_ example: Case) {
    let question = Question(prompt: "?", answer: example.answer, alternatives: example.alternatives)
    #expect(AnswerMatcher.isCorrect(example.typed, for: question) == example.correct)
  }

  @Test(arguments: [
    ("shi", true), ("konnichiwa", true), ("kyoto", true), ("matcha", true), ("n", true), ("gakkou", true),
    ("hello", false), ("thank you", false), ("yes", false), ("4", false),
  ])
  func romajiIsRecognised(_ text: String, _ isRomaji: Bool) {
    #expect(Romaji.isRomaji(text) == isRomaji)
  }
}
