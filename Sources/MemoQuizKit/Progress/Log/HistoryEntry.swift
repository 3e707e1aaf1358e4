/// One entry of a `history/` folder, as the reader and `sync` judge it: a
/// machine's file is a regular file named `ID.log` by a machine identity in
/// its one canonical form (8 lower-case hexadecimal digits); anything else is
/// left out.
enum HistoryEntry: Equatable {
  /// A machine's history file.
  case machine(MachineID)
  /// Named like a machine's file (ends in `.log`) but not one: another
  /// spelling of an identity, a folder, a link. Left out with a warning.
  case lookalike
  /// Anything else (a note of a file sync, say): left out silently.
  case other

  /// Judges the entry `name` of the folder `folder`. The corresponding C
  /// function is `lstat`: a link is never followed.
  init(name: String, in folder: String) {
    guard name.lowercased().hasSuffix(".log") else {
      self = .other
      return
    }
    // `12345678.LOG` spells the suffix another way: its digits alone must not
    // make it a machine's file.
    guard name.hasSuffix(".log"), let id = MachineID(hex: name.dropLast(4)),
      FileStatus.type(of: folder + "/" + name, followingLinks: false) == .regular
    else {
      self = .lookalike
      return
    }
    self = .machine(id)
  }

  /// The machines' files in `folder`, each with its identity, and the
  /// entries named like a machine's file that are left out, by name.
  ///
  /// One call per entry, relative to the open folder, both tells a regular
  /// file from a link or a folder and gives the file's size and times; a
  /// name in the one canonical form (`1a2b3c4d.log`) is judged from its
  /// bytes, with no text made of it. The corresponding C functions are
  /// `readdir` and `fstatat` (a link is never followed).
  static func machineFiles(in folder: String) throws(PersistenceError) -> (
    machines: [(machine: MachineID, identity: HistoryFileIdentity)], leftOut: [String]
  ) {
    let directory: Directory
    do throws(SystemError) {
      directory = try Directory(folder)
    } catch {
      if error.isMissing { return ([], []) }
      throw .cannotRead(path: folder, error)
    }
    var named: [MachineID] = []
    var leftOut: [String] = []
    directory.forEachName { name in
      if let machine = canonicalMachine(name) {
        named.append(machine)
      } else {
        // Any other spelling names no machine (see `init(name:in:)`).
        let text = String(cString: name)
        if text.lowercased().hasSuffix(".log") { leftOut.append(text) }
      }
    }
    // Thousands of files are looked at by two threads, half each.
    let descriptor = directory.descriptor
    let half = named.count / 2
    let secondHalf = Array(named[half...])
    let second = named.count >= 2048 ? BackgroundWork { identities(of: secondHalf, in: descriptor) } : nil
    let found =
      identities(of: named[..<half], in: descriptor) + (second?.result() ?? identities(of: secondHalf, in: descriptor))
    var machines: [(machine: MachineID, identity: HistoryFileIdentity)] = []
    machines.reserveCapacity(found.count)
    for (machine, identity) in found {
      if let identity { machines.append((machine, identity)) } else { leftOut.append(machine.hex + ".log") }
    }
    withExtendedLifetime(directory) {}
    return (machines, leftOut)
  }

  /// The identity of each machine's file in the open folder `descriptor`;
  /// `nil` for an entry that is not a regular file (a link, a folder).
  private static func identities(of machines: some Collection<MachineID>, in descriptor: FileDescriptor)
    -> [(MachineID, HistoryFileIdentity?)]
  {
    var found: [(MachineID, HistoryFileIdentity?)] = []
    found.reserveCapacity(machines.count)
    // The name, `1a2b3c4d.log`, made in place.
    var name: [CChar] = Array(repeating: 0, count: 13)
    for (index, byte) in ".log".utf8.enumerated() { name[8 + index] = CChar(bitPattern: byte) }
    let digits = Array("0123456789abcdef".utf8)
    for machine in machines {
      for index in 0..<8 {
        name[index] = CChar(bitPattern: digits[Int(machine.rawValue >> (28 - 4 * UInt32(index)) & 0xF)])
      }
      let status = try? FileStatus(entry: name, in: descriptor)
      found.append((machine, status.flatMap { $0.type == .regular ? HistoryFileIdentity($0) : nil }))
    }
    return found
  }

