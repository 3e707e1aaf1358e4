import Foundation

/// The kinds of step a schedule draws from, each as a learner would take it.
enum StepKind: String, CaseIterable, Sendable {
  /// A typed round: right and wrong answers, hints, `:right`, in-round
  /// `:undo`, and input that may end before the round does (left open).
  case typedRound
  /// A round of cards graded by the learner, `:right` and `:undo` included.
  case selfGradedRound
  case undo
  case undoStep
  case redo
  case reset
  case config
  case add
  case edit
  case importPackage
  case optimize
  /// An exam goal set or ended: an added step (``RandomSchedule/extended``),
  /// taken after one step in eight, not drawn with the others.
  case exam
  /// `suspend`, `unsuspend` or `unflag` outside a round: an added step.
  case cardControl
  /// A cram round (practice answers, resumed, undone, left open): an added
  /// step.
  case cram
  /// `config --group GROUP KEY VALUE`, or the listing: an added step.
  case groupConfig
  /// `optimize --model KIND` (SBD+hours mostly), with `--reschedule` half
  /// the time: another memory model installed whatever the tournament
  /// says, which random histories rarely make it choose. An added step.
  case installModel
  /// `edit` that renames Colours to Colors, or back (its question ids
  /// kept): its scores, settings of its own and exam goals follow it. An
  /// added step.
  case renameGroup

  /// How often a schedule draws each kind, against the others: rounds most
  /// often, as a learner plays most; `optimize`, which fits the scheduler
  /// and takes the longest, least.
  var weight: Int {
    switch self {
    case .typedRound: 8
    case .selfGradedRound: 4
    case .undo, .undoStep, .redo: 3
    case .reset, .config, .add, .edit, .importPackage: 2
    case .exam, .cardControl, .cram, .groupConfig, .installModel, .renameGroup: 0
    case .optimize: 1
    }
  }
}

extension RandomSchedule {
  /// The answers a typed round draws from: right ones, wrong ones, a hint,
  /// and the in-round commands.
  private static let typedInputs = [
    "aka", "ao", "shiro", "kuro", "ichi", "ni", "san", "x", "nope", "?", ":right", ":undo", ":right", ":undo",
    ":quit",
  ]

  /// The card controls typed in a round: added to a typed round's input
  /// by the added steps' generator, so that the other draws stay the same.
  private static let controlInputs = [":suspend", ":bury", ":flag"]

  /// Takes one random step on `machine` and records it.
  func step(on machine: Machine) throws {
    stepCount += 1
    let kind = pick(kinds.flatMap { Array(repeating: $0, count: $0.weight) })
    var input = ""
    var environment: [String: String] = [:]
    var arguments: [String]
    switch kind {
    case .typedRound:
      let group = pick(["Colours", "Numbers"])
      arguments = ["play", group] + strategy()
      input = (0..<number(0...7)).map { _ in pick(Self.typedInputs) + "\n" }.joined()
      if extended && kinds.contains(.cram) && addedChance(4) { input = addedPick(Self.controlInputs) + "\n" + input }
    case .selfGradedRound:
      // "Anki" and "Japanese::Words" are there once the package was imported.
      arguments = ["play", pick(["Words", "Words", "Anki", "Japanese::Words"])] + strategy()
      input = (0..<number(0...3)).map { _ in
        pick(["", "listen", "see"]) + "\n" + pick(["1", "2", "3", "4", "n", "y", ":right", ":undo", ":quit"]) + "\n"
      }.joined()
    case .undo:
      arguments = ["undo"]
    case .undoStep:
      arguments = ["undo", try randomStep(of: machine) ?? "1"]
    case .redo:
      arguments = ["redo"]
    case .reset:
      arguments = ["reset"] + (chance(4) ? ["--all"] : [pick(["Colours", "Numbers", "Words"])]) + ["--yes"]
    case .config:
      arguments =
        ["config"]
        + pick([
          ["new-per-day", String(number(1...20))], ["desired-retention", pick(["0.80", "0.85", "0.90", "0.95"])],
          ["typos", pick(["forgive", "strict"])], ["day-starts-at", String(number(0...6))],
        ])
      if extended && addedChance(2) {
        arguments =
          ["config"]
          + addedPick([
            ["load-balance", addedPick(["on", "off"])],
            ["easy-days", addedPick(["sat,sun", "none", "wed", "mon,fri"])],
          ])
      }
    case .add:
      let group = pick(["Colours", "Numbers", "Words", "Extra"])
      arguments = ["add", group, "p\(number(0...5))", pick(["aka", "go", "roku", "nana"])]
    case .edit:
      let script = machine.sandbox.folder.appendingPathComponent("editor.sh")
      let hint = "hint \(number(0...99))"
      let answer = pick(["aka", "ao", "ichi", "ni"])
      try Data(
        #"sed -i 's/"answer": "\#(answer)"\(, "hint": "[^"]*"\)\{0,1\}/"answer": "\#(answer)", "hint": "\#(hint)"/' "$1""#
          .utf8
      ).write(to: script)
      environment = ["EDITOR": "sh \(script.path)", "VISUAL": ""]
      arguments = ["edit"]
    case .importPackage:
      arguments =
        ["import", Self.package] + (chance(2) ? ["--title", "Anki"] : []) + [pick(["--merge", "--replace"])]
    case .optimize:
      arguments = ["optimize"] + (chance(2) ? ["--reschedule"] : [])
    case .exam, .cardControl, .cram, .groupConfig, .installModel, .renameGroup:
      (arguments, input) = addedArguments(kind)
      environment = try addedEnvironment(kind, on: machine)
    }
    environment["MEMOQUIZ_NOW"] = nowText
    let result = try machine.sandbox.run(arguments, input: input, environment: environment)
    let shownInput =
      input.isEmpty
      ? ""
      : " <<< "
        + input.split(separator: "\n", omittingEmptySubsequences: false)
        .dropLast().joined(separator: "|")
    let shown = arguments.map { $0 == Self.package ? "shared-deck.apkg" : $0 }.joined(separator: " ")
    log.append("\(machine.name) \(nowText): \(shown)\(shownInput) -> \(result.status)")
    let added = kinds.filter { $0.weight == 0 }
    if extended && !added.contains(kind) && !added.isEmpty && addedChance(8) {
      try addedStep(addedPick(added), on: machine)
    }
  }

