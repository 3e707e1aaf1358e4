import FoundationEssentials

/// Settings of one group, as Anki's presets: `memoquiz config --group GROUP
/// KEY VALUE` gives a group its own `new-per-day`, `desired-retention` or
/// `leech-threshold`; the group's other settings are the folder's.
///
/// A group's setting is kept in the history as a setting step of its own
/// key (the group's title and the setting's key), so `undo` takes it back
/// as any setting and a release that does not know it reads and ignores it.
public enum GroupSettings {
  /// The settings a group may have of its own.
  public static let allowed: [Setting] = [.newPerDay, .desiredRetention, .leechThreshold]
  /// What the setting keys of groups start with.
  static let keyPrefix = "group\u{1F}"

  /// The setting key a group's value is kept under.
  static func key(group: String, setting: Setting) -> String {
    keyPrefix + group + "\u{1F}" + setting.key
  }

  /// The group and the setting a key names, or `nil` for another key (or
  /// a setting no group may have).
  static func parse(_ key: String) -> (group: String, setting: Setting)? {
    guard key.hasPrefix(keyPrefix) else { return nil }
    let rest = key.dropFirst(keyPrefix.count)
    guard let separator = rest.lastIndex(of: "\u{1F}") else { return nil }
    let group = String(rest[..<separator])
    guard !group.isEmpty, let setting = Setting(rawValue: String(rest[rest.index(after: separator)...])),
      allowed.contains(setting)
    else { return nil }
    return (group, setting)
  }

  /// Whether a setting's key is a group's.
  static func isGroupKey(_ key: String) -> Bool { key.hasPrefix(keyPrefix) }

  /// Each group's own values in the stored `values`, each in range; a value
  /// out of range (or empty) counts as none.
  static func values(in values: [String: String]) -> [String: [Setting: String]] {
    var found: [String: [Setting: String]] = [:]
    for (key, text) in values where isGroupKey(key) {
      guard let (group, setting) = parse(key), let value = setting.normalized(text) else { continue }
      found[group, default: [:]][setting] = value
    }
    return found
  }
}

extension Settings {
  /// The settings in effect in group `title`: the folder's, with the
  /// group's own values.
  public func of(group title: String) -> Settings {
    guard let own = groupValues[title] else { return self }
    var settings = self
    for (setting, value) in own {
      switch setting {
      case .newPerDay: settings.newPerDay = Int(value) ?? newPerDay
      case .desiredRetention: settings.desiredRetention = Double(value) ?? desiredRetention
      case .leechThreshold: settings.leechThreshold = Int(value) ?? leechThreshold
      default: continue
      }
    }
    return settings
  }

  /// The group's settings that differ from the folder's, in the order
  /// ``GroupSettings/allowed`` lists them.
  public func differences(of title: String) -> [Setting] {
    let own = of(group: title)
    return GroupSettings.allowed.filter { own.text(of: $0) != text(of: $0) }
  }

  /// Whether group `title` has its own `new-per-day`.
  func hasOwnNewPerDay(_ title: String) -> Bool { groupValues[title]?[.newPerDay] != nil }
}

extension ProgressCaretaker {
  /// Changes a setting of group `title`, as a step of the history; the
  /// value in effect in the group changes nothing and adds no step.
  /// - Parameter value: a value ``Setting/normalized(_:)`` gave, for one of
  ///   ``GroupSettings/allowed``; empty to give the group the folder's
  ///   value again, whatever it becomes (a step only when the group had
  ///   its own).
  /// - Returns: whether the setting changed.
  @discardableResult
  public func set(_ setting: Setting, to value: String, group title: String, at time: Date) throws -> Bool {
    try perform { progress, ids in
      let settings = Settings(progress.settings)
      let unchanged =
        value.isEmpty
        ? settings.groupValues[title]?[setting] == nil : settings.of(group: title).text(of: setting) == value
      guard !unchanged else { return ([], false) }
      let step = SettingStep(
        id: ids[0], time: ids.after(Timestamp(time)), key: GroupSettings.key(group: title, setting: setting),
        value: value, summary: "config --group \(title) \(setting.key) \(value.isEmpty ? "folder" : value)")
      return ([.setting(step)], true)
    }
  }
}
