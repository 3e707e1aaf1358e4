import FoundationEssentials
@preconcurrency import Glibc

/// `memoquiz sync`: an import of other machines' history files, with git as
/// the carrier.
///
/// git works only in a clone of memoquiz's own under `local/`
/// (``SyncClone``), never in the data folder: sync puts this machine's file
/// in the clone, pushes it, and takes in the other machines' files through
/// one gate (``HistoryIntake``), which only ever appends to what was read
/// before. Nothing else of the remote (a questions file, `local/`, this
/// machine's own file) ever reaches the data folder, but the sounds of
/// `media/` the folder lacks by name (``MediaIntake``). The whole sync holds
/// the folder's lock.
public struct HistorySync {
  let folder: DataFolder
  /// git, in the data folder; the command's environment is git's.
  let git: Git
  /// Called with each warning: a file left out, a damaged file.
  let warn: (String) -> Void
  /// How warnings name what the user can do next.
  let wording: NextStepWording

  /// What arrived from one machine.
  public struct Arrival: Sendable, Equatable {
    public var machine: String
    public var steps: StepTally
  }

  /// What a sync did.
  public struct Report: Sendable {
    /// What this machine sent that the remote did not hold.
    public var sent: StepTally
    /// How many bytes of this machine's file the remote lacked and was sent:
    /// more than none whenever anything was sent, steps or not.
    public var sentBytes: Int
    public var arrivals: [Arrival]
    /// How many other machines' history files the remote lacked (or held
    /// shorter than this folder) and were sent to it.
    public var othersSent = 0
    /// How many sounds of `media/` arrived from the remote.
    public var soundsTaken = 0
  }

  /// - Parameters:
  ///   - environment: the command's environment variables, which git runs
  ///     with (`MEMOQUIZ_SYNC_TIMEOUT` bounds each run of it).
  ///   - showGitMessages: shows what git writes to its standard error.
  ///   - wording: how warnings name what the user can do next.
  public init(
    folder: DataFolder, environment: [String: String], showGitMessages: @escaping (String) -> Void,
    wording: NextStepWording = .plain, warn: @escaping (String) -> Void = { _ in }
  ) {
    self.folder = folder
    self.wording = wording
    git = Git(folder: folder.path, environment: environment, showMessages: showGitMessages)
    self.warn = warn
  }

  /// Whether a remote's transport would run a command (`ext::`, `fd::`):
  /// such a remote is refused.
  public static func isRefused(remote: String) -> Bool {
    SyncRemote.isRefused(remote)
  }

  /// Sets the folder up to sync with `remote`, whether the folder is new or
  /// holds answers and whether the remote is empty or holds other machines'
  /// files; then syncs. The remote is recorded first, so that a `sync` after
  /// a failed `--init` completes it. A remote given in place of another
  /// is sent every history file it lacks, as one that lost commits is.
  public func initialize(remote address: String, now: Date) throws -> Report {
    guard !SyncRemote.isRefused(address) else { throw SyncError.refusedTransport(address) }
    try folder.create()
    let caretaker = try ProgressCaretaker(folder: folder, wording: wording, onWarning: warn)
    return try caretaker.locked {
      let remote = SyncRemote(address: address)
      let recorded = SyncRemote.recorded(in: folder)
      if recorded != remote { try remote.record(in: folder) }
      return try exchange(
        with: remote, caretaker: caretaker, now: now, everyFile: recorded.map { $0 != remote } ?? false)
    }
  }

  /// Sends this machine's new steps, takes in the other machines', and says
  /// what arrived.
  /// - Throws: ``SyncError`` in a folder never set up by `sync --init`, or
  ///   when git fails (its message is shown as git wrote it).
  public func sync(now: Date) throws -> Report {
    guard SyncRemote.recorded(in: folder) != nil || isThirdReleaseRepository else {
      throw SyncError.notSetUp(folder.path)
    }
    let caretaker = try ProgressCaretaker(folder: folder, wording: wording, onWarning: warn)
    return try caretaker.locked {
      guard let remote = try SyncRemote.recorded(in: folder) ?? carryOver() else {
        throw SyncError.notSetUp(folder.path)
      }
      return try exchange(with: remote, caretaker: caretaker, now: now)
    }
  }

