import Foundation
import Testing

@testable import MemoQuizKit

/// Start-up does not open another machine's history file whose size and
/// times are those it had when it was read; whatever changes the file, in
/// place or by a rename, with its modification time put back or not, the
/// next command sees it.
@Suite struct MachineFileIdentityTests {
  private static let questions = """
    [{"title": "Colours", "questions": [{"prompt": "red", "answer": "aka"}, {"prompt": "blue", "answer": "ao"}]}]
    """
  private static let other = "0000beef"
  private static let header = "memoquiz history\t2\t\(other)\tlaptop\n"
  private static let firstAnswer = "answer\t1\t1764579600000\tColours\t\tred\tred\taka\t3\t2000\n"
  private static let environment = ["MEMOQUIZ_NOW": "2026-12-01T12:00:00Z", "TZ": "UTC", "NO_COLOR": "1"]

  /// How another machine's file changes after it was read.
  enum Change: String, CaseIterable, CustomTestStringConvertible {
    /// An answer appended in place, as `cat >>` or a file sync writing in
    /// place does.
    case appendedInPlace
    /// The last answer rewritten in place to another of the same length,
    /// and the modification time put back.
    case rewrittenInPlaceWithItsTimePutBack
    /// A new copy of the same size renamed over it, with the old
    /// modification time, as a file sync or git does.
    case replacedByARenameWithItsTimePutBack

    var testDescription: String { rawValue }
  }

  /// A folder whose `history/` holds another machine's file with one right
  /// answer, that has settled, and an outlook written after it settled.
  private func folderWithASettledFile() async throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(Self.questions)
    let history = sandbox.folder.appendingPathComponent("history")
    try FileManager.default.createDirectory(at: history, withIntermediateDirectories: true)
    let path = history.appendingPathComponent("\(Self.other).log").path
    try Data((Self.header + Self.firstAnswer).utf8).write(to: URL(fileURLWithPath: path))
    try await waitUntilSettled(path)
    let groups = try sandbox.run(["groups"], environment: Self.environment)
    #expect(groups.status == 0, "\(groups.stderr)")
    #expect(groups.stdout == Self.table("  1  Colours          2    1        1          0      100%"))
    // The outlook keeps the file's identity: the next start does not open it.
    let outlook = try String(contentsOf: sandbox.folder.appendingPathComponent("local/outlook"), encoding: .utf8)
    let line = outlook.split(separator: "\n").first { $0.hasPrefix("file\t\(Self.other)\t") }
    let identity = line?.split(separator: "\t", omittingEmptySubsequences: false).last ?? ""
    #expect(identity.split(separator: "/").count == 4, "the outlook's line: \(line ?? "none")")
    return sandbox
  }

  /// Waits until the file's last change is older than what a reading
  /// trusts (``HistoryFileIdentity/settling``): the time left is read from
  /// the file itself, not guessed. The wait holds no thread, so that other
  /// tests run meanwhile.
  private func waitUntilSettled(_ path: String) async throws {
    var status = stat()
    try #require(stat(path, &status) == 0)
    let changed = HistoryFileIdentity(status).changed
    let left = changed + HistoryFileIdentity.settling + 10_000_000 - HistoryFileIdentity.now()
    if left > 0 { try await Task.sleep(nanoseconds: UInt64(left)) }
    #expect(HistoryFileIdentity(status).settled(at: HistoryFileIdentity.now()) != nil)
  }

  /// What `groups` shows with the row of the group.
  private static func table(_ row: String) -> String {
    "  #  Group    Questions  Due  Correct  Incorrect  Accuracy\n" + row + "\n"
  }

  @Test(arguments: Change.allCases)
  func aChangeToAnotherMachinesFileAfterItWasReadIsSeenByTheNextStart(_ change: Change) async throws {
    let sandbox = try await folderWithASettledFile()
    let path = sandbox.folder.appendingPathComponent("history/\(Self.other).log").path
    var before = stat()
    try #require(stat(path, &before) == 0)
    let expected: String
    switch change {
    case .appendedInPlace:
      let handle = try #require(FileHandle(forWritingAtPath: path))
      try handle.seekToEnd()
      try handle.write(contentsOf: Data("answer\t2\t1764579700000\tColours\t\tblue\tblue\tao\t3\t2000\n".utf8))
      try handle.close()
      expected = Self.table("  1  Colours          2    2        2          0      100%")
    case .rewrittenInPlaceWithItsTimePutBack, .replacedByARenameWithItsTimePutBack:
      // The same length: "aka" typed and rated good becomes "akx" rated again.
      let wrong = Self.header + Self.firstAnswer.replacingOccurrences(of: "aka\t3", with: "akx\t1")
      try #require(wrong.utf8.count == (Self.header + Self.firstAnswer).utf8.count)
      let target = change == .rewrittenInPlaceWithItsTimePutBack ? path : path + ".sync-tmp"
      let descriptor = open(target, O_WRONLY | O_CREAT, 0o644)
      try #require(descriptor >= 0)
      let written = Array(wrong.utf8).withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
      // The modification time put back to what it was, to the nanosecond.
      var times = [before.st_atim, before.st_mtim]
      let restored = futimens(descriptor, &times)
      close(descriptor)
      try #require(written == wrong.utf8.count && restored == 0)
      if target != path { try #require(rename(target, path) == 0) }
      expected = Self.table("  1  Colours          2    1        0          1        0%")
    }
    var after = stat()
    try #require(stat(path, &after) == 0)
    if change != .appendedInPlace {
      #expect(after.st_size == before.st_size)
      #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
    }
    let groups = try sandbox.run(["groups"], environment: Self.environment)
    #expect(groups.status == 0, "\(groups.stderr)")
    #expect(groups.stdout == expected)
    let history = try sandbox.run(["history", "--json"], environment: Self.environment)
    let steps = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]] ?? []
    let typed = steps.filter { ($0["step"] as? String)?.hasPrefix(Self.other) == true }.compactMap { $0["typed"] }
    #expect(typed.count == (change == .appendedInPlace ? 2 : 1))
  }
}
