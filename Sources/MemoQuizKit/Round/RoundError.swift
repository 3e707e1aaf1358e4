/// Why a round stopped before its end on its own.
public enum RoundError: KindedError, Sendable {
  /// Standard output was closed (its reader went away) or could not be
  /// written: verdicts could no longer be shown, so no more answers were
  /// taken.
  case outputClosed

  public var kind: ErrorKind { .failure }

  public var description: String {
    switch self {
    case .outputClosed:
      "standard output was closed, so the round stopped: every answer whose verdict was shown is kept, "
        + "and the round can be resumed"
    }
  }
}
