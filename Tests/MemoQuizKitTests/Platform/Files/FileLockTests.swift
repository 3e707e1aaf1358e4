import Dispatch
import Foundation
import Synchronization
import Testing

@testable import MemoQuizKit

/// The lock file of a round, removed by each holder as it lets go.
@Suite struct FileLockTests {
  /// Round lock files piled up in the data folder.
  /// Each holder now removes the file before letting the lock go; a taker
  /// that locked the removed file must notice and try again, or two takers
  /// would hold "the" lock at once, one on the old file, one on a new one.
  @Test func aLockFileRemovedByItsHolderStillLetsOneHolderInAtATime() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("memoquiz-lock-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent(".round-test.lock").path
    let holders = Atomic<Int>(0)
    let most = Atomic<Int>(0)
    let taken = Atomic<Int>(0)
    // Half the takers wait for the lock, as the data folder's lock is
    // taken: a waiter keeps trying the file it opened, which is the file a
    // holder may remove meanwhile.
    DispatchQueue.concurrentPerform(iterations: 4) { taker in
      for _ in 0..<1000 {
        let lock = taker % 2 == 0 ? try? FileLock.attempt(path, removingFile: true) : try? FileLock(path: path)
        guard let lock else { continue }
        let now = holders.add(1, ordering: .sequentiallyConsistent).newValue
        most.max(now, ordering: .sequentiallyConsistent)
        taken.add(1, ordering: .relaxed)
        // Held for a moment, as a round holds it, so that two holders
        // would overlap.
        usleep(20)
        holders.subtract(1, ordering: .sequentiallyConsistent)
        withExtendedLifetime(lock) {}
      }
    }
    #expect(most.load(ordering: .sequentiallyConsistent) == 1)
    #expect(taken.load(ordering: .relaxed) > 0)
  }
}
