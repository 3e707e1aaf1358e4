import FoundationEssentials
@preconcurrency import Glibc

/// `memoquiz sync`: exchanges history files with other machines through a
/// git repository that is the data folder itself.
///
/// Each machine writes only its own file under `history/`, so a merge never
/// conflicts: sync commits this machine's new steps, pulls, pushes, and
/// reports what arrived. The questions file and `local/` are never
/// committed; the history carries every change of the questions.
public struct HistorySync {
  let folder: DataFolder
  private var git: Git { Git(folder: folder.path) }

  /// What the `.gitignore` of a synced data folder says: only the history
  /// and this file are shared.
  static let ignoreRules =
    "# memoquiz: only the history is shared; each machine keeps the rest.\n/*\n!/history/\n!/.gitignore\n"

  /// What arrived from one machine.
  public struct Arrival: Sendable, Equatable {
    public var machine: String
    public var answers: Int
    public var otherSteps: Int
  }

  /// What a sync did.
  public struct Report: Sendable {
    /// How many records of this machine were committed.
    public var committed: Int
    public var arrivals: [Arrival]
  }

  public init(folder: DataFolder) {
    self.folder = folder
  }

  /// Makes the data folder a git repository with `remote`, whether the
  /// folder is new or holds answers, and whether the remote is empty or
  /// holds other machines' files; then syncs.
  public func initialize(remote: String, now: Date) throws -> Report {
    try folder.create()
    if !isRepository {
      try git.must(["init", "-q", "-b", "main"])
    }
    let remotes = try git.must(["remote"]).split(separator: "\n").map(String.init)
    if remotes.contains("origin") {
      try git.must(["remote", "set-url", "origin", remote])
    } else {
      try git.must(["remote", "add", "origin", remote])
    }
    try git.must(["fetch", "-q", "origin"])
    // Take the remote's branch name when it has one, so that both sides
    // share one branch.
    let head = try git.run(["ls-remote", "--symref", "origin", "HEAD"], quiet: true).standardOutput
    if let line = head.split(separator: "\n").first(where: { $0.hasPrefix("ref: refs/heads/") }),
      let name = line.dropFirst("ref: refs/heads/".count).split(separator: "\t").first
    {
      try git.must(["branch", "-M", String(name)])
    }
    return try sync(now: now, allowUnrelated: true)
  }

  /// Commits this machine's new steps, pulls, pushes, and says what arrived.
  /// - Throws: ``SyncError`` outside a repository with a remote, or when
  ///   git fails (its message is shown as git wrote it).
  public func sync(now: Date, allowUnrelated: Bool = false) throws -> Report {
    guard isRepository else { throw SyncError.notARepository(folder.path) }
    guard !(try git.must(["remote"]).trimmingNewlines.isEmpty) else { throw SyncError.noRemote(folder.path) }
    // A questions file edited by hand, or never part of the history, becomes
    // a step, so that it reaches the other machines.
    let caretaker = try ProgressCaretaker(folder: folder)
    try caretaker.adoptQuestionsForSync(now: now)
    try writeIgnoreRules()
    let before = sizes()
    let machine = try caretaker.machine()
    try git.must(["add", "--", ".gitignore"] + (DurableFile.exists(folder.historyFolder) ? ["history"] : []))
    var committed = 0
    if try git.run(["diff", "--cached", "--quiet"]).status != 0 {
      committed = try addedLines(of: machine.id)
      try git.must(["commit", "-q", "-m", "memoquiz: \(committed) steps from \(machine.name)"])
    }
    let branch = try git.must(["rev-parse", "--abbrev-ref", "HEAD"]).trimmingNewlines
    let remoteBranches = try git.must(["ls-remote", "--heads", "origin", branch])
    if !remoteBranches.trimmingNewlines.isEmpty {
      var pull = ["pull", "-q", "--no-rebase", "--no-edit", "origin", branch]
      if allowUnrelated { pull.insert("--allow-unrelated-histories", at: 1) }
      try git.must(pull)
    }
    try git.must(["push", "-q", "-u", "origin", "HEAD:\(branch)"])
    let arrivals = try arrivals(since: before, except: machine.id)
    // Bring this machine up to date with what arrived: the records that
    // came are applied to the progress read before, then the questions.
    try caretaker.refresh()
    try caretaker.installQuestions()
    try caretaker.announceQuestionsConflicts()
    try caretaker.saveCheckpointIfDue()
    return Report(committed: committed, arrivals: arrivals)
  }

  private var isRepository: Bool {
    guard let output = try? git.run(["rev-parse", "--show-toplevel"], quiet: true), output.status == 0 else {
      return false
    }
    let top = output.standardOutput.trimmingNewlines
    return realpath(top) == realpath(folder.path)
  }

  private func realpath(_ path: String) -> String {
    guard let resolved = Glibc.realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private func writeIgnoreRules() throws {
    let current = try DurableFile.read(folder.gitIgnoreFile).map { String(decoding: $0, as: UTF8.self) }
    guard current != Self.ignoreRules else { return }
    // Keep the user's own rules, after ours.
    var text = Self.ignoreRules
    if let current, !current.isEmpty, !current.hasPrefix("# memoquiz:") { text += current }
    try DurableFile.replace(folder.gitIgnoreFile, with: Array(text.utf8))
  }

  /// The size of each machine's file.
  private func sizes() -> [MachineID: Int] {
    let history = HistoryCaretaker(folder: folder)
    var sizes: [MachineID: Int] = [:]
    for machine in (try? history.machines()) ?? [] {
      var status = stat()
      if stat(history.file(of: machine).path, &status) == 0 { sizes[machine] = Int(status.st_size) }
    }
    return sizes
  }

  private func addedLines(of machine: MachineID) throws -> Int {
    let path = "history/\(machine.hex).log"
    let numbers = try git.must(["diff", "--cached", "--numstat", "--", path])
    let lines = numbers.split(separator: "\t").first.flatMap { Int($0) } ?? 0
    // A new file's first line names the machine: it is not a record.
    let isNew = try git.run(["cat-file", "-e", "HEAD:\(path)"], quiet: true).status != 0
    return max(0, lines - (isNew ? 1 : 0))
  }

  /// What each other machine's file gained since `before`.
  private func arrivals(since before: [MachineID: Int], except me: MachineID) throws -> [Arrival] {
    let history = HistoryCaretaker(folder: folder)
    let names = history.names()
    var arrivals: [Arrival] = []
    for machine in try history.machines() where machine != me {
      let start = before[machine] ?? 0
      let contents = try history.file(of: machine).read(after: start)
      let answers = contents.records.count { if case .answer = $0 { true } else { false } }
      let steps = contents.records.count(where: \.isStep)
      guard !contents.records.isEmpty else { continue }
      arrivals.append(
        Arrival(machine: names[machine] ?? machine.hex, answers: answers, otherSteps: steps - answers))
    }
    return arrivals
  }
}

extension String {
  fileprivate var trimmingNewlines: String {
    var text = self
    while text.last?.isNewline == true { text.removeLast() }
    return text
  }
}

extension ProgressCaretaker {
  /// Before a sync: a questions file that the history does not hold (edited
  /// by hand, or never changed through memoquiz) becomes a step.
  func adoptQuestionsForSync(now: Date) throws {
    guard progress.questionsVersion == nil else {
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
