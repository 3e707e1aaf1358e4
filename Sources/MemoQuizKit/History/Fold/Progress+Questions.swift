/// What the history says of the questions file: the version in effect, and
/// the changes two machines made before they synced.
extension Progress {
  /// The version of the questions file the history puts in effect: the
  /// newest change in effect, else the version the first change replaced.
  /// `nil` when no change was ever made: the file is the user's alone.
  var questionsVersion: QuestionsVersion? {
    if let step = questionsSteps.last(where: { isInEffect($0.id) }) {
      return QuestionsVersion(step: step.id, isBefore: false, hash: step.hash)
    }
    guard let first = questionsSteps.first(where: { $0.beforeHash != nil }), let hash = first.beforeHash else {
      return nil
    }
    return QuestionsVersion(step: first.id, isBefore: true, hash: hash)
  }

  /// The changes of the questions that another machine's change replaced
  /// without having seen them: the later one is in effect.
  var questionsConflicts: [QuestionsConflict] {
    var conflicts: [QuestionsConflict] = []
    var current: QuestionsStepSummary?
    for step in questionsSteps where isInEffect(step.id) {
      if let previous = current, step.base != previous.id, step.id.machine != previous.id.machine,
        step.hash != previous.hash
      {
        conflicts.append(QuestionsConflict(kept: step.id, replaced: previous.id))
      }
      current = step
    }
    return conflicts
  }
}

/// One change of the questions, as much as the derived state keeps of it.
struct QuestionsStepSummary: Hashable, Sendable {
  var id: StepID
  var base: StepID?
  /// The hash of the new version (0 for no file).
  var hash: UInt64
  /// The hash of the version it replaced, when the step carries it.
  var beforeHash: UInt64?

  init(_ step: QuestionsChangeStep) {
    id = step.id
    base = step.base
    hash = step.contents.hash
    beforeHash = step.before?.hash
  }

  init(id: StepID, base: StepID?, hash: UInt64, beforeHash: UInt64?) {
    self.id = id
    self.base = base
    self.hash = hash
    self.beforeHash = beforeHash
  }
}

/// A version of the questions file: what a step installed, or what it replaced.
struct QuestionsVersion: Hashable, Sendable {
  var step: StepID
  /// Whether it is the version the step replaced.
  var isBefore: Bool
  var hash: UInt64
}

/// Two machines changed the questions before they synced.
struct QuestionsConflict: Hashable, Sendable {
  /// The later change, in effect.
  var kept: StepID
  /// The change it replaced without having seen it.
  var replaced: StepID
}

/// One change of a setting.
struct SettingStepSummary: Hashable, Sendable {
  var id: StepID
  var key: String
  var value: String

  init(_ step: SettingStep) {
    id = step.id
    key = step.key
    value = step.value
  }

  init(id: StepID, key: String, value: String) {
    self.id = id
    self.key = key
    self.value = value
  }
}

extension Progress {
  /// Each setting's value in effect, by key: the newest change not taken back.
  var settings: [String: String] {
    var values: [String: String] = [:]
    for step in settingSteps where isInEffect(step.id) { values[step.key] = step.value }
    return values
  }
}
