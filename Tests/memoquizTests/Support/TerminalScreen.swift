/// A small model of a terminal's screen, as xterm and the terminals that
/// follow it behave, to check what a person sees rather than the bytes a
/// program wrote.
///
/// It knows what a line editor uses: printing with automatic wrapping (a
/// character written in the last column leaves the cursor there until the
/// next one wraps; a wide character that does not fit goes to the next
/// row), carriage return, line feed with scrolling, backspace, the cursor
/// movements `CSI n A/B/C/D/G/H`, erasing `CSI n J` and `CSI n K`; colours
/// and control strings are skipped. A grapheme cluster takes one cell, two
/// for East Asian wide characters, emoji and flags, as current terminals
/// show them. Its widths are its own table, not the program's.
struct TerminalScreen {
  let columns: Int
  let rows: Int
  /// Each cell's text; a wide character's second cell is empty.
  private var cells: [[String]]
  private(set) var row = 0
  private(set) var column = 0
  private var pendingWrap = false

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
  }

  /// The screen after `output` was written to a new terminal.
  init(columns: Int, rows: Int, output: String) {
    self.init(columns: columns, rows: rows)
    write(output)
  }

  /// The rows as text, trailing spaces removed.
  var lines: [String] {
    cells.map { cells in
      let line = cells.joined()
      guard let last = line.lastIndex(where: { $0 != " " }) else { return "" }
      return String(line[...last])
    }
  }

  /// The rows from the last one that starts with `prefix` down to the last
  /// row that is not empty.
  func lines(from prefix: String) -> [String] {
    let all = lines
    guard let start = all.lastIndex(where: { $0.hasPrefix(prefix) }) else { return [] }
    let end = all.lastIndex { !$0.isEmpty } ?? start
    return Array(all[start...max(start, end)])
  }

  /// Feeds what a program wrote.
  mutating func write(_ output: String) {
    let characters = Array(output)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      index += 1
      switch character {
      case "\u{1B}":
        index = escape(characters, from: index)
      case "\r\n":
        carriageReturn()
        lineFeed()
      case "\r":
        carriageReturn()
      case "\n", "\u{0B}", "\u{0C}":
        lineFeed()
      case "\u{08}":
        pendingWrap = false
        column = max(0, column - 1)
      case "\t":
        pendingWrap = false
        column = min(columns - 1, (column / 8 + 1) * 8)
      default:
        if let value = character.unicodeScalars.first?.value, value < 0x20 || value == 0x7F { continue }
        put(character)
      }
    }
  }

  private mutating func carriageReturn() {
    pendingWrap = false
    column = 0
  }

  private mutating func lineFeed() {
    pendingWrap = false
    if row == rows - 1 {
      cells.removeFirst()
      cells.append(Array(repeating: " ", count: columns))
    } else {
      row += 1
    }
  }

  private mutating func put(_ character: Character) {
    let width = Self.width(of: character)
    if width == 0 {
      let target = pendingWrap ? column : max(0, column - 1)
      cells[row][target] += String(character)
      return
    }
    if pendingWrap || column + width > columns {
      carriageReturn()
      lineFeed()
    }
    cells[row][column] = String(character)
    if width == 2 { cells[row][column + 1] = "" }
    column += width
    if column >= columns {
      column = columns - 1
      pendingWrap = true
    }
  }

  /// Reads the sequence after an ESC and applies it.
  /// - Returns: the index after it.
  private mutating func escape(_ characters: [Character], from start: Int) -> Int {
    guard start < characters.count else { return start }
    switch characters[start] {
    case "[":
      var index = start + 1
      var parameters = ""
      while index < characters.count, let value = characters[index].asciiValue, (0x20...0x3F).contains(value) {
        parameters.append(characters[index])
        index += 1
      }
      guard index < characters.count else { return index }
      controlSequence(parameters, final: characters[index])
      return index + 1
    case "]", "P", "X", "^", "_":
      var index = start + 1
      while index < characters.count {
        if characters[index] == "\u{07}" { return index + 1 }
        if characters[index] == "\u{1B}" { return index + 2 }
        index += 1
      }
      return index
    case "(", ")", "#":
      return start + 2
    default:
      return start + 1
    }
  }

  private mutating func controlSequence(_ parameters: String, final: Character) {
    guard !parameters.hasPrefix("?") else { return }
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    func number(_ position: Int, default value: Int) -> Int {
      position < numbers.count ? numbers[position] ?? value : value
    }
    let count = max(1, number(0, default: 1))
    switch final {
    case "A": row = max(0, row - count)
    case "B": row = min(rows - 1, row + count)
    case "C": column = min(columns - 1, column + count)
    case "D": column = max(0, column - count)
    case "G": column = min(columns - 1, count - 1)
    case "H", "f":
      row = min(rows - 1, max(1, number(0, default: 1)) - 1)
      column = min(columns - 1, max(1, number(1, default: 1)) - 1)
    case "J":
      switch number(0, default: 0) {
      case 0:
        erase(row: row, from: column, to: columns)
        for below in (row + 1)..<rows { erase(row: below, from: 0, to: columns) }
      case 1:
        for above in 0..<row { erase(row: above, from: 0, to: columns) }
        erase(row: row, from: 0, to: column + 1)
      default:
        for any in 0..<rows { erase(row: any, from: 0, to: columns) }
      }
    case "K":
      switch number(0, default: 0) {
      case 0: erase(row: row, from: column, to: columns)
      case 1: erase(row: row, from: 0, to: column + 1)
      default: erase(row: row, from: 0, to: columns)
      }
    default:
      return  // colours and modes change nothing that is checked
    }
    pendingWrap = false
  }

  private mutating func erase(row: Int, from start: Int, to end: Int) {
    for column in start..<min(end, columns) { cells[row][column] = " " }
    // Half a wide character erased leaves neither half.
    guard start > 0, start < columns else { return }
    let left = cells[row][start - 1]
    if !left.isEmpty, left != " ", Self.width(of: Character(left)) == 2 { cells[row][start - 1] = " " }
  }

  /// The cells a grapheme cluster takes.
  static func width(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first?.value else { return 0 }
    if scalars.allSatisfy({ $0.properties.generalCategory == .nonspacingMark }) { return 0 }
    switch first {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
      0xF900...0xFAFF, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F000...0x1FAFF, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }
}
