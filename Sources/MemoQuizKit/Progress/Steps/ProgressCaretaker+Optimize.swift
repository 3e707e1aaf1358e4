import FoundationEssentials

/// `memoquiz optimize`: the scheduler fitted to the learner's own history.
extension ProgressCaretaker {
  /// The parameters in use: installed by an earlier `optimize`, else the
  /// published defaults.
  public var parameters: FSRSParameters { progressWithoutMemory.schedulerSettings.parameters }

  /// When `memoquiz optimize` installed the memory model in use: `nil`
  /// while FSRS-6's published defaults are in use. Only then is the
  /// history read.
  public func parametersInstalledAt() throws -> Date? {
    let key = progressWithoutMemory.schedulerSettings.installedKey
    let steps = progressWithoutMemory.settingSteps
    guard let last = steps.last(where: { $0.key == key && progressWithoutMemory.isInEffect($0.id) }) else {
      return nil
    }
    for case .setting(let step) in try allRecords() where step.id == last.id { return step.time.date }
    return nil
  }

  /// The `desired-retention` setting in effect.
  public var desiredRetention: Double { progressWithoutMemory.schedulerSettings.desiredRetention }

  /// Every card's reviews in effect, in the order of the merged history:
  /// answers taken back (and the reviews of an import taken back) are left
  /// out, `:right` counts as Good, and a renamed group's cards keep their
  /// reviews.
  public func reviewHistories() throws -> [ReviewHistory] {
    Self.reviewsByCard(of: try allRecords()).map { ReviewHistory($0.reviews) }
  }

  /// Each card's reviews in effect, as ``reviewHistories()`` gives them,
  /// with the card's group (after the renames in effect) and question.
  /// - Parameter sinceLastReset: only the reviews since the last reset in
  ///   effect of the card's group: those its memory is computed from.
  static func reviewsByCard(of records: [HistoryRecord], sinceLastReset: Bool = false) -> [(
    group: String, question: String, reviews: [ReviewHistory.Review]
  )] {
    let effects = StepEffects(records)
    var order: [(group: String, question: String)] = []
    var reviews: [String: [ReviewHistory.Review]] = [:]
    for case .answer(let answer) in records
    where effects.isInEffect(answer.id) && (!sinceLastReset || effects.isSinceLastReset(answer)) {
      let group = effects.group(of: answer)
      let key = group + "\u{1F}" + answer.question
      if reviews[key] == nil { order.append((group, answer.question)) }
      reviews[key, default: []].append(
        ReviewHistory.Review(time: answer.time, rating: effects.rating(of: answer), day: effects.day(of: answer)))
    }
    return order.map { ($0.group, $0.question, reviews[$0.group + "\u{1F}" + $0.question] ?? []) }
  }

  /// The answers in effect, in the order of the merged history, as
  /// ``StepEffects/answersInEffect(_:)`` gives them.
  func answersInEffect() throws -> [AnswerStep] {
    let records = try allRecords()
    return StepEffects(records).answersInEffect(records)
  }

  /// The groups as an Anki package: notes, cards with their due day and
  /// memory, and the review log of every answer in effect.
  public func ankiPackage(of groups: [QuestionGroup], memory: (Card, QuestionGroup) -> MemoryState?, at time: Date)
    throws -> [UInt8]
  {
    var states: [String: MemoryState] = [:]
    for group in groups {
      for card in group.cards {
        if let state = memory(card, group) {
          states[AnkiPackageWriter.key(group: group.title, card: card.identity)] = state
        }
      }
    }
    let titles = Set(groups.map(\.title))
    var reviews: [String: [AnkiPackageWriter.Review]] = [:]
    for answer in try answersInEffect() where titles.contains(answer.group) {
      reviews[AnkiPackageWriter.key(group: answer.group, card: answer.question), default: []].append(
        AnkiPackageWriter.Review(time: answer.time, rating: answer.rating, duration: answer.duration))
    }
    for key in reviews.keys { reviews[key]?.sort { $0.time < $1.time } }
    var writer = AnkiPackageWriter(
      groups: groups, memory: states, reviews: reviews, dayStartsAt: settings.dayStartsAt,
      desiredRetention: desiredRetention, now: Timestamp(time))
    writer.media = MediaFolder(of: folder)
    return try writer.package()
  }

