/// The outlook's own lines in `local/outlook`, and its format's version.
///
/// The outlook is written as the checkpoint's lines without the memory of
/// each card and without any round's plan, then these lines: the
/// questions' key (right after the files, so ``start(in:)`` reads it from
/// the start of the file), each group's cards and due days, and what the
/// listing shows of each unfinished round. Its version is its own: an
/// outlook of another version is ignored and written anew.
extension ProgressOutlook {
  /// The format of `local/outlook`. It was the checkpoint's (5) until the
  /// outlook kept each unfinished round's whole plan; it counts on from
  /// there. 7: the sum is keyed (``OutlookKey``).
  static let version = 9
  /// The first word of the header line.
  static let magic = "memoquiz outlook"
  /// The start of a `dues` line, tab included.
  static let duesPrefix = Array("dues\t".utf8)
  /// The kind that starts a dues line, without the tab after it.
  static let duesKind = Array("dues".utf8)

  /// The header line, without its newline.
  static var header: String { "\(magic) \(version)" }

  /// The `key` line, which follows the files' lines.
  func appendKey(to text: inout [UInt8]) {
    RecordLine.append(["key", String(key), String(activitySince)], to: &text)
  }

  /// Each group's cards, due days and buried cards, then the unfinished rounds.
  func appendGroupsAndRounds(to text: inout [UInt8]) {
    for (title, group) in groups {
      RecordLine.append(["outlook", title, String(group.cards)], to: &text)
      Self.appendDues(group.dues, to: &text)
      if !group.buried.isEmpty {
        // Each buried card as `day` (new) or `day/due`.
        RecordLine.append(
          ["buried"] + group.buried.map { entry in entry.due.map { "\(entry.day)/\($0)" } ?? String(entry.day) },
          to: &text)
      }
    }
    for round in rounds.sorted(by: { $0.id < $1.id }) {
      RecordLine.append(
        [
          "unfinished", round.id.text, round.group, round.strategy, String(round.startedAt.rawValue),
          String(round.done), String(round.count),
        ], to: &text)
    }
  }

  /// Reads one of the outlook's own lines, whose first field, `name`, was read.
  /// - Parameter title: the group of the `outlook` line read last, which
  ///   the `dues` and `buried` lines after it belong to.
  /// - Returns: `false` when `name` is not one of the outlook's lines.
  mutating func read(_ name: String, _ fields: inout RecordFields, title: inout String?)
    throws(RecordFields.Malformed) -> Bool
  {
    switch name {
    case "key":
      key = try fields.unsigned()
      activitySince = Int64(try fields.integer())
    case "outlook":
      let name = try fields.text()
      groups[name] = DueIndex(cards: try fields.count(), dues: [])
      title = name
    case "buried":
      guard let title else { throw RecordFields.Malformed() }
      var buried: [DueIndex.Buried] = []
      for field in fields.rest() {
        let parts = field.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let day = Int(parts[0]), parts.count == 1 || Int(parts[1]) != nil
        else { throw RecordFields.Malformed() }
        buried.append(DueIndex.Buried(day: day, due: parts.count == 2 ? Int(parts[1]) : nil))
      }
      groups[title]?.buried = buried
    case "unfinished":
      let round = UnfinishedRound(
        id: try fields.stepID(), group: try fields.text(), strategy: try fields.text(),
        startedAt: try fields.timestamp(), done: try fields.count(), count: try fields.count())
      guard round.done <= round.count else { throw RecordFields.Malformed() }
      rounds.append(round)
    default:
      return false
    }
    return true
  }

  /// Reads a `dues` line (its bytes, name included) into group `title`.
  mutating func readDues(_ line: ArraySlice<UInt8>, title: String?) throws(RecordFields.Malformed) {
    // A group none of whose cards has a memory has a `dues` line alone.
    guard let title,
      let dues = line.count == Self.duesPrefix.count - 1 ? [] : Self.dues(line.dropFirst(Self.duesPrefix.count))
    else { throw RecordFields.Malformed() }
    groups[title]?.dues = dues
  }

  /// What an outlook's first lines say it is for: how far it reaches in
  /// each file, and the questions' key; `nil` when they cannot be read, the
  /// outlook is of another version or its sum does not hold with the
  /// folder's ``OutlookKey`` (edited, or made with another key): such an
  /// outlook is written anew.
  static func start(in folder: DataFolder) -> (coverage: [MachineID: HistoryCaretaker.Coverage], key: UInt64)? {
    guard let key = OutlookKey.read(in: folder), let bytes = try? DurableFile.read(folder.outlookFile),
      ProgressCheckpoint.sumStart(of: bytes, key: key) != nil, let headerEnd = bytes.firstIndex(of: 10),
      String(decoding: bytes[..<headerEnd], as: UTF8.self) == header
    else { return nil }
    var coverage: [MachineID: HistoryCaretaker.Coverage] = [:]
    var start = headerEnd + 1
    while let lineEnd = RecordLine.end(in: bytes, from: start) {
      let line = bytes[start..<lineEnd]
      start = lineEnd + 1
      if RecordLine.line(line, startsWith: ProgressCheckpoint.filePrefix) {
        guard let (machine, file) = ProgressCheckpoint.file(line) else { return nil }
        coverage[machine] = file
        continue
      }
      guard let list = RecordLine.fields(line) else { return nil }
      var fields = RecordFields(list)
      do throws(RecordFields.Malformed) {
        switch try fields.text() {
        case "key":
          return (coverage, try fields.unsigned())
        default:
          return nil
        }
      } catch {
        return nil
      }
    }
    return nil
  }

  // MARK: - Due days

  /// A `dues` line: the first due day, then each one's distance from the
  /// one before (the days are sorted), which keeps the numbers short.
  private static func appendDues(_ dues: [Int], to text: inout [UInt8]) {
    text += duesPrefix.dropLast()
    var previous = 0
    for due in dues {
      text.append(0x09)
      text += Array(String(due - previous).utf8)
      previous = due
    }
    text.append(0x0A)
  }

  /// Reads the fields of a `dues` line after its name.
  /// - Returns: `nil` when a field is not a number, a day is out of range
  ///   or the days are not sorted.
  private static func dues(_ bytes: ArraySlice<UInt8>) -> [Int]? {
    var dues: [Int] = []
    var previous = 0
    var value = 0
    var digits = 0
    var negative = false
    var index = bytes.startIndex
    while true {
      let byte: UInt8 = index < bytes.endIndex ? bytes[index] : 0x09
      if byte == 0x09 {
        // Only the first day may be negative (before 1970).
        guard digits > 0, dues.isEmpty || !negative else { return nil }
        let day = previous + (negative ? -value : value)
        guard (-LearnersDay.dayRange...LearnersDay.dayRange).contains(day) else { return nil }
        dues.append(day)
        previous = day
        value = 0
        digits = 0
        negative = false
        if index >= bytes.endIndex { return dues }
      } else if byte == UInt8(ascii: "-"), digits == 0, !negative {
        negative = true
      } else {
        guard (0x30...0x39).contains(byte), digits < 12 else { return nil }
        value = value * 10 + Int(byte - 0x30)
        digits += 1
      }
      index += 1
    }
  }
}
