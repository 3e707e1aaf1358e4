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
        seed: seed, steps: log, difference: "\(machine.name)'s views differ from a replay of its files:\n\(difference)")
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
    let zone = pick(Self.zones)
    log.append("deliver everything; compare in \(zone)")
    let first = try views(of: machines[0].sandbox, zone: zone)
    for machine in machines.dropFirst() {
      if let difference = Self.difference(first, try views(of: machine.sandbox, zone: zone)) {
        throw Divergence(
          seed: seed, steps: log,
          difference: "after a full delivery, \(machines[0].name) and \(machine.name) differ:\n\(difference)")
      }
    }
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
