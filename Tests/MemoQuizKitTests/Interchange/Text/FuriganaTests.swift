import Testing

@testable import MemoQuizKit

/// Furigana: ruby HTML read as Anki's text form, and the word without its
/// readings, which a typed answer also accepts.
@Suite struct FuriganaTests {
  struct Case: Sendable, CustomStringConvertible {
    let field: String
    let text: String
    let bare: String?
    var description: String { field }
  }

  static let cases: [Case] = [
    Case(field: "<ruby>山<rt>やま</rt></ruby>", text: "山[やま]", bare: "山"),
    Case(field: "<ruby>山<rp>(</rp><rt>やま</rt><rp>)</rp></ruby>", text: "山[やま]", bare: "山"),
    Case(field: "<ruby>日本<rt>にほん</rt></ruby><ruby>語<rt>ご</rt></ruby>", text: "日本[にほん]語[ご]", bare: "日本語"),
    Case(field: "私[わたし]は 日本[にほん]", text: "私[わたし]は 日本[にほん]", bare: "私は日本"),
    Case(field: "to listen; to ask 聞[き]く", text: "to listen; to ask 聞[き]く", bare: "to listen; to ask 聞く"),
    Case(field: "yama", text: "yama", bare: nil),
  ]

  @Test(arguments: cases)
  func rubyBecomesAnkisTextFormAndTheWordStandsAlone(_ example: Case) {
    let text = AnkiText.plainField(example.field)
    #expect(text == example.text)
    #expect(Furigana.withoutReadings(text) == example.bare)
  }
}
