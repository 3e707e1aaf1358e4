/// Where the characters of an edited line stand on the terminal when the
/// line goes on over several rows.
///
/// Each character is shown as ``TextSanitizer`` makes it safe, and takes
/// the columns ``DisplayWidth`` gives its grapheme cluster. A character
/// wider than what is left of a row goes to the start of the next one, as
/// terminals wrap a wide character; a row filled to its last column leaves
/// the terminal's cursor there until the next character comes.
struct LineLayout {
  /// A place on the terminal, counted from the line's first row.
  struct Position: Equatable {
    var row: Int
    var column: Int
  }

  /// The text to write for the line.
  let text: String
  /// Where each character starts, and at the last index where the line
  /// ends: one more than there are characters.
  let positions: [Position]
  /// Whether the line ends exactly at the right margin, so that the
  /// position after it is the start of the next row.
  let fillsLastRow: Bool
  let startColumn: Int

  /// Lays out `characters` from `startColumn` on rows of `width` columns.
  init(_ characters: [Character], startColumn: Int, width: Int) {
    let width = max(1, width)
    self.startColumn = startColumn
    var text = ""
    var positions: [Position] = []
    positions.reserveCapacity(characters.count + 1)
    var row = 0
    var column = startColumn
    for character in characters {
      let shown = TextSanitizer.sanitized(String(character))
      var first = true
      for cell in shown {
        let columns = DisplayWidth.of(cell)
        if columns > 0 && column + columns > width {
          row += 1
          column = 0
        }
        if first {
          positions.append(column >= width ? Position(row: row + 1, column: 0) : Position(row: row, column: column))
          first = false
        }
        column += columns
      }
      text += shown
    }
    fillsLastRow = column >= width && !characters.isEmpty
    positions.append(fillsLastRow ? Position(row: row + 1, column: 0) : Position(row: row, column: column))
    self.text = text
    self.positions = positions
  }
}
