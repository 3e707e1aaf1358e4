import FoundationEssentials

/// The memory model the scheduler uses, as `memoquiz config model` shows it.
public struct MemoryModelInUse: Hashable, Sendable {
  /// The model: FSRS-6 until another can be installed.
  public var kind: MemoryModelKind
  /// Its parameters, in the model's published order.
  public var parameters: [Double]
  /// When `memoquiz optimize` (or automatic fitting) installed the
  /// parameters; `nil` while the published defaults are in use.
  public var installedAt: Date?
}

extension ProgressCaretaker {
  /// The memory model the scheduler computes every card's memory and due
  /// day with, its parameters and where they came from. The scheduler
  /// schedules with FSRS-6 only: the tournament of `optimize --evaluate`
  /// reports the other models but installs none of them.
  public func memoryModelInUse() throws -> MemoryModelInUse {
    MemoryModelInUse(kind: .fsrs6, parameters: parameters.values, installedAt: try parametersInstalledAt())
  }
}
