import Foundation
import Testing

@testable import MemoQuizKit

/// Romaji turns into kana as WanaKana's published `toKana` cases say, the
/// way the contract fixes it where they differ (`nn` is one ん).
@Suite struct KanaConverterTests {
  struct Case: Decodable, Sendable, CustomTestStringConvertible {
    let romaji: String
    let kana: String
    let from: String
    var testDescription: String { "\(romaji) → \(kana)" }
  }

  struct Table: Decodable {
    let final: [Case]
    let typing: [Case]
  }

  static let table: Table? = {
    guard let data = try? Fixtures.data("kana-conversion.json") else { return nil }
    return try? JSONDecoder().decode(Table.self, from: data)
  }()

  @Test func theFixtureHoldsWanaKanasTables() throws {
    let table = try #require(Self.table, "Fixtures/kana-conversion.json reads")
    #expect(table.final.count > 600)
    #expect(table.typing.count >= 10)
  }

  @Test(arguments: table?.final ?? [])
  func aFinishedAnswerIsConverted(_ example: Case) {
    #expect(KanaConverter.converting(example.romaji) == example.kana, "\(example.from)")
  }

  @Test(arguments: table?.typing ?? [])
  func whatMoreKeysCouldChangeWaitsWhileTyping(_ example: Case) {
    #expect(KanaConverter.converting(example.romaji, final: false) == example.kana, "\(example.from)")
  }

  @Test func convertingTwiceChangesNothing() {
    for text in ["mizu", "konnichiwa", "kanna", "Tōkyō", "kitte", "honn", "matcha"] {
      let once = KanaConverter.converting(text)
      #expect(KanaConverter.converting(once) == once, "\(text)")
    }
  }

  @Test func theContractsRulesForN() {
    #expect(KanaConverter.converting("konnichiwa") == "こんにちわ", "nn before a vowel: ん and the next syllable")
    #expect(KanaConverter.converting("konnnichiwa") == "こんにちわ", "nn before a consonant: one ん")
    #expect(KanaConverter.converting("honn") == "ほん", "nn at the end: one ん")
    #expect(KanaConverter.converting("kan'i") == "かんい")
    #expect(KanaConverter.converting("kani") == "かに")
    #expect(KanaConverter.converting("sanpo") == "さんぽ")
    #expect(KanaConverter.converting("hon") == "ほん")
    #expect(KanaConverter.converting("matcha") == "まっちゃ")
    #expect(KanaConverter.converting("Mizu") == "ミず", "a capital first letter: that syllable in katakana")
    #expect(KanaConverter.converting("mizu", katakana: true) == "ミズ")
  }

  @Test func roundInputsAndAnswersNotInKanaAreNeverConverted() {
    #expect(KanaConverter.answer(":undo", for: .hiragana) == ":undo")
    #expect(KanaConverter.answer(" :romaji", for: .hiragana) == " :romaji")
    #expect(KanaConverter.answer("?", for: .hiragana) == "?")
    #expect(KanaConverter.answer("mizu", for: .none) == "mizu")
    #expect(KanaConverter.answer("mizu", for: .hiragana) == "みず")
    #expect(KanaConverter.target(for: ["みず"]) == .hiragana)
    #expect(KanaConverter.target(for: ["テレビ"]) == .katakana)
    #expect(KanaConverter.target(for: ["みず", "mizu"]) == .none, "a romaji alternative stays typable")
    #expect(KanaConverter.target(for: ["みず", "水"]) == .hiragana, "kanji pass through the conversion")
    #expect(KanaConverter.target(for: ["水", "みず"]) == .none, "the expected answer is not kana")
    #expect(KanaConverter.target(for: ["水"]) == .none)
    #expect(KanaConverter.target(for: ["shi"]) == .none)
  }
}
