@preconcurrency import Glibc

/// A remote on this machine's disks (a path, or a `file://` address) that
/// neither a clone it had nor a fresh one could fetch from or push to: what
/// a power cut on the disk that holds it can leave. git cannot mend it from
/// outside: a ref that names an object the remote no longer holds (or holds
/// torn) makes it refuse every fetch ("not our ref") and every push
/// ("missing necessary objects"), and a lock file left behind refuses every
/// update of its ref.
///
/// The remote is never the truth (the history files of the data folders
/// are): a damaged one is kept aside, as it is, and made again empty, and
/// sync sends it every history file this machine holds; a stale lock is
/// removed.
struct RemoteRepair {
  /// The remote's repository: a bare one.
  let repository: String
  /// git, in the remote's repository.
  let git: Git

  /// The remote at `address`, when it is a bare repository on this
  /// machine's disks; `nil` for any other (over the network, a work tree).
  init?(address: String, git: Git) {
    guard let path = Self.localPath(address) else { return nil }
    // As git finds a local repository: the path, else with `.git` added.
    guard let repository = [path, path + ".git"].first(where: Self.isBareRepository) else { return nil }
    self.repository = repository
    self.git = git.repository(at: repository)
  }

  /// The path a local remote's address names: a `file://` URL's, or an
  /// address with no scheme and no `host:` (an scp-like ssh address).
  static func localPath(_ address: String) -> String? {
    if address.hasPrefix("file://") {
      let path = String(address.dropFirst("file://".count))
      return path.hasPrefix("/") ? path : nil
    }
    if address.firstRange(of: "://") != nil { return nil }
    if let colon = address.firstIndex(of: ":"), !address[..<colon].contains("/") { return nil }
    return address.isEmpty ? nil : address
  }

  /// Whether `path` is a bare git repository: a folder with `HEAD`,
  /// `objects` and `refs`, and no work tree.
  private static func isBareRepository(_ path: String) -> Bool {
    guard FileStatus.type(of: path, followingLinks: false) == .directory else { return false }
    for (name, kind) in [("HEAD", FileType.regular), ("objects", .directory), ("refs", .directory)] {
      guard FileStatus.type(of: path + "/" + name) == kind else { return false }
    }
    return true
  }

  /// What a repair did.
  enum Done {
    /// The damaged repository was kept aside at this path, and made again.
    case remade(aside: String)
    /// These lock files, left by a git process that is gone, were removed.
    case unlocked([String])
  }

  /// Mends the remote when it is damaged.
  /// - Returns: what was done; empty when the remote is sound, and the
  ///   failure is something else.
  func repair(now: Timestamp) throws -> [Done] {
    // Every object is read: a torn one makes the remote refuse a fetch
    // as surely as a missing one, and a push of the same object would not
    // replace it.
    let check = try git.run(["fsck", "--no-progress", "--no-dangling", "--no-reflogs"], quiet: true)
    if check.status != 0 {
      let aside = DurableFile.asideName(for: repository, label: "damaged", now: now)
      try DurableFile.move(repository, to: aside)
      // git's `--git-dir` names the repository `init` makes.
      try git.run(["init", "-q", "--bare", "-b", "main"], quiet: true).requireSuccess("git init --bare " + repository)
      // The remote's own settings (shared with a group, say) stay.
      if let config = try? DurableFile.read(aside + "/config"),
        try git.run(["config", "--file", aside + "/config", "--list"], quiet: true).status == 0
      {
        try DurableFile.replace(repository + "/config", with: config)
      }
      return [.remade(aside: aside)]
    }
    let locks = Self.locks(in: repository)
    for lock in locks { try? FileSystem.remove(lock) }
    return locks.isEmpty ? [] : [.unlocked(locks)]
  }

  /// The lock files of the refs, `packed-refs` and `HEAD`: while one is
  /// there, git refuses to update what it locks.
  private static func locks(in repository: String) -> [String] {
    var found: [String] = []
    for name in ["HEAD.lock", "packed-refs.lock"] where DurableFile.exists(repository + "/" + name) {
      found.append(repository + "/" + name)
    }
    func walk(_ folder: String) {
      for name in (try? HistoryEntry.names(in: folder)) ?? [] {
        let path = folder + "/" + name
        guard let type = FileStatus.type(of: path, followingLinks: false) else { continue }
        if type == .directory {
          walk(path)
        } else if name.hasSuffix(".lock") {
          found.append(path)
        }
      }
    }
    walk(repository + "/refs")
    return found.sorted()
  }

  /// Whether git's messages say that the remote lacks objects its refs
  /// name: what a remote that cannot be mended from here says.
  static func namesMissingObjects(_ messages: String) -> Bool {
    ["not our ref", "missing necessary objects", "bad object", "is corrupt", "invalid sha1 pointer"].contains {
      messages.contains($0)
    }
  }
}

extension Git.Output {
  /// Requires that git succeeded.
  /// - Throws: ``SyncError/gitFailed(_:)`` naming `command`.
  func requireSuccess(_ command: String) throws(SyncError) {
    guard status == 0 else { throw .gitFailed(command) }
  }
}
