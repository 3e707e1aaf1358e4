@preconcurrency import Glibc

/// The git clone `sync` works in: `local/sync`, memoquiz's own, never the
/// data folder and never a repository of the learner's.
///
/// It holds what the remote holds, with this machine's history file put in
/// place of the remote's copy of it; and, when the remote lost commits (or
/// is new in place of another), every other machine's file the data folder
/// holds that the remote lacks (or holds shorter). It is never
/// the truth (that is `history/` in the data folder): whenever git's state
/// in it is damaged, it is thrown away and cloned again.
///
/// History files travel as their bytes: the clone's own attributes
/// (`.git/info/attributes`, ``attributes``), written before anything is
/// checked out, override whatever `.gitattributes` the remote holds, so
/// that git converts no line end, runs no filter and re-encodes nothing.
struct SyncClone {
  /// git, working in the clone.
  let git: Git
  let remote: SyncRemote
  /// Whether git's messages are hidden: on a first attempt, which a fresh
  /// clone may repeat.
  var quiet = false

  /// The clone's folder.
  var path: String { git.folder }

  @discardableResult
  private func must(_ arguments: [String]) throws(SyncError) -> String {
    try git.must(arguments, quiet: quiet)
  }

  /// The clone's `history/` folder, whose files ``HistoryIntake`` reads.
  var historyFolder: String { path + "/history" }

  /// The clone's `media/` folder, whose files ``MediaIntake`` reads.
  var mediaFolder: String { path + "/media" }

  /// What this machine sent.
  struct Sent {
    /// The part of this machine's file the remote held already (its
    /// length), or `nil` when it held none of it or another version.
    var remoteHeld: Int?
    /// How many bytes of it the remote lacked.
    var bytes = 0
    /// The other machines whose files the remote lacked, or held shorter
    /// than the data folder, and that were sent.
    var others: [MachineID] = []
    /// Whether the remote no longer held a commit this machine had pushed:
    /// it was rolled back, restored from a backup or rewritten.
    var remoteLostCommits = false
  }

  /// The clone's attributes: every file is taken as bytes, whatever the
  /// remote's `.gitattributes` say (they come before, and these win).
  static let attributes = Array(
    """
    # memoquiz: history files travel as their bytes, whatever the remote's .gitattributes say.
    * -text -eol -crlf -filter -ident -working-tree-encoding -diff -merge -export-subst

    """.utf8)

  /// Where the clone keeps the last commit it pushed, to tell a remote
  /// that lost it.
  static let pushedRef = "refs/memoquiz/pushed"

  /// The clone's attributes file.
  private var attributesFile: String { path + "/.git/info/attributes" }

  /// The file of ``pushedRef``, written and removed directly: one run of
  /// git fewer per sync.
  private var pushedFile: String { path + "/.git/" + Self.pushedRef }

  /// Makes the clone afresh, pointed at the remote, unless it is there
  /// with ``attributes`` (a clone made without them may have its files
  /// checked out converted) and for this remote (what a clone of another
  /// holds, and pushed there, is nothing this one lacks or lost).
  func prepare() throws {
    var ready =
      FileStatus.type(of: path + "/.git", followingLinks: false) != nil
      && (try? DurableFile.read(attributesFile, limit: 65_536)) == Self.attributes
    if ready {
      let url = try git.run(["config", "--get", "remote.origin.url"], quiet: true)
      ready = url.status == 0 && url.standardOutput.dropLast() == remote.address
    }
    guard !ready else { return }
    discard()
    try DataFolder.createFolder(path)
    try must(["init", "-q", "-b", "main"])
    // Before anything is fetched or checked out.
    try DataFolder.createFolder(path + "/.git/info")
    try DurableFile.replace(attributesFile, with: Self.attributes, durably: false)
    try must(["remote", "add", "--", "origin", remote.address])
  }

  /// Throws the clone away (the remote and `history/` hold everything).
  func discard() {
    let aside = path + ".discarded"
    Self.removeTree(aside)
    if (try? FileSystem.rename(path, to: aside)) != nil { Self.removeTree(aside) }
  }

  /// Fetches, puts this machine's file over the remote's newest state with
  /// every other machine's file the remote lacks, commits and pushes it.
  /// When another machine pushed in between, it fetches again.
  /// - Parameters:
  ///   - own: this machine's history file in the data folder.
  ///   - name: its name under `history/`.
  ///   - history: the data folder's `history/`, whose other machines'
  ///     files are sent when the remote lacks them and `everyFile` is set
  ///     or the remote lost a commit this clone pushed.
  ///   - everyFile: send every file the remote lacks, whatever happened.
  ///   - host: this machine's host name, for the commit message.
  ///   - media: the data folder's `media/`, whose files the remote lacks
  ///     by name are sent (``MediaIntake``).
  ///   - takeInOwn: given the remote's copy of this machine's file before
  ///     it is replaced: the gate (``HistoryIntake/takeInOwn(from:)``) that
  ///     brings back what the data folder's lacks, so that it is never sent
  ///     shorter.
  func exchange(
    own: String, name: String, history: String, everyFile: Bool, host: String, media: MediaFolder? = nil,
    takeInOwn: (String) throws -> Void = { _ in }
  ) throws -> Sent {
    var attempt = 0
    var lost = false
    while true {
      attempt += 1
      try must(["fetch", "-q", "--prune", "--", "origin"])
      let branch = try remoteBranch()
      lost = try lost || lostPushed(branch: branch)
      if let branch {
        try must(["reset", "-q", "--hard", "refs/remotes/origin/" + branch])
      }
      try must(["clean", "-q", "-f", "-d", "-x"])
      try takeInOwn(historyFolder + "/" + name)
      var sent = try putInPlace(own: own, name: name)
      if everyFile || lost { sent.others = try putOthers(from: history, except: name) }
      sent.remoteLostCommits = lost
      let hasMedia = try media.map { try MediaIntake(media: $0).send(into: mediaFolder) } ?? false
      // Forced: a `.gitignore` of the remote's never keeps a file back.
      try must(["add", "-A", "-f", "--", "history"] + (hasMedia ? ["media"] : []))
      if try git.run(["diff", "--cached", "--quiet"], quiet: quiet).status != 0 {
        try must(identity() + ["commit", "-q", "--no-verify", "-m", "memoquiz: the history of \(host)"])
      }
      let head = try git.run(["rev-parse", "-q", "--verify", "HEAD"], quiet: true)
      guard head.status == 0 else { return sent }
      if let branch, try must(["rev-parse", "refs/remotes/origin/" + branch]) == head.standardOutput {
        // Said once: what the remote holds now is what is remembered.
        if lost { try? FileSystem.remove(pushedFile) }
        return sent
      }
      let last = attempt >= 3
      let push = try git.run(
        ["push", "-q", "--", "origin", "HEAD:refs/heads/" + (branch ?? "main")], quiet: quiet || !last)
      if push.status == 0 {
        try DataFolder.createFolder(path + "/.git/refs/memoquiz")
        try DurableFile.replace(pushedFile, with: Array(head.standardOutput.utf8), durably: false)
        return sent
      }
      if last { throw SyncError.gitFailed("git push origin") }
    }
  }

