import Foundation
import Testing

/// Edge cases of import, export, add and validate, each through the real
/// binary.
@Suite struct ImportExportEdgeCaseTests {
  private func write(_ text: String, _ name: String, in sandbox: MemoQuizSandbox) throws -> String {
    let path = sandbox.folder.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// A new folder outside the data folder; the caller removes it.
  private func outside(_ sandbox: MemoQuizSandbox) throws -> URL {
    let folder = sandbox.folder.deletingLastPathComponent()
      .appendingPathComponent(sandbox.folder.lastPathComponent + "-outside")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  private func questions(_ title: String, in sandbox: MemoQuizSandbox) throws -> [[String: Any]] {
    let result = try sandbox.run(["export", title, "--format", "json"])
    let groups = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    return try #require(groups.first?["questions"] as? [[String: Any]], "\(result.stderr)")
  }

  // MARK: - Import, export and add

  @Test func csvIsSeparatedByCommasWhateverItsQuotedFieldsHold() throws {
    let sandbox = try MemoQuizSandbox()
    let file = try write("朝,asa,\"morning: 6:00\"\n夜,yoru,night; late\n", "words.csv", in: sandbox)
    let result = try sandbox.run(["import", file])
    #expect(result.status == 0, "\(result.stderr)")
    let words = try questions("words", in: sandbox)
    #expect(words.map { $0["prompt"] as? String } == ["朝", "夜"])
    #expect(words.map { $0["answer"] as? String } == ["asa", "yoru"])
    #expect(words.map { $0["hint"] as? String } == ["morning: 6:00", "night; late"])
    // A .tsv file is tab separated though its fields hold commas.
    let tsv = try write("a, b\tc, d\n", "commas.tsv", in: sandbox)
    #expect(try sandbox.run(["import", tsv]).status == 0)
    #expect(try questions("commas", in: sandbox).first?["answer"] as? String == "c, d")
    // `#separator:` still wins over the name.
    let named = try write("#separator:semicolon\nx;y,z\n", "named.csv", in: sandbox)
    #expect(try sandbox.run(["import", named]).status == 0)
    #expect(try questions("named", in: sandbox).first?["answer"] as? String == "y,z")
  }

  @Test func aRowWithTheWrongNumberOfFieldsIsReportedWithTheSeparatorNamed() throws {
    let sandbox = try MemoQuizSandbox()
    let file = try write("朝,asa,morning\n昼,hiru,noon, 12:00\n夜;yoru\n", "words.csv", in: sandbox)
    let result = try sandbox.run(["import", file])
    #expect(result.status == 65)
    #expect(
      result.stderr.contains("\(file):2: error: found 4 fields separated by commas where line 1 has 3"),
      "\(result.stderr)")
    #expect(
      result.stderr.contains("\(file):3: error: expected a prompt and an answer separated by commas, found 1 field"),
      "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: sandbox.questionsFile.path), "nothing was imported")
  }

  @Test func hintsAndAlternativesSurviveAnAnkiExportAndAMergeBack() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      #"""
      [{"title": "Kana", "questions": [
        {"prompt": "し", "answer": "shi", "alternatives": ["si", "a|b\\c"], "hint": "like 'she'\tor \"see\""},
        {"prompt": "つ", "answer": "tsu", "alternatives": ["tu"]},
        {"prompt": "ん", "answer": "n"}
      ]}]
      """#)
    let before = try questions("Kana", in: sandbox)
    let elsewhere = try outside(sandbox)
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let file = elsewhere.appendingPathComponent("kana.txt").path
    #expect(try sandbox.run(["export", "--format", "anki", "--output", file]).status == 0)
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains("\nBasic\tKana\tし\tshi\t"), "a Basic note in its deck, as before: \(text)")
    let merged = try sandbox.run(["import", file, "--merge"])
    #expect(merged.status == 0, "\(merged.stderr)")
    let after = try questions("Kana", in: sandbox)
    for (old, new) in zip(before, after) {
      #expect(new["hint"] as? String == old["hint"] as? String)
      #expect(new["alternatives"] as? [String] == old["alternatives"] as? [String])
    }
    #expect(after.first?["alternatives"] as? [String] == ["si", "a|b\\c"])
    // Into a fresh data folder too.
    let fresh = try MemoQuizSandbox()
    #expect(try fresh.run(["import", file]).status == 0)
    #expect(try questions("Kana", in: fresh).first?["hint"] as? String == "like 'she'\tor \"see\"")
  }

  @Test func addToANearTitleIsRefusedOffATerminalUnlessNewGroup() throws {
    let sandbox = try MemoQuizSandbox()
    let refused = try sandbox.run(["add", "Hiragna", "ゔ", "vu"])
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("did you mean \"Hiragana\"?"), "\(refused.stderr)")
    #expect(refused.stderr.contains("--new-group"))
    #expect(try sandbox.scores()["Hiragna"] == nil, "no group was made")
    #expect(!FileManager.default.fileExists(atPath: sandbox.questionsFile.path))
    let made = try sandbox.run(["add", "Hiragna", "ゔ", "vu", "--new-group"])
    #expect(made.status == 0, "\(made.stderr)")
    #expect(made.stdout.contains("(a new group)"))
    #expect(try sandbox.scores()["Hiragna"] != nil)
    // A title far from every group still makes a new group, as before.
    #expect(try sandbox.run(["add", "Verbs", "食べる", "taberu"]).status == 0)
  }

  @Test func addToANearTitleAsksOnATerminal() throws {
    let sandbox = try MemoQuizSandbox()
    let session = try PseudoTerminalSession(
      arguments: ["add", "Hiragna", "ゔ", "vu"], environment: sandbox.environment)
    #expect(session.waitFor("Add ゔ to \"Hiragana\"?"), "\(session.text)")
    session.type("y\n")
    #expect(session.waitForExit() == 0)
    #expect(try questions("Hiragana", in: sandbox).contains { $0["prompt"] as? String == "ゔ" })
    #expect(try sandbox.scores()["Hiragna"] == nil)
    // Declining both leaves everything as it was.
    let declined = try PseudoTerminalSession(
      arguments: ["add", "Katakna", "ヴ", "vu"], environment: sandbox.environment)
    #expect(declined.waitFor("Add ヴ to \"Katakana\"?"), "\(declined.text)")
    declined.type("n\n")
    #expect(declined.waitFor("Make a new group \"Katakna\"?"))
    declined.type("n\n")
    #expect(declined.waitFor("Nothing was added."))
    #expect(declined.waitForExit() == 0)
    #expect(try !questions("Katakana", in: sandbox).contains { $0["prompt"] as? String == "ヴ" })
  }

  @Test func mergeOfAnUnchangedFileCountsNoUpdate() throws {
    let sandbox = try MemoQuizSandbox()
    let file = try write("一\tone\n二\ttwo\t2\n三\tthree\n", "counting.tsv", in: sandbox)
    #expect(try sandbox.run(["import", file]).status == 0)
    let again = try sandbox.run(["import", file, "--merge"])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.contains("0 questions added"), "\(again.stdout)")
    #expect(!again.stdout.contains("updated"), "nothing was updated: \(again.stdout)")
    let changed = try write("一\tone\n二\tni\t2\n三\tthree\n", "counting.tsv", in: sandbox)
    let merged = try sandbox.run(["import", changed, "--merge"])
    #expect(merged.stdout.contains("0 questions added, 1 updated"), "\(merged.stdout)")
  }

  @Test func validationReportsEveryProblemAfterASyntaxError() throws {
    let sandbox = try MemoQuizSandbox()
    let file = try write(
      """
      [
        {"title": "A", "questions": [
          {"prompt": "a", "answer": "x",},
          {"prompt": "b" "answer": "y"},
          {"prompt": tru, "answer": "z"},
          {"prompt": "c"}
        ]},
        {"title": "B"},
        {"title": "C", "questions": [{"prompt": "d", "answer": "w"}],}
      ]
      """, "broken.json", in: sandbox)
    let result = try sandbox.run(["validate", file])
    #expect(result.status == 65)
    let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix(file) }.map(String.init)
    #expect(
      errors == [
        "\(file):3:35: error: trailing comma before '}'; remove the last comma",
        "\(file):4:20: error: unexpected character '\"'; expected ',' or '}' (is a comma missing?)",
        "\(file):5:16: error: unexpected character 't'; expected a value (strings need double quotes)",
        "\(file):6:5: error: question 4 has no \"answer\"",
        "\(file):8:3: error: group \"B\" has no \"questions\"",
        "\(file):9:64: error: trailing comma before '}'; remove the last comma",
      ], "\(result.stderr)")
    #expect(result.stderr.contains("(6 errors)"))
  }

  // MARK: - Hostile input and odd destinations

  @Test func deeplyNestedQuizPatternsAreAnErrorNotACrash() throws {
    let sandbox = try MemoQuizSandbox()
    let nested = String(repeating: "[", count: 50_000) + "a" + String(repeating: "]", count: 50_000)
    let open = String(repeating: "[", count: 1_000_000)
    let file = try write("fine:yes\nnested:\(nested)\nopen:\(open)\n", "deep", in: sandbox)
    let result = try sandbox.run(["import", file, "--format", "bsdquiz"])
    #expect(!result.wasSignaled, "memoquiz crashed")
    #expect(result.status == 65, "\(result.stderr.prefix(500))")
    #expect(result.stderr.contains("\(file):2: error: '[' and '{' are nested more than 100 deep"))
    #expect(result.stderr.contains("\(file):3: error: '[' and '{' are nested more than 100 deep"))
    let braces = String(repeating: "{", count: 50_000)
    let other = try write("q:\(braces)\n", "braces", in: sandbox)
    let second = try sandbox.run(["import", other, "--format", "bsdquiz"])
    #expect(!second.wasSignaled && second.status == 65, "\(second.stderr.prefix(500))")
    // Nesting within the limit still reads.
    let shallow = try write(
      "q:" + String(repeating: "[", count: 50) + "a|b" + String(repeating: "]", count: 50) + "\n",
      "shallow", in: sandbox)
    #expect(try sandbox.run(["import", shallow, "--format", "bsdquiz"]).status == 0)
  }

  @Test func exportWritesIntoAFIFOAndLeavesIt() throws {
    let sandbox = try MemoQuizSandbox()
    let elsewhere = try outside(sandbox)
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let fifo = elsewhere.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    // The reader is open before memoquiz writes, without waiting for it.
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    defer { close(reader) }
    let result = try sandbox.run(["export", "numbers", "--format", "tsv", "--output", fifo])
    #expect(result.status == 0, "\(result.stderr)")
    var received = [UInt8](repeating: 0, count: 1 << 16)
    let count = read(reader, &received, received.count)
    let text = String(decoding: received.prefix(max(0, count)), as: UTF8.self)
    #expect(text.hasPrefix("零\t0\t"), "the FIFO's reader got the export: \(text)")
    var status = stat()
    #expect(stat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the FIFO is still a FIFO")
  }

  @Test func exportToAFullDeviceFailsAndLeavesTheDevice() throws {
    let sandbox = try MemoQuizSandbox()
    // A device node of our own, the one /dev/full is (1, 7).
    let elsewhere = try outside(sandbox)
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let device = elsewhere.appendingPathComponent("full").path
    // makedev(1, 7), which Swift's Glibc module does not export.
    let full = dev_t((1 << 8) | 7)
    try #require(mknod(device, S_IFCHR | 0o666, full) == 0, "creating a device node needs root")
    let result = try sandbox.run(["export", "--output", device])
    #expect(result.status == 1)
    #expect(result.stderr.contains("cannot write \(device): No space left on device"), "\(result.stderr)")
    var status = stat()
    #expect(stat(device, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "the device is still a device")
  }

  @Test func exportToStandardOutputByNameWritesToIt() throws {
    let sandbox = try MemoQuizSandbox()
    // /dev/stdout is such a link; one in the sandbox keeps the system's own
    // out of reach of a memoquiz that would replace it. The link names the
    // standard output of the process that opens it: a process of its own.
    let elsewhere = try outside(sandbox)
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let link = elsewhere.appendingPathComponent("stdout").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/proc/self/fd/1")
    let result = try sandbox.runProcess(["export", "numbers", "--format", "tsv", "--output", link])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("零\t0\t"), "\(result.stdout.prefix(200))")
    let kept = try FileManager.default.destinationOfSymbolicLink(atPath: link)
    #expect(kept == "/proc/self/fd/1", "the link is still a link")
  }

  @Test func exportToStandardOutputByNameAppendsWhereOutputGoes() throws {
    let sandbox = try MemoQuizSandbox()
    let elsewhere = try outside(sandbox)
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let link = elsewhere.appendingPathComponent("stdout").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/proc/self/fd/1")
    // Output appended to a file, as `>> log` sets it up.
    let log = elsewhere.appendingPathComponent("log.txt")
    try Data("before\n".utf8).write(to: log)
    let output = try FileHandle(forWritingTo: log)
    try output.seekToEnd()
    let process = Process()
    process.executableURL = MemoQuizSandbox.binary
    process.arguments = ["export", "numbers", "--format", "tsv", "--output", link]
    process.environment = sandbox.environment
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try output.close()
    #expect(process.terminationStatus == 0)
    let text = try String(contentsOf: log, encoding: .utf8)
    #expect(text.hasPrefix("before\n零\t0\t"), "\(text.prefix(100))")
  }

  @Test func exportRefusesEveryFileOfTheDataFolder() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.run(["play", "numbers", "--strategy", "sequential"], input: "0\n:quit\n")
    #expect(try sandbox.run(["add", "Verbs", "食べる", "taberu"]).status == 0)
    let history = try Data(contentsOf: sandbox.historyFile)
    let questionsFile = try Data(contentsOf: sandbox.questionsFile)
    let elsewhere = try outside(sandbox)
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let alias = elsewhere.appendingPathComponent("alias").path
    #expect(link(sandbox.historyFile.path, alias) == 0)
    let targets =
      try [
        sandbox.historyFile.path, sandbox.questionsFile.path, alias,
        sandbox.folder.path + "/../" + sandbox.folder.lastPathComponent + "/history.log",
        sandbox.folder.appendingPathComponent("new-export.json").path,
      ] + sandbox.files().map { sandbox.folder.appendingPathComponent($0).path }
    for target in targets {
      let result = try sandbox.run(["export", "--output", target])
      #expect(result.status == 64, "\(target): \(result.stderr)")
      #expect(result.stderr.contains("is one of memoquiz's own files"), "\(result.stderr)")
    }
    #expect(try Data(contentsOf: sandbox.historyFile) == history)
    #expect(try Data(contentsOf: sandbox.questionsFile) == questionsFile)
    #expect(!FileManager.default.fileExists(atPath: sandbox.folder.appendingPathComponent("new-export.json").path))
    // Elsewhere, an export is written as before.
    let exported = elsewhere.appendingPathComponent("all.json").path
    #expect(try sandbox.run(["export", "--output", exported]).status == 0)
    #expect(FileManager.default.fileExists(atPath: exported))
  }

  @Test func aByteOrderMarkIsNotPartOfTheFirstPrompt() throws {
    let sandbox = try MemoQuizSandbox()
    let files = [("marked.tsv", "犬\tdog\n猫\tcat\n", "犬\tdog\t\n"), ("marked.csv", "鳥,bird\n魚,fish\n", "鳥\tbird\t\n")]
    for (name, text, firstLine) in files {
      let path = sandbox.folder.appendingPathComponent(name).path
      try Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)).write(to: URL(fileURLWithPath: path))
      let result = try sandbox.run(["import", path, "--title", name])
      #expect(result.status == 0, "\(result.stderr)")
      // Compared byte for byte: a JSON reader may drop the mark itself.
      let exported = try sandbox.run(["export", name, "--format", "tsv"]).stdout
      #expect(Array(exported.utf8.prefix(firstLine.utf8.count)) == Array(firstLine.utf8), "\(name): \(exported)")
    }
  }
}
