import Testing

@testable import MemoQuizKit

@Suite struct ClozeTests {
  struct Rendering: CustomTestStringConvertible, Sendable {
    let text: String
    let number: Int
    let prompt: String
    let answer: String
    var testDescription: String { "\(text) c\(number)" }
  }

  static let renderings: [Rendering] = [
    Rendering(
      text: "Tokyo is the capital of {{c1::Japan}}.", number: 1, prompt: "Tokyo is the capital of [...].",
      answer: "Japan"),
    Rendering(
      text: "Tokyo is the capital of {{c1::Japan::country}}.", number: 1,
      prompt: "Tokyo is the capital of [country].", answer: "Japan"),
    // Other numbers are shown as their text.
    Rendering(
      text: "{{c1::Tokyo}} is the capital of {{c2::Japan}}.", number: 2, prompt: "Tokyo is the capital of [...].",
      answer: "Japan"),
    Rendering(
      text: "{{c1::Tokyo}} is the capital of {{c2::Japan}}.", number: 1, prompt: "[...] is the capital of Japan.",
      answer: "Tokyo"),
    // Several deletions of one number are asked together; Anki joins their texts with ", ".
    Rendering(
      text: "{{c1::Red}}, {{c1::green}} and {{c2::blue}}", number: 1, prompt: "[...], [...] and blue",
      answer: "Red, green"),
    // ...and gives the text once when they are all the same.
    Rendering(
      text: "{{c1::ni}} + {{c1::ni}} = shi", number: 1, prompt: "[...] + [...] = shi", answer: "ni"),
    // The first "::" ends the text; the hint is the rest.
    Rendering(text: "{{C3::a::b::c}}!", number: 3, prompt: "[b::c]!", answer: "a"),
    Rendering(text: "かな {{c1::ひらがな}} です", number: 1, prompt: "かな [...] です", answer: "ひらがな"),
  ]

  @Test(arguments: renderings)
  func eachNumberHidesItsDeletions(_ rendering: Rendering) throws {
    let cloze = try #require(Cloze(rendering.text))
    #expect(cloze.prompt(for: rendering.number) == rendering.prompt)
    #expect(cloze.answer(for: rendering.number) == rendering.answer)
  }

  @Test func numbersAreDistinctAndInOrder() throws {
    let cloze = try #require(Cloze("{{c3::c}} {{c1::a}} {{c3::d}} {{c10::e}}"))
    #expect(cloze.numbers == [1, 3, 10])
    #expect(cloze.fullText == "c a d e")
  }

  struct Broken: CustomTestStringConvertible, Sendable {
    let text: String
    /// The UTF-8 offset the problem is reported at; `nil` for the whole text.
    let offset: Int?
    let message: String
    var testDescription: String { text }
  }

  static let broken: [Broken] = [
    Broken(text: "no deletion here", offset: nil, message: "has no deletion"),
    Broken(text: "open {{c1::never closed", offset: 5, message: "not closed"),
    Broken(text: "closed }} nothing", offset: 7, message: "closes no deletion"),
    Broken(text: "a {{c0::zero}}", offset: 5, message: "from 1 to"),
    Broken(text: "a {{cx::letter}}", offset: 5, message: "not a number"),
    Broken(text: "a {{c::none}}", offset: 5, message: "not a number"),
    Broken(text: "a {{c1 missing separator}}", offset: 5, message: "not a number"),
    Broken(text: "a {{x::y}}", offset: 2, message: "with c and its number first"),
    Broken(text: "a {{c1::  }}", offset: 2, message: "is empty"),
    Broken(text: "a {{c1::b {{c2::c}} }}", offset: 10, message: "cannot hold another deletion"),
    Broken(text: "a {{c99999::big}}", offset: 5, message: "from 1 to 9999"),
  ]

  @Test(arguments: broken)
  func aBrokenClozeSaysWhereAndWhy(_ broken: Broken) {
    #expect(Cloze(broken.text) == nil)
    let problems = Cloze.problems(in: broken.text)
    #expect(problems.count == 1, "\(problems)")
    #expect(problems.first?.offset == broken.offset)
    #expect(problems.first?.message.contains(broken.message) == true, "\(problems)")
  }
}