  /// Whether the remote's branch, just fetched, no longer holds the last
  /// commit this clone pushed (a remote that is merely behind what this
  /// machine holds has lost nothing).
  private func lostPushed(branch: String?) throws -> Bool {
    guard DurableFile.exists(pushedFile) else { return false }
    guard let branch else { return true }
    // 0: held; 1: not; else the commit pushed is unknown here (the clone
    // was damaged), which tells nothing.
    let held = try git.run(
      ["merge-base", "--is-ancestor", Self.pushedRef, "refs/remotes/origin/" + branch], quiet: true)
    return held.status == 1
  }

  /// The remote's branch: `main`, else `master`, else the only one.
  private func remoteBranch() throws -> String? {
    let names = try must(["for-each-ref", "--format=%(refname:strip=3)", "refs/remotes/origin/"])
      .split(separator: "\n").map(String.init).filter { $0 != "HEAD" }
    if names.contains("main") { return "main" }
    if names.contains("master") { return "master" }
    return names.sorted().first
  }

  /// Writes this machine's file into the clone, in place of whatever the
  /// remote has there (an older copy, a link, a folder).
  private func putInPlace(own: String, name: String) throws -> Sent {
    if let type = FileStatus.type(of: historyFolder, followingLinks: false), type != .directory {
      try? FileSystem.remove(historyFolder)
    }
    try DataFolder.createFolder(historyFolder)
    let target = historyFolder + "/" + name
    let ownBytes = (try? DurableFile.read(own, limit: Int.max)) ?? nil
    var sent = Sent()
    if let type = FileStatus.type(of: target, followingLinks: false) {
      if type == .regular, let held = try? DurableFile.read(target, limit: Int.max), let ownBytes,
        ownBytes.starts(with: held)
      {
        sent.remoteHeld = held.count
      }
      Self.removeTree(target)
    }
    guard let ownBytes else { return sent }
    sent.bytes = ownBytes.count - (sent.remoteHeld ?? 0)
    do throws(SystemError) {
      let descriptor = try FileDescriptor.open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW)
      defer { descriptor.close() }
      try descriptor.writeAll(ownBytes)
    } catch {
      throw PersistenceError.cannotWrite(path: target, error)
    }
    return sent
  }

  /// Writes into the clone each other machine's file of the data folder's
  /// `history` that the remote lacks, or holds shorter (a prefix of it),
  /// or holds as something else than a regular file; a copy that differs
  /// is left as the remote holds it.
  /// - Returns: the machines whose files were written.
  private func putOthers(from history: String, except own: String) throws -> [MachineID] {
    var written: [MachineID] = []
    for (machine, identity) in try HistoryEntry.machineFiles(in: history).machines {
      let name = machine.hex + ".log"
      guard name != own else { continue }
      let target = historyFolder + "/" + name
      let status = try? FileStatus(path: target, followingLinks: false)
      let regular = status?.type == .regular
      if regular, let status, status.size >= Int(identity.size) { continue }
      guard let ours = try? DurableFile.read(history + "/" + name, limit: Int.max) else { continue }
      if regular {
        guard let held = try? DurableFile.read(target, limit: Int.max), held.count < ours.count,
          ours.starts(with: held)
        else { continue }
        try? FileSystem.remove(target)
      } else if status != nil {
        Self.removeTree(target)
      }
      do throws(SystemError) {
        let descriptor = try FileDescriptor.open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW)
        defer { descriptor.close() }
        try descriptor.writeAll(ours)
      } catch {
        throw PersistenceError.cannotWrite(path: target, error)
      }
      written.append(machine)
    }
    return written
  }

  /// `-c` settings for a commit when git knows no identity for the learner.
  private func identity() throws -> [String] {
    let author = try git.run(["var", "GIT_AUTHOR_IDENT"], quiet: true).status
    let committer = try git.run(["var", "GIT_COMMITTER_IDENT"], quiet: true).status
    guard author != 0 || committer != 0 else { return [] }
    return ["-c", "user.name=memoquiz", "-c", "user.email=memoquiz@\(Machine.hostName())"]
  }

  /// Removes a folder and everything in it; a link is removed, never
  /// followed.
  static func removeTree(_ path: String) { FileSystem.removeTree(path) }
}
