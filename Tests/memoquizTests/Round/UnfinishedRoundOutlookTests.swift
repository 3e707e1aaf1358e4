import Foundation
import Testing

@testable import MemoQuizKit

/// The outlook (`local/outlook`) keeps of an unfinished round only what the
/// group list and the start screen show, never its plan: it lists the same
/// as every card's memory does, playing the round still resumes where it
/// stopped, and its size does not grow with the round's length.
@Suite struct UnfinishedRoundOutlookTests {
  private let now = ["MEMOQUIZ_NOW": "2026-12-01T10:00:00Z", "NO_COLOR": "1", "COLUMNS": "100"]

  private func outlook(_ sandbox: MemoQuizSandbox) -> URL {
    sandbox.folder.appendingPathComponent("local/outlook")
  }

  /// A folder whose group `Numbers` of `count` questions has a sequential
  /// round with three answers given, the third wrong, left when input ended.
  private func unfinished(count: Int) throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    let questions = (1...count).map { #"{"prompt": "q\#($0)", "answer": "a\#($0)"}"# }.joined(separator: ",")
    try sandbox.writeQuestions(
      #"[{"title": "Numbers", "questions": [\#(questions)]}, {"title": "Other", "questions": [{"prompt": "p", "answer": "a"}]}]"#
    )
    let round = try sandbox.run(
      ["play", "Numbers", "--strategy", "sequential"], input: "a1\na2\nwrong\n", environment: now)
    #expect(round.status == 0, "\(round.stderr)")
    return sandbox
  }

  /// `groups` with no outlook (read from the checkpoint and the history,
  /// which writes the outlook), then `groups` again (read from it).
  private func listedBothWays(_ sandbox: MemoQuizSandbox) throws -> (withoutOutlook: String, throughOutlook: String) {
    try? FileManager.default.removeItem(at: outlook(sandbox))
    let first = try sandbox.run(["groups"], environment: now)
    #expect(first.status == 0 && first.stderr == "", "\(first.stderr)")
    #expect(FileManager.default.fileExists(atPath: outlook(sandbox).path), "groups wrote the outlook")
    let second = try sandbox.run(["groups"], environment: now)
    #expect(second.status == 0 && second.stderr == "", "\(second.stderr)")
    return (first.stdout, second.stdout)
  }

  @Test func anUnfinishedRoundListsTheSameThroughTheOutlook() throws {
    let sandbox = try unfinished(count: 10)
    let listed = try listedBothWays(sandbox)
    #expect(listed.throughOutlook == listed.withoutOutlook)
    #expect(
      listed.throughOutlook == """
          #  Group    Questions  Due  Correct  Incorrect  Accuracy
          1  Numbers         10    0        2          1       67%  unfinished: question 4 of 10
          2  Other            1    0        0          0         -

        """)
    // What the outlook holds of the round: where it is, not its plan.
    let text = try String(contentsOf: outlook(sandbox), encoding: .utf8)
    #expect(text.hasPrefix("memoquiz outlook 9\n"))
    let rounds = text.split(separator: "\n").filter { $0.hasPrefix("unfinished\t") || $0.hasPrefix("round\t") }
    #expect(rounds.count == 1)
    #expect(rounds.first?.hasSuffix("\tNumbers\tsequential\t1796119200000\t3\t10") == true, "\(rounds)")
  }

  @Test func playResumesAtTheSameQuestionAfterGroupsWroteTheOutlook() throws {
    let sandbox = try unfinished(count: 10)
    _ = try listedBothWays(sandbox)
    let resumed = try sandbox.run(["play", "Numbers"], input: "a4\n", environment: now)
    #expect(resumed.status == 0, "\(resumed.stderr)")
    // The question after the three answered, then the one after it.
    #expect(
      resumed.stdout == """
        Resuming Numbers at question 4 of 10 (sequential order). Use --restart to start over.
        [4/10] q4
        Correct!
        [5/10] q5
        Stopped at question 5 of 10 of Numbers; your answers are saved. `memoquiz play Numbers` resumes
          here.

        """)
  }

  /// The start screen lists the round from the outlook; once the group is
  /// chosen, the round's plan is read and it resumes where it stopped.
  @Test func theStartScreenResumesTheRoundItListedFromTheOutlook() throws {
    let sandbox = try unfinished(count: 10)
    _ = try listedBothWays(sandbox)
    let session = try PseudoTerminalSession(arguments: [], environment: sandbox.environment.merging(now) { $1 })
    #expect(session.waitFor("unfinished: question 4 of 10"))
    #expect(session.waitFor("Unfinished: a round of Numbers; type its number, 1, to resume it."))
    session.type("1\n")
    #expect(
      session.waitFor(
        "Numbers has an unfinished round (question 4 of 10, sequential order). Resume it? (n starts over)"))
    session.type("y\n")
    #expect(session.waitFor("Resuming Numbers at question 4 of 10"))
    #expect(session.waitFor("[4/10] q4"))
    session.type(":quit\n")
    #expect(session.waitForExit() == 0)
  }

  @Test func anOutlookOfThePreviousFormatIsIgnoredAndRebuilt() throws {
    let sandbox = try unfinished(count: 10)
    let expected = try listedBothWays(sandbox).withoutOutlook
    // The previous format: the checkpoint's version, with each round's plan.
    let current = try String(contentsOf: outlook(sandbox), encoding: .utf8)
    let previous = current.replacingOccurrences(of: "memoquiz outlook 9\n", with: "memoquiz outlook 8\n")
    try previous.write(to: outlook(sandbox), atomically: true, encoding: .utf8)
    let listed = try sandbox.run(["groups"], environment: now)
    #expect(listed.status == 0 && listed.stderr == "", "\(listed.stderr)")
    #expect(listed.stdout == expected)
    let rebuilt = try String(contentsOf: outlook(sandbox), encoding: .utf8)
    #expect(rebuilt.hasPrefix("memoquiz outlook 9\n"), "the outlook was written anew")
  }

  @Test func theOutlookDoesNotGrowWithTheRoundsLength() throws {
    var sizes: [Int] = []
    for count in [10, 5000] {
      let sandbox = try unfinished(count: count)
      _ = try listedBothWays(sandbox)
      let attributes = try FileManager.default.attributesOfItem(atPath: outlook(sandbox).path)
      sizes.append((attributes[.size] as? Int) ?? -1)
    }
    #expect(sizes.allSatisfy { $0 > 0 })
    #expect(abs(sizes[1] - sizes[0]) < 300, "outlook sizes \(sizes)")
  }
}
