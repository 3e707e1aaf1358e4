import Foundation
import Testing

@testable import MemoQuizKit

/// Packages are read in bounded memory: a compressed bomb is refused long
/// before it is inflated whole, and a review at a time memoquiz cannot
/// record is skipped and counted.
@Suite struct AnkiPackageBoundsTests {
  /// A zstd frame that starts with `start` and then inflates to `blocks`
  /// blocks of 128 KiB of zeros, each written as a 4-byte run: a bomb of
  /// about 32,000 times its size, made by hand.
  static func zstdBomb(start: [UInt8], blocks: Int) -> [UInt8] {
    func block(size: Int, type: Int, last: Bool) -> [UInt8] {
      let header = size << 3 | type << 1 | (last ? 1 : 0)
      return [UInt8(header & 0xFF), UInt8(header >> 8 & 0xFF), UInt8(header >> 16 & 0xFF)]
    }
    // Magic number, a frame header with no content size, a 128 KiB window.
    var frame: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x00, 0x38]
    frame += block(size: start.count, type: 0, last: false) + start
    for index in 0..<blocks {
      frame += block(size: 128 * 1024, type: 1, last: index == blocks - 1) + [0]
    }
    return frame
  }

  static let sqliteHeader = Array("SQLite format 3\0".utf8)

  /// SQLite's header as SQLite writes it, for a database of `pages` pages
  /// of 4 KiB.
  static func header(pages: Int) -> [UInt8] {
    var header = sqliteHeader + [0x10, 0x00, 1, 1, 0, 64, 32, 32, 0, 0, 0, 1]
    header += (0..<4).map { UInt8(pages >> (24 - $0 * 8) & 0xFF) }
    return header + [UInt8](repeating: 0, count: 60) + [0, 0, 0, 1, 0, 0x2E, 0x3E, 0x00]
  }

  @Test func aCompressedBombIsRefusedBeforeItIsInflatedWhole() throws {
    // 150 KB that would inflate to almost 5 GiB, under a header claiming
    // as much.
    let bomb = Self.zstdBomb(start: Self.header(pages: 1_200_000), blocks: 37_500)
    #expect(bomb.count < 160_000)
    let package = TestZip.archive([("collection.anki21b", bomb)])
    do {
      _ = try AnkiPackage.collection(in: package, file: "bomb.apkg")
      Issue.record("a bomb was read")
    } catch {
      #expect(error.isInvalidData)
      #expect(error.description.contains("decompresses to more than 32 MiB"), "\(error.description)")
    }
  }

  @Test func theHeaderSaysHowLargeTheCollectionMayBe() {
    #expect(CollectionFile.declaredSize(Self.header(pages: 3)) == .some(.some(12_288)))
    // No count before SQLite 3.7.0: the ceiling alone bounds it.
    #expect(CollectionFile.declaredSize(Self.header(pages: 0)) == .some(.none))
    var damaged = Self.header(pages: 3)
    damaged[16] = 0
    damaged[17] = 0
    #expect(CollectionFile.declaredSize(damaged) == .none)
  }

  @Test func aCollectionThatIsNotSQLiteIsRefusedAtItsFirstBytes() throws {
    let bomb = Self.zstdBomb(start: Array("not a database!!".utf8), blocks: 37_500)
    let package = TestZip.archive([("collection.anki21b", bomb)])
    #expect(throws: AnkiPackageError.notAPackage(file: "bomb.apkg", reason: "its collection is not an SQLite database"))
    {
      _ = try AnkiPackage.collection(in: package, file: "bomb.apkg")
    }
  }

  @Test func theLimitFollowsWhatThePackageFileCanHold() {
    #expect(AnkiPackage.ceiling(packageSize: 150_000) == 32 << 20)
    #expect(AnkiPackage.ceiling(packageSize: 10 << 20) == 1000 << 20)
    #expect(AnkiPackage.ceiling(packageSize: Int.max / 2) == AnkiPackage.maximumCollectionSize)
    #expect(AnkiPackage.maximumRows(packageSize: 45_000) == 100_000)
    #expect(AnkiPackage.maximumRows(packageSize: 10 << 20) == 2_621_440)
  }

  @Test func aDeflatedEntryClaimingMoreThanDeflateCanHoldIsRefused() throws {
    let bytes = try AnkiPackageSet.fixtures().bytes("legacy.apkg")
    let archive = try ZipArchive(bytes: bytes)
    var entry = try #require(archive.entry(named: "collection.anki21"))
    entry.size = entry.compressedSize * 2000
    // Under a limit it fits: the claim itself is refused.
    let limit = ZipArchive.maximumEntrySize
    #expect(throws: AnkiPackageError.self) { _ = try archive.contents(of: entry, limit: limit) }
    do {
      _ = try archive.contents(of: entry, limit: limit)
    } catch {
      #expect(error.description.contains("claims"), "\(error.description)")
    }
  }

  @Test func aReviewAtATimeThatCannotBeRecordedIsSkippedAndCounted() throws {
    var collection = try AnkiPackageSet.fixtures().collection("current.apkg")
    let before = AnkiConversion(collection)
    try #require(!collection.reviews.isEmpty)
    // Year 11,476: past what a history records.
    collection.reviews[0].id = 300_000_000_000_000
    let after = AnkiConversion(collection)
    #expect(after.skippedReviews == before.skippedReviews + 1)
    #expect(after.reviews.count == before.reviews.count - 1)
    #expect(after.reviews.allSatisfy { Timestamp.isRecordable(rawValue: $0.time.rawValue) })
  }
}
