/// Where a typed answer differs from the nearest accepted one, character by
/// character: the two lined up in columns, with a mark under each column
/// that differs, so it reads without colour.
///
/// An answer one edit away (a character inserted, deleted or replaced, or
/// two neighbours swapped) is a near miss: still Incorrect, but most likely
/// a slip, which `:right` is there for when it was a true typo.
public struct AnswerDifference: Sendable, Equatable {
  /// One column of the alignment: a character of each side, or `nil` where
  /// one side has none.
  public struct Column: Sendable, Equatable {
    public var typed: Character?
    public var expected: Character?
    public var differs: Bool
  }

  /// The accepted answer nearest to what was typed.
  public let expected: String
  /// The columns, in order.
  public let columns: [Column]
  /// The number of edits between the two (after the matcher's folding).
  public let distance: Int

  /// The lengths of the two, in characters, after the matcher's folding.
  private let typedLength: Int
  private let expectedLength: Int

  /// Whether the answer was one edit away from an accepted one, other than
  /// a one-character answer replaced whole (any single character is one
  /// edit from a one-character answer, and no slip); one character
  /// inserted or deleted is a near miss whatever the length.
  public var isNearMiss: Bool { distance == 1 && !(typedLength == 1 && expectedLength == 1) }

  /// Whether the answer shares most of its characters with the accepted
  /// one: the edits between them are fewer than half the longer one's
  /// characters, as `arigatuo` is for `arigatou` and `xyz` is not for
  /// `konnichiwa`.
  public var isSimilar: Bool { distance * 2 < max(typedLength, expectedLength) }

  /// Whether the difference is worth showing: for a near miss or a similar
  /// answer; beside an unrelated answer a column of marks is noise.
  public var isWorthShowing: Bool { isNearMiss || isSimilar }

  /// The difference from the nearest of the accepted answers (a card's
  /// ``Card/acceptedAnswers``), or `nil` when nothing was typed.
  public init?(typed: String, accepting acceptedAnswers: [String]) {
    let given = AnswerMatcher.normalized(typed)
    guard !given.isEmpty else { return nil }
    var best: (answer: String, distance: Int)?
    for accepted in acceptedAnswers {
      let distance = EditDistance.between(given, AnswerMatcher.normalized(accepted), limit: best?.distance ?? .max)
      if best.map({ distance < $0.distance }) ?? true { best = (accepted, distance) }
    }
    guard let best else { return nil }
    expected = best.answer
    distance = best.distance
    typedLength = given.count
    expectedLength = AnswerMatcher.normalized(best.answer).count
    columns = Self.align(
      Array(typed.trimmingWhitespace), Array(best.answer.trimmingWhitespace))
  }

  /// The cheapest alignment of two texts, with swaps of neighbours as one
  /// step, compared ignoring case.
  static func align(_ typed: [Character], _ expected: [Character]) -> [Column] {
    let a = typed.map { $0.lowercased() }
    let b = expected.map { $0.lowercased() }
    let rows = a.count + 1
    let width = b.count + 1
    var cost = [Int](repeating: 0, count: rows * width)
    for i in 0..<rows { cost[i * width] = i }
    for j in 0..<width { cost[j] = j }
    if !a.isEmpty && !b.isEmpty {
      for i in 1..<rows {
        for j in 1..<width {
          var value = min(
            cost[(i - 1) * width + j] + 1, cost[i * width + j - 1] + 1,
            cost[(i - 1) * width + j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
          if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
            value = min(value, cost[(i - 2) * width + j - 2] + 1)
          }
          cost[i * width + j] = value
        }
      }
    }
    // Walk back from the end, preferring matches and replacements.
    var columns: [Column] = []
    var i = a.count
    var j = b.count
    while i > 0 || j > 0 {
      let here = cost[i * width + j]
      if i > 0, j > 0, here == cost[(i - 1) * width + j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1) {
        columns.append(Column(typed: typed[i - 1], expected: expected[j - 1], differs: a[i - 1] != b[j - 1]))
        i -= 1
        j -= 1
      } else if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1],
        here == cost[(i - 2) * width + j - 2] + 1
      {
        columns.append(Column(typed: typed[i - 1], expected: expected[j - 1], differs: true))
        columns.append(Column(typed: typed[i - 2], expected: expected[j - 2], differs: true))
        i -= 2
        j -= 2
      } else if i > 0, here == cost[(i - 1) * width + j] + 1 {
        columns.append(Column(typed: typed[i - 1], expected: nil, differs: true))
        i -= 1
      } else {
        columns.append(Column(typed: nil, expected: j > 0 ? expected[j - 1] : nil, differs: true))
        j -= 1
      }
    }
    return columns.reversed()
  }

  /// Three lines: what was typed, the answer, and `^` under each column
  /// that differs (`-` stands for a character one side lacks). The answer's
  /// differing characters are also shown in `style`'s red.
  /// - Parameter width: the terminal's width: columns that do not fit go
  ///   to three more lines, so no line wraps and every mark stays under
  ///   its letters.
  public func lines(style: TextStyle, indent: String = "  ", width: Int = .max) -> String {
    let room = max(8, width - DisplayWidth.of(indent) - 8)
    var text = ""
    var typedLine = ""
    var expectedLine = ""
    var marks = ""
    var used = 0
    func finishLines() {
      while marks.last == " " { marks.removeLast() }
      text += "\(indent)yours:  \(typedLine)\n\(indent)answer: \(expectedLine)\n"
      if !marks.isEmpty { text += "\(indent)        \(marks)\n" }
      (typedLine, expectedLine, marks, used) = ("", "", "", 0)
    }
    for column in columns {
      let typed = column.typed.map { TextSanitizer.sanitized(String($0)) } ?? "-"
      let expected = column.expected.map { TextSanitizer.sanitized(String($0)) } ?? "-"
      let columnWidth = max(DisplayWidth.of(typed), DisplayWidth.of(expected), 1)
      if used > 0 && used + columnWidth > room { finishLines() }
      typedLine += DisplayWidth.fit(typed, width: columnWidth)
      let shown = DisplayWidth.fit(expected, width: columnWidth)
      expectedLine += column.differs ? style.red(shown) : shown
      marks += String(repeating: column.differs ? "^" : " ", count: columnWidth)
      used += columnWidth
    }
    finishLines()
    return text
  }
}
