import FoundationEssentials
@preconcurrency import Glibc

/// The current time of this process as every command sees it:
/// `MEMOQUIZ_NOW` when it is set to a time memoquiz can record, else the
/// system's clock. The steps and snapshots that memoquiz makes on its own
/// (a hand edit recorded, a version kept after a conflict) take their time
/// from it, as the steps a command makes do.
public enum ProcessClock {
  /// The clock of the command running in this task, when the tool set one:
  /// it lets commands run side by side in one process, each at its time.
  @TaskLocal public static var override: (@Sendable () -> Date)?

  /// Whether any run set a clock of its task: only then is the task-local
  /// value read. A process that runs one command never touches it.
  nonisolated(unsafe) public static var hasTaskClocks = false

  /// The current time.
  public static func now() -> Date {
    if hasTaskClocks, let override { return override() }
    guard let value = getenv("MEMOQUIZ_NOW").map({ String(cString: $0) }), !value.isEmpty,
      case .time(let fixed) = ISO8601Time.parseRecordable(value)
    else { return Date() }
    return fixed
  }
}
