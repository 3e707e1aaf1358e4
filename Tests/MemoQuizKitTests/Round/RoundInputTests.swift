import Foundation
import Testing

@testable import MemoQuizKit

/// The inputs of a round, declared once in `RoundInput`: the round obeys
/// each of them, `:help` and the line under the header list them, and the
/// docs say the same: the table of `docs/playing.md` and the grade line of
/// `docs/questions-format.md`.
@Suite struct RoundInputTests {
  /// One group of two typed questions, the first with a hint.
  private func caretaker(_ folder: TemporaryFolder) throws -> QuestionGroupCaretaker {
    try folder.write(
      "questions.json",
      #"[{"title": "G", "questions": [{"prompt": "q0", "answer": "a0", "hint": "h0"}, {"prompt": "q1", "answer": "a1"}]}]"#
    )
    return try QuestionGroupCaretaker(folder: DataFolder(path: folder.path), wording: .tool)
  }

  /// Plays a sequential round of `lines`; returns what was shown.
  private func play(_ lines: [String], in folder: TemporaryFolder, isInteractive: Bool = false) throws -> String {
    let terminal = ScriptedTerminal(lines: lines, allWaiting: !isInteractive, isInteractive: isInteractive)
    let library = try caretaker(folder)
    var session = RoundSession(caretaker: library, terminal: terminal, outlook: DayOutlook(caretaker: library)) {
      Date(timeIntervalSince1970: 1_800_000_000)
    }
    try session.play(groupIndex: 0, options: .init(strategy: SequentialQuestionStrategy()))
    return terminal.shown
  }

  /// A page of the package's docs, `path` from the package's top: the
  /// nearest folder above this file that holds `Package.swift`.
  private static func document(_ path: String) throws -> String {
    var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
      let parent = root.deletingLastPathComponent()
      try #require(parent.path != root.path, "no Package.swift above \(#filePath)")
      root = parent
    }
    return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func helpListsTheInputsWhole() throws {
    let folder = try TemporaryFolder()
    let shown = try play([":help", ":quit"], in: folder)
    #expect(
      shown == """
        G: 2 questions, sequential order
        [1/2] q0
        During a round, each line you type is one input:
          ?         show the hint (a right answer after it counts as Hard)
          :undo     take back your last answer (its score and memory) and ask it again
          :right    your last answer, graded Incorrect, was right: count it as correct
          :synonym  accept your last answer (or TEXT), graded Incorrect, from now on
          :help     list these inputs
          :romaji   stop turning romaji into kana, for this session (again: back on)
          :replay   play the question's sound again
          :quit     stop, all saved; the next `memoquiz play` (or `review`) resumes here
          :suspend  never ask this question again (`memoquiz unsuspend` brings it back)
          :bury     leave this question until the next learner day
          :flag     flag this question to fix later (`memoquiz flagged` lists them)
          :edit     fix this question in $EDITOR (its memory stays), then answer it
        Anything else is your answer. Ctrl-D, Ctrl-C, SIGTERM and SIGHUP stop too.
        A card you grade yourself: Enter (or your attempt) shows the answer, then grade
        it: 1 Again, 2 Hard, 3 Good, 4 Easy (n Again, y Good). On a terminal one key is
        enough; at the grade, : starts a line for the inputs above.

        Stopped at question 1 of 2 of G; your answers are saved. `memoquiz play G` resumes here.

        """)
  }

  @Test func helpFitsANarrowTerminal() {
    let lines = RoundInput.helpText(width: 50, wording: .tool).split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= 50 }, "\(lines.filter { $0.count > 50 })")
    #expect(lines.contains("  :undo     take back your last answer (its score"))
    #expect(lines.contains("            and memory) and ask it again"))
  }

  /// Every input of the table is the round's own: typed, it is neither
  /// graded nor refused as unknown.
  @Test(arguments: RoundInput.all)
  func everyInputOfTheTableIsTheRoundsOwn(_ input: RoundInput) throws {
    let folder = try TemporaryFolder()
    let shown = try play([input.name, ":quit"], in: folder)
    #expect(!shown.contains("Unknown input"), "\(shown)")
    let verdicts = shown.split(separator: "\n").filter { $0.hasPrefix("Correct") || $0.hasPrefix("Incorrect") }
    #expect(verdicts.isEmpty, "\(shown)")
    // A suspended or buried question leaves the round, which goes on
    // with the other one.
    let planned = [RoundInput.suspend, RoundInput.bury].contains(input) ? 1 : 2
    #expect(
      shown.hasSuffix(
        "Stopped at question 1 of \(planned) of G; your answers are saved. `memoquiz play G` resumes here.\n"))
    let reloaded = try QuestionGroupCaretaker(folder: DataFolder(path: folder.path))
    #expect(reloaded.score(of: reloaded.groups[0]) == Score(correctCount: 0, incorrectCount: 0))
  }

  @Test func theLineUnderTheHeaderNamesTheInputsFromTheTable() throws {
    let folder = try TemporaryFolder()
    let shown = try play([":quit"], in: folder, isInteractive: true)
    #expect(
      shown.hasPrefix(
        "G: 2 questions, sequential order\n" + "Type the answer and press Enter.\n"
          + "?  hint   ·   :undo  take back   ·   :right  my answer was right   ·   :help   ·   :quit\n"
          + "[1/2] q0\n" + "> "), "\(shown)")
  }

  /// Every key of the table gives its grade, in either case; nothing else
  /// grades.
  @Test func gradeKeysGiveTheirGrades() {
    let expected: [String: ReviewRating] = [
      "1": .again, "n": .again, "N": .again, "2": .hard, "3": .good, "y": .good, "Y": .good, "4": .easy,
    ]
    for (key, rating) in expected { #expect(ReviewRating(selfGrade: key) == rating, "\(key)") }
    for other in ["", "0", "5", "yes", "e", "?", ":undo"] { #expect(ReviewRating(selfGrade: other) == nil, "\(other)") }
    #expect(RoundInput.gradeKeys() == "1 Again, 2 Hard, 3 Good, 4 Easy (n Again, y Good)")
    #expect(RoundInput.gradePrompt == "1-4> ")
  }

  /// The docs' table of inputs is the round's: the same inputs, in the
  /// same order, each saying what `:help` says.
  @Test func theDocsTableIsTheRoundsTable() throws {
    let page = try Self.document("docs/playing.md")
    let start = try #require(page.range(of: "During a round each line you type is one input:\n"))
    let rows = page[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
      .drop { !$0.hasPrefix("|") }
      .prefix { $0.hasPrefix("|") }
      .dropFirst(2)  // the heading and its rule
    let table = rows.map { row -> [String] in
      row.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
        .map { $0.trimmingCharacters(in: .whitespaces) }
    }
    #expect(table == RoundInput.all.map { ["`\($0.name)`", $0.meaning(wording: .tool)] })
  }

  /// The docs' self-graded example shows the grade keys the round prints.
  @Test func theDocsGradeLineIsTheRoundsOwn() throws {
    let page = try Self.document("docs/questions-format.md")
    #expect(page.contains("\n" + RoundWords.gradeKeys + "\n"))
    #expect(RoundWords.gradeKeys == "Grade it: 1 Again · 2 Hard · 3 Good · 4 Easy (n Again, y Good).")
  }
}