  /// The machine a name in the canonical form `1a2b3c4d.log` names, read
  /// from its bytes; `nil` for any other name.
  private static func canonicalMachine(_ name: UnsafePointer<CChar>) -> MachineID? {
    var value: UInt32 = 0
    for index in 0..<8 {
      let byte = UInt8(bitPattern: name[index])
      switch byte {
      case 0x30...0x39: value = value << 4 | UInt32(byte - 0x30)
      case 0x61...0x66: value = value << 4 | UInt32(byte - 0x61 + 10)
      default: return nil
      }
    }
    guard name[8] == 0x2E, name[9] == 0x6C, name[10] == 0x6F, name[11] == 0x67, name[12] == 0 else { return nil }
    return MachineID(rawValue: value)
  }

  /// The one warning for an entry of a `history/` folder named like a
  /// machine's file (``lookalike``) that is left out, whichever command or
  /// `sync` found it: it names the entry as `shown` and says why it is not
  /// read (a folder or a link, another spelling of an identity, a conflict
  /// copy Syncthing made).
  /// - Parameters:
  ///   - shown: the entry as the warning names it (its path, say).
  ///   - name: its name in `folder`.
  static func leftOutWarning(_ shown: String, name: String, in folder: String) -> String {
    let notRead = "; it is left out"
    if let (machine, copy) = syncthingConflictCopy(name) {
      return "\(shown) is a conflict copy Syncthing made of the history file of machine \(machine) (\(copy)); "
        + "only \(machine).log is read, and the copy is left out"
    }
    let kind: String? =
      switch FileStatus.type(of: folder + "/" + name, followingLinks: false) {
      case nil, .regular?: nil
      case .directory?: "a folder"
      case .symbolicLink?: "a link"
      default: "not a regular file"
      }
    let stem = name.dropLast(4)
    let canonical = MachineID(hex: stem.lowercased()).map(\.hex)
    if let kind {
      let what = kind == "not a regular file" ? kind : "\(kind), not a machine's history file"
      return "\(shown) is \(what) (a regular file named by a machine id in lower case)" + notRead
    }
    if let canonical, name != canonical + ".log" {
      return "\(shown) spells the name of machine \(canonical)'s history file another way; only \(canonical).log "
        + "(in lower case) is read" + notRead
    }
    return "\(shown) is not a machine's history file (a regular file named by a machine id in lower case)" + notRead
  }

  /// The machine and the conflict a name of Syncthing's conflict copies
  /// names: `1a2b3c4d.sync-conflict-20261201-101010-ABCDEFG.log` is a copy of
  /// `1a2b3c4d.log` made on 2026-12-01 at 10:10:10 by device `ABCDEFG`.
  static func syncthingConflictCopy(_ name: String) -> (machine: String, conflict: String)? {
    let marker = ".sync-conflict-"
    guard name.lowercased().hasSuffix(".log"), let range = name.firstRange(of: marker) else { return nil }
    let stem = name[..<range.lowerBound]
    let fields = name[range.upperBound...].dropLast(4).split(separator: "-", omittingEmptySubsequences: false)
    guard let machine = MachineID(hex: stem.lowercased()), fields.count >= 3,
      fields[0].count == 8, fields[1].count == 6, (fields[0] + fields[1]).allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    let day = fields[0]
    let time = fields[1]
    let date =
      "\(day.prefix(4))-\(day.dropFirst(4).prefix(2))-\(day.suffix(2)) "
      + "\(time.prefix(2)):\(time.dropFirst(2).prefix(2)):\(time.suffix(2))"
    let device = fields[2...].joined(separator: "-")
    return (machine.hex, "a conflict of \(date) with device \(device)")
  }

  /// The names in `folder`, without `.` and `..`.
  static func names(in folder: String) throws(PersistenceError) -> [String] {
    do throws(SystemError) {
      return try Directory.names(in: folder)
    } catch {
      throw .cannotRead(path: folder, error)
    }
  }
}
