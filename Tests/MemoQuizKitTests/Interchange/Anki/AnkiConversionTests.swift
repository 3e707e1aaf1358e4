import Foundation
import Testing

@testable import MemoQuizKit

/// Anki's notes as memoquiz questions (checked as the questions file's JSON,
/// which carries the card types' keys) and its review log as reviews.
@Suite struct AnkiConversionTests {
  private func questions(_ conversion: AnkiConversion) throws -> [String: [[String: Any]]] {
    let groups = try #require(
      try JSONSerialization.jsonObject(with: Data(conversion.questionsJSON)) as? [[String: Any]])
    var byTitle: [String: [[String: Any]]] = [:]
    for group in groups {
      byTitle[try #require(group["title"] as? String)] = try #require(group["questions"] as? [[String: Any]])
    }
    return byTitle
  }

  private func question(_ prompt: String, in groups: [String: [[String: Any]]]) -> [String: Any]? {
    groups.values.joined().first { $0["prompt"] as? String == prompt }
  }

  @Test func notesBecomeQuestionsOfTheirKindInAGroupPerDeck() throws {
    let set = try AnkiPackageSet.fixtures()
    let conversion = AnkiConversion(try set.collection("current.apkg"))
    let groups = try questions(conversion)
    #expect(Set(groups.keys) == ["Japanese::Words", "Japanese::Kana", "Geography", "Default"])
    let guid = Dictionary(set.expected.notes.map { ($0.fields[0], $0.guid) }, uniquingKeysWith: { a, _ in a })

    let dog = try #require(question("犬", in: groups))
    #expect(dog["answer"] as? String == "dog")
    #expect(dog["id"] as? String == guid["犬"])
    #expect(dog["tags"] as? [String] == ["animal", "jlpt::n5"])
    #expect(dog["reverse"] == nil && dog["cloze"] == nil)
    #expect(groups["Japanese::Words"]?.contains { $0["prompt"] as? String == "犬" } == true)

    // HTML reduced to text as #html:true text is.
    #expect(question("猫", in: groups)?["answer"] as? String == "cat (pet)")
    #expect(question("a < b & c", in: groups)?["answer"] as? String == "less than")
    #expect(question("Why?", in: groups)?["answer"] as? String == "Because")

    // Reversed cards, the optional reverse when the note asks for it.
    #expect(question("し", in: groups)?["reverse"] as? Bool == true)
    #expect(question("し", in: groups)?["tags"] as? [String] == ["kana"])
    #expect(question("ち", in: groups)?["reverse"] as? Bool == true)
    // Type in the answer: a question like any.
    #expect(question("Capital of Japan", in: groups)?["answer"] as? String == "Tokyo")
    // Another note type: first field asks, second answers.
    #expect(question("食べる", in: groups)?["answer"] as? String == "to eat")

    let cloze = try #require(groups["Geography"]?.first)
    #expect(cloze["cloze"] as? String == "{{c1::Tokyo}} is the capital of {{c2::Japan::country}}.")
    #expect(cloze["prompt"] == nil && cloze["answer"] == nil)
    #expect(cloze["tags"] as? [String] == ["capitals"])

    // The picture and the sound.
    #expect(conversion.skippedMediaOnly == 2)
    #expect(question("cat", in: groups) == nil && question("hello", in: groups) == nil)
    #expect(conversion.questionCount == 9)
  }

  @Test func aTitleGathersEveryDeckInOneGroup() throws {
    let conversion = AnkiConversion(try AnkiPackageSet.fixtures().collection("legacy.colpkg"), title: "From Anki")
    #expect(try questions(conversion).keys.sorted() == ["From Anki"])
    #expect(conversion.questionCount == 9)
  }

  @Test(arguments: AnkiPackageSet.wholeCollections)
  func everyFormatGivesTheSameQuestionsAndReviews(_ name: String) throws {
    let set = try AnkiPackageSet.fixtures()
    let reference = AnkiConversion(try set.collection("current.apkg"))
    let conversion = AnkiConversion(try set.collection(name))
    #expect(conversion.questionsJSON == reference.questionsJSON)
    #expect(conversion.reviews == reference.reviews)
  }

