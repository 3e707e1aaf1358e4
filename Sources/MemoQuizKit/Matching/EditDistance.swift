/// How many single edits turn one text into another: insertions, deletions,
/// substitutions, and swaps of neighbours (so "hnit" is one edit from
/// "hint"). Used to suggest what a user probably meant.
enum EditDistance {
  /// The distance between two texts, compared scalar by scalar.
  /// - Parameter limit: stop counting once the distance is surely above
  ///   this; the result is then `limit + 1`.
  static func between(_ first: String, _ second: String, limit: Int = .max) -> Int {
    between(Array(first.unicodeScalars), Array(second.unicodeScalars), limit: limit)
  }

  /// The distance between two sequences, element by element (scalars, or
  /// characters where a letter with its accent is one).
  static func between<Element: Equatable>(_ a: [Element], _ b: [Element], limit: Int = .max) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var beforePrevious = [Int](0...b.count)
    var previous = beforePrevious
    var current = previous
    for i in 1...a.count {
      current[0] = i
      var smallest = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, beforePrevious[j - 2] + 1)
        }
        current[j] = value
        smallest = min(smallest, value)
      }
      // No later row goes below this row's smallest less one.
      if limit < .max, smallest > limit + 1 { return limit + 1 }
      swap(&beforePrevious, &previous)
      swap(&previous, &current)
    }
    return limit < .max ? min(previous[b.count], limit + 1) : previous[b.count]
  }
}
