import Foundation
import Testing

@testable import MemoQuizKit

/// What a typed answer means, case by case from `Fixtures/judging.jsonl`
/// (written by `Scripts/judging-fixture.py`, which works the verdicts out
/// apart from this code, one case a line with where its expectation comes
/// from): the tolerance at every length, other digits and affixes never
/// forgiven, romaji readings kept exact, kana and kanji never forgiven, the
/// answer of another question named or asked again, other answers and the
/// wrong script asked again, blocked answers always wrong, every rule
/// before the next, and the confusions of the bundled kana.
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
    var confusions: String?
    var otherAnswers: [String]?
    var blocked: [String]?
    let verdict: String
    var shown: String?
    var others: [Other]?
    var bundled: String?
    var why: String?
    let source: String
    var testDescription: String { "\(typed) for \(prompt) (\(typos)): \(verdict)" }
  }

  static let cases: [Case] = {
    guard let data = try? Fixtures.data("judging.jsonl"), let text = String(data: data, encoding: .utf8) else {
      return []
    }
    let decoder = JSONDecoder()
    return text.split(separator: "\n").compactMap { try? decoder.decode(Case.self, from: Data($0.utf8)) }
  }()

  static let lineCount: Int = {
    guard let data = try? Fixtures.data("judging.jsonl") else { return 0 }
    return data.split(separator: UInt8(ascii: "\n")).count
  }()

  static let bundled = (try? QuestionGroupCaretaker.bundledGroups()) ?? []

  @Test func theFixtureHoldsEveryKindOfCase() {
    #expect(Self.cases.count >= 300)
    #expect(Self.cases.count == Self.lineCount, "every line reads as a case")
    let verdicts = [
      "correct", "typo", "confusion", "incorrect", "retry-other", "retry-kana", "retry-japanese", "retry-english",
      "retry-confusion",
    ]
    for verdict in verdicts {
      #expect(Self.cases.contains { $0.verdict == verdict }, "\(verdict)")
    }
    #expect(Self.cases.allSatisfy { verdicts.contains($0.verdict) && !$0.source.isEmpty })
    #expect(Self.cases.contains { $0.blocked != nil })
    #expect(Self.cases.filter { $0.bundled != nil }.count >= 180, "the bundled kana's confusions, both ways")
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
    var question = Question(prompt: example.prompt, answer: answers[0], alternatives: Array(answers.dropFirst()))
    question.otherAnswers = example.otherAnswers ?? []
    question.blocked = example.blocked ?? []
    let others = (example.others ?? []).map {
      Card(forward: Question(prompt: $0.prompt, answer: $0.answers[0], alternatives: Array($0.answers.dropFirst())))
    }
    return (Card(forward: question), [Card(forward: question)] + others)
  }

  @Test(arguments: cases)
  func anAnswerMeansWhatATutorWouldSay(_ example: Case) throws {
    let (card, others) = try cards(of: example)
    let policy = try #require(TypoPolicy(rawValue: example.typos))
    let confusions = try #require(ConfusionPolicy(rawValue: example.confusions ?? "wrong"))
    // Typed as a round takes it: romaji for an answer in kana turned into kana.
    let target = JapaneseScript.isKana(card.answer) ? KanaConverter.target(for: card.acceptedAnswers) : .none
    let typed = KanaConverter.answer(example.typed, for: target)
    let judgement = AnswerJudgement(typed, card: card, others: others, typos: policy, confusions: confusions)
    let context = "\(example.why ?? ""); from \(example.source)"
    switch example.verdict {
    case "correct":
      #expect(judgement == .correct, "\(context)")
    case "typo":
      #expect(judgement == .correctWithTypo(expected: example.shown ?? ""), "\(context)")
    case "confusion":
      guard case .incorrect(let other?) = judgement else {
        Issue.record("expected the answer to \(example.shown ?? ""), got \(judgement); \(context)")
        return
      }
      #expect(other.prompt == example.shown, "\(context)")
    case "retry-confusion":
      guard case .retry(.confusion(let other)) = judgement else {
        Issue.record("expected a retry for the answer to \(example.shown ?? ""), got \(judgement); \(context)")
        return
      }
      #expect(other.prompt == example.shown, "\(context)")
    case "retry-other":
      #expect(judgement == .retry(.otherAnswer), "\(context)")
    case "retry-kana":
      #expect(judgement == .retry(.script(.kana)), "\(context)")
    case "retry-japanese":
      #expect(judgement == .retry(.script(.japanese)), "\(context)")
    case "retry-english":
      #expect(judgement == .retry(.script(.letters)), "\(context)")
    default:
      #expect(judgement == .incorrect(confusedWith: nil), "\(context)")
    }
    #expect(judgement.isCorrect == ["correct", "typo"].contains(example.verdict))
    #expect(judgement.isRetry == example.verdict.hasPrefix("retry"))
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
    #expect(first.judgement == .incorrect(confusedWith: nil), "the question says strict")
    let secondVerdict = round.grade("beleive", usedHint: false, at: Timestamp(rawValue: 2), duration: 0)
    let second = try #require(secondVerdict)
    #expect(second.judgement == .correctWithTypo(expected: "believe"), "the group says forgive")
    #expect(second.isCorrect)
  }
}
