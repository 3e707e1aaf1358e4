import Foundation
import MemoQuizKit
import Testing

@testable import memoquiz

/// `play --help`, `review --help` and the manual list the inputs of a round
/// as the round itself knows them.
@Suite struct RoundInputHelpTests {
  /// `memoquiz COMMAND --help`, wide enough that no definition wraps.
  private func help(_ command: String) throws -> String {
    let result = try MemoQuizSandbox().run([command, "--help"], environment: ["COLUMNS": "200"])
    #expect(result.status == 0)
    return result.stdout
  }

  @Test(arguments: ["play", "review"])
  func helpListsEveryInputOfTheRound(_ command: String) throws {
    let text = try help(command)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = try #require(lines.firstIndex(of: RoundInput.introduction), "\(lines)")
    let listed = lines[(start + 1)...].drop { $0.isEmpty }.prefix { !$0.isEmpty }
    #expect(
      Array(listed) == [
        "  ?         show the hint (a right answer after it counts as Hard)",
        "  :undo     take back your last answer (its score and memory) and ask it again",
        "  :right    your last answer, graded Incorrect, was right: count it as correct",
        "  :synonym  accept your last answer (or TEXT), graded Incorrect, from now on",
        "  :help     list these inputs",
        "  :romaji   stop turning romaji into kana, for this session (again: back on)",
        "  :replay   play the question's sound again",
        "  :quit     stop, all saved; the next `memoquiz play` (or `review`) resumes here",
        "  :suspend  never ask this question again (`memoquiz unsuspend` brings it back)",
        "  :bury     leave this question until the next learner day",
        "  :flag     flag this question to fix later (`memoquiz flagged` lists them)",
        "  :edit     fix this question in $EDITOR (its memory stays), then answer it",
      ])
    let terms = listed.map { $0.split(separator: " ").first.map(String.init) ?? "" }
    #expect(terms == RoundInput.all.map(\.name))
    // The paragraphs after the list, wherever a line breaks.
    let prose = text.replacing("\n", with: " ")
    #expect(prose.contains(" " + RoundInput.otherwise + " "))
    #expect(
      prose.contains(
        " A card you grade yourself: Enter (or your attempt) shows the answer, then grade it: 1 Again, 2 Hard, "
          + "3 Good, 4 Easy (n Again, y Good). On a terminal one key is enough; at the grade, : starts a line for "
          + "the inputs above. "))
  }

  @Test func theManualListsEveryInputOfTheRound() throws {
    let manual = try MemoQuizSandbox().run(["manual"])
    #expect(manual.status == 0)
    for input in RoundInput.all {
      let entry =
        ".TP\n\\fB\(ManualPage.text(input.name))\\fR\n\(ManualPage.text(input.meaning(wording: CommandError.wording)))\n"
      #expect(manual.stdout.components(separatedBy: entry).count - 1 == 3, "play, review and cram list \(input.name)")
    }
  }
}