  @Test func theReviewLogBecomesReviewsAndLeavesOutManualChanges() throws {
    let set = try AnkiPackageSet.fixtures()
    let conversion = AnkiConversion(try set.collection("current.apkg"))
    let graded = set.expected.reviews.filter { (1...4).contains($0.ease) && $0.type < 4 }
    #expect(conversion.reviews.map(\.revlogID) == graded.map(\.id))
    #expect(conversion.skippedReviews == set.expected.reviews.count - graded.count)
    #expect(Set(conversion.reviews.map(\.identity)).count == conversion.reviews.count)
    for (review, entry) in zip(conversion.reviews, graded) {
      #expect(review.time.rawValue == entry.id)
      #expect(review.rating.rawValue == entry.ease)
      #expect(review.isCorrect == (entry.ease != 1))
      let card = try #require(set.expected.cards.first { $0.id == entry.card })
      #expect(review.questionID == card.guid)
      #expect(review.group == card.deck)
      #expect(review.direction == (card.ord == 1 ? .reverse : .forward))
    }
    #expect(conversion.reviews.contains { $0.rating == .hard })
    #expect(conversion.reviews.contains { $0.rating == .easy })
  }

  @Test func reviewsReplayedByMemoquizSchedulerMeetAnkisFSRS() throws {
    try Self.checkMemory(of: try AnkiPackageSet.fixtures())
  }

  @Test(
    .enabled(
      if: AnkiPackageSet.hasEnvironmentSet,
      "MEMOQUIZ_ANKI_PACKAGES is not set: .ci/run sets it to packages Anki's library makes in the same run"))
  func reviewsOfPackagesMadeInThisRunMeetAnkisFSRS() throws {
    let set = try AnkiPackageSet.fromEnvironment()
    try Self.checkMemory(of: set)
    #expect(AnkiConversion(try set.collection("legacy.colpkg")).reviews.count == 15)
  }

  /// Replays each reviewed card's reviews through memoquiz's FSRS-6 and
  /// compares stability, difficulty and due day with what Anki reported.
  static func checkMemory(of set: AnkiPackageSet) throws {
    let conversion = AnkiConversion(try set.collection("current.apkg"))
    let scheduler = FSRSScheduler()
    let days = DateFormatter()
    days.dateFormat = "yyyy-MM-dd"
    days.timeZone = TimeZone(identifier: "UTC")
    let reviewed = set.expected.cards.filter { $0.stability != nil }
    #expect(reviewed.count == 4)
    for card in reviewed {
      let direction: AnkiReview.Direction = card.ord == 1 ? .reverse : .forward
      var state: MemoryState?
      for review in conversion.reviews where review.questionID == card.guid && review.direction == direction {
        let day = LearnersDay.number(containing: review.time, startingAt: 4)
        state = scheduler.review(state, rating: review.rating, at: review.time, day: day, fuzz: nil)
      }
      let memory = try #require(state)
      let stability = try #require(card.stability)
      #expect(abs(memory.stability - stability) <= stability * 0.01, "stability of \(card.guid) \(card.ord)")
      #expect(abs(memory.difficulty - (card.difficulty ?? 0)) <= 0.05, "difficulty of \(card.guid) \(card.ord)")
      // Anki fuzzes the interval it schedules: its due day lies within the
      // fuzz range of memoquiz's interval, give or take the day boundary.
      let due = try #require(card.dueDay.flatMap { days.date(from: $0) })
      let range = scheduler.fuzzRange(of: memory.interval)
      let offset = Int((due.timeIntervalSince1970 / 86_400).rounded(.down)) - memory.lastReviewDay
      #expect((range.lowerBound - 1...range.upperBound + 1).contains(offset), "due of \(card.guid) \(card.ord)")
    }
  }
}
