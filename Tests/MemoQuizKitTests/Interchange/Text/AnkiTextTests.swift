import Testing

@testable import MemoQuizKit

/// Anki's plain text, read by Anki's rules.
@Suite struct AnkiTextTests {
  private func rows(_ text: String) -> [[String]] {
    AnkiText(text: text).rows.map(\.fields)
  }

  @Test(arguments: [
    ("a\tb,c\n", "\t"), ("a|b;c\n", "|"), ("a;b:c\n", ";"), ("a:b,c\n", ":"), ("a,b c\n", ","), ("a b\n", " "),
    ("a,b\nc;d\n", ";"), ("a,\"b;c\"\n", ";"), ("#separator:comma\na;b,c\n", ","), ("#separator:Tab\na,b\tc\n", "\t"),
  ])
  func theSeparatorIsNamedOrGuessedAsAnkiGuessesIt(_ text: String, _ separator: Character) {
    #expect(AnkiText(text: text).separator == separator)
  }

  @Test func quotedFieldsHoldSeparatorsQuotesAndLines() {
    let text = "#separator:tab\n\"say \"\"hi\"\"\tthere\"\tanswer\nnext\t\"two\nlines\"\n"
    #expect(rows(text) == [["say \"hi\"\tthere", "answer"], ["next", "two lines"]])
    #expect(AnkiText(text: text).rows.map(\.line) == [2, 3])
  }

  @Test func anUnclosedQuoteIsAProblemAtItsLine() {
    let anki = AnkiText(text: "a\tb\n\"open\tc\nd\te\n")
    #expect(anki.problems == [ImportProblem(line: 2, message: "a quoted field is not closed")])
  }

  @Test func headerColumnsAreLeftOutAndTheDeckColumnNamesTheGroup() {
    let text =
      "#separator:tab\n#html:false\n#notetype column:1\n#deck column:2\n#tags column:5\nBasic\tKana\tあ\ta\ttag\n"
    let anki = AnkiText(text: text)
    #expect(anki.rows.map(\.fields) == [["あ", "a"]])
    #expect(anki.rows.first?.deck == "Kana")
  }

  @Test func htmlIsMadePlainText() {
    let text = "#html:true\n<b>bold</b> &amp; <i>it</i>\tline<br>break &lt;3 &#x3042;&#12354;&nbsp;x\n"
    #expect(rows(text) == [["bold & it", "line break <3 ああ x"]])
    #expect(rows("<b>kept</b>\ta\n") == [["<b>kept</b>", "a"]], "without #html:true the text is as written")
  }

  @Test func windowsLineEndingsAndBlankLinesAreFine() {
    #expect(rows("#separator:comma\r\na,b\r\n\r\nc,d\r\n") == [["a", "b"], ["c", "d"]])
  }

  @Test func writtenFieldsReadBackTheSame() {
    let fields = ["plain", "tab\there", "quote \"q\"", "two\nlines", "日本語"]
    let text = fields.map { AnkiText.quoted($0, separator: "\t") }.joined(separator: "\t") + "\n"
    #expect(rows("#separator:tab\n" + text) == [fields.map { $0.replacing("\n", with: " ") }])
  }

  @Test func aSeparatorAtTheEndOfALineEndsOneEmptyField() {
    #expect(rows("#separator:tab\na\tb\t\t\nc\td\t\n") == [["a", "b", "", ""], ["c", "d", ""]])
  }

  @Test func theFileKindsSeparatorIsUsedUnlessAHeaderNamesOne() {
    #expect(AnkiText(text: "a;b,c\n", separator: ",").rows.map(\.fields) == [["a;b", "c"]])
    #expect(AnkiText(text: "#separator:semicolon\na;b,c\n", separator: ",").rows.map(\.fields) == [["a", "b,c"]])
  }

  @Test func aByteOrderMarkIsDropped() {
    #expect(rows("\u{FEFF}犬\tdog\n") == [["犬", "dog"]])
  }

  @Test func columnsNameTheFieldsAfterTheSpecialOnes() {
    let text = "#separator:tab\n#deck column:1\n#columns:Deck\tFront\tBack\tHint\tAlternatives\nD\ta\tb\th\tx|y\n"
    let anki = AnkiText(text: text)
    #expect(anki.fieldNames == ["front", "back", "hint", "alternatives"])
    #expect(anki.problems.isEmpty)
  }

  @Test func alternativesRoundTripThroughOneField() {
    let alternatives = ["si", "a|b", "back\\slash", "x\\|y"]
    #expect(QuestionExport.alternatives(in: QuestionExport.alternativesField(alternatives)) == alternatives)
  }
}

/// BSD quiz(6) answer patterns.
@Suite struct QuizPatternTests {
  @Test(arguments: [
    ("Yaound['e|e'|e]", ["Yaound'e", "Yaounde'", "Yaounde"]),
    ("N'Djamena|Ndjamena", ["N'Djamena", "Ndjamena"]),
    ("Central Africa{n Rep{ublic}}", ["Central African Republic", "Central African Rep", "Central Africa"]),
    ("a\\|b", ["a|b"]),
    ("{the }cat", ["the cat", "cat"]),
  ])
  func aPatternStandsForEverySpellingTheFirstChoiceFirst(_ pattern: String, _ spellings: [String]) throws {
    #expect(try QuizPattern.spellings(of: pattern, limit: 101) == spellings)
  }

  @Test(arguments: ["a[b", "a{b", "a]b", "x\\"])
  func aBrokenPatternIsAnError(_ pattern: String) {
    #expect(throws: QuizPattern.Malformed.self) { try QuizPattern.spellings(of: pattern, limit: 101) }
  }

  @Test func tooManySpellingsAreAnError() throws {
    let pattern = String(repeating: "[a|b]", count: 7)  // 128 spellings
    #expect(throws: QuizPattern.Malformed.self) { try QuizPattern.spellings(of: pattern, limit: 101) }
    #expect(try QuizPattern.spellings(of: String(repeating: "[a|b]", count: 6), limit: 101).count == 64)
  }

  @Test func recordsGoOnAfterABackslashAndExtraFieldsAreIgnored() {
    let text = "Chad:N'Djamena|Ndjamena\nquality of mercy:\\\ndroppeth:work\nnothing::x\nbroken line\n"
    let (questions, problems) = BSDQuizFile.questions(in: text)
    #expect(questions.map(\.prompt) == ["Chad", "quality of mercy"])
    #expect(questions.first?.alternatives == ["Ndjamena"])
    #expect(questions.last?.answer == "droppeth")
    #expect(problems == [ImportProblem(line: 5, message: "expected question:answer, found no ':'")])
  }
}
