import Testing

@testable import MemoQuizKit

/// Wrapping breaks lines at spaces, never inside what a reader copies or
/// reads as one: inline commands, quoted phrases, an option and its value.
@Suite struct TextWrappingTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let text: String
    let width: Int
    /// Runs that must stay on one line.
    let whole: [String]
    var testDescription: String { text }
  }

  @Test(arguments: [
    Case(
      text: "Stopped at question 3 of 46 of Katakana; your answers are saved. `memoquiz play Hiragana` resumes here.",
      width: 60, whole: ["`memoquiz play Hiragana`"]),
    Case(
      text: "Round over. Next: `memoquiz play 'Basic Phrases' --strategy review` has 12 due.", width: 56,
      whole: ["`memoquiz play 'Basic Phrases' --strategy review`"]),
    Case(
      text: "no group is called \"hiragna\"; did you mean \"Hiragana dakuten\"? (`memoquiz groups` lists them all)",
      width: 44, whole: ["\"Hiragana dakuten\"?", "`memoquiz groups`"]),
    Case(
      text: "the questions you have never answered, up to --new N of them, and then some more words", width: 30,
      whole: ["--new N"]),
    Case(
      text: "Resume the round of 'Hiragana small tsu' where you stopped, or start it over from the first question",
      width: 32, whole: ["'Hiragana small tsu'"]),
  ])
  func runsThatReadAsOneStayOnOneLine(_ example: Case) {
    let lines = TextWrapping.wrapped(example.text, width: example.width).split(separator: "\n")
    #expect(lines.count > 1, "the example must need wrapping")
    for line in lines { #expect(DisplayWidth.of(String(line)) <= example.width, "\(line)") }
    for run in example.whole {
      #expect(lines.contains { $0.contains(run) }, "\(run) was split: \(lines)")
    }
    // Nothing is lost or reordered: only spaces became line breaks.
    let rejoined = lines.map { $0.drop { $0 == " " } }.joined(separator: " ")
    #expect(rejoined == example.text)
  }

  @Test func aRunWiderThanTheLineIsBrokenAtItsSpaces() {
    let text = "see `memoquiz import a-very-long-file-name.csv --title Words --merge --dry-run` first"
    let lines = TextWrapping.wrapped(text, width: 30).split(separator: "\n")
    for line in lines { #expect(DisplayWidth.of(String(line)) <= 30 || !line.dropFirst(2).contains(" ")) }
    #expect(lines.count >= 3)
  }

  @Test func aLineKeepsItsIndentationAndContinuesBelowIt() {
    let text = "    :undo    take back the last graded answer, as often as you like"
    #expect(
      TextWrapping.wrappedLines(text, width: 40)
        == "    :undo    take back the last graded\n      answer, as often as you like")
  }

  @Test func wideCharactersCountTwoColumns() {
    let text = "ひらがな カタカナ ひらがな カタカナ"
    #expect(TextWrapping.wrapped(text, width: 18, indent: "") == "ひらがな カタカナ\nひらがな カタカナ")
  }

  @Test func linesOfAParagraphTakeTheirIndents() {
    let lines = TextWrapping.lines(
      "show the hint of the question", width: 20, firstIndent: "  ?     ", indent: "        ")
    #expect(lines == ["  ?     show the", "        hint of the", "        question"])
  }
}
