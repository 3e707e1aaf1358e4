@preconcurrency import Glibc

/// The git clone `sync` works in: `local/sync`, memoquiz's own, never the
/// data folder and never a repository of the learner's.
///
/// It holds what the remote holds, with this machine's history file put in
/// place of the remote's copy of it. It is never the truth (that is
/// `history/` in the data folder): whenever git's state in it is damaged, it
/// is thrown away and cloned again.
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

  /// What this machine sent.
  struct Sent {
    /// The part of this machine's file the remote held already (its
    /// length), or `nil` when it held none of it or another version.
    var remoteHeld: Int?
    /// How many bytes of it the remote lacked.
    var bytes = 0
  }

  /// Makes the clone when it is missing, and points it at the remote.
  func prepare() throws {
    var status = stat()
    if lstat(path + "/.git", &status) != 0 {
      discard()
      try DataFolder.createFolder(path)
      try must(["init", "-q", "-b", "main"])
    }
    let url = try git.run(["config", "--get", "remote.origin.url"], quiet: true)
    if url.status != 0 {
      try must(["remote", "add", "--", "origin", remote.address])
    } else if url.standardOutput.dropLast() != remote.address {
      try must(["remote", "set-url", "--", "origin", remote.address])
    }
  }

  /// Throws the clone away (the remote and `history/` hold everything).
  func discard() {
    let aside = path + ".discarded"
    Self.removeTree(aside)
    if rename(path, aside) == 0 { Self.removeTree(aside) }
  }

  /// Fetches, puts this machine's file over the remote's newest state,
  /// commits and pushes it. When another machine pushed in between, it
  /// fetches again.
  /// - Parameters:
  ///   - own: this machine's history file in the data folder.
  ///   - name: its name under `history/`.
  ///   - host: this machine's host name, for the commit message.
  func exchange(own: String, name: String, host: String) throws -> Sent {
    var attempt = 0
    while true {
      attempt += 1
      try must(["fetch", "-q", "--prune", "--", "origin"])
      let branch = try remoteBranch()
      if let branch {
        try must(["reset", "-q", "--hard", "refs/remotes/origin/" + branch])
      }
      try must(["clean", "-q", "-f", "-d", "-x"])
      let sent = try putInPlace(own: own, name: name)
      try must(["add", "-A", "--", "history"])
      if try git.run(["diff", "--cached", "--quiet"], quiet: quiet).status != 0 {
        try must(identity() + ["commit", "-q", "--no-verify", "-m", "memoquiz: the history of \(host)"])
      }
      let head = try git.run(["rev-parse", "-q", "--verify", "HEAD"], quiet: true)
      guard head.status == 0 else { return sent }
      if let branch, try must(["rev-parse", "refs/remotes/origin/" + branch]) == head.standardOutput {
        return sent
      }
      let last = attempt >= 3
      let push = try git.run(
        ["push", "-q", "--", "origin", "HEAD:refs/heads/" + (branch ?? "main")], quiet: quiet || !last)
      if push.status == 0 { return sent }
      if last { throw SyncError.gitFailed("git push origin") }
    }
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
    var status = stat()
    if lstat(historyFolder, &status) == 0 && (status.st_mode & S_IFMT) != S_IFDIR {
      unlink(historyFolder)
    }
    try DataFolder.createFolder(historyFolder)
    let target = historyFolder + "/" + name
    let ownBytes = (try? DurableFile.read(own, limit: Int.max)) ?? nil
    var sent = Sent()
    if lstat(target, &status) == 0 {
      if (status.st_mode & S_IFMT) == S_IFREG, let held = try? DurableFile.read(target, limit: Int.max),
        let ownBytes, ownBytes.starts(with: held)
      {
        sent.remoteHeld = held.count
      }
      if (status.st_mode & S_IFMT) == S_IFDIR { Self.removeTree(target) } else { unlink(target) }
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

  /// `-c` settings for a commit when git knows no identity for the learner.
  private func identity() throws -> [String] {
    let author = try git.run(["var", "GIT_AUTHOR_IDENT"], quiet: true).status
    let committer = try git.run(["var", "GIT_COMMITTER_IDENT"], quiet: true).status
    guard author != 0 || committer != 0 else { return [] }
    return ["-c", "user.name=memoquiz", "-c", "user.email=memoquiz@\(Machine.hostName())"]
  }

  /// Removes a folder and everything in it; a link is removed, never
  /// followed.
  static func removeTree(_ path: String) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    if (status.st_mode & S_IFMT) == S_IFDIR {
      for name in (try? HistoryEntry.names(in: path)) ?? [] { removeTree(path + "/" + name) }
      rmdir(path)
    } else {
      unlink(path)
    }
  }
}
