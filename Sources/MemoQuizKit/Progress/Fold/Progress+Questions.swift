/// What the history says of the questions file: the newest change in
/// effect, and how the questions in effect follow from every change.
extension Progress {
  /// The newest change of the questions in effect, else the version the
  /// first change replaced: what a new change is made from. `nil` when no
  /// change was ever made: the file is the user's alone.
  var questionsVersion: QuestionsVersion? {
    if let step = questionsSteps.last(where: { isInEffect($0.id) }) {
      return QuestionsVersion(step: step.id, isBefore: false, hash: step.hash)
    }
    return initialQuestionsVersion
  }

  /// The version the first change that carries it replaced: where the
  /// questions start from.
  var initialQuestionsVersion: QuestionsVersion? {
    guard let first = questionsSteps.first(where: { $0.beforeHash != nil }), let hash = first.beforeHash else {
      return nil
    }
    return QuestionsVersion(step: first.id, isBefore: true, hash: hash)
  }

  /// How the questions in effect follow from the changes in effect, in the
  /// merged order of every machine's steps: while each change was made from
  /// the version the changes before it give, that version is its own;
  /// from the first change made from another (two machines changed the
  /// questions before they synced), they are a merge of the changes from
  /// there on, which ``ProgressCaretaker`` works out from their files.
  /// The same changes give the same questions on every machine.
  var questionsDerivation: QuestionsDerivation {
    let hashes = Dictionary(questionsSteps.map { ($0.id, $0.hash) }, uniquingKeysWith: { first, _ in first })
    let initial = initialQuestionsVersion
    var current = initial
    let inEffect = questionsSteps.filter { isInEffect($0.id) }
    for (index, step) in inEffect.enumerated() {
      let madeFrom = step.beforeHash ?? step.base.flatMap { hashes[$0] } ?? initial?.hash
      guard madeFrom == current?.hash else {
        return .merge(start: current, steps: Array(inEffect[index...]))
      }
      current = QuestionsVersion(step: step.id, isBefore: false, hash: step.hash)
    }
    return current.map(QuestionsDerivation.version) ?? .none
  }
}

/// How the questions in effect follow from the history.
enum QuestionsDerivation: Hashable, Sendable {
  /// No change was ever made: the file is the user's alone.
  case none
  /// One version, as a step made it or found it.
  case version(QuestionsVersion)
  /// The changes `steps`, in order, merged question by question onto
  /// `start` (`nil`: the version no step holds).
  case merge(start: QuestionsVersion?, steps: [QuestionsStepSummary])
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
  /// Each setting's value in effect, by key: the newest change not taken
  /// back, with the group settings and exam goals moved by the renames in
  /// effect since.
  var settings: [String: String] {
    var values: [String: String] = [:]
    var renames = settingRenames[...]
    for (index, step) in settingSteps.enumerated() {
      while let rename = renames.first, rename.position <= index {
        if isInEffect(rename.id) { GroupSettings.rename(rename.renames, in: &values) }
        renames = renames.dropFirst()
      }
      if isInEffect(step.id) { values[step.key] = step.value }
    }
    for rename in renames where isInEffect(rename.id) { GroupSettings.rename(rename.renames, in: &values) }
    return values
  }
}