  /// Installs fitted parameters as a step of the history: every memory
  /// state is computed again with them, and `undo` goes back to the ones
  /// before. Each card keeps its due day until its next review, unless
  /// `reschedule` computes the due days again too; `automatic` says in
  /// the step that no one asked for it.
  public func install(
    _ parameters: FSRSParameters, reviews: Int, reschedule: Bool, at time: Date, automatic: Bool = false
  ) throws {
    try install(
      InstalledModel(fsrs6: parameters), reschedule: reschedule, at: time,
      summary:
        "\(automatic ? "automatic optimize" : "optimize"): the scheduler fitted to \(reviews) reviews\(reschedule ? ", due days rescheduled" : "")"
    )
  }

  /// Computes every card's due day again with the parameters in use, as
  /// `optimize --reschedule` does when it installs nothing: due days kept
  /// by an earlier install (or an import) are computed from the memory.
  /// `undo` of the step brings the due days before it back.
  /// - Returns: `false` when no card has a memory, and nothing was done.
  @discardableResult
  public func reschedule(at time: Date) throws -> Bool {
    try install(
      progressWithoutMemory.schedulerSettings.installedModel, reschedule: true, at: time,
      summary: "optimize: due days rescheduled with the parameters in use", unlessEmpty: true)
  }

  /// The step that installs `model`, and the due day each card keeps
  /// from then until its next review: the one it had, or with
  /// `reschedule` the one its memory gives with `model`, whatever an
  /// earlier step kept.
  /// - Parameter unlessEmpty: whether nothing is done when no card has a
  ///   memory.
  /// - Returns: whether the step was made.
  @discardableResult
  func install(
    _ model: InstalledModel, reschedule: Bool, at time: Date, summary: String, unlessEmpty: Bool = false
  ) throws -> Bool {
    try perform { progress, ids in
      let setting = progress.schedulerSettings.setting(installing: model)
      let step = SettingStep(
        id: ids[0], time: ids.after(Timestamp(time)), key: setting.key, value: setting.value, summary: summary)
      let source = reschedule ? try rescheduled(with: model) ?? progress : progress
      var cards: [KeptDueDays.Card] = []
      for (title, group) in source.groups.sorted(by: { $0.key < $1.key }) {
        for (key, memory) in group.questions.sorted(by: { $0.key < $1.key }) {
          if let state = memory.state { cards.append(KeptDueDays.Card(group: title, card: key, day: state.dueDay)) }
        }
      }
      guard !cards.isEmpty else { return (unlessEmpty ? [] : [.setting(step)], !unlessEmpty) }
      let kept = KeptDueDays(id: ids[1], time: step.time, target: step.id, cards: cards)
      return ([.setting(step), .keptDueDays(kept)], true)
    }
  }

  /// The state with `model` installed and every due day computed again
  /// with it, none kept from an earlier step; `nil` with no history, which
  /// has no memory.
  func rescheduled(with model: InstalledModel) throws -> Progress? {
    var records = try allRecords().filter {
      if case .keptDueDays = $0 { false } else { true }
    }
    let last = records.lazy.map(HistoryOrder.init).max()
    guard let machine = existingMachine ?? last?.id.machine else { return nil }
    let id = StepID(machine: machine, sequence: StepID.maximumSequence)
    let time = Timestamp(rawValue: (last?.time.rawValue ?? 0) + 1)
    // A `model` step, which wins over `fsrs-parameters` whatever was installed before.
    records.append(
      .setting(SettingStep(id: id, time: time, key: SchedulerSettings.modelKey, value: model.text, summary: "")))
    return Progress.replaying(records)
  }
}
