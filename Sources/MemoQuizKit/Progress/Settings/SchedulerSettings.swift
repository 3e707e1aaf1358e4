/// The settings the scheduler is built from: the memory model that
/// `memoquiz optimize` installed (the `model` setting, else the FSRS-6
/// parameters of `fsrs-parameters`, else FSRS-6's published defaults) and
/// the `desired-retention` setting (else 0.9).
struct SchedulerSettings: Hashable, Sendable {
  /// The setting that holds the installed parameters: 21 numbers.
  static let parametersKey = "fsrs-parameters"
  static let retentionKey = Setting.desiredRetention.key
  /// The setting in which an earlier release recorded the desired
  /// retention `optimize` recommended, as a step of the history. The
  /// recommendation is no step: such a record is read and ignored.
  static let recommendationKey = "recommended-retention"
  /// The setting that holds the installed memory model: its name and
  /// parameters (``InstalledModel``). In effect, it wins over
  /// ``parametersKey``.
  static let modelKey = "model"
  /// The settings whose change recomputes every memory state.
  static let keys: Set<String> = [parametersKey, retentionKey, modelKey]

  /// FSRS-6's parameters: those of the installed model when it is FSRS-6,
  /// else those FSRS-6 would schedule with.
  var parameters: FSRSParameters = .default
  /// The installed model when it is not FSRS-6.
  var model: InstalledModel?
  /// Whether a `model` setting is in effect: an FSRS-6 fit is then
  /// installed as a `model` step too, so that the newest install wins.
  var hasModelSetting = false
  /// The setting the installed model comes from: ``modelKey`` when one is
  /// in effect and readable, else ``parametersKey``.
  var installedKey = parametersKey
  var desiredRetention = 0.9
  /// The groups with a desired retention of their own (``GroupSettings``).
  var groupRetentions: [String: Double] = [:]

  init() {}

  /// Whether a change of setting `key` recomputes every memory state: the
  /// parameters, the desired retention, or a group's.
  static func isSchedulerKey(_ key: String) -> Bool {
    keys.contains(key) || GroupSettings.parse(key)?.setting == .desiredRetention
  }

  /// Built from the settings' text values; a value that cannot be read
  /// leaves the default (it was checked when it was set).
  init(_ values: [String: String]) {
    if let text = values[Self.parametersKey],
      let parsed = try? FSRSParameters(text.split(separator: " ").compactMap { Double($0) })
    {
      parameters = parsed
    }
    // An unreadable model (from a later release, say) leaves FSRS-6.
    hasModelSetting = values[Self.modelKey] != nil
    if let text = values[Self.modelKey], let installed = InstalledModel(text: text) {
      installedKey = Self.modelKey
      if let fsrs6 = installed.fsrs6Parameters { parameters = fsrs6 } else { model = installed }
    }
    if let text = values[Self.retentionKey], let value = Double(text),
      FSRSScheduler.desiredRetentionRange.contains(value)
    {
      desiredRetention = value
    }
    for (group, own) in GroupSettings.values(in: values) {
      if let text = own[.desiredRetention], let value = Double(text) { groupRetentions[group] = value }
    }
  }

  /// The installed model, FSRS-6 included.
  var installedModel: InstalledModel { model ?? InstalledModel(fsrs6: parameters) }

  /// The key and value of the setting step that installs `model`: a
  /// `model` step, but for FSRS-6 while no `model` setting is in effect,
  /// which is written as `fsrs-parameters` as before.
  func setting(installing model: InstalledModel) -> (key: String, value: String) {
    if let parameters = model.fsrs6Parameters, !hasModelSetting {
      return (Self.parametersKey, Self.text(of: parameters))
    }
    return (Self.modelKey, model.text)
  }

  /// The text a parameters setting holds.
  static func text(of parameters: FSRSParameters) -> String {
    parameters.values.map { String($0) }.joined(separator: " ")
  }

  /// The scheduler of the installed model.
  var scheduler: MemoryScheduler { scheduler(retention: desiredRetention) }

  /// The scheduler of group `title`'s cards: with its own desired retention
  /// when it has one.
  func scheduler(for title: String) -> MemoryScheduler {
    guard !groupRetentions.isEmpty else { return scheduler }
    return scheduler(retention: groupRetentions[title] ?? desiredRetention)
  }

  private func scheduler(retention: Double) -> MemoryScheduler {
    guard let model else { return .fsrs6(FSRSScheduler(parameters: parameters, desiredRetention: retention)) }
    return model.scheduler(desiredRetention: retention)
  }
}