  /// Takes an added step on `machine`: its arguments drawn from the added
  /// steps' generator alone.
  private func addedStep(_ kind: StepKind, on machine: Machine) throws {
    // A rename comes after a group setting or an exam goal, so that the
    // two meet.
    if kind == .renameGroup { try addedStep(addedPick([.groupConfig, .exam]), on: machine) }
    stepCount += 1
    let (arguments, input) = addedArguments(kind)
    var environment = try addedEnvironment(kind, on: machine)
    environment["MEMOQUIZ_NOW"] = nowText
    let result = try machine.sandbox.run(arguments, input: input, environment: environment)
    let shownInput = input.isEmpty ? "" : " <<< " + input.split(separator: "\n").joined(separator: "|")
    log.append("\(machine.name) \(nowText): \(arguments.joined(separator: " "))\(shownInput) -> \(result.status)")
  }

  /// The arguments and input of an added step.
  private func addedArguments(_ kind: StepKind) -> (arguments: [String], input: String) {
    switch kind {
    case .cram:
      let input = (0..<addedPick(Array(0...6))).map { _ in
        addedPick(Self.typedInputs + Self.controlInputs) + "\n"
      }
      return (
        ["cram"] + addedPick([[], ["Colours"], ["Numbers", "--missed-today"], ["--flagged"], ["--leeches"]]),
        input.joined()
      )
    case .cardControl:
      return (
        [
          addedPick(["suspend", "unsuspend", "unsuspend", "unflag"]),
          addedPick(["Colours/red", "Colours/blue", "Numbers/one", "Words/聞く"]),
        ], ""
      )
    case .groupConfig:
      return (groupConfigArguments(), "")
    case .installModel:
      return (
        ["optimize", "--model", addedPick(["SBD+hours", "SBD+hours", "SBD", "FSRS-6"])]
          + (addedChance(2) ? ["--reschedule"] : []), ""
      )
    case .renameGroup:
      return (["edit"], "")
    default:
      return (examArguments(), "")
    }
  }

  /// What an added step's run needs besides the instant: for a rename,
  /// the editor that makes it, written into `machine`'s folder.
  private func addedEnvironment(_ kind: StepKind, on machine: Machine) throws -> [String: String] {
    guard kind == .renameGroup else { return [:] }
    let script = machine.sandbox.folder.appendingPathComponent("rename.sh")
    try Data(
      #"sed -i 's/"title": "Colours"/"title": "Colors"/;t;s/"title": "Colors"/"title": "Colours"/' "$1""#.utf8
    ).write(to: script)
    return ["EDITOR": "sh \(script.path)", "VISUAL": ""]
  }

  /// The groups the added steps name: Colours under either of its titles.
  private static let addedGroups = ["Colours", "Numbers", "Words", "Colors"]

  /// A group's own setting changed or given the folder's again, or its
  /// settings listed.
  private func groupConfigArguments() -> [String] {
    let group = addedPick(Self.addedGroups)
    guard !addedChance(4) else { return ["config", "--group", group] }
    return ["config", "--group", group]
      + addedPick([
        ["new-per-day", addedPick(["0", "1", "3", "20", "folder"])],
        ["desired-retention", addedPick(["0.75", "0.90", "0.95", "folder"])],
        ["leech-threshold", addedPick(["0", "1", "2", "8", "folder"])],
      ])
  }

  /// An exam goal set on one group or two, some days ahead, or one ended.
  private func examArguments() -> [String] {
    let group = addedPick(Self.addedGroups)
    guard !addedChance(3) else { return ["exam", "--clear", group] }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    let date = formatter.string(from: now.addingTimeInterval(Double(2 + addedPick(Array(0...18))) * 86_400))
    return ["exam", group] + (addedChance(3) ? [addedPick(Self.addedGroups)] : []) + ["--on", date]
      + (addedChance(2) ? ["--retention", addedPick(["0.80", "0.95", "0.99"])] : [])
  }

  /// One of `choices`, from the added steps' generator.
  func addedPick<T>(_ choices: [T]) -> T {
    choices[Int(added.next(below: UInt64(choices.count)))]
  }

  /// Whether an added event of probability `1 / odds` happens.
  func addedChance(_ odds: Int) -> Bool { added.next(below: UInt64(odds)) == 0 }

  /// A round's order: sequential, random with a seed the schedule picks,
  /// or a review of what is due.
  private func strategy() -> [String] {
    pick([
      ["--strategy", "sequential"], ["--strategy", "random", "--seed", String(number(1...9999))],
      ["--strategy", "review"],
    ])
  }

  /// The global id of a random step `machine`'s history lists, or `nil` when it lists none.
  private func randomStep(of machine: Machine) throws -> String? {
    let result = try machine.sandbox.run(["history", "--json"], environment: ["MEMOQUIZ_NOW": nowText])
    let steps = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    let ids = steps.compactMap { $0["step"] as? String }
    return ids.isEmpty ? nil : pick(ids)
  }

  /// Anki's shared deck, with reviews.
  static let package: String =
    Bundle.module.url(forResource: "anki/shared-deck.apkg", withExtension: nil, subdirectory: "Fixtures")?.path ?? ""
}
