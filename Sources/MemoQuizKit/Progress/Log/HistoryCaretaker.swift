@preconcurrency import Glibc

/// Keeps the history: one append-only file per machine under `history/`,
/// read together as one list of records in a merged order.
///
/// The merged order takes each machine's records in the order they were
/// written, and between machines the record with the earlier time (then
/// the smaller machine identity) first. It depends only on the files'
/// contents, so every machine that holds the same files reads the same
/// history, whatever order they arrived in.
struct HistoryCaretaker: Sendable {
  let folder: DataFolder

  /// How far a reading went in one file.
  struct Coverage: Hashable, Sendable {
    /// The offset just after the last whole line read.
    var end: Int
    /// The number of the last record read.
    var lastSequence: Int
    /// A hash of the bytes just before `end`: a file replaced by another
    /// (an older copy, say) is noticed.
    var tail: UInt64
    /// What the file system said of the file just before it was read, if it
    /// had settled: while it says the same, the file is not opened again.
    var identity: HistoryFileIdentity? = nil

    /// Whether `self` and `other` reach as far in the same bytes, whatever
    /// the file system said of them.
    func coversSameBytes(as other: Coverage) -> Bool {
      end == other.end && lastSequence == other.lastSequence && tail == other.tail
    }

    /// Whether `coverage` and `other` reach as far in the same bytes of the
    /// same files.
    static func sameBytes(_ coverage: [MachineID: Coverage], _ other: [MachineID: Coverage]) -> Bool {
      // Equal as a whole (at once when they are one copy) or file by file.
      coverage == other
        || coverage.count == other.count
          && coverage.allSatisfy { machine, file in other[machine].map(file.coversSameBytes) ?? false }
    }
  }

  /// What a reading found.
  struct Reading: Sendable {
    /// The records, in merged order.
    var records: [HistoryRecord] = []
    var coverage: [MachineID: Coverage] = [:]
    /// How many damaged lines each file has in the part read.
    var damaged: [MachineID: Int] = [:]
    /// The entries of `history/` named like a machine's file and left out.
    var leftOut: [String] = []
  }

  /// The file of `machine`.
  func file(of machine: MachineID) -> MachineHistoryFile {
    MachineHistoryFile(path: folder.historyFolder + "/" + machine.hex + ".log", machine: machine)
  }

  /// The machines that have a history file: only regular files named
  /// `ID.log` by a machine identity in lower case.
  func machines() throws(PersistenceError) -> [MachineID] {
    try entries().machines
  }

  /// The machines that have a history file, and the entries named like a
  /// machine's file that are left out (another spelling of an identity, a
  /// folder, a link), by name.
  func entries() throws(PersistenceError) -> (machines: [MachineID], leftOut: [String]) {
    let files = try files()
    return (files.machines.map(\.machine), files.leftOut)
  }

  /// The machines that have a history file, each with what the file
  /// system said of its file, and the entries left out, at one moment.
  typealias Files = (machines: [(machine: MachineID, identity: HistoryFileIdentity)], leftOut: [String])

  /// The machines that have a history file, each with what the file
  /// system said of its file just now, and the entries left out.
  func files() throws(PersistenceError) -> Files {
    let files = try HistoryEntry.machineFiles(in: folder.historyFolder)
    return (files.machines.sorted { $0.machine < $1.machine }, files.leftOut.sorted())
  }

  /// Reads every file whole.
  func readAll() throws(PersistenceError) -> Reading {
    var reading = Reading()
    var lists: [[HistoryRecord]] = []
    let files = try files()
    let now = HistoryFileIdentity.now()
    reading.leftOut = files.leftOut
    reading.coverage.reserveCapacity(files.machines.count)
    for (machine, identity) in files.machines {
      let file = file(of: machine)
      let contents = try file.read()
      lists.append(contents.records)
      reading.coverage[machine] = Coverage(
        end: contents.end, lastSequence: contents.lastSequence,
        tail: contents.tail ?? tailHash(of: file.path, before: contents.end),
        identity: identity.settled(at: now))
      if contents.damagedLines > 0 { reading.damaged[machine] = contents.damagedLines }
    }
    reading.records = Self.merged(lists)
    return reading
  }

