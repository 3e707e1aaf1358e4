import Foundation
import Testing

/// A learner's day through the real binary: settings, the daily cap on new
/// questions and its reset, `today`, review across groups, near misses and
/// what comes next, with the clock set by `MEMOQUIZ_NOW` and `TZ` set.
@Suite struct DayTests {
  private func at(_ time: String) -> [String: String] { ["MEMOQUIZ_NOW": time, "TZ": "EST5EDT"] }

  /// `today --json` at `time`.
  private func today(_ sandbox: MemoQuizSandbox, _ time: String) throws -> [String: Any] {
    let result = try sandbox.run(["today", "--json"], environment: at(time))
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  /// The prompts asked in a round's output, in order.
  private func asked(_ output: String) -> [String] {
    output.split(separator: "\n").filter { $0.hasPrefix("[") }.map { String($0.split(separator: " ").last ?? "") }
  }

  @Test func settingsAreListedCheckedAndTakenBackByUndo() throws {
    let sandbox = try MemoQuizSandbox()
    let listed = try sandbox.run(["config"])
    #expect(listed.stdout.contains("new-per-day        20"))
    #expect(listed.stdout.contains("day-starts-at      4"))
    #expect(listed.stdout.contains("desired-retention  0.90"))
    #expect(listed.stdout.contains("default 20"))
    #expect(try sandbox.run(["config", "new-per-day", "7"]).status == 0)
    #expect(try sandbox.run(["config", "new-per-day"]).stdout == "7\n")
    let tooMany = try sandbox.run(["config", "new-per-day", "10000"])
    #expect(tooMany.status == 64)
    #expect(tooMany.stderr.contains("0 to 9999"))
    let retention = try sandbox.run(["config", "desired-retention", "0.5"])
    #expect(retention.status == 64)
    #expect(retention.stderr.contains("0.70 to 0.97"))
    let unknown = try sandbox.run(["config", "colour", "1"])
    #expect(unknown.status == 64)
    #expect(
      unknown.stderr.contains(
        "new-per-day, day-starts-at, desired-retention, typos, confusions, leech-threshold, auto-optimize, audio,"
          + " load-balance, easy-days or model"))
    let history = try sandbox.run(["history", "--json"])
    #expect(history.stdout.contains("\"config\""))
    #expect(try sandbox.run(["undo"]).status == 0)
    #expect(try sandbox.run(["config", "new-per-day"]).stdout == "20\n")
    #expect(try sandbox.run(["redo"]).status == 0)
    #expect(try sandbox.run(["config", "new-per-day"]).stdout == "7\n")
  }

