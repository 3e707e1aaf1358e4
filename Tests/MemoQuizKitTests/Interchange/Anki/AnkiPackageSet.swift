import Foundation

@testable import MemoQuizKit

/// A folder of packages that `Scripts/anki-packages.py` made with Anki's
/// library, and the JSON of what that library reported about them.
struct AnkiPackageSet {
  /// What Anki reported (`expected.json`).
  struct Expected: Decodable {
    struct Note: Decodable {
      var guid: String
      var type: String
      var fields: [String]
      var tags: [String]
    }

    struct Card: Decodable {
      var id: Int64
      var guid: String
      var ord: Int
      var deck: String
      var reviews: Int
      var stability: Double?
      var difficulty: Double?
      var dueDay: String?
      var interval: Int?
    }

    struct Review: Decodable {
      var id: Int64
      var card: Int64
      var ease: Int
      var type: Int
    }

    var decks: [String]
    var notes: [Note]
    var cards: [Card]
    var reviews: [Review]
  }

  /// Every package that holds the whole collection, in each format.
  static let wholeCollections = ["current.apkg", "current.colpkg", "legacy.apkg", "legacy.colpkg", "anki2.apkg"]
  /// Packages that look like Anki's and are not.
  static let damaged = [
    "damaged-truncated-zstd.apkg", "damaged-bad-zstd.apkg", "damaged-not-zstd.apkg",
    "damaged-missing-tables.apkg", "damaged-placeholder-only.apkg",
  ]

  let folder: URL
  let expected: Expected

  init(folder: URL) throws {
    self.folder = folder
    expected = try JSONDecoder().decode(
      Expected.self, from: Data(contentsOf: folder.appendingPathComponent("expected.json")))
  }

  /// The committed set under `Fixtures/anki`.
  static func fixtures() throws -> AnkiPackageSet {
    guard let url = Bundle.module.url(forResource: "anki", withExtension: nil, subdirectory: "Fixtures") else {
      throw CocoaError(.fileNoSuchFile)
    }
    return try AnkiPackageSet(folder: url)
  }

  /// The folder `.ci/run` names in `MEMOQUIZ_ANKI_PACKAGES`, where Anki's
  /// library made a set just now.
  static var environmentFolder: String? {
    ProcessInfo.processInfo.environment["MEMOQUIZ_ANKI_PACKAGES"].flatMap { $0.isEmpty ? nil : $0 }
  }

  static var hasEnvironmentSet: Bool { environmentFolder != nil }

  /// The set in ``environmentFolder``; an error (not a skip) when the
  /// folder is named but does not hold a set.
  static func fromEnvironment() throws -> AnkiPackageSet {
    guard let path = environmentFolder else { throw CocoaError(.fileNoSuchFile) }
    return try AnkiPackageSet(folder: URL(fileURLWithPath: path))
  }

  func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: folder.appendingPathComponent(name)))
  }

  func collection(_ name: String) throws -> AnkiCollection {
    try AnkiPackage.collection(in: bytes(name), file: name)
  }
}
