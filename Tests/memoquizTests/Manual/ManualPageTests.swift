import Foundation
import Testing

/// `memoquiz manual` as `man` and groff render it.
@Suite struct ManualPageTests {
  static let groff = FileManager.default.isExecutableFile(atPath: "/usr/bin/groff")
  static let man = FileManager.default.isExecutableFile(atPath: "/usr/bin/man")

  /// Runs a tool on the page `memoquiz manual` prints, given on its standard input.
  /// - Returns: the exit status, standard output and standard error.
  private func render(_ tool: String, _ arguments: [String]) throws -> (Int32, String, String) {
    let manual = try MemoQuizSandbox().run(["manual"])
    #expect(manual.status == 0)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["MANWIDTH"] = "80"
    environment["LANG"] = "C.UTF-8"
    environment["MANPAGER"] = "cat"
    environment["PAGER"] = "cat"
    process.environment = environment
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let writer = input.fileHandleForWriting
    let page = Data(manual.stdout.utf8)
    let written = Thread {
      writer.write(page)
      try? writer.close()
    }
    written.start()
    let collected = Collected()
    let errorsRead = DispatchSemaphore(value: 0)
    Thread {
      collected.errors = errors.fileHandleForReading.readDataToEndOfFile()
      errorsRead.signal()
    }.start()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    errorsRead.wait()
    // Terminals show bold by overstriking (`m\bm`): keep the letters alone.
    let text = String(decoding: out, as: UTF8.self).replacing(/.\u{8}/, with: "")
    return (process.terminationStatus, text, String(decoding: collected.errors, as: UTF8.self))
  }

  /// What a reading thread collected.
  private final class Collected: @unchecked Sendable {
    var errors = Data()
  }

  @Test(.enabled(if: groff, "groff is not installed (apt-get install groff): the manual cannot be rendered"))
  func groffRendersTheManualWithoutWarnings() throws {
    let (status, text, warnings) = try render("/usr/bin/groff", ["-man", "-ww", "-Tutf8"])
    #expect(status == 0)
    #expect(warnings.isEmpty, "\(warnings)")
    #expect(text.contains("memoquiz play"))
    #expect(text.contains("EXIT STATUS"))
    #expect(text.contains("MEMOQUIZ_HOME"))
  }

  @Test(.enabled(if: man, "man-db is not installed (apt-get install man-db): `man -l -` cannot be run"))
  func manReadsTheManualFromStandardInput() throws {
    let (status, text, warnings) = try render("/usr/bin/man", ["-l", "-"])
    #expect(status == 0)
    #expect(warnings.isEmpty, "\(warnings)")
    #expect(text.hasPrefix("MEMOQUIZ(1)"))
    for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "FILES", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES"] {
      #expect(text.contains("\n\(section)\n"), "no \(section) in the rendered page")
    }
    // Wide and symbol characters come through as themselves.
    #expect(text.contains("あ, い"))
    // No line of the rendered page is wider than the width asked for.
    for line in text.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
  }
}
