import Foundation
import Testing

/// The small things a daily user meets: the version, a history file damaged
/// from its first byte, settings set to what they are, a review with no
/// input, what a stopped review counts, a number that names no group, the
/// hint's verdict, imports that need a word of help, what `optimize`
/// simulated and which parameters `config` says are in use.
@Suite struct DailyUseTests {
  private let now = ["MEMOQUIZ_NOW": "2026-12-01T15:00:00Z", "TZ": "UTC"]

  /// Runs `memoquiz` with `/dev/null` as its standard input.
  private func runWithNullInput(_ sandbox: MemoQuizSandbox, _ arguments: [String]) throws -> MemoQuizResult {
    let process = Process()
    process.executableURL = MemoQuizSandbox.binary
    process.arguments = arguments
    process.environment = sandbox.environment.merging(now) { $1 }
    process.standardInput = FileHandle.nullDevice
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let stdout = output.fileHandleForReading.readDataToEndOfFile()
    let stderr = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return MemoQuizResult(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self), wasSignaled: process.terminationReason == .uncaughtSignal)
  }

  @Test func theVersionIsFourZeroZeroInEveryPlaceItIsGiven() throws {
    let sandbox = try MemoQuizSandbox()
    #expect(try sandbox.run(["--version"]).stdout == "memoquiz 5.0.0\n")
    let help = try sandbox.run(["--help"]).stdout
    #expect(help.split(separator: "\n").first == "memoquiz 5.0.0: a quiz trainer for the terminal.")
    #expect(try sandbox.run(["manual"]).stdout.contains(#".TH MEMOQUIZ 1 "" "memoquiz 5.0.0" "User Commands""#))
  }

  @Test(arguments: [
    "garbage that is no history", "garbage that is no history\n", "\u{1}\u{2}\u{3}", "{\"version\": 1}",
  ])
  func aHistoryFileDamagedFromItsFirstByteIsMovedAsideWithAWarning(_ damage: String) throws {
    let sandbox = try MemoQuizSandbox()
    #expect(try sandbox.run(["config", "new-per-day", "7"]).status == 0)
    let file = sandbox.historyFile
    try Data(damage.utf8).write(to: file)
    let read = try sandbox.run(["config", "new-per-day"])
    #expect(read.status == 0)
    #expect(read.stdout == "20\n", "the setting was in the damaged part")
    let local = sandbox.folder.appendingPathComponent("local")
    let aside = try FileManager.default.contentsOfDirectory(atPath: local.path).filter { $0.contains("damaged") }
    #expect(aside.count == 1, "\(aside)")
    let asidePath = local.appendingPathComponent(try #require(aside.first)).path
    #expect(
      read.stderr
        == "memoquiz: warning: \(file.path) had 1 damaged record; it was kept as \(asidePath), "
        + "and nothing in it could be read, so the history starts again\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: asidePath)) == Data(damage.utf8), "the damaged bytes are kept")
    // The file starts again, and the next change is kept beside nothing lost.
    #expect(try sandbox.run(["config", "new-per-day", "9"]).status == 0)
    let rewritten = try String(contentsOf: file, encoding: .utf8)
    #expect(rewritten.hasPrefix("memoquiz history\t2\t"))
    #expect(try sandbox.run(["config", "new-per-day"]).stdout == "9\n")
    #expect(try sandbox.run(["config", "new-per-day"]).stderr == "", "warned once")
  }

  @Test func settingAKeyToTheValueInEffectChangesNothingAndAddsNoStep() throws {
    let sandbox = try MemoQuizSandbox()
    let noSteps = "No steps yet. Every answer, reset and edit will be listed here.\n"
    #expect(try sandbox.run(["config", "new-per-day", "20"]).stdout == "new-per-day is 20 already; nothing changed.\n")
    #expect(
      try sandbox.run(["config", "desired-retention", "0.9"]).stdout
        == "desired-retention is 0.90 already; nothing changed.\n")
    #expect(try sandbox.run(["history"]).stdout == noSteps, "the default is in effect: no step")
    #expect(
      try sandbox.run(["config", "new-per-day", "10"]).stdout
        == "new-per-day is now 10 (`memoquiz undo` takes it back).\n")
    #expect(try sandbox.run(["config", "new-per-day", "10"]).stdout == "new-per-day is 10 already; nothing changed.\n")
    let steps = try JSONSerialization.jsonObject(with: Data(sandbox.run(["history", "--json"]).stdout.utf8)) as? [Any]
    #expect(steps?.count == 1)
    #expect(try sandbox.run(["undo"]).status == 0)
    #expect(try sandbox.run(["config", "new-per-day"]).stdout == "20\n", "undo took back the one change")
  }

  @Test func enterOnTheStartScreenResumesTodaysReviewWithoutAskingAgain() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G", "H"], count: 4)
    let started = try sandbox.run(["review"], input: "a0\n:quit\n", environment: now)
    #expect(started.stdout.contains("`memoquiz review` resumes here"))
    let session = try PseudoTerminalSession(arguments: [], environment: sandbox.environment.merging(now) { $1 })
    #expect(session.waitFor("Group (number or name, Enter to resume today's review, q to quit): "))
    session.type("\n")
    #expect(session.waitFor("Resuming"))
    #expect(session.waitFor("left]"))
    #expect(!session.text.contains("Resume it?"), "Enter said what it does")
    session.type(":quit\n")
    #expect(session.waitForExit() == 0)
  }

  @Test(arguments: ["/dev/null", "an empty pipe"])
  func aReviewWithNothingOnStandardInputAsksNothingAndOpensNoRound(_ input: String) throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 3)
    let review =
      input == "/dev/null"
      ? try runWithNullInput(sandbox, ["review", "G"]) : try sandbox.run(["review", "G"], input: "", environment: now)
    #expect(review.status == 0)
    #expect(review.stdout == "")
    #expect(
      review.stderr
        == "memoquiz: warning: nothing on standard input to answer with: 3 questions to review, none asked, and no round opened\n"
    )
    #expect(
      try sandbox.run(["history"]).stdout == "No steps yet. Every answer, reset and edit will be listed here.\n",
      "no round was opened")
    let play = try sandbox.run(["play", "G", "--strategy", "sequential"], input: "a0\n:quit\n", environment: now)
    #expect(play.status == 0, "the group is not held by a round nobody plays")
    #expect(play.stdout.contains("Correct!"))
  }

  @Test(arguments: ["/dev/null", "an empty pipe"])
  func aPlayWithNothingOnStandardInputAsksNothingAndOpensNoRound(_ input: String) throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 3)
    let play =
      input == "/dev/null"
      ? try runWithNullInput(sandbox, ["play", "G"]) : try sandbox.run(["play", "G"], input: "", environment: now)
    #expect(play.status == 0)
    #expect(play.stdout == "")
    #expect(
      play.stderr
        == "memoquiz: warning: nothing on standard input to answer with: 3 questions of G, none asked, and no round "
        + "opened\n")
    #expect(
      try sandbox.run(["history"]).stdout == "No steps yet. Every answer, reset and edit will be listed here.\n",
      "no round was opened")
    let review = try sandbox.run(["review", "G"], input: "a0\n:quit\n", environment: now)
    #expect(review.status == 0, "the group is not held by a round nobody plays")
    #expect(review.stdout.contains("Correct!"), "\(review.stdout)")
  }

  @Test func aPlayWithNothingOnStandardInputLeavesAnOpenRoundAsItWas() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 3)
    try sandbox.run(["play", "G", "--strategy", "sequential"], input: "a0\n:quit\n", environment: now)
    let play = try runWithNullInput(sandbox, ["play", "G"])
    #expect(play.status == 0)
    #expect(play.stdout == "")
    #expect(
      play.stderr
        == "memoquiz: warning: nothing on standard input to answer with: the open round of G is left as it was\n")
    let resumed = try sandbox.run(["play", "G"], input: "a1\n:quit\n", environment: now)
    #expect(resumed.stdout.contains("[2/3] q1\nCorrect!"), "\(resumed.stdout)")
  }

  @Test func aNumberOutOfRangeSaysHowManyGroupsThereAre() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["N5", "N4", "Kana"], count: 1)
    let three = try sandbox.run(["play", "95"])
    #expect(three.status == 64)
    #expect(
      three.stderr
        == "memoquiz: error: there is no group 95: there are 3 groups, numbered from 1 (`memoquiz groups` lists them)\n"
    )
    try sandbox.writeNumberedGroups(["N5"] + (2...13).map { "Set \($0)" }, count: 1)
    let thirteen = try sandbox.run(["play", "15"])
    #expect(thirteen.status == 64)
    #expect(
      thirteen.stderr
        == "memoquiz: error: there is no group 15: there are 13 groups, numbered from 1 (`memoquiz groups` lists them)\n"
    )
  }

  @Test func aReviewStoppedAfterMissesCountsWhatWasAnswered() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 20)
    let review = try sandbox.run(
      ["review"], input: String(repeating: "wrong\n", count: 5) + ":quit\n", environment: now)
    #expect(
      review.stdout.contains(
        "Stopped after 5 answers (0 of 20 questions done) in Today's review; your answers are saved. "
          + "`memoquiz review` resumes here.\n"), "\(review.stdout)")
    let sequential = try sandbox.run(
      ["play", "G", "--strategy", "sequential"], input: "wrong\nwrong\n:quit\n", environment: now)
    #expect(sequential.stdout.contains("Stopped at question 3 of 20 of G"), "a round that moves on counts questions")
  }

  @Test func aNumberThatNamesNoGroupSaysHowManyGroupsThereAre() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups((1...9).map { "Set \($0)" }, count: 1)
    for number in ["99", "10", "0"] {
      let play = try sandbox.run(["play", number])
      #expect(play.status == 64)
      #expect(
        play.stderr.hasPrefix(
          "memoquiz: error: there is no group \(number): there are 9 groups, numbered from 1 (`memoquiz groups` lists them)\n"
        ), "\(play.stderr)")
    }
  }

  @Test func aRightAnswerAfterTheHintSaysItCountsAsHard() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 2)
    let play = try sandbox.run(["play", "G", "--strategy", "sequential"], input: "?\na0\na1\n", environment: now)
    #expect(
      play.stdout.contains(
        "[1/2] q0\nHint: h0\nCorrect (with the hint: counts as Hard)\n[2/2] q1\nCorrect!\n"), "\(play.stdout)")
  }

  @Test func theDifferenceIsShownForANearMissAndNotForAnUnrelatedAnswer() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      #"[{"title": "K", "questions": [{"prompt": "あ", "answer": "a"}, {"prompt": "う", "answer": "u"}]}]"#)
    let play = try sandbox.run(["play", "K", "--strategy", "sequential"], input: "x\nuu\n", environment: now)
    #expect(
      play.stdout.contains(
        "[1/2] あ\nIncorrect. The answer is a.\n[2/2] う\nIncorrect, a near miss. The answer is u.\n"
          + "  yours:  uu\n  answer: -u\n          ^\n"), "\(play.stdout)")
  }

  @Test func importsSayWhatTheFileNeeds() throws {
    let sandbox = try MemoQuizSandbox()
    let pipes = sandbox.folder.appendingPathComponent("pipes.csv")
    try Data("あ|a\nい|i\n".utf8).write(to: pipes)
    let piped = try sandbox.run(["import", pipes.path])
    #expect(piped.status == 65)
    #expect(
      piped.stderr.hasPrefix(
        "\(pipes.path):1: error: expected a prompt and an answer separated by commas, found 1 field; "
          + "the file seems to use pipes ('|'): name the separator with a first line #separator:pipe\n"))
    try Data("#separator:pipe\nあ|a\nい|i\n".utf8).write(to: pipes)
    #expect(try sandbox.run(["import", pipes.path, "--title", "Pipes"]).status == 0, "as the message says")

    let headed = sandbox.folder.appendingPathComponent("headed.csv")
    try Data("Prompt,Answer,Hint\nう,u,the u\nえ,e,\n".utf8).write(to: headed)
    #expect(try sandbox.run(["import", headed.path, "--title", "Headed"]).stdout.contains("2 questions added"))
    let exported = try sandbox.run(["export", "Headed", "--format", "tsv"]).stdout
    #expect(exported == "う\tu\tthe u\nえ\te\t\n" || exported == "う\tu\tthe u\nえ\te\n", "\(exported)")

    let database = sandbox.folder.appendingPathComponent("collection.anki2")
    try Data().write(to: database)
    let anki = try sandbox.run(["import", database.path])
    #expect(anki.status == 64)
    #expect(
      anki.stderr.hasPrefix(
        "memoquiz: error: \(database.path) is Anki's own collection database, which memoquiz does not read; in Anki, "
          + "choose File > Export, export a collection package (.colpkg) or a deck package (.apkg), and import that\n"))

    let two = sandbox.folder.appendingPathComponent("two.json")
    try Data(
      #"[{"title": "A", "questions": [{"prompt": "p", "answer": "a"}]}, {"title": "B", "questions": [{"prompt": "p", "answer": "b"}]}]"#
        .utf8
    ).write(to: two)
    #expect(try sandbox.run(["import", two.path]).status == 0)
    let again = try sandbox.run(["import", two.path])
    #expect(
      again.stderr.hasPrefix(
        "memoquiz: error: groups called \"A\", \"B\" exist already; use --merge to add to them or --replace to "
          + "replace them (nothing was imported)\n"), "\(again.stderr)")
  }

  @Test func optimizeSaysWhatItsRetentionTableSimulated() throws {
    let sandbox = try MemoQuizSandbox()
    let report = try sandbox.run(["optimize", "--dry-run"]).stdout
    #expect(
      report.contains(
        "\nSimulated: 365 days, 10 new questions a day\nDue days: balancing on, easy days none, no exam goal\n"
          + "desired retention   reviews a day   expected retention\n"), "\(report)")
    // The settings it simulated are named.
    try sandbox.run(["config", "load-balance", "off"])
    try sandbox.run(["config", "easy-days", "sat,sun"])
    try sandbox.run(["exam", "Hiragana", "--on", "2099-01-01"])
    let set = try sandbox.run(["optimize", "--dry-run"]).stdout
    #expect(set.contains("\nDue days: balancing off, easy days sat,sun, 1 exam goal\n"), "\(set)")
  }

  @Test func configSaysWhichParametersTheSchedulerUsesAndSinceWhen() throws {
    let sandbox = try MemoQuizSandbox()
    let published = "The scheduler uses FSRS-6's published parameters (`memoquiz optimize` fits them to you).\n"
    #expect(try sandbox.run(["config"]).stdout.hasSuffix(published))
    // The step `optimize` writes when it installs parameters, on 2026-05-28.
    let parameters = [
      0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629,
      1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ].map { String($0) }.joined(separator: " ")
    try sandbox.writeOwnHistory([
      "setting\t1\t1780000000000\tfsrs-parameters\t\(parameters)\toptimize: the scheduler fitted to 900 reviews"
    ])
    let installed = try sandbox.run(["config"], environment: ["TZ": "UTC"]).stdout
    #expect(
      installed.hasSuffix(
        "The scheduler uses parameters fitted to your answers, installed by `memoquiz optimize` on 2026-05-28 20:26.\n"),
      "\(installed)")
    #expect(try sandbox.run(["undo"]).status == 0)
    #expect(try sandbox.run(["config"]).stdout.hasSuffix(published), "undo goes back to the published ones")
  }
}
