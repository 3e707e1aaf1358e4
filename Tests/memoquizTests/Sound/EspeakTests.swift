import Foundation
import Testing

/// The bundled kana spoken by the real `espeak-ng` (which `.ci/run`
/// installs), as a round speaks them: the language the bundled group names.
@Suite struct EspeakTests {
  static let espeak = ["/usr/bin/espeak-ng", "/usr/local/bin/espeak-ng"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// The bundled questions file.
  private static func bundled() throws -> [[String: Any]] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let data = try Data(contentsOf: root.appendingPathComponent("Resources/QuestionGroupData.json"))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
  }

  @Test func theBundledKanaGroupsSpeakJapanese() throws {
    let groups = try Self.bundled()
    let speaking = groups.filter { $0["speak"] as? String == "ja" }.compactMap { $0["title"] as? String }
    #expect(speaking.contains("Hiragana") && speaking.contains("Katakana") && speaking.count == 9, "\(speaking)")
  }

  @Test(.enabled(if: espeak != nil, "espeak-ng is not installed here; .ci/run installs it"))
  func theBundledKanaAreSpokenToAFile() throws {
    let hiragana = try #require(try Self.bundled().first { $0["title"] as? String == "Hiragana" })
    let language = try #require(hiragana["speak"] as? String)
    let prompt = try #require((hiragana["questions"] as? [[String: Any]])?.first?["prompt"] as? String)
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("kana-\(UUID().uuidString).wav")
    defer { try? FileManager.default.removeItem(at: output) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(Self.espeak))
    process.arguments = ["-v", language, "-w", output.path, prompt]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let wave = [UInt8](try Data(contentsOf: output))
    func u32(_ offset: Int) -> Int { (0..<4).reduce(0) { $0 | Int(wave[offset + $1]) << ($1 * 8) } }
    try #require(wave.count > 44)
    #expect(Array(wave[0..<4]) == Array("RIFF".utf8) && Array(wave[8..<12]) == Array("WAVE".utf8))
    // espeak-ng writes 16-bit mono at 22,050 Hz.
    #expect(u32(24) == 22_050)
    #expect(u32(40) > 0 && wave.count - 44 > 0, "no samples for \(prompt)")
  }
}