  @Test func theDailyCapHoldsAcrossRoundsAndGroupsAndNewOverridesIt() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G", "H"], count: 8)
    try sandbox.run(["config", "new-per-day", "5"])
    let day = "2026-12-01T15:00:00Z"
    #expect(try today(sandbox, day)["new"] as? Int == 5)
    // A group's review round takes what is left of the day's cap.
    let first = try sandbox.run(
      ["play", "G", "--strategy", "review"], input: "a0\na1\na2\n:quit\n", environment: at(day))
    #expect(first.stdout.contains("G: 5 questions, review order"))
    #expect(try today(sandbox, day)["new"] as? Int == 2, "three first answered, two left")
    // Another group's round gets the two left, not ten.
    let second = try sandbox.run(
      ["play", "H", "--strategy", "review"], input: "a0\na1\n", environment: at(day))
    #expect(asked(second.stdout) == ["q0", "q1"])
    let json = try today(sandbox, day)
    #expect(json["new"] as? Int == 0)
    let review = try sandbox.run(["review"], input: "", environment: at(day))
    #expect(review.stdout.contains("Nothing to review now"), "nothing due, no new left")
    // --new gives one round its own cap.
    let extra = try sandbox.run(
      ["play", "H", "--strategy", "review", "--new", "3", "--restart"], input: "a2\na3\na4\n", environment: at(day))
    #expect(asked(extra.stdout) == ["q2", "q3", "q4"])
  }

  @Test func theDayStartsAtDayStartsAtLocalTimeAcrossADaylightSavingChange() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G"], count: 20)
    try sandbox.run(["config", "new-per-day", "3"])
    // Saturday 7 March 2026, noon in New York (EST, UTC-5).
    try sandbox.run(["review"], input: "a0\na1\na2\n", environment: at("2026-03-07T17:00:00Z"))
    let saturday = try today(sandbox, "2026-03-07T17:00:00Z")
    #expect(saturday["new"] as? Int == 0)
    #expect(saturday["day"] as? String == "2026-03-07")
    // Clocks go forward at 02:00 on Sunday 8 March: 03:30 EDT is 07:30 UTC,
    // still Saturday's learner's day, which ends at 04:00 EDT (08:00 UTC,
    // not 09:00 as in winter).
    let early = try today(sandbox, "2026-03-08T07:30:00Z")
    #expect(early["day"] as? String == "2026-03-07")
    #expect(early["new"] as? Int == 0)
    let sunday = try today(sandbox, "2026-03-08T08:00:00Z")
    #expect(sunday["day"] as? String == "2026-03-08")
    #expect(sunday["new"] as? Int == 3)
    // Starting the day at midnight moves the boundary back.
    try sandbox.run(["config", "day-starts-at", "0"])
    #expect(try today(sandbox, "2026-03-08T05:30:00Z")["day"] as? String == "2026-03-08")
    try sandbox.run(["undo"])
    #expect(try today(sandbox, "2026-03-08T05:30:00Z")["day"] as? String == "2026-03-07")
  }

  @Test func todayGivesDueNewTheEstimateAndTheNextDueTime() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G", "H", "I"], count: 10)
    let fresh = try today(sandbox, "2026-12-01T15:00:00Z")
    #expect(fresh["day"] as? String == "2026-12-01")
    #expect(fresh["due"] as? Int == 0)
    #expect(fresh["new"] as? Int == 20)
    // 8 seconds a question before there are 20 answers, a new one twice.
    #expect(fresh["minutes"] as? Int == 5)
    #expect(fresh["next"] is NSNull)
    let groups = try #require(fresh["groups"] as? [[String: Any]])
    #expect(groups.map { $0["new"] as? Int } == [10, 10, 0])
    // Answer G's ten and H's ten at once (from a pipe, in no time at all).
    try sandbox.run(
      ["play", "G", "--strategy", "sequential"], input: (0..<10).map { "a\($0)\n" }.joined(),
      environment: at("2026-12-01T15:00:00Z"))
    try sandbox.run(
      ["play", "H", "--strategy", "sequential"], input: (0..<10).map { "a\($0)\n" }.joined(),
      environment: at("2026-12-01T15:00:00Z"))
    let done = try today(sandbox, "2026-12-01T16:00:00Z")
    #expect(done["due"] as? Int == 0)
    #expect(done["new"] as? Int == 0, "20 first answered today")
    #expect(done["minutes"] as? Int == 0)
    #expect(done["next"] as? String == "2026-12-03T09:00:00Z", "the day two days after a first Good, from 04:00")
    let text = try sandbox.run(["today"], environment: at("2026-12-01T16:00:00Z"))
    #expect(text.stdout.contains("Nothing due today; next: 2026-12-03 (20 questions)."))
    // Three days on: all 20 are due; answers of no time at all make it a minute.
    let later = try today(sandbox, "2026-12-04T15:00:00Z")
    #expect(later["due"] as? Int == 20)
    #expect(later["new"] as? Int == 10)
    #expect(later["minutes"] as? Int == 1)
    let line = try sandbox.run(["today"], environment: at("2026-12-04T15:00:00Z"))
    #expect(line.stdout.hasPrefix("Today: 20 due in 2 groups and 10 new, about 1 minute\n"))
  }

  @Test func aReviewAcrossGroupsShowsEachGroupResumesAndSaysWhatIsNext() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G", "H"], count: 3)
    try sandbox.run(["config", "new-per-day", "4"])
    let first = try sandbox.run(["review"], input: "a0\nwrong\n:quit\n", environment: at("2026-12-01T15:00:00Z"))
    #expect(first.stdout.contains("Today's review: 4 questions from 2 groups"))
    #expect(first.stdout.contains("[4 left] G · q0"))
    #expect(first.stdout.contains("[3 left] G · q1"))
    #expect(first.stdout.contains("[3 left] G · q2"), "a miss leaves the count as it was")
    #expect(first.stdout.contains("`memoquiz review` resumes here"))
    // One review round at a time: the next `review` resumes it, named groups or not.
    let second = try sandbox.run(
      ["review", "H"], input: "a2\na0\na1\n", environment: at("2026-12-01T15:10:00Z"))
    #expect(second.stdout.contains("Resuming Today's review"))
    #expect(asked(second.stdout) == ["q2", "q0", "q1"])
    #expect(second.stdout.contains("H · q0"))
    #expect(second.stdout.contains("Round complete: Today's review"))
    #expect(second.stdout.contains("Nothing more is due today; next: 2026-12-02"))
    #expect(try sandbox.storedScore("G") == (3, 1))
    #expect(try sandbox.storedScore("H") == (1, 0))
    // The day after, G's miss is due: a round of H ends by pointing at it.
    let next = try sandbox.run(
      ["play", "H", "--strategy", "sequential"], input: "a0\na1\na2\n", environment: at("2026-12-02T16:00:00Z"))
    #expect(next.stdout.contains("1 more is due in G: `memoquiz review`"))
  }

  @Test func aReviewAcrossGroupsAsksOneCardOfEachQuestion() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      """
      [
        { "title": "Words", "reverse": true, "questions": [
          { "prompt": "犬", "answer": "dog" }, { "prompt": "鳥", "answer": "bird" } ] },
        { "title": "Places", "questions": [ { "cloze": "{{c1::Tokyo}} is in {{c2::Japan}}." } ] }
      ]
      """)
    let first = try sandbox.run(["review"], input: "dog\nbird\nTokyo\n", environment: at("2026-12-01T15:00:00Z"))
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("Today's review: 3 questions from 2 groups"))
    #expect(first.stdout.contains("Words · 犬") && first.stdout.contains("Words · 鳥"))
    #expect(first.stdout.contains("Places · [...] is in Japan."))
    #expect(!first.stdout.contains("· dog") && !first.stdout.contains("Tokyo is in [...]"), "siblings are buried")
    #expect(first.stdout.contains("Round complete: Today's review"))
    #expect(try sandbox.storedScore("Words") == (2, 0))
    #expect(try sandbox.storedScore("Places") == (1, 0))
    // Not again the same learner day: the siblings wait for the next one.
    let again = try sandbox.run(["review"], input: "犬\n", environment: at("2026-12-01T15:05:00Z"))
    #expect(again.stdout.contains("Nothing to review now"), "\(again.stdout)")
    // The siblings answered nowhere yet come the next day, each in its group.
    let second = try sandbox.run(["review"], input: "犬\n馬\nJapan\n鳥\n", environment: at("2026-12-02T15:05:00Z"))
    #expect(second.stdout.contains("Words · dog") && second.stdout.contains("Words · bird"))
    #expect(second.stdout.contains("Places · Tokyo is in [...]."))
    #expect(try sandbox.storedScore("Words") == (4, 1))
    #expect(try sandbox.storedScore("Places") == (2, 0))
  }

  @Test func aGroupInTheReviewCannotBePlayedMeanwhile() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G", "H"], count: 3)
    let review = try sandbox.launch(["review", "G"], environment: at("2026-12-01T15:00:00Z"))
    #expect(review.waitForOutput(containing: "G · q0"))
    let play = try sandbox.run(["play", "G"], input: "", environment: at("2026-12-01T15:00:00Z"))
    #expect(play.status != 0)
    #expect(play.stderr.contains("G"))
    let another = try sandbox.run(["review", "H"], input: "", environment: at("2026-12-01T15:00:00Z"))
    #expect(another.status != 0)
    #expect(another.stderr.contains("today's review"))
    #expect(try sandbox.run(["play", "H"], input: ":quit\n").status == 0, "H is not in it")
    review.send(":quit\n")
    review.closeInput()
    #expect(review.wait().status == 0)
  }

  @Test func killedDuringAReviewAcrossGroupsKeepsEveryAnswer() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeNumberedGroups(["G", "H"], count: 3)
    let time = at("2026-12-01T15:00:00Z")
    let review = try sandbox.launch(["review"], environment: time)
    #expect(review.waitForOutput(containing: "G · q0"))
    review.send("a0\na1\na2\nwrong\n")
    #expect(review.waitForOutput(containing: "H · q1"))
    review.signal(SIGKILL)
    _ = review.wait()
    #expect(try sandbox.storedScore("G") == (3, 0))
    #expect(try sandbox.storedScore("H") == (0, 1))
    let resumed = try sandbox.run(["review"], input: "a1\na2\na0\n", environment: time)
    #expect(resumed.stdout.contains("Resuming Today's review at question 4 of 6"))
    #expect(asked(resumed.stdout) == ["q1", "q2", "q0"])
    #expect(resumed.stdout.contains("Round complete"))
  }

  @Test func anIncorrectAnswerShowsWhereItDiffersAndANearMiss() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(
      #"[{"title": "W", "questions": [{"prompt": "p1", "answer": "tsu"}, {"prompt": "p2", "answer": "konnichiwa"}]}]"#)
    let result = try sandbox.run(["play", "W", "--strategy", "sequential"], input: "tus\nsayonara\n")
    #expect(
      result.stdout.contains(
        "Incorrect, a near miss. The answer is tsu.\n  yours:  tus\n  answer: tsu\n           ^^\n"))
    #expect(result.stdout.contains("Incorrect. The answer is konnichiwa.\n"))
    #expect(!result.stdout.contains("\u{1B}["), "no colour in a pipe")
    #expect(try sandbox.storedScore("W") == (0, 2), "a near miss is still incorrect")
  }

  @Test func aNearMissOnATerminalMarksTheDifferenceInColourToo() throws {
    let sandbox = try MemoQuizSandbox()
    try sandbox.writeQuestions(#"[{"title": "W", "questions": [{"prompt": "p1", "answer": "sushi"}]}]"#)
    let session = try PseudoTerminalSession(arguments: ["play", "W"], environment: sandbox.environment)
    #expect(session.waitFor("p1"))
    session.type("sishi\n")
    #expect(session.waitFor("a near miss"))
    #expect(session.waitFor("^"))
    #expect(session.text.contains("\u{1B}[31mu\u{1B}[0m"), "the differing character in red")
    // The last question's Incorrect verdict waits for a :synonym or a :right.
    #expect(session.waitFor("Enter ends the round"))
    session.type("\r")
    #expect(session.waitFor("Round complete"))
    #expect(session.waitForExit() == 0)
  }
}
