import Foundation

extension RandomSchedule {
  /// The views the contract holds equal: what a learner reads.
  static let views: [[String]] = [
    ["groups"], ["today", "--json"], ["scores", "--json"], ["stats", "--json"], ["history", "--json"], ["export"],
  ]

  /// Every view of the folder of `sandbox`, in `zone` at the schedule's
  /// instant, with what may differ between machines taken out.
  /// - Parameter which: the views to run, all unless given.
  func views(of sandbox: MemoQuizSandbox, zone: String, _ which: [[String]] = RandomSchedule.views) throws -> [String] {
    try which.map { arguments in
      let result = try sandbox.run(arguments, environment: ["MEMOQUIZ_NOW": nowText, "TZ": zone])
      let shown = arguments.joined(separator: " ")
      return "$ \(shown) -> \(result.status)\n" + Self.normalized(result.stdout, of: arguments)
    }
  }

  /// `output` without what the contract lets differ between machines:
  /// in `history --json`, each step's local `"id"` (its global `"step"`
  /// stays); in `groups`, whether an unfinished round is this machine's
  /// (a round belongs to the machine it was started on, and a folder
  /// without `local/` is another machine).
  static func normalized(_ output: String, of arguments: [String]) -> String {
    if arguments == ["groups"] {
      return output.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        line.range(of: "  unfinished: ").map { String(line[..<$0.lowerBound]) } ?? String(line)
      }.joined(separator: "\n")
    }
    guard arguments == ["history", "--json"],
      let steps = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]
    else { return output }
    let kept = steps.map { $0.filter { $0.key != "id" } }
    guard let data = try? JSONSerialization.data(withJSONObject: kept, options: [.sortedKeys, .prettyPrinted])
    else { return output }
    return String(decoding: data, as: UTF8.self)
  }

  /// The acting machine's views must equal those of the same folder with
  /// `local/` deleted, replayed from its files under a new identity.
  func checkReplay(of machine: Machine) throws {
    let folder = replay.folder
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }
    for name in try FileManager.default.contentsOfDirectory(atPath: machine.sandbox.folder.path) where name != "local" {
      try FileManager.default.copyItem(
        at: machine.sandbox.folder.appendingPathComponent(name), to: folder.appendingPathComponent(name))
    }
    try Self.writeIdentity("0000fffe", in: folder)
    var which = Self.views
    if let count = viewsPerStep {
      var order = Array(which.indices)
      generator.shuffle(&order)
      which = order.prefix(count).sorted().map { Self.views[$0] }
    }
    let expected = try views(of: replay, zone: machine.zone, which)
    let actual = try views(of: machine.sandbox, zone: machine.zone, which)
    if let difference = Self.difference(expected, actual) {
      throw Divergence(
        seed: seed, season: season, steps: log,
        difference: "\(machine.name)'s views differ from a replay of its files:\n\(difference)")
    }
  }

  /// Delivers some of one machine's history files to another: each new
  /// part whole or cut at a random byte (a file still being copied), never
  /// a machine's own file back to it.
  func deliverRandomly() throws {
    let source = pick(machines)
    let target = pick(machines)
    guard source !== target else { return }
    var delivered: [String] = []
    for (name, data) in source.files().sorted(by: { $0.key < $1.key }) where name != "\(target.id).log" {
      let destination = target.history.appendingPathComponent(name)
      let existing = (try? Data(contentsOf: destination))?.count ?? 0
      guard data.count > existing, !chance(4) else { continue }
      let length = chance(3) ? number(existing...data.count) : data.count
      try FileManager.default.createDirectory(at: target.history, withIntermediateDirectories: true)
      try data.prefix(length).write(to: destination)
      delivered.append("\(name) \(length)/\(data.count)")
    }
    guard !delivered.isEmpty else { return }
    log.append("deliver \(source.name) -> \(target.name): \(delivered.joined(separator: ", "))")
  }

  /// Delivers every machine's files whole to every other, in a random order,
  /// then demands that all machines show the same views, in one zone.
  func deliverEverything() throws {
    var pairs = machines.indices.flatMap { from in machines.indices.filter { $0 != from }.map { (from, $0) } }
    var order = Array(pairs.indices)
    generator.shuffle(&order)
    pairs = order.map { pairs[$0] }
    for (from, to) in pairs {
      let target = machines[to]
      for (name, data) in machines[from].files() where name != "\(target.id).log" {
        let destination = target.history.appendingPathComponent(name)
        guard data.count > (try? Data(contentsOf: destination))?.count ?? 0 else { continue }
        try FileManager.default.createDirectory(at: target.history, withIntermediateDirectories: true)
        try data.write(to: destination)
      }
    }
    log.append("deliver everything")
    try compareMachines()
  }

  /// Demands that all machines show the same views in one zone, and the
  /// same scores in their own zones.
  func compareMachines() throws {
    let zone = pick(Self.zones)
    log.append("compare in \(zone)")
    let first = try views(of: machines[0].sandbox, zone: zone)
    for machine in machines.dropFirst() {
      if let difference = Self.difference(first, try views(of: machine.sandbox, zone: zone)) {
        throw Divergence(
          seed: seed, season: season, steps: log,
          difference: "\(machines[0].name) and \(machine.name) differ:\n\(difference)")
      }
    }
    try compareScoresAcrossZones()
  }

  /// `scores --json` of each machine in its own zone, each due time taken
  /// as the learner day it names there, must be the same on every machine.
  func compareScoresAcrossZones() throws {
    let scores = try machines.map { machine in
      let environment = ["MEMOQUIZ_NOW": nowText, "TZ": machine.zone]
      let settings = try machine.sandbox.run(["config"], environment: environment).stdout
      let dayStart =
        settings.split(separator: "\n").first { $0.hasPrefix("day-starts-at") }
        .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") } ?? 4
      let output = try machine.sandbox.run(["scores", "--json"], environment: environment).stdout
      return "$ scores --json, each due time as its learner day in the machine's zone\n"
        + Self.learnerDays(output, zone: machine.zone, dayStartsAt: dayStart)
    }
    for (machine, view) in zip(machines, scores).dropFirst() {
      if let difference = Self.difference([scores[0]], [view]) {
        throw Divergence(
          seed: seed, season: season, steps: log,
          difference:
            "\(machines[0].name) and \(machine.name) (in \(machines[0].zone) and \(machine.zone)) differ:\n"
            + difference)
      }
    }
  }

  /// `scores --json` with each question's due time replaced by the learner
  /// day it falls in, in `zone`, for a day that starts at `dayStartsAt`,
  /// and without what counts up to today, which is another day in another
  /// zone: each group's counts for today and each question's retrievability.
  static func learnerDays(_ output: String, zone: String, dayStartsAt: Int) -> String {
    guard let groups = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]],
      let timeZone = TimeZone(identifier: zone)
    else { return output }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parser = ISO8601DateFormatter()
    let days = groups.map { group in
      // How many are due and new today counts the asking machine's today.
      var group = group.filter { $0.key != "due" && $0.key != "new" }
      group["questions"] = (group["questions"] as? [[String: Any]])?.map { question in
        // Retrievability counts the learner days since the last review, up to the asking machine's today.
        var question = question.filter { $0.key != "retrievability" }
        // The local date, the day before when the local time is before the
        // day's start: on a daylight-saving change, a day starting at 4:00
        // starts 23 or 25 hours after the day before, not 24.
        if let due = question["due"] as? String, let instant = parser.date(from: due) {
          let hour = calendar.component(.hour, from: instant)
          let day = hour < dayStartsAt ? calendar.date(byAdding: .day, value: -1, to: instant) ?? instant : instant
          let parts = calendar.dateComponents([.year, .month, .day], from: day)
          question["due"] = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        }
        return question
      }
      return group
    }
    guard let data = try? JSONSerialization.data(withJSONObject: days, options: [.sortedKeys, .prettyPrinted])
    else { return output }
    return String(decoding: data, as: UTF8.self)
  }

  /// The first view that differs, with its first differing lines; `nil` when all are equal.
  static func difference(_ expected: [String], _ actual: [String]) -> String? {
    for (left, right) in zip(expected, actual) where left != right {
      let leftLines = left.split(separator: "\n", omittingEmptySubsequences: false)
      let rightLines = right.split(separator: "\n", omittingEmptySubsequences: false)
      let first =
        zip(leftLines, rightLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(leftLines.count, rightLines.count)
      let window = max(0, first - 2)..<(first + 4)
      func excerpt(_ lines: [Substring]) -> String {
        lines.indices.filter { window.contains($0) }.map { "    \($0 + 1): \(lines[$0])" }.joined(separator: "\n")
      }
      return "\(leftLines[0])\n  expected:\n\(excerpt(leftLines))\n  got:\n\(excerpt(rightLines))"
    }
    return nil
  }
}
