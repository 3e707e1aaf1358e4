/// Plays a round's sounds and speaks its prompts, never waiting for either
/// to end: a player is started in the background, its standard streams on
/// `/dev/null`, and the round goes on.
///
/// The player is `MEMOQUIZ_PLAYER` (a program, given the media file's
/// absolute path as its last argument), or the first of `paplay`, `aplay`,
/// `ffplay` and `mpv` found on `PATH`. A prompt is spoken with
/// `espeak-ng -v LANG TEXT`. No player, a missing file or a player that
/// fails gives one warning a round; a missing `espeak-ng` one more. A class:
/// the warnings said and the players started are the round's.
public final class SoundPlayer {
  /// A program to start: its path and the arguments before the file's.
  public struct Program: Sendable, Equatable {
    public var path: String
    public var arguments: [String]
  }

  /// The players looked for on `PATH`, in order, with their arguments.
  public static let players: [(name: String, arguments: [String])] = [
    ("paplay", []),
    ("aplay", ["-q"]),
    ("ffplay", ["-nodisp", "-autoexit", "-loglevel", "quiet"]),
    ("mpv", ["--no-video", "--really-quiet"]),
  ]

  private let media: MediaFolder
  private let player: Program?
  private let speaker: String?
  private let warn: (String) -> Void
  private var warned = false
  private var warnedSpeaker = false
  /// Players started and not yet seen to end.
  private var running: [BackgroundProcess] = []

  /// - Parameters:
  ///   - media: where the sounds are.
  ///   - player: the player (``player(environment:)``), `nil` for none.
  ///   - speaker: the path of `espeak-ng`, `nil` when it is not installed.
  ///   - warn: shows a warning.
  public init(media: MediaFolder, player: Program?, speaker: String?, warn: @escaping (String) -> Void) {
    self.media = media
    self.player = player
    self.speaker = speaker
    self.warn = warn
  }

  deinit { reap() }

  /// The player an environment names: `MEMOQUIZ_PLAYER`, else the first of
  /// ``players`` on `PATH`.
  public static func player(environment: [String: String]) -> Program? {
    let path = environment["PATH"] ?? "/usr/bin:/bin"
    if let chosen = environment["MEMOQUIZ_PLAYER"], !chosen.isEmpty {
      return Program(path: find(chosen, in: path) ?? chosen, arguments: [])
    }
    for (name, arguments) in players {
      if let found = find(name, in: path) { return Program(path: found, arguments: arguments) }
    }
    return nil
  }

  /// The path of `espeak-ng` on the environment's `PATH`, if any.
  public static func speaker(environment: [String: String]) -> String? {
    find("espeak-ng", in: environment["PATH"] ?? "/usr/bin:/bin")
  }

  /// The program `name` on `path`, or `name` itself when it has a slash.
  static func find(_ name: String, in path: String) -> String? {
    if name.contains("/") { return FileSystem.isExecutable(name) ? name : nil }
    for folder in path.split(separator: ":") where !folder.isEmpty {
      let candidate = folder + "/" + name
      if FileSystem.isExecutable(candidate) { return candidate }
    }
    return nil
  }

  /// Plays a card's prompt as it is asked: its sounds, and its text spoken
  /// when the card names a language.
  public func prompt(_ card: Card) {
    play(card.promptSounds)
    if let language = card.speak { speak(SoundText.without(card.prompt), language: language) }
  }

  /// Plays the sounds of a card's answer, after its verdict.
  public func answer(_ card: Card) {
    play(card.answerSounds)
  }

  /// Plays a card's prompt again (`:replay`).
  /// - Returns: whether it has anything to play.
  @discardableResult
  public func replay(_ card: Card) -> Bool {
    guard !card.promptSounds.isEmpty || card.speak != nil else { return false }
    prompt(card)
    return true
  }

  /// Starts the player on each of `names`, one after the other.
  private func play(_ names: [String]) {
    reap()
    guard !names.isEmpty else { return }
    guard let player else {
      problem("no sound player found: install paplay, aplay, ffplay or mpv, or set MEMOQUIZ_PLAYER")
      return
    }
    for name in names {
      guard let file = media.file(named: name), media.contains(name) else {
        problem("the sound \(TextSanitizer.sanitized(name)) is not in \(media.path)")
        continue
      }
      guard let process = BackgroundProcess.start(player.path, player.arguments + [file]) else {
        problem("the sound player \(player.path) cannot be started")
        return
      }
      running.append(process)
    }
  }

  /// Speaks `text` in `language`, without waiting.
  private func speak(_ text: String, language: String) {
    guard !text.isEmpty else { return }
    guard let speaker else {
      if !warnedSpeaker {
        warnedSpeaker = true
        warn("espeak-ng is not installed, so prompts are not spoken (on Debian and Ubuntu: apt-get install espeak-ng)")
      }
      return
    }
    if let process = BackgroundProcess.start(speaker, ["-v", language, text]) { running.append(process) }
  }

  /// Collects the players that have ended; one that failed is warned of.
  private func reap() {
    running.removeAll { process in
      switch process.poll() {
      case .running: return false
      case .gone: return true
      case .ended(.exited(0)): return true
      case .ended(.exited(let code)):
        problem("the sound player failed (exit status \(code))")
        return true
      case .ended(.signalled):
        problem("the sound player failed (exit status 0)")
        return true
      }
    }
  }

  private func problem(_ message: String) {
    guard !warned else { return }
    warned = true
    warn(message + "; the round goes on without sound")
  }
}
