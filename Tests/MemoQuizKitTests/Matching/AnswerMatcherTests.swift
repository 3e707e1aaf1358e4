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
    Case(typed: "kin'en", answer: "kin'en", correct: true),
    Case(typed: "hutatu", answer: "futatsu", correct: true),
    Case(typed: "Toukyou", answer: "Tōkyō", correct: true),
    Case(typed: "tookyoo", answer: "tōkyō", correct: true),
    Case(typed: "tôkyô", answer: "tōkyō", correct: true),
    Case(typed: "arigatou gozaimasu", answer: "arigatō gozaimasu", correct: true),
    Case(typed: "konnichiwa", answer: "konnichiwa", correct: true),
    Case(typed: "sinbun", answer: "shinbun", correct: true),
    Case(typed: "tyotto", answer: "chotto", correct: true),
    Case(typed: "maccha", answer: "matcha", correct: true),
    Case(typed: "obāsan", answer: "obaasan", correct: true),
    Case(typed: "biiru", answer: "bīru", correct: true),
    Case(typed: "ookii", answer: "ōkii", correct: true),
    Case(typed: "kan'i", answer: "kan'i", correct: true),
    Case(typed: "sannpo", answer: "sanpo", correct: true),
    Case(typed: "kon'nichiwa", answer: "konnichiwa", correct: true),
    // A long vowel is never a short one, in either direction.
    Case(typed: "obasan", answer: "obaasan", correct: false),
    Case(typed: "obaasan", answer: "obasan", correct: false),
    Case(typed: "biru", answer: "bīru", correct: false),
    Case(typed: "biiru", answer: "biru", correct: false),
    Case(typed: "koko", answer: "koukou", correct: false),
    Case(typed: "koukou", answer: "koko", correct: false),
    Case(typed: "okii", answer: "ookii", correct: false),
    Case(typed: "tokyo", answer: "tōkyō", correct: false),
    Case(typed: "yuki", answer: "yūki", correct: false),
    Case(typed: "nee", answer: "ne", correct: false),
    Case(typed: "ii", answer: "i", correct: false),
    // A syllabic n before a vowel or y keeps its mark.
    Case(typed: "kani", answer: "kan'i", correct: false),
    Case(typed: "kan'i", answer: "kani", correct: false),
    Case(typed: "kinen", answer: "kin'en", correct: false),
    Case(typed: "konya", answer: "kon'ya", correct: false),
    // Punctuation a sentence may or may not end with, and typographic quotes.
    Case(typed: "I don\u{2019}t understand", answer: "I don't understand.", correct: true),
    Case(typed: "I don't understand", answer: "I don\u{2019}t understand.", correct: true),
    Case(typed: "how are you?", answer: "How are you", correct: true),
    Case(typed: "hello!", answer: "Hello", correct: true),
    Case(typed: "wakarimasen\u{3002}", answer: "wakarimasen", correct: true),
    Case(typed: "\u{201C}yes\u{201D}", answer: "\"yes\"", correct: true),
    Case(typed: "I dont understand", answer: "I don't understand", correct: false),
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
