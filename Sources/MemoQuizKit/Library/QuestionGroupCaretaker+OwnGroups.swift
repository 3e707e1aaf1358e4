/// The day favours the learner's own groups: bundled groups never played
/// give the day no new questions while the folder holds groups of the
/// learner's own (imported, added or written), so that a deck brought in is
/// not starved by 46 untouched Hiragana. A bundled group played once, or a
/// review that names it, takes part again.
extension QuestionGroupCaretaker {
  /// The titles of the bundled groups.
  static let bundledTitles: Set<String> = Set((try? bundledGroups())?.map(\.title) ?? [])

  /// The titles of the bundled groups that wait: never answered, in a
  /// questions file that also holds a group of the learner's own.
  public var waitingBundledTitles: Set<String> {
    guard case .file = source, groups.contains(where: { !Self.bundledTitles.contains($0.title) }) else { return [] }
    var waiting = Set<String>()
    for group in groups where Self.bundledTitles.contains(group.title) {
      let score = score(of: group)
      if score.correctCount == 0 && score.incorrectCount == 0 && newCount(of: group) == group.cards.count {
        waiting.insert(group.title)
      }
    }
    return waiting
  }

  /// The groups today's review plays when none is named: all but the
  /// bundled ones that wait.
  public var dayGroupIndices: [Int] {
    let waiting = waitingBundledTitles
    return groups.indices.filter { !waiting.contains(groups[$0].title) }
  }
}
