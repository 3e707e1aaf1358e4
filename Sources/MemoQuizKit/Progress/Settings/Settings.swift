import FoundationEssentials

/// The settings in effect, typed: what the day's plan and the scheduler read.
///
/// Built from the history's settings steps; a stored value that is out of
/// range (written by another release, say) counts as the default.
public struct Settings: Hashable, Sendable {
  /// New questions review rounds take a day, in all groups.
  public var newPerDay = 20
  /// The hour the learner's day starts, local time.
  public var dayStartsAt = 4
  /// The chance of recall at which a question falls due.
  public var desiredRetention = 0.90
  /// Whether a near answer counts as correct, where the questions say nothing.
  public var typos = TypoPolicy.strict
  /// Whether another question's answer is Incorrect or asked again.
  public var confusions = ConfusionPolicy.wrong
  /// How many lapses make a card a leech; 0: none does.
  public var leechThreshold = 8
  /// Whether `review` fits the scheduler by itself.
  public var autoOptimize = true
  /// Whether a round plays sounds and speaks prompts.
  public var audio = true
  /// Whether a due day drawn within the fuzz range prefers the day with the
  /// fewest reviews already due.
  public var loadBalance = true
  /// The weekdays on which fewer reviews fall due.
  public var easyDays = EasyDays.none
  /// Each group's own values (``GroupSettings``), by title.
  var groupValues: [String: [Setting: String]] = [:]

  public init() {}

  /// The settings the stored values give.
  /// - Parameter values: each key's value in effect, as stored.
  init(_ values: [String: String]) {
    for setting in Setting.allCases {
      guard let text = values[setting.key], let value = setting.normalized(text) else { continue }
      switch setting {
      case .newPerDay: newPerDay = Int(value) ?? newPerDay
      case .dayStartsAt: dayStartsAt = Int(value) ?? dayStartsAt
      case .desiredRetention: desiredRetention = Double(value) ?? desiredRetention
      case .typos: typos = TypoPolicy(rawValue: value) ?? typos
      case .confusions: confusions = ConfusionPolicy(rawValue: value) ?? confusions
      case .leechThreshold: leechThreshold = Int(value) ?? leechThreshold
      case .autoOptimize: autoOptimize = value == "on"
      case .audio: audio = value == "on"
      case .loadBalance: loadBalance = value == "on"
      case .easyDays: easyDays = EasyDays(text: value) ?? easyDays
      }
    }
    groupValues = GroupSettings.values(in: values)
  }

  /// A setting's value as `config` shows it.
  public func text(of setting: Setting) -> String {
    switch setting {
    case .newPerDay: String(newPerDay)
    case .dayStartsAt: String(dayStartsAt)
    case .desiredRetention: Setting.twoDecimals(desiredRetention)
    case .typos: typos.rawValue
    case .confusions: confusions.rawValue
    case .leechThreshold: String(leechThreshold)
    case .autoOptimize: autoOptimize ? "on" : "off"
    case .audio: audio ? "on" : "off"
    case .loadBalance: loadBalance ? "on" : "off"
    case .easyDays: easyDays.text
    }
  }
}

extension ProgressCaretaker {
  /// The settings in effect.
  public var settings: Settings { Settings(progressWithoutMemory.settings) }

  /// Changes a setting, as a step of the history; the value in effect,
  /// default included, changes nothing and adds no step (so `undo` has
  /// nothing of it to take back).
  /// - Parameter value: a value ``Setting/normalized(_:)`` gave.
  /// - Returns: whether the setting changed.
  @discardableResult
  public func set(_ setting: Setting, to value: String, at time: Date) throws -> Bool {
    try perform { progress, ids in
      guard Settings(progress.settings).text(of: setting) != value else { return ([], false) }
      let step = SettingStep(
        id: ids[0], time: ids.after(Timestamp(time)), key: setting.key, value: value,
        summary: "\(setting.key) \(value)")
      return ([.setting(step)], true)
    }
  }
}
