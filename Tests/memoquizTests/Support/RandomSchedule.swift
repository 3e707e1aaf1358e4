import Foundation

@testable import MemoQuizKit

/// One learner on several machines, driven by a seeded schedule of random
/// steps and random deliveries of history files, as Yjs's `applyRandomTests`
/// drives its peers: after every step the acting machine's views must equal
/// those of a copy of its folder without `local/` (a replay of its files
/// from scratch, under a new identity), and after every full delivery all
/// machines' views must be equal.
///
/// The same seed gives the same schedule, the same machine identities and
/// the same clock, so a failure is found again by its seed alone.
final class RandomSchedule {
  /// The time zones the machines live in, each its own daylight saving
  /// (Tokyo has none), in the order machines take them.
  static let zones = ["America/New_York", "Europe/Berlin", "Asia/Tokyo"]

  /// The daylight-saving changes a schedule starts a day before, so that
  /// even a short schedule, whose clock moves up to 16 hours a step, most
  /// often crosses one.
  enum Season: CustomStringConvertible {
    /// Clocks going back in 2026: Berlin's at 01:00 UTC on 25 October, New
    /// York's at 06:00 UTC on 1 November.
    case autumn
    /// Clocks going forward in 2027, a learner day of 23 hours: New York's
    /// at 07:00 UTC on 14 March, Berlin's at 01:00 UTC on 28 March.
    case spring

    /// The earliest instants a schedule starts at.
    var starts: [Date] {
      let starts =
        switch self {
        case .autumn: ["2026-10-24T00:00:00Z", "2026-10-31T04:00:00Z"]
        case .spring: ["2027-03-13T04:00:00Z", "2027-03-27T00:00:00Z"]
        }
      return starts.compactMap { ISO8601DateFormatter().date(from: $0) }
    }

    var description: String { self == .autumn ? "autumn" : "spring" }
  }

  /// The questions every machine starts with: two typed groups and one graded by the learner.
  static let questions = """
    [{"title": "Colours", "questions": [
      {"prompt": "red", "answer": "aka"}, {"prompt": "blue", "answer": "ao"}, {"prompt": "white", "answer": "shiro"},
      {"prompt": "black", "answer": "kuro"}]},
     {"title": "Numbers", "questions": [
      {"prompt": "one", "answer": "ichi"}, {"prompt": "two", "answer": "ni"}, {"prompt": "three", "answer": "san"}]},
     {"title": "Words", "grade": "self", "questions": [
      {"prompt": "聞く", "answer": "to listen"}, {"prompt": "見る", "answer": "to see"}]}]
    """

  /// A data folder of its own, in a time zone of its own.
  final class Machine {
    let sandbox: MemoQuizSandbox
    /// The identity written into `local/machine`, as 8 hexadecimal digits.
    let id: String
    let zone: String
    let name: String

    init(name: String, id: UInt32, zone: String) throws {
      sandbox = try MemoQuizSandbox(under: RandomSchedule.memory)
      self.id = String(format: "%08x", id)
      self.zone = zone
      self.name = name
      sandbox.environment["TZ"] = zone
      sandbox.environment["COLUMNS"] = "200"
      try sandbox.writeQuestions(RandomSchedule.questions)
      try RandomSchedule.writeIdentity(self.id, in: sandbox.folder)
    }

    var history: URL { sandbox.folder.appendingPathComponent("history") }

    /// This machine's history files, by name.
    func files() -> [String: Data] {
      var files: [String: Data] = [:]
      for name in (try? FileManager.default.contentsOfDirectory(atPath: history.path)) ?? [] {
        files[name] = try? Data(contentsOf: history.appendingPathComponent(name))
      }
      return files
    }
  }

  /// What a schedule found wrong: the seed, every step so far and what differed.
  struct Divergence: Error, CustomStringConvertible {
    let seed: UInt64
    let season: Season
    let steps: [String]
    let difference: String

    var description: String {
      "seed \(seed) (\(season)): \(difference)\nsteps:\n"
        + steps.enumerated().map { "  \($0 + 1). \($1)" }.joined(separator: "\n")
    }
  }

