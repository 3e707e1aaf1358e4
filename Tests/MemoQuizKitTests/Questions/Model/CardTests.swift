import Foundation
import Testing

@testable import MemoQuizKit

@Suite struct CardTests {
  @Test func aPlainQuestionIsOneForwardCardWithTheQuestionsIdentity() {
    let group = QuestionGroup(
      title: "G", questions: [Question(prompt: "犬", answer: "dog"), Question(prompt: "猫", answer: "cat", id: "neko")])
    let cards = group.cards
    #expect(cards.map(\.kind) == [.forward, .forward])
    // Memory from before card types stays where it was.
    #expect(cards.map(\.identity) == ["犬", "neko"])
    #expect(cards.map(\.prompt) == ["犬", "猫"])
  }

  @Test func aReversedQuestionIsAlsoAskedTheOtherWay() throws {
    let question = Question(
      prompt: "犬", answer: "dog", alternatives: ["hound"], hint: "barks", reverse: true,
      reverseAlternatives: ["いぬ", "イヌ"])
    let cards = QuestionGroup(title: "G", questions: [question]).cards
    #expect(cards.count == 2)
    let reverse = try #require(cards.last)
    #expect(reverse.kind == .reverse)
    #expect(reverse.prompt == "dog")
    #expect(reverse.answer == "犬")
    #expect(reverse.acceptedAnswers == ["犬", "いぬ", "イヌ"])
    #expect(reverse.hint == "barks")
    #expect(AnswerMatcher.isCorrect("いぬ", for: reverse))
    #expect(!AnswerMatcher.isCorrect("hound", for: reverse))
    #expect(reverse.questionIdentity == cards[0].identity)
  }

  @Test func aGroupReversesEveryQuestionUnlessOneSaysOtherwise() {
    let group = QuestionGroup(
      title: "G",
      questions: [
        Question(prompt: "a", answer: "1"), Question(prompt: "b", answer: "2", reverse: false),
      ], reverse: true)
    #expect(group.cards.map(\.kind) == [.forward, .reverse, .forward])
  }

  @Test func aClozeQuestionIsOneCardPerNumber() {
    let question = Question(
      cloze: "{{c2::Kyoto}} was the capital before {{c1::Tokyo}}", hint: "Japan", id: "capitals")
    let cards = QuestionGroup(title: "G", questions: [question]).cards
    #expect(cards.map(\.kind) == [.cloze(1), .cloze(2)])
    #expect(cards.map(\.prompt) == ["Kyoto was the capital before [...]", "[...] was the capital before Tokyo"])
    #expect(cards.map(\.answer) == ["Tokyo", "Kyoto"])
    #expect(cards.allSatisfy { $0.hint == "Japan" && $0.questionID == "capitals" })
  }

  @Test func identitiesOfOtherCardsNameTheirQuestionAndCannotBePrompts() {
    let reverse = Card.identity(of: .reverse, question: "neko")
    let cloze = Card.identity(of: .cloze(2), question: "Tokyo is {{c2::big}}")
    #expect(reverse == "neko\u{1F}reverse")
    #expect(cloze == "Tokyo is {{c2::big}}\u{1F}c2")
    #expect(Card.questionIdentity(of: reverse) == "neko")
    #expect(Card.questionIdentity(of: cloze) == "Tokyo is {{c2::big}}")
    #expect(Card.questionIdentity(of: "neko") == "neko")
    // A prompt with that text is refused by validation, so no plain question can have these identities.
    let file = QuestionFile(
      bytes: Array(#"[{"title": "G", "questions": [{"prompt": "neko\u001freverse", "answer": "x"}]}]"#.utf8))
    #expect(file.groups == nil)
  }

  @Test func aClozeIdentityIsItsTextWithoutAnID() {
    let question = Question(cloze: "{{c1::a}} {{c2::b}}")
    #expect(question.identity == "{{c1::a}} {{c2::b}}")
    let cards = QuestionGroup(title: "G", questions: [question]).cards
    #expect(cards.map(\.identity) == ["{{c1::a}} {{c2::b}}\u{1F}c1", "{{c1::a}} {{c2::b}}\u{1F}c2"])
  }

  @Test func newFieldsRoundTripThroughCodableAndTheFileReader() throws {
    let groups = [
      QuestionGroup(
        title: "Words",
        questions: [
          Question(
            prompt: "犬", answer: "dog", hint: "h", id: "inu", reverse: true, reverseAlternatives: ["いぬ"],
            tags: ["animals", "n5"]),
          Question(cloze: "{{c1::Tokyo}} is big", tags: ["geo"]),
          Question(prompt: "猫", answer: "cat", reverse: false),
        ], reverse: true)
    ]
    let encoded = try JSONEncoder().encode(groups)
    #expect(try JSONDecoder().decode([QuestionGroup].self, from: encoded) == groups)
    #expect(QuestionFile(bytes: [UInt8](encoded)).groups == groups)
    // The writer of every questions file keeps them too.
    let written = QuestionExport.json(groups)
    #expect(QuestionFile(bytes: written).groups == groups)
    #expect(try JSONDecoder().decode([QuestionGroup].self, from: Data(written)) == groups)
  }

  @Test func aGroupsCardsFollowEveryChangeOfWhatTheyAreMadeOf() {
    var group = QuestionGroup(title: "G", questions: [Question(prompt: "犬", answer: "dog")])
    let before = group
    #expect(group.cards.map(\.prompt) == ["犬"])
    group.questions.append(Question(prompt: "猫", answer: "cat"))
    #expect(group.cards.map(\.prompt) == ["犬", "猫"])
    group.reverse = true
    #expect(group.cards.map(\.prompt) == ["犬", "dog", "猫", "cat"])
    group.grade = .self
    #expect(group.cards.allSatisfy { $0.grading == .self })
    group.typos = .strict
    #expect(group.cards.allSatisfy { $0.typos == .strict })
    // A copy made before the changes keeps its own cards, and equality
    // does not depend on whether the cards were made.
    #expect(before.cards.map(\.prompt) == ["犬"])
    #expect(before == QuestionGroup(title: "G", questions: [Question(prompt: "犬", answer: "dog")]))
  }
}
