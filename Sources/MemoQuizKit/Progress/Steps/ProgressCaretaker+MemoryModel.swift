import FoundationEssentials

/// The memory model the scheduler uses, as `memoquiz config model` shows it.
public struct MemoryModelInUse: Hashable, Sendable {
  /// The model: FSRS-6 unless `optimize` installed another.
  public var kind: MemoryModelKind
  /// Its parameters, in the model's published order.
  public var parameters: [Double]
  /// When `memoquiz optimize` (or automatic fitting) installed the
  /// parameters; `nil` while the published defaults are in use.
  public var installedAt: Date?
}

extension ProgressCaretaker {
  /// The memory model the scheduler computes every card's memory and due
  /// day with, its parameters and where they came from: the `model`
  /// setting in effect, else FSRS-6 with `fsrs-parameters` or its
  /// published defaults.
  public func memoryModelInUse() throws -> MemoryModelInUse {
    let model = progressWithoutMemory.schedulerSettings.installedModel
    return MemoryModelInUse(kind: model.kind, parameters: model.parameters, installedAt: try parametersInstalledAt())
  }
}
