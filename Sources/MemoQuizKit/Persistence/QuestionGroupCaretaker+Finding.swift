/// Finding the group a user named.
extension QuestionGroupCaretaker {
  /// The index of the group a user named: by title (ignoring case), by the
  /// number `groups` shows, or by a prefix of exactly one title.
  /// - Throws: ``QuestionFileError/noSuchGroup(_:titles:)``.
  public func groupIndex(named name: String) throws(QuestionFileError) -> Int {
    let trimmed = name.trimmingWhitespace
    let lowered = trimmed.lowercased()
    if let index = groups.firstIndex(where: { $0.title.lowercased() == lowered }) { return index }
    if let number = Int(trimmed), (1...groups.count).contains(number) { return number - 1 }
    let matches = groups.indices.filter { groups[$0].title.lowercased().hasPrefix(lowered) }
    if !lowered.isEmpty, matches.count == 1 { return matches[0] }
    throw .noSuchGroup(name, titles: groups.map(\.title))
  }
}

extension String {
  /// The string without leading and trailing white space.
  var trimmingWhitespace: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