  private func exchange(with remote: SyncRemote, caretaker: ProgressCaretaker, now: Date, everyFile: Bool = false)
    throws -> Report
  {
    // A questions file edited by hand, or never part of the history, becomes
    // a step, so that it reaches the other machines.
    try caretaker.adoptQuestionsForSync(now: now)
    var me = try caretaker.machine()
    let clone = SyncClone(git: git.working(in: folder.syncCloneFolder), remote: remote, quiet: true)
    var own = HistoryCaretaker(folder: folder).file(of: me.id)
    let sent: SyncClone.Sent
    do {
      sent = try send(own: own.path, me: me, clone: clone, everyFile: everyFile)
    } catch is OwnFileDiverged {
      // Another folder shares this machine's identity: this one becomes a
      // new machine, and the other's copy arrives as any machine's does.
      let other = try DurableFile.read(clone.historyFolder + "/" + me.id.hex + ".log", limit: Int.max) ?? []
      let split = try MachineSplit.split(folder, machine: me, other: other)
      caretaker.forgetMachine()
      me = try caretaker.machine()
      own = HistoryCaretaker(folder: folder).file(of: me.id)
      let moved = split.moved == 1 ? "1 record" : "\(split.moved) records"
      warn(
        "another data folder shares this machine's identity, \(split.old.hex) (a folder copied with its local/ "
          + "folder): the remote's copy of history/\(split.old.hex).log and this folder's differ; this folder is now "
          + "a new machine, \(split.new.hex), its \(moved) that the other lacked moved to "
          + "history/\(split.new.hex).log, and every answer of both is kept")
      sent = try send(own: own.path, me: me, clone: clone, everyFile: everyFile)
    }
    let arrived = try HistoryIntake(folder: folder, me: me.id).takeIn(from: clone.historyFolder, warn: warn)
    let sounds = try MediaIntake(media: MediaFolder(of: folder)).takeIn(from: clone.mediaFolder, warn: warn)
    let names = HistoryCaretaker(folder: folder).names()
    let history = HistoryCaretaker(folder: folder)
    var arrivals: [Arrival] = []
    for arrival in arrived {
      let records = try history.file(of: arrival.machine).read(after: arrival.start).records
      let steps = StepTally(records)
      guard !records.isEmpty else { continue }
      arrivals.append(Arrival(machine: names[arrival.machine] ?? arrival.machine.hex, steps: steps))
    }
    let sentStart = sent.remoteHeld.map { HistoryIntake.lineStart(of: own.path, before: $0) } ?? 0
    let sentSteps = StepTally(try own.read(after: sentStart).records)
    // Bring this machine up to date with what arrived.
    try caretaker.loadMemory().refresh()
    try caretaker.installQuestions()
    try caretaker.saveCheckpointIfDue()
    var report = Report(sent: sentSteps, sentBytes: sent.bytes, arrivals: arrivals, othersSent: sent.others.count)
    report.soundsTaken = sounds
    return report
  }

