/// The settings the scheduler is built from: the FSRS-6 parameters that
/// `memoquiz optimize` installed (else the published defaults) and the
/// `desired-retention` setting (else 0.9).
struct SchedulerSettings: Hashable, Sendable {
  /// The setting that holds the installed parameters: 21 numbers.
  static let parametersKey = "fsrs-parameters"
  static let retentionKey = Setting.desiredRetention.key
  /// The setting in which an earlier release recorded the desired
  /// retention `optimize` recommended, as a step of the history. The
  /// recommendation is no step: such a record is read and ignored.
  static let recommendationKey = "recommended-retention"
  /// The settings whose change recomputes every memory state.
  static let keys: Set<String> = [parametersKey, retentionKey]

  var parameters: FSRSParameters = .default
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
    if let text = values[Self.retentionKey], let value = Double(text),
      FSRSScheduler.desiredRetentionRange.contains(value)
    {
      desiredRetention = value
    }
    for (group, own) in GroupSettings.values(in: values) {
      if let text = own[.desiredRetention], let value = Double(text) { groupRetentions[group] = value }
    }
  }

  /// The text a parameters setting holds.
  static func text(of parameters: FSRSParameters) -> String {
    parameters.values.map { String($0) }.joined(separator: " ")
  }

  var scheduler: FSRSScheduler { FSRSScheduler(parameters: parameters, desiredRetention: desiredRetention) }

  /// The scheduler of group `title`'s cards: with its own desired retention
  /// when it has one.
  func scheduler(for title: String) -> FSRSScheduler {
    guard !groupRetentions.isEmpty else { return scheduler }
    return FSRSScheduler(parameters: parameters, desiredRetention: groupRetentions[title] ?? desiredRetention)
  }
}
