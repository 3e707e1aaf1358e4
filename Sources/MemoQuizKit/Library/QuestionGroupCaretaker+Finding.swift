/// Finding the group a user named.
extension QuestionGroupCaretaker {
  /// The index of the group a user named: by title (ignoring case), by the
  /// number `groups` shows, or by a prefix of exactly one title (or of one
  /// title that the other titles it starts begin with).
  /// - Throws: ``QuestionFileError/noSuchGroup(_:titles:)``.
  ///
  /// A title wins over a number, so a group titled "2" is reached by `2`.
  /// Invisible characters (a zero-width space) are ignored on both sides.
  public func groupIndex(named name: String) throws(QuestionFileError) -> Int {
    let trimmed = TextSanitizer.withoutInvisibles(name).trimmingWhitespace
    let lowered = trimmed.lowercased()
    let titles = groups.map { TextSanitizer.withoutInvisibles($0.title).lowercased() }
    if let index = titles.firstIndex(of: lowered) { return index }
    if let number = Int(trimmed), (1...groups.count).contains(number) { return number - 1 }
    if let index = try lastPartIndex(lowered, titles: titles) { return index }
    let matches = titles.indices.filter { titles[$0].hasPrefix(lowered) }
    if !lowered.isEmpty, matches.count == 1 { return matches[0] }
    // "hira" names Hiragana, not Hiragana dakuten: the one match that all
    // the others start with.
    if !lowered.isEmpty,
      let shortest = matches.min(by: { titles[$0].count < titles[$1].count }),
      matches.allSatisfy({ titles[$0].hasPrefix(titles[shortest]) })
    {
      return shortest
    }
    throw .noSuchGroup(
      name, titles: Self.nearest(to: lowered, among: groups.map(\.title)), count: groups.count,
      suggestion: Self.suggestion(for: trimmed, among: groups.map(\.title)))
  }

  /// The groups a user named: the one ``groupIndex(named:)`` finds, or,
  /// when no title matches the name, the subdecks of the parent deck it
  /// names, in file order, as Anki studies a parent deck with its subdecks:
  /// `vocab` and `japanese::vocab` name `Japanese::Vocab::N5` and
  /// `Japanese::Vocab::Pairs`.
  /// - Throws: ``QuestionFileError/noSuchGroup(_:titles:count:suggestion:)``
  ///   when nothing matches; ``QuestionFileError/sharedLastPart(_:titles:)``
  ///   when the name ends several parent decks' names.
  public func groupIndices(named name: String) throws(QuestionFileError) -> [Int] {
    do {
      return [try groupIndex(named: name)]
    } catch {
      guard case .noSuchGroup = error, let subdecks = try subdeckIndices(of: name) else { throw error }
      return subdecks
    }
  }

  /// The groups under the parent deck `name` names, by its whole name or
  /// by its last `::` part, ignoring case; `nil` when no title is under one.
  /// - Throws: ``QuestionFileError/sharedLastPart(_:titles:)`` when the
  ///   name ends several parent decks' names.
  private func subdeckIndices(of name: String) throws(QuestionFileError) -> [Int]? {
    let lowered = TextSanitizer.withoutInvisibles(name).trimmingWhitespace.lowercased()
    guard !lowered.isEmpty else { return nil }
    var parents: [String] = []
    var indices: [Int] = []
    for (index, group) in groups.enumerated() {
      let parts = TextSanitizer.withoutInvisibles(group.title).split(separator: "::", omittingEmptySubsequences: false)
      // The nearest parent deck the name names: `a::b` under `a::b::c`.
      let depth = (1..<max(1, parts.count)).first { depth in
        let path = parts[..<depth].joined(separator: "::").lowercased()
        return path == lowered
          || (!lowered.contains("::") && String(parts[depth - 1]).trimmingWhitespace.lowercased() == lowered)
      }
      guard let depth else { continue }
      let parent = parts[..<depth].joined(separator: "::")
      if !parents.contains(where: { $0.lowercased() == parent.lowercased() }) { parents.append(parent) }
      indices.append(index)
    }
    guard parents.count < 2 else { throw .sharedLastPart(lowered, titles: parents) }
    return indices.isEmpty ? nil : indices
  }

  /// The group whose title's last `::` part is `lowered` (`verbs` is
  /// `Japanese::Verbs`), when one title ends so.
  /// - Throws: ``QuestionFileError/sharedLastPart(_:titles:)`` when several do.
  private func lastPartIndex(_ lowered: String, titles: [String]) throws(QuestionFileError) -> Int? {
    guard !lowered.isEmpty, !lowered.contains("::") else { return nil }
    let matches = titles.indices.filter { position in
      let parts = titles[position].split(separator: "::", omittingEmptySubsequences: false)
      return parts.count > 1 && String(parts[parts.count - 1]).trimmingWhitespace == lowered
    }
    guard matches.count < 2 else { throw .sharedLastPart(lowered, titles: matches.map { groups[$0].title }) }
    return matches.first
  }

  /// The one name a near miss most likely meant: the closest by edits to
  /// the whole name or to one of its words ("phrses" means "Basic
  /// Phrases"), if it is close enough (a third of the letters, at least one).
  public static func suggestion(for name: String, among names: [String]) -> String? {
    let typed = name.lowercased()
    guard !typed.isEmpty else { return nil }
    let limit = max(1, typed.count / 3)
    // A number is no misspelt name: "99" does not mean "Set 9", nor "95"
    // "N5". It is near only a title that is a number itself.
    let isNumber = Int(typed) != nil
    let scored = names.map { candidate in
      let whole = TextSanitizer.withoutInvisibles(candidate).lowercased()
      let words = whole.contains(" ") ? whole.split(separator: " ").map(String.init) : []
      let distances =
        [isNumber && Int(whole) == nil ? limit + 1 : EditDistance.between(typed, whole, limit: limit)]
        + words.map { isNumber ? ($0 == typed ? 0 : limit + 1) : EditDistance.between(typed, $0, limit: limit) }
      return (name: candidate, distance: distances.min() ?? limit + 1)
    }
    guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= limit else { return nil }
    return best.name
  }

  /// At most five titles closest to what was typed: those it starts or is
  /// part of first, then those fewest edits away.
  static func nearest(to name: String, among titles: [String], limit: Int = 5) -> [String] {
    // A short list is shown whole.
    guard titles.count > 12 else { return titles }
    func distance(_ title: String) -> Int {
      let lowered = title.lowercased()
      if lowered.hasPrefix(name) { return 0 }
      if lowered.contains(name) { return 1 }
      return 2 + EditDistance.between(String(lowered.prefix(64)), String(name.prefix(64)))
    }
    return titles.enumerated()
      .map { (distance: distance($0.element), index: $0.offset, title: $0.element) }
      .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
      .prefix(limit)
      .map(\.title)
  }
}

extension String {
  /// The string without leading and trailing white space.
  var trimmingWhitespace: String {
    // Most answers begin and end with a printable ASCII character: nothing
    // to trim, and no character to put together from its scalars.
    if let head = utf8.first, let tail = utf8.last, (0x21...0x7E).contains(head), (0x21...0x7E).contains(tail) {
      return self
    }
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