  /// Sends this machine's file, and every other the remote lacks, through
  /// `clone`; made again when that fails, and the remote mended when a
  /// fresh clone fails too.
  ///
  /// 1. The clone as it is, git's messages hidden.
  /// 2. A fresh clone (git's state in the old one may be damaged: a power
  ///    cut, a stale lock; it holds nothing of its own), git's messages
  ///    held until they turn out to matter.
  /// 3. When a remote on this machine's disks is damaged (its refs name
  ///    objects it no longer holds, or a lock was left behind): it is
  ///    mended (``RemoteRepair``), and a fresh clone sends it every history
  ///    file, git's messages shown. A remote elsewhere that git says lacks
  ///    objects is ``SyncError/remoteDamaged(_:)``.
  ///
  /// A remote that lost commits this machine had pushed is said so, and
  /// sent every history file it lacks.
  /// - Throws: ``OwnFileDiverged`` when the remote's copy of this
  ///   machine's file and the data folder's differ in what both hold.
  private func send(own: String, me: Machine, clone: SyncClone, everyFile: Bool) throws -> SyncClone.Sent {
    let intake = HistoryIntake(folder: folder, me: me.id)
    var restored = 0
    func attempt(_ clone: SyncClone, everyFile: Bool = everyFile) throws -> SyncClone.Sent {
      try clone.prepare()
      return try clone.exchange(
        own: own, name: me.id.hex + ".log", history: folder.historyFolder, everyFile: everyFile, host: me.name,
        media: MediaFolder(of: folder)
      ) { copy in
        switch try intake.takeInOwn(from: copy) {
        case .held: break
        case .restored(let bytes): restored += bytes
        case .diverged: throw OwnFileDiverged()
        }
      }
    }
    defer {
      if restored > 0 {
        warn(
          "\(own) held less than the remote's copy of it (restored from a backup or a snapshot?); the "
            + "\(restored) bytes it lacked were brought back from the remote before anything was sent, so "
            + "nothing was lost and no step id is used twice")
      }
    }
    let address = clone.remote.address
    var sent: SyncClone.Sent
    var repairs: [RemoteRepair.Done] = []
    do {
      sent = try attempt(clone)
    } catch let error as SyncError where error.mayBeDamage {
      clone.discard()
      let held = HeldMessages()
      do {
        sent = try attempt(SyncClone(git: clone.git.showing(held.add), remote: clone.remote, quiet: false))
      } catch let error as SyncError where error.mayBeDamage {
        if let remote = RemoteRepair(address: address, git: git) {
          repairs = try remote.repair(now: Timestamp(Date()))
        }
        guard !repairs.isEmpty else {
          if !held.text.isEmpty { git.showMessages(held.text) }
          if RemoteRepair.namesMissingObjects(held.text) { throw SyncError.remoteDamaged(address) }
          throw error
        }
        clone.discard()
        sent = try attempt(SyncClone(git: clone.git, remote: clone.remote, quiet: false), everyFile: true)
      }
    }
    // What the remote lacked of the files held here.
    let others = sent.others.count
    var lacked: [String] = []
    if sent.bytes > 0 { lacked.append("this machine's history file") }
    if others > 0 { lacked.append("those of \(others) other \(others == 1 ? "machine" : "machines")") }
    let resent =
      lacked.isEmpty
      ? "it lacks none of the history files held here"
      : lacked.joined(separator: " and ") + (others == 0 ? " was" : " were") + " sent to it again"
    for repair in repairs {
      switch repair {
      case .remade(let aside):
        warn(
          "the remote \(address) lost commits: its refs named objects it no longer held whole (a power cut on its "
            + "disk, say), so git could neither fetch from it nor push to it; it was kept as \(aside) and made again, "
            + "and \(resent)")
      case .unlocked(let locks):
        warn(
          "the remote \(address) was locked by a git process that is gone (\(locks.joined(separator: ", "))); "
            + "the lock was removed")
      }
    }
    if sent.remoteLostCommits && repairs.isEmpty {
      warn(
        "the remote \(address) lost commits this machine had sent (it was rolled back, restored from a backup or "
          + "rewritten); \(resent)")
    }
    return sent
  }

  /// Whether the data folder is a git repository that the third release's
  /// `sync --init` made (its `.gitignore` starts with memoquiz's rules).
  private var isThirdReleaseRepository: Bool {
    guard FileStatus.type(of: folder.path + "/.git", followingLinks: false) == .directory,
      let rules = try? DurableFile.read(folder.gitIgnoreFile, limit: 1 << 20)
    else { return false }
    return rules.starts(with: Array("# memoquiz:".utf8))
  }

  /// Carries a folder that the third release's `sync --init` made a git
  /// repository over to a clone of its own: its remote is recorded, and the
  /// folder's repository is left as it is.
  private func carryOver() throws -> SyncRemote? {
    guard isThirdReleaseRepository else { return nil }
    let url = try git.run(["config", "--get", "remote.origin.url"], quiet: true)
    var address = url.standardOutput
    while address.last?.isNewline == true { address.removeLast() }
    guard url.status == 0, !address.isEmpty, !SyncRemote.isRefused(address) else { return nil }
    let remote = SyncRemote(address: address)
    try remote.record(in: folder)
    return remote
  }
}

/// The remote's copy of this machine's file and the data folder's differ
/// in what both hold: another data folder shares this machine's identity.
private struct OwnFileDiverged: Error {}

/// git's messages, held until they turn out to matter.
private final class HeldMessages: @unchecked Sendable {
  private(set) var text = ""

  func add(_ message: String) { text += message }
}

extension ProgressCaretaker {
  /// Before a sync: a questions file that the history does not hold (edited
  /// by hand, or never changed through memoquiz) becomes a step.
  func adoptQuestionsForSync(now: Date) throws {
    guard progressWithoutMemory.questionsVersion == nil else {
      try adoptHandEdit()
      return
    }
    guard let bytes = try DurableFile.read(folder.questionsFile) else { return }
    let text = QuestionsText.file(String(decoding: bytes, as: UTF8.self))
    try perform { _, ids in
      let step = QuestionsChangeStep(
        id: ids[0], time: ids.after(Timestamp(now)), kind: .edit, base: nil, group: nil,
        summary: "questions.json as it was when syncing began", contents: text)
      return ([.questionsChange(step)], ())
    }
    try writeQuestionsState(hash: text.hash)
  }
}
