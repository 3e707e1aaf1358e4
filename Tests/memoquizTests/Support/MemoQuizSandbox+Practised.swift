import Foundation
import Testing

extension MemoQuizSandbox {
  /// A folder of one group, G, of 40 numbered questions whose first 10 were
  /// answered right in a review on 2026-12-01 at 9:00 UTC, the time and zone
  /// the folder's runs keep, without colour.
  static func practisedGroup() throws -> MemoQuizSandbox {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 40)
    sandbox.environment["TZ"] = "UTC"
    sandbox.environment["NO_COLOR"] = "1"
    sandbox.environment["MEMOQUIZ_NOW"] = "2026-12-01T09:00:00Z"
    let answers = (0..<10).map { "a\($0)\n" }.joined()
    #expect(try sandbox.run(["review", "--new", "10"], input: answers).status == 0)
    return sandbox
  }
}

extension MemoQuizSandbox {
  /// Writes `records` (history lines without their newline) as the only
  /// history file of the folder, that of machine `0a0b0c0d`.
  func writeOwnHistory(_ records: [String]) throws {
    let history = folder.appendingPathComponent("history")
    try FileManager.default.createDirectory(at: history, withIntermediateDirectories: true)
    let text = (["memoquiz history\t2\t0a0b0c0d\tlearner"] + records).map { $0 + "\n" }.joined()
    try Data(text.utf8).write(to: history.appendingPathComponent("0a0b0c0d.log"))
  }
}