  let seed: UInt64
  let season: Season
  var generator: SeededGenerator
  let machines: [Machine]
  /// A folder the acting machine's files are copied to, without `local/`.
  let replay: MemoQuizSandbox
  var now: Date
  /// Every step and delivery so far, as the failure message lists them.
  var log: [String] = []
  /// How many steps the schedule took (deliveries not counted).
  var stepCount = 0
  /// The step kinds drawn from.
  let kinds: [StepKind]
  /// How many views, drawn at random, the replay check compares after each
  /// step; `nil` for all. Every full delivery compares all.
  let viewsPerStep: Int?
  /// Whether the steps added after the first schedules were kept as tests
  /// (exam goals, the load balancing settings) are taken too. They draw
  /// from a generator of their own, so that with them left out a seed
  /// takes exactly the steps it always took.
  let extended: Bool
  /// The generator of the added steps.
  var added: SeededGenerator

  /// - Parameters:
  ///   - machineCount: at least 3, so that every zone has a machine.
  init(
    seed: UInt64, season: Season = .autumn, machineCount: Int = 3, kinds: [StepKind] = StepKind.allCases,
    viewsPerStep: Int? = nil, extended: Bool = true
  ) throws {
    self.seed = seed
    self.season = season
    self.kinds = kinds
    self.viewsPerStep = viewsPerStep
    self.extended = extended
    added = SeededGenerator(seed: seed ^ 0x5EED_ADD5_0000_0001)
    generator = SeededGenerator(seed: seed)
    var ids = Set<UInt32>()
    var machines: [Machine] = []
    for index in 0..<machineCount {
      var id = UInt32(truncatingIfNeeded: generator.next()) | 1
      while !ids.insert(id).inserted { id &+= 2 }
      machines.append(
        try Machine(name: "m\(index)", id: id, zone: Self.zones[index % Self.zones.count]))
    }
    self.machines = machines
    replay = try MemoQuizSandbox(under: Self.memory)
    replay.environment["COLUMNS"] = "200"
    let start = season.starts[Int(generator.next(below: UInt64(season.starts.count)))]
    now = start.addingTimeInterval(Double(generator.next(below: 3600 * 24)))
  }

  /// A file system in memory, where there is one: the schedules write
  /// thousands of small durable files, and a disk's `fsync` would be most
  /// of their time.
  static let memory: URL? = {
    var isFolder: ObjCBool = false
    let shared = "/dev/shm"
    guard FileManager.default.fileExists(atPath: shared, isDirectory: &isFolder), isFolder.boolValue,
      FileManager.default.isWritableFile(atPath: shared)
    else { return nil }
    return URL(fileURLWithPath: shared)
  }()

  /// Writes `local/machine` with identity `id`, as a first run would with a new one.
  static func writeIdentity(_ id: String, in folder: URL) throws {
    let local = folder.appendingPathComponent("local")
    try FileManager.default.createDirectory(at: local, withIntermediateDirectories: true)
    try Data("memoquiz machine\t\(id)\t\(MemoQuizKit.Machine.hostName())\n".utf8)
      .write(to: local.appendingPathComponent("machine"))
  }

  /// The current instant, as `MEMOQUIZ_NOW` takes it.
  var nowText: String {
    let formatter = ISO8601DateFormatter()
    return formatter.string(from: now)
  }

  /// A number in `range`, from the schedule's generator.
  func number(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(generator.next(below: UInt64(range.count)))
  }

  /// One of `choices`, from the schedule's generator.
  func pick<T>(_ choices: [T]) -> T {
    choices[Int(generator.next(below: UInt64(choices.count)))]
  }

  /// Whether an event of probability `1 / odds` happens.
  func chance(_ odds: Int) -> Bool { generator.next(below: UInt64(odds)) == 0 }

  /// Runs `steps` random steps, each followed by the replay check and
  /// sometimes a delivery; every few steps and at the end, a full delivery
  /// and the check that all machines agree.
  /// - Throws: ``Divergence`` at the first difference.
  func run(steps: Int) throws {
    for index in 0..<steps {
      now.addTimeInterval(Double(generator.next(below: 3600 * 16)))
      let machine = pick(machines)
      try step(on: machine)
      try checkReplay(of: machine)
      while chance(2) { try deliverRandomly() }
      if index % 8 == 7 { try deliverEverything() }
    }
    try deliverEverything()
  }
}
