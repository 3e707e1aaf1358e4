import Foundation
import Testing

@testable import MemoQuizKit

/// What a typed answer means, case by case from `Fixtures/judging.json`
/// (written by `Scripts/judging-fixture.py`, which works the verdicts out
/// apart from this code): the tolerance at every length, romaji readings
/// kept exact, kana and kanji never forgiven, the answer of another
/// question named, and the confusions of the bundled kana.
@Suite struct AnswerJudgementTests {
  struct Other: Decodable, Sendable {
    let prompt: String
    let answers: [String]
  }

  struct Case: Decodable, Sendable, CustomTestStringConvertible {
    let prompt: String
    var answers: [String]?
    let typed: String
    let typos: String
    let verdict: String
    var shown: String?
    var others: [Other]?
    var bundled: String?
    var why: String?
    var testDescription: String { "\(typed) for \(prompt) (\(typos)): \(verdict)" }
  }

  struct Table: Decodable {
    let cases: [Case]
  }

  static let cases: [Case] = {
    guard let data = try? Fixtures.data("judging.json"), let table = try? JSONDecoder().decode(Table.self, from: data)
    else { return [] }
    return table.cases
  }()

  static let bundled = (try? QuestionGroupCaretaker.bundledGroups()) ?? []

  @Test func theFixtureHoldsEveryKindOfCase() {
    #expect(Self.cases.count >= 300)
    for verdict in ["correct", "typo", "confusion", "incorrect"] {
      #expect(Self.cases.contains { $0.verdict == verdict }, "\(verdict)")
    }
    #expect(Self.cases.filter { $0.bundled != nil }.count >= 90, "the bundled kana's confusions")
    #expect(Self.bundled.count >= 4)
  }

  /// The card asked and the others of its group.
  private func cards(of example: Case) throws -> (card: Card, others: [Card]) {
    if let title = example.bundled {
      let group = try #require(Self.bundled.first { $0.title == title })
      let cards = group.cards
      let card = try #require(cards.first { $0.prompt == example.prompt })
      return (card, cards)
    }
    let answers = try #require(example.answers)
    let question = Question(prompt: example.prompt, answer: answers[0], alternatives: Array(answers.dropFirst()))
    let others = (example.others ?? []).map {
      Card(forward: Question(prompt: $0.prompt, answer: $0.answers[0], alternatives: Array($0.answers.dropFirst())))
    }
    return (Card(forward: question), [Card(forward: question)] + others)
  }

  @Test(arguments: cases)
  func anAnswerMeansWhatATutorWouldSay(_ example: Case) throws {
    let (card, others) = try cards(of: example)
    let policy = try #require(TypoPolicy(rawValue: example.typos))
    let judgement = AnswerJudgement(example.typed, card: card, others: others, typos: policy)
    let context = example.why ?? ""
    switch example.verdict {
    case "correct":
      #expect(judgement == .correct, "\(context)")
    case "typo":
      #expect(judgement == .correctWithTypo(expected: example.shown ?? ""), "\(context)")
    case "confusion":
      guard case .answerOf(let other) = judgement else {
        Issue.record("expected the answer to \(example.shown ?? ""), got \(judgement); \(context)")
        return
      }
      #expect(other.prompt == example.shown, "\(context)")
    default:
      #expect(judgement == .incorrect, "\(context)")
    }
    #expect(judgement.isCorrect == ["correct", "typo"].contains(example.verdict))
  }

  @Test func theToleranceGrowsWithTheLengthAsTheContractSays() {
    let expected = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 5]
    #expect((0...21).map { TypoPolicy.allowedEdits(length: $0) } == expected)
  }

  @Test func aQuestionsOwnSettingWinsOverItsGroupsAndTheGroupsOverConfig() throws {
    var strict = Question(prompt: "to receive", answer: "receive")
    strict.typos = .strict
    let plain = Question(prompt: "to believe", answer: "believe")
    var group = QuestionGroup(title: "Words", questions: [strict, plain])
    group.typos = .forgive
    let memento = RoundMemento(
      RoundStart(
        id: StepID(machine: .test(7), sequence: 1), time: Timestamp(rawValue: 0), group: "Words",
        strategy: "sequential", seed: 0, repeatsMissed: false, skipped: 0, plan: group.cards.map(\.identity)))
    var round = Round(group: group, memento: memento)
    let firstVerdict = round.grade("recieve", usedHint: false, at: Timestamp(rawValue: 1), duration: 0)
    let first = try #require(firstVerdict)
    #expect(first.judgement == .incorrect, "the question says strict")
    let secondVerdict = round.grade("beleive", usedHint: false, at: Timestamp(rawValue: 2), duration: 0)
    let second = try #require(secondVerdict)
    #expect(second.judgement == .correctWithTypo(expected: "believe"), "the group says forgive")
    #expect(second.isCorrect)
  }
}