  /// Reads what was appended since `coverage`.
  ///
  /// A file whose identity is the one `coverage` holds is not opened: one
  /// call to the file system per file is all a reading costs when nothing
  /// changed.
  /// - Parameter files: what ``files()`` said, when it was asked already
  ///   (on another thread, say); asked now when `nil`.
  /// - Returns: the new records in merged order with the new coverage, or
  ///   `nil` when a file shrank or was replaced: read everything again.
  func readNew(since coverage: [MachineID: Coverage], files listed: Files? = nil) throws(PersistenceError)
    -> Reading?
  {
    var reading = Reading()
    var lists: [[HistoryRecord]] = []
    let files: Files
    if let listed { files = listed } else { files = try self.files() }
    let now = HistoryFileIdentity.now()
    reading.leftOut = files.leftOut
    // Every file as it was, but for those the loop finds changed.
    reading.coverage = coverage
    // How many files of `coverage` are still there.
    var present = 0
    for (machine, identity) in files.machines {
      let known: Coverage
      if let covered = coverage[machine] {
        present += 1
        // Not a byte changed since it was read.
        if let knownIdentity = covered.identity, knownIdentity == identity { continue }
        known = covered
      } else {
        known = Coverage(end: 0, lastSequence: 0, tail: 0)
      }
      let file = file(of: machine)
      let size = Int(identity.size)
      if size == known.end && (known.end == 0 || tailHash(of: file.path, before: known.end) == known.tail) {
        reading.coverage[machine] = known
        reading.coverage[machine]?.identity = identity.settled(at: now)
        continue
      }
      guard size >= known.end, known.end == 0 || tailHash(of: file.path, before: known.end) == known.tail else {
        return nil
      }
      let contents = try file.read(after: known.end, lastSequence: known.lastSequence)
      lists.append(contents.records)
      reading.coverage[machine] = Coverage(
        end: contents.end, lastSequence: contents.lastSequence,
        tail: contents.end == known.end ? known.tail : contents.tail ?? tailHash(of: file.path, before: contents.end),
        identity: identity.settled(at: now))
      if contents.damagedLines > 0 { reading.damaged[machine] = contents.damagedLines }
    }
    // A file that went away: the state no longer follows from the files.
    guard present == coverage.count else { return nil }
    reading.records = Self.merged(lists)
    return reading
  }

  /// The name of each machine: its host's name, from its file's first
  /// line, and its identity (`vm 1a2b3c4d`). The identity is always there,
  /// so that a step's machine reads the same whatever other machines'
  /// files arrive later, and two data folders on one host are told apart.
  func names() -> [MachineID: String] {
    var names: [MachineID: String] = [:]
    for machine in (try? machines()) ?? [] {
      names[machine] = machine.hex
      let path = file(of: machine).path
      guard let descriptor = try? FileDescriptor.open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW) else { continue }
      defer { descriptor.close() }
      var buffer = [UInt8](repeating: 0, count: 512)
      let count =
        (try? buffer.withUnsafeMutableBytes { raw in
          try Result { () throws(SystemError) in try descriptor.read(into: raw, at: 0) }.get()
        }) ?? 0
      guard let newline = buffer[..<count].firstIndex(of: 10), let fields = RecordLine.fields(buffer[..<newline]),
        fields.count == 4, fields[0] == MachineHistoryFile.magic
      else { continue }
      names[machine] = "\(fields[3]) \(machine.hex)"
    }
    return names
  }

  /// The machines whose file's first line names host `host`.
  func machines(named host: String) -> [MachineID] {
    names().compactMap { machine, name in name == "\(host) \(machine.hex)" ? machine : nil }.sorted()
  }

  /// A hash of up to 32 bytes before `end`.
  func tailHash(of path: String, before end: Int) -> UInt64 {
    guard end > 0, let descriptor = try? FileDescriptor.open(path, O_RDONLY | O_NONBLOCK) else { return 0 }
    defer { descriptor.close() }
    let start = max(0, end - 32)
    var buffer = [UInt8](repeating: 0, count: end - start)
    let count =
      (try? buffer.withUnsafeMutableBytes { raw in
        try Result { () throws(SystemError) in try descriptor.read(into: raw, at: start) }.get()
      }) ?? 0
    guard count == buffer.count else { return 0 }
    return ContentHash.of(buffer)
  }

  /// Merges machines' records: each machine's in its own order, and
  /// between machines the earlier record (by time, then identity) first.
  ///
  /// The next record of each list waits in a heap, so that merging n
  /// records of k machines takes O(n log k), whatever k is.
  static func merged(_ lists: [[HistoryRecord]]) -> [HistoryRecord] {
    let lists = lists.filter { !$0.isEmpty }
    guard lists.count > 1 else { return lists.first ?? [] }
    var merged: [HistoryRecord] = []
    merged.reserveCapacity(lists.reduce(0) { $0 + $1.count })
    var positions = [Int](repeating: 0, count: lists.count)
    var heap = MergeHeap(lists.indices.map { (HistoryOrder(lists[$0][0]), $0) })
    while let (_, list) = heap.popMinimum() {
      merged.append(lists[list][positions[list]])
      positions[list] += 1
      if positions[list] < lists[list].count {
        heap.insert((HistoryOrder(lists[list][positions[list]]), list))
      }
    }
    return merged
  }
}

/// A binary min-heap of the next record of each list being merged.
private struct MergeHeap {
  private var items: [(order: HistoryOrder, list: Int)]

  init(_ items: [(HistoryOrder, Int)]) {
    self.items = []
    self.items.reserveCapacity(items.count)
    for item in items { insert(item) }
  }

  mutating func insert(_ item: (HistoryOrder, Int)) {
    items.append(item)
    var child = items.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard items[child].order < items[parent].order else { break }
      items.swapAt(child, parent)
      child = parent
    }
  }

  mutating func popMinimum() -> (HistoryOrder, Int)? {
    guard let first = items.first else { return nil }
    let last = items.removeLast()
    if !items.isEmpty {
      items[0] = last
      var parent = 0
      while true {
        let left = 2 * parent + 1
        let right = left + 1
        var smallest = parent
        if left < items.count && items[left].order < items[smallest].order { smallest = left }
        if right < items.count && items[right].order < items[smallest].order { smallest = right }
        guard smallest != parent else { break }
        items.swapAt(parent, smallest)
        parent = smallest
      }
    }
    return first
  }
}
