/// A group's own settings and the exam goals that name it follow the group
/// when a change of the questions renames it, as its progress does.
extension GroupSettings {
  /// Moves the settings of each renamed group to its new title: its own
  /// values (``GroupSettings``) and every exam goal that names it
  /// (``ExamGoal``). A key whose new name has a value of its own in effect
  /// keeps it, as ``StepEffects/rename(_:in:)`` keeps a title's progress.
  /// - Parameter values: each setting key's value in effect, as stored.
  static func rename(_ renames: [GroupRename], in values: inout [String: String]) {
    for rename in renames where rename.from != rename.to {
      // In the keys' order, so that every machine moves them alike.
      for key in values.keys.sorted() {
        guard let text = values[key], !text.isEmpty, let renamed = Self.key(key, renaming: rename),
          values[renamed]?.isEmpty ?? true
        else { continue }
        values[key] = nil
        values[renamed] = text
      }
    }
  }

  /// The name of setting key `key` once `rename` took place, or `nil` when
  /// the key does not name the group.
  private static func key(_ key: String, renaming rename: GroupRename) -> String? {
    if let (group, setting) = parse(key) {
      return group == rename.from ? Self.key(group: rename.to, setting: setting) : nil
    }
    guard ExamGoal.isGoalKey(key) else { return nil }
    let groups = ExamGoal.groups(ofKey: key)
    guard groups.contains(rename.from) else { return nil }
    // A goal of both titles covers the group once.
    var renamed: [String] = []
    for group in groups.map({ $0 == rename.from ? rename.to : $0 }) where !renamed.contains(group) {
      renamed.append(group)
    }
    return ExamGoal.keyPrefix + renamed.joined(separator: "\u{1F}")
  }
}

/// A change of the questions that renamed groups, where it stands among the
/// setting steps: the group settings and exam goals in effect before it
/// follow its renames (``GroupSettings/rename(_:in:)``).
struct SettingsRename: Hashable, Sendable {
  /// The change of the questions.
  var id: StepID
  /// How many setting steps came before it in the merged history.
  var position: Int
  var renames: [GroupRename]
}

extension HistoryRecord {
  /// Whether the record is a change of the questions that renames groups.
  var renamesGroups: Bool {
    guard case .questionsChange(let change) = self else { return false }
    return !change.renames.isEmpty
  }
}
