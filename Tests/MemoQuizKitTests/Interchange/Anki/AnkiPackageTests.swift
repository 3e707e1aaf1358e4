import Foundation
import Testing

@testable import MemoQuizKit

/// Packages made by Anki's own library read back as Anki reported them, in
/// every format it writes.
@Suite struct AnkiPackageTests {
  /// Checks a collection against what Anki's library reported.
  static func check(_ collection: AnkiCollection, against expected: AnkiPackageSet.Expected, _ name: String) {
    #expect(Set(collection.decks.map(\.name)) == Set(expected.decks), "\(name)")
    let notes = collection.notes.map { ($0.guid, $0.fields, $0.tags.sorted()) }
    let want = expected.notes.map { ($0.guid, $0.fields, $0.tags) }
    #expect(notes.map(\.0) == want.map(\.0), "\(name)")
    for (got, wanted) in zip(notes, want) {
      #expect(got.1 == wanted.1, "\(name): fields of \(got.0)")
      #expect(got.2 == wanted.2, "\(name): tags of \(got.0)")
    }
    let types = Dictionary(collection.noteTypes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let kinds: [String: AnkiCollection.NoteTypeKind] = [
      "Basic": .basic, "Basic (and reversed card)": .basicReversed, "Basic (optional reversed card)": .basicReversed,
      "Basic (type in the answer)": .basicTypeIn, "Cloze": .cloze, "Vocabulary (three fields)": .other,
    ]
    for (note, wanted) in zip(collection.notes, expected.notes) {
      #expect(types[note.noteTypeID]?.name == wanted.type, "\(name): note type of \(note.guid)")
      #expect(types[note.noteTypeID]?.kind == kinds[wanted.type], "\(name): kind of \(wanted.type)")
    }
    #expect(
      types.values.first { $0.name == "Vocabulary (three fields)" }?.fieldNames == ["Word", "Meaning", "Example"])
    let guids = Dictionary(collection.notes.map { ($0.id, $0.guid) }, uniquingKeysWith: { a, _ in a })
    let decks = Dictionary(collection.decks.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    let cards = Set(collection.cards.map { "\(guids[$0.noteID] ?? "?") \($0.ordinal) \(decks[$0.deckID] ?? "?")" })
    #expect(cards == Set(expected.cards.map { "\($0.guid) \($0.ord) \($0.deck)" }), "\(name)")
    #expect(collection.reviews.map(\.id) == expected.reviews.map(\.id), "\(name)")
    #expect(collection.reviews.map(\.ease) == expected.reviews.map(\.ease), "\(name)")
    #expect(collection.reviews.map(\.kind) == expected.reviews.map(\.type), "\(name)")
    #expect(Set(collection.mediaNames) == ["cat.jpg", "hello.mp3"], "\(name)")
  }

  @Test(arguments: AnkiPackageSet.wholeCollections)
  func everyFormatReadsAsAnkiReportedIt(_ name: String) throws {
    let set = try AnkiPackageSet.fixtures()
    Self.check(try set.collection(name), against: set.expected, name)
  }

  @Test(
    .enabled(
      if: AnkiPackageSet.hasEnvironmentSet,
      "MEMOQUIZ_ANKI_PACKAGES is not set: .ci/run sets it to packages Anki's library makes in the same run"),
    arguments: AnkiPackageSet.wholeCollections)
  func packagesMadeInThisRunReadAsAnkiReportedThem(_ name: String) throws {
    let set = try AnkiPackageSet.fromEnvironment()
    Self.check(try set.collection(name), against: set.expected, name)
  }

  @Test(arguments: AnkiPackageSet.wholeCollections + AnkiPackageSet.damaged)
  func readingTheFileAPartAtATimeGivesWhatReadingItWholeGives(_ name: String) throws {
    let set = try AnkiPackageSet.fixtures()
    let path = set.folder.appendingPathComponent(name).path
    let whole = Result { try set.collection(name) }
    let parts = Result { try AnkiPackage.collection(atPath: path) }
    switch (whole, parts) {
    case (.success(let a), .success(let b)):
      #expect(a == b)
    case (.failure, .failure(let error)):
      #expect((error as? AnkiPackageError)?.isInvalidData == true, "\(error)")
      #expect("\(error)".contains(path))
    default:
      Issue.record("\(name): read whole \(whole), read in parts \(parts)")
    }
  }

  @Test func aSharedDeckHoldsItsDecksNotesAndTheirReviews() throws {
    let set = try AnkiPackageSet.fixtures()
    let collection = try set.collection("shared-deck.apkg")
    let shared = set.expected.cards.filter { $0.deck.hasPrefix("Japanese") }
    #expect(Set(collection.notes.map(\.guid)) == Set(shared.map(\.guid)))
    #expect(
      collection.reviews.count
        == set.expected.reviews.filter { review in
          shared.contains { $0.id == review.card }
        }.count)
  }

  @Test func theCollectionIsNeverThePlaceholderForOlderPrograms() throws {
    // A current package also holds collection.anki2, which only says to
    // update Anki; reading it would give one note and no deck of the user's.
    let set = try AnkiPackageSet.fixtures()
    let collection = try set.collection("current.apkg")
    #expect(!collection.notes.contains { $0.fields.joined().contains("Please update") })
    #expect(collection.notes.count == set.expected.notes.count)
  }
}
