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

extension ProgressCaretaker {
  /// The memory model installed now.
  public var memoryModelKind: MemoryModelKind { progressWithoutMemory.schedulerSettings.installedModel.kind }

  /// Installs what `report` chose (``OptimizationReport/installs``) as a
  /// step of the history: another memory model as a `model` step, or
  /// FSRS-6's fitted parameters as before. Each card keeps its due day
  /// until its next review, unless `reschedule` computes them again.
  public func install(_ report: OptimizationReport, reschedule: Bool, at time: Date, automatic: Bool = false)
    throws
  {
    let rescheduled = reschedule ? ", due days rescheduled" : ""
    if let model = report.modelToInstall {
      let name = model.kind == .fsrs6 ? "the scheduler" : model.kind.rawValue
      try install(
        model, reschedule: reschedule, at: time,
        summary:
          "\(automatic ? "automatic optimize" : "optimize"): \(name) fitted to \(report.reviews) reviews\(rescheduled)")
    } else if let parameters = report.parametersToInstall {
      try install(parameters, reviews: report.reviews, reschedule: reschedule, at: time, automatic: automatic)
    }
  }
}
