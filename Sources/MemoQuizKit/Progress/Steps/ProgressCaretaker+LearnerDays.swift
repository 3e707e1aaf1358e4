import FoundationEssentials

/// Learner days for answers recorded before they were kept.
extension ProgressCaretaker {
  /// Gives every answer recorded without a learner day (by an earlier
  /// release, here or on another machine) its day, once, in a note of the
  /// history: this machine's time zone and `day-starts-at`, so that every
  /// machine derives the same memory from then on. Says so in one line.
  ///
  /// A folder that cannot be written keeps the days given meanwhile, and
  /// the next command tries again.
  public func giveLearnerDays() throws {
    guard !progressWithoutMemory.undatedAnswers.isEmpty else { return }
    let given = try perform { progress, ids -> (records: [HistoryRecord], result: Int) in
      let undated = progress.undatedAnswers
      guard !undated.isEmpty else { return ([], 0) }
      // After everything known, so that no later command replays for it.
      let note = LearnerDaysNote(
        id: ids[0], time: ids.after(Timestamp(rawValue: 0)), hour: Settings(progress.settings).dayStartsAt,
        runs: LearnerDayIndex.runs(of: undated))
      return ([.learnerDays(note)], undated.count)
    }
    guard given > 0 else { return }
    let hour = settings.dayStartsAt
    let zone = "time zone \(TimeZoneRules.current.name)"
    onWarning(
      "\(given) earlier \(given == 1 ? "answer was" : "answers were") placed on the learner days they were given "
        + "(days from \(hour < 10 ? "0" : "")\(hour):00, \(zone)), and memory was recounted in learner days")
  }
}
