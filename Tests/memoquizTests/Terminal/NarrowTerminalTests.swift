import Foundation
import Testing

/// Tables on a narrow terminal: score columns go before a title is cut, no
/// row wraps, and the number, the title and the question count stay.
@Suite struct NarrowTerminalTests {
  private static let titles = ["Hiragana", "Japanese::Verbs", "Basic Phrases"]

  /// Three groups, one with a round played through (a miss among its
  /// answers) and, when `unfinished`, another round of it left open.
  private func sandbox(unfinished: Bool = false) throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(Self.titles, count: 12)
    let answers = ["a0", "wrong"] + (2..<12).map { "a\($0)" }
    try sandbox.run(
      ["play", "Hiragana", "--strategy", "sequential"], input: answers.joined(separator: "\n") + "\n",
      environment: ["MEMOQUIZ_NOW": "2026-12-01T15:00:00Z"])
    if unfinished {
      try sandbox.run(
        ["play", "Hiragana", "--strategy", "sequential"], input: "a0\nwrong\n:quit\n",
        environment: ["MEMOQUIZ_NOW": "2026-12-01T15:00:00Z"])
    }
    return sandbox
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let width: Int
    let columns: [String]
    var testDescription: String { "\(width) columns" }
  }

  @Test(arguments: [
    Case(width: 100, columns: ["Questions", "Due", "Correct", "Incorrect", "Accuracy"]),
    Case(width: 72, columns: ["Questions", "Due", "Correct", "Incorrect", "Accuracy"]),
    Case(width: 60, columns: ["Questions", "Due", "Correct", "Accuracy"]),
    Case(width: 50, columns: ["Questions", "Due", "Accuracy"]),
    Case(width: 40, columns: ["Questions", "Due"]),
    Case(width: 32, columns: ["Questions"]),
  ])
  func theGroupsTableDropsScoreColumnsBeforeItCutsATitle(_ example: Case) throws {
    let sandbox = try sandbox()
    let result = try sandbox.run(
      ["groups"], environment: ["COLUMNS": String(example.width), "MEMOQUIZ_NOW": "2026-12-01T15:00:00Z"])
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == Self.titles.count + 1, "a header and one line a group: \(lines)")
    let header = lines.first?.split(separator: " ").map(String.init) ?? []
    #expect(header == ["#", "Group"] + example.columns)
    for (index, title) in Self.titles.enumerated() {
      let row = lines[index + 1]
      #expect(row.count <= example.width, "\(row)")
      #expect(row.hasPrefix("  \(index + 1)  \(title) "), "the whole title: \(row)")
      let cells = row.dropFirst(5 + title.count).split(separator: " ").map(String.init)
      #expect(cells.count == example.columns.count)
      #expect(cells.first == "12", "the question count stays")
    }
  }

  @Test(arguments: [24, 20])
  func aTitleIsCutOnlyWhenNothingElseCanGo(_ width: Int) throws {
    let sandbox = try sandbox(unfinished: true)
    let lines = try sandbox.run(["groups"], environment: ["COLUMNS": String(width)]).stdout.split(separator: "\n")
    #expect(lines.count == Self.titles.count + 2, "a header, a line a group and the open round's note: \(lines)")
    #expect(lines.first?.split(separator: " ") == ["#", width == 20 ? "Gro…" : "Group", "Questions"])
    for line in lines { #expect(line.count <= width, "\(line)") }
    #expect(lines[1].hasPrefix(width == 20 ? "  1  Hir… " : "  1  Hiragana ") && lines[1].hasSuffix(" 12"))
    #expect(lines[2].hasPrefix("     unfinished:"), "the note is cut, not wrapped: \(lines[2])")
    #expect(lines[3].hasPrefix("  2  Jap") && lines[3].contains("…") && lines[3].hasSuffix(" 12"), "\(lines[3])")
  }

  @Test(arguments: [80, 60, 40])
  func theScoresTableDropsColumnsBeforeItCutsATitle(_ width: Int) throws {
    let sandbox = try sandbox()
    let lines = try sandbox.run(["scores"], environment: ["COLUMNS": String(width)]).stdout.split(separator: "\n")
    for (index, title) in Self.titles.enumerated() {
      #expect(lines[index + 1].hasPrefix(title + " "), "\(lines[index + 1])")
      #expect(lines[index + 1].count <= width)
    }
  }

  @Test func theStartScreenAtFortyColumnsWrapsNoRow() throws {
    let sandbox = try sandbox(unfinished: true)
    let session = try PseudoTerminalSession(
      arguments: [], environment: sandbox.environment.merging(["MEMOQUIZ_NOW": "2026-12-01T15:00:00Z"]) { $1 },
      columns: 40)
    #expect(session.waitFor("q to quit): "))
    let screen = session.terminalScreen.lines
    let header = try #require(screen.firstIndex { $0.hasPrefix("  #  Group") })
    #expect(screen[header] == "  #  Group            Questions  Due")
    #expect(screen[header + 1] == "  1  Hiragana                12    0")
    #expect(screen[header + 2] == "     unfinished: question 3 of 12")
    #expect(screen[header + 3] == "  2  Japanese::Verbs         12    0")
    #expect(screen[header + 4] == "  3  Basic Phrases           12    0")
    session.type("q\n")
    #expect(session.waitForExit() == 0)
  }

  @Test func aNearMissAtFortyColumnsMarksItsLetters() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      #"[{"title": "P", "questions": [{"prompt": "thanks", "answer": "thank you very much indeed, my friend"}]}]"#)
    let play = try sandbox.run(
      ["play", "P"], input: "thank you very much indede, my friend\n", environment: ["COLUMNS": "40"])
    #expect(
      play.stdout.contains(
        "  yours:  thank you very much indede, my\n  answer: thank you very much indeed, my\n"
          + "                                  ^^\n  yours:   friend\n  answer:  friend\n"), "\(play.stdout)")
  }

  @Test func atFortyColumnsALongTitleIsCutToKeepWhatIsDue() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["Japanese::Vocab::N5", "Japanese::Vocab::Pairs", "Kana"], count: 12)
    let groups = try sandbox.run(
      ["groups"], environment: ["COLUMNS": "40", "MEMOQUIZ_NOW": "2026-12-01T15:00:00Z"])
    #expect(
      groups.stdout == """
          #  Group                Questions  Due
          1  Japanese::Vocab::N5         12    0
          2  Japanese::Vocab::P…         12    0
          3  Kana                        12    0

        """)
  }

  @Test func theStartScreenAtFortyColumnsKeepsWhatIsDue() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["Japanese::Vocab::N5", "Japanese::Vocab::Pairs", "Kana"], count: 12)
    let session = try PseudoTerminalSession(
      arguments: [], environment: sandbox.environment.merging(["MEMOQUIZ_NOW": "2026-12-01T15:00:00Z"]) { $1 },
      columns: 40)
    #expect(session.waitFor("q to quit): "))
    let screen = session.terminalScreen.lines
    let header = try #require(screen.firstIndex { $0.hasPrefix("  #  Group") })
    #expect(screen[header] == "  #  Group                Questions  Due")
    #expect(screen[header + 2] == "  2  Japanese::Vocab::P…         12    0")
    session.type("q\n")
    #expect(session.waitForExit() == 0)
  }
}
