/// The memory model a `model` setting installs: its kind and parameters,
/// read from and written as the setting's text, the model's name and its
/// parameters space-separated in the model's published order
/// (`SBD+hours -2.91 1.42 1.70 -1.83 0.53 -0.88 -1.40`).
///
/// The fold schedules with FSRS-6, SBD and SBD+hours. SBD+time is not
/// installed: it needs the learner's median answer time, which the value
/// does not carry.
struct InstalledModel: Hashable, Sendable {
  /// The models the fold can schedule with.
  static var installable: [MemoryModelKind] { MemoryModelKind.installable }
  /// The largest magnitude an SBD parameter may have: the fit keeps them
  /// within a few units, and SBD's formulas guard everything else.
  static let sbdParameterLimit = 1_000.0

  var kind: MemoryModelKind
  /// FSRS-6's checked weights, or SBD's 7 parameters.
  var parameters: [Double]

  /// FSRS-6 with `parameters`.
  init(fsrs6 parameters: FSRSParameters) {
    kind = .fsrs6
    self.parameters = parameters.values
  }

  private init(sbd kind: MemoryModelKind, parameters: [Double]) {
    self.kind = kind
    self.parameters = parameters
  }

  /// A model of `kind` with `parameters`; `nil` when the kind cannot be
  /// installed or the parameters are not its own.
  init?(kind: MemoryModelKind, parameters: [Double]) {
    guard Self.installable.contains(kind) else { return nil }
    if kind == .fsrs6 {
      guard parameters.count == 21, let checked = try? FSRSParameters(parameters) else { return nil }
      self = InstalledModel(fsrs6: checked)
    } else {
      guard parameters.count == SBDModel.defaults.count,
        parameters.allSatisfy({ $0.isFinite && abs($0) <= Self.sbdParameterLimit })
      else { return nil }
      self = InstalledModel(sbd: kind, parameters: parameters)
    }
  }

  /// The model a setting's text names; `nil` when it cannot be read (an
  /// unknown model, from a later release say, or the wrong number of
  /// parameters).
  init?(text: String) {
    let words = text.split(separator: " ")
    guard let name = words.first, let kind = MemoryModelKind(rawValue: String(name)) else { return nil }
    var values: [Double] = []
    for word in words.dropFirst() {
      guard let value = Double(word) else { return nil }
      values.append(value)
    }
    self.init(kind: kind, parameters: values)
  }

  /// The setting's text.
  var text: String {
    ([kind.rawValue] + parameters.map { String($0) }).joined(separator: " ")
  }

  /// The scheduler of this model, for `desiredRetention`; `recallDays` as
  /// ``SBDScheduler/init(parameters:readsSameDayTimes:desiredRetention:maximumInterval:recallDays:)``'s.
  func scheduler(desiredRetention: Double, recallDays: Int = 0) -> MemoryScheduler {
    if let parameters = fsrs6Parameters {
      return .fsrs6(FSRSScheduler(parameters: parameters, desiredRetention: desiredRetention))
    }
    return .sbd(
      SBDScheduler(
        parameters: parameters, readsSameDayTimes: kind == .sbdSameDayTimes, desiredRetention: desiredRetention,
        recallDays: recallDays))
  }

  /// FSRS-6's parameters, when this is FSRS-6.
  var fsrs6Parameters: FSRSParameters? {
    kind == .fsrs6 ? try? FSRSParameters(parameters) : nil
  }
}

extension MemoryModelKind {
  /// The models the fold can schedule with: all but SBD+time, which needs
  /// the learner's median answer time.
  public static let installable: [MemoryModelKind] = [.fsrs6, .sbd, .sbdSameDayTimes]
}
