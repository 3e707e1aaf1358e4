import Foundation
import Testing

@testable import MemoQuizKit

/// Files that are not Anki packages, or damaged ones: each is refused as
/// invalid data, never read wrong and never a crash.
@Suite struct AnkiPackageFuzzTests {
  /// Reads bytes as a package; `nil` when they read, else the error.
  private func refusal(_ bytes: [UInt8]) -> AnkiPackageError? {
    do {
      _ = try AnkiPackage.collection(in: bytes, file: "fuzz.apkg")
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: AnkiPackageSet.damaged)
  func damagedPackagesAreInvalidData(_ name: String) throws {
    let error = try #require(refusal(try AnkiPackageSet.fixtures().bytes(name)))
    #expect(error.isInvalidData, "\(error)")
    #expect(error.description.contains("fuzz.apkg is not an Anki package"))
  }

  @Test(arguments: ["current.apkg", "legacy.apkg", "legacy.colpkg", "anki2.apkg"])
  func everyTruncationIsRefused(_ name: String) throws {
    let bytes = try AnkiPackageSet.fixtures().bytes(name)
    for length in stride(from: 0, to: bytes.count, by: 331) + [bytes.count - 1, bytes.count - 22] {
      let error = refusal(Array(bytes.prefix(length)))
      #expect(error?.isInvalidData == true, "\(name) cut at \(length): \(String(describing: error))")
    }
  }

  @Test(arguments: ["current.apkg", "legacy.apkg"])
  func flippedBytesAreRefusedOrHarmless(_ name: String) throws {
    let original = try AnkiPackageSet.fixtures().bytes(name)
    let archive = try ZipArchive(bytes: original)
    let collectionEntry = try #require(
      archive.entry(named: "collection.anki21b") ?? archive.entry(named: "collection.anki21"))
    var generator = SeededGenerator(seed: 2026)
    var refused = 0
    for trial in 0..<300 {
      var bytes = original
      // Half of the trials hit the collection itself, which must be refused.
      let inCollection = trial % 2 == 0
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let index =
          inCollection
          ? collectionEntry.localHeaderOffset + 60
            + Int.random(in: 0..<collectionEntry.compressedSize - 40, using: &generator)
          : Int.random(in: 0..<bytes.count, using: &generator)
        bytes[index] ^= UInt8.random(in: 1...255, using: &generator)
      }
      let error = refusal(bytes)
      if let error {
        refused += 1
        #expect(error.isInvalidData, "trial \(trial): \(error)")
      } else {
        #expect(!inCollection, "trial \(trial): a damaged collection was read")
      }
    }
    #expect(refused >= 150)
  }

  @Test func randomBytesAreNotAPackage() {
    var generator = SeededGenerator(seed: 7)
    for length in [0, 1, 21, 22, 100, 4096, 70_000] {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      #expect(refusal(bytes)?.isInvalidData == true, "\(length) random bytes")
    }
    #expect(refusal(Array("PK\u{5}\u{6}".utf8) + [UInt8](repeating: 0, count: 18)) != nil)
  }

  @Test func anEntryLargerThanTheLimitIsRefusedBeforeItIsRead() throws {
    // A stored entry whose directory claims 8 GiB.
    let bytes = TestZip.archive([("collection.anki21", Array("hello".utf8))], claimedSize: 8 << 30)
    let archive = try ZipArchive(bytes: bytes)
    let entry = try #require(archive.entry(named: "collection.anki21"))
    #expect(throws: AnkiPackageError.self) { _ = try archive.contents(of: entry) }
    #expect(refusal(bytes)?.isInvalidData == true)
  }

  @Test func anEntryThatInflatesPastItsSizeIsCutOff() throws {
    // The legacy collection is deflated; claiming fewer bytes than it
    // inflates to must stop the inflating there.
    let bytes = try AnkiPackageSet.fixtures().bytes("legacy.apkg")
    let archive = try ZipArchive(bytes: bytes)
    var entry = try #require(archive.entry(named: "collection.anki21"))
    entry.size = 1000
    #expect(throws: AnkiPackageError.invalid("a compressed entry does not have the size its archive says")) {
      _ = try archive.contents(of: entry)
    }
  }

  @Test func zstdOutputIsBounded() throws {
    let archive = try ZipArchive(bytes: try AnkiPackageSet.fixtures().bytes("current.apkg"))
    let compressed = try archive.contents(of: try #require(archive.entry(named: "collection.anki21b")))
    let zstd = try Zstd.load()
    #expect(try zstd.decompress(compressed, limit: 1 << 30).count > 100_000)
    #expect(throws: AnkiPackageError.self) { _ = try zstd.decompress(compressed, limit: 10_000) }
  }

  @Test func aMissingLibraryIsNamedAndIsNotInvalidData() {
    #expect(throws: AnkiPackageError.self) { _ = try SystemLibrary("libmemoquiz-absent.so.9") }
    do {
      _ = try SystemLibrary("libmemoquiz-absent.so.9")
    } catch {
      #expect(!error.isInvalidData)
      #expect(error.description.contains("libmemoquiz-absent.so.9"))
      #expect(!ImportError.package(error).isInvalidData)
    }
  }
}

/// A minimal zip archive of stored entries, for sizes no real file has.
enum TestZip {
  static func archive(_ entries: [(String, [UInt8])], claimedSize: Int? = nil) -> [UInt8] {
    func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    func u32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(value >> ($0 * 8) & 0xFF) } }
    func u64(_ value: Int) -> [UInt8] { (0..<8).map { UInt8(value >> ($0 * 8) & 0xFF) } }
    var out: [UInt8] = []
    var directory: [UInt8] = []
    for (name, data) in entries {
      let offset = out.count
      let nameBytes = Array(name.utf8)
      // The CRC-32 of the data, as a reader checks it.
      let crc = Int(data.withUnsafeBytes { (try? Zlib.load())?.checksum($0) ?? 0 })
      out += u32(0x0403_4b50) + u16(20) + u16(0) + u16(0) + u32(0) + u32(crc) + u32(data.count) + u32(data.count)
      out += u16(nameBytes.count) + u16(0) + nameBytes + data
      let zip64 = claimedSize.map { u16(1) + u16(16) + u64($0) + u64(data.count) } ?? []
      directory += u32(0x0201_4b50) + u16(45) + u16(45) + u16(0) + u16(0) + u32(0) + u32(crc)
      directory += u32(claimedSize == nil ? data.count : 0xFFFF_FFFF)
      directory += u32(claimedSize == nil ? data.count : 0xFFFF_FFFF)
      directory += u16(nameBytes.count) + u16(zip64.count) + u16(0) + u16(0) + u16(0) + u32(0) + u32(offset)
      directory += nameBytes + zip64
    }
    let directoryOffset = out.count
    out += directory
    out += u32(0x0605_4b50) + u16(0) + u16(0) + u16(entries.count) + u16(entries.count)
    out += u32(directory.count) + u32(directoryOffset) + u16(0)
    return out
  }
}
