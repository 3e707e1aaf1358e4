/// Anki's plain text notes: the tab, comma or other separated files that
/// Anki imports and exports, read by Anki's own rules.
///
/// Header lines at the top name the separator (`#separator:tab`), whether
/// fields are HTML (`#html:true`), the columns, and which column holds the
/// deck, the tags, the note type or the guid. Without `#separator:` the
/// separator is guessed as Anki guesses it: the first of tab, `|`, `;`, `:`,
/// `,` and space that the text holds. A field may be quoted with `"` (a quote
/// doubled inside), and a quoted field may span lines.
struct AnkiText {
  /// One note: its fields in order, the deck if a column names it, and the
  /// line it starts on.
  struct Row {
    var fields: [String]
    var deck: String?
    var line: Int
  }

  var separator: Character = "\t"
  var isHTML = false
  var deckColumn: Int?
  /// Columns that hold no field of the note (deck, tags, note type, guid),
  /// counted from 0.
  var specialColumns: Set<Int> = []
  var rows: [Row] = []
  var problems: [ImportProblem] = []

  /// The separators Anki guesses from, first choice first.
  static let guessOrder: [Character] = ["\t", "|", ";", ":", ",", " "]

  init(text: String) {
    var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })[...]
    var lineNumber = 0
    var separatorNamed = false
    // Header lines.
    while let line = lines.first, line.hasPrefix("#") {
      lines.removeFirst()
      lineNumber += 1
      let header = line
      guard let colon = header.firstIndex(of: ":") else { continue }
      let key = header[header.index(after: header.startIndex)..<colon].lowercased()
      let value = String(header[header.index(after: colon)...]).trimmingWhitespace
      switch key {
      case "separator":
        if let named = Self.separator(named: value) {
          separator = named
          separatorNamed = true
        } else {
          problems.append(ImportProblem(line: lineNumber, message: "unknown separator \"\(value)\""))
        }
      case "html":
        isHTML = value.lowercased() == "true"
      case "deck column", "tags column", "notetype column", "guid column":
        guard let column = Int(value), column >= 1 else {
          problems.append(ImportProblem(line: lineNumber, message: "\"\(key)\" needs a column number from 1"))
          continue
        }
        specialColumns.insert(column - 1)
        if key == "deck column" { deckColumn = column - 1 }
      default:
        break
      }
    }
    let body = lines.joined(separator: "\n")
    if !separatorNamed, let guessed = Self.guessOrder.first(where: { body.contains($0) }) {
      separator = guessed
    }
    parse(body, firstLine: lineNumber + 1)
  }

  static func separator(named name: String) -> Character? {
    switch name.lowercased() {
    case "tab", "\\t": "\t"
    case "comma": ","
    case "semicolon": ";"
    case "colon": ":"
    case "pipe": "|"
    case "space": " "
    default: name.count == 1 ? name.first : nil
    }
  }

  /// Splits the body into rows of fields, honouring quotes.
  private mutating func parse(_ body: String, firstLine: Int) {
    var line = firstLine
    var fields: [String] = []
    var field = ""
    var rowLine = line
    var quoteLine = line
    var inQuotes = false
    var atFieldStart = true
    var characters = Array(body)
    if characters.last == "\n" { characters.removeLast() }
    var index = 0
    func endRow() {
      fields.append(field)
      field = ""
      if !(fields.count == 1 && fields[0].trimmingWhitespace.isEmpty) {
        appendRow(fields, line: rowLine)
      }
      fields = []
      atFieldStart = true
    }
    while index < characters.count {
      let character = characters[index]
      if inQuotes {
        if character == "\"" {
          if index + 1 < characters.count && characters[index + 1] == "\"" {
            field.append("\"")
            index += 2
            continue
          }
          inQuotes = false
        } else {
          if character == "\n" { line += 1 }
          field.append(character)
        }
        index += 1
        continue
      }
      switch character {
      case "\"" where atFieldStart:
        inQuotes = true
        quoteLine = line
        atFieldStart = false
      case separator:
        fields.append(field)
        field = ""
        atFieldStart = true
      case "\n", "\r\n":
        endRow()
        line += 1
        rowLine = line
      case "\r":
        break
      default:
        field.append(character)
        atFieldStart = false
      }
      index += 1
    }
    if inQuotes {
      problems.append(ImportProblem(line: quoteLine, message: "a quoted field is not closed"))
      return
    }
    if !field.isEmpty || !fields.isEmpty { endRow() }
  }

  private mutating func appendRow(_ fields: [String], line: Int) {
    let deck = deckColumn.flatMap { $0 < fields.count ? fields[$0] : nil }.map { clean($0) }
    let content = fields.enumerated().filter { !specialColumns.contains($0.offset) }.map { clean($0.element) }
    rows.append(Row(fields: content, deck: deck, line: line))
  }

  /// A field as text: HTML tags removed and entities decoded when the file
  /// is HTML, and line breaks made spaces.
  private func clean(_ field: String) -> String {
    var text = field
    if isHTML { text = HTMLText.plain(text) }
    return text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).joined(separator: " ").trimmingWhitespace
  }

  // MARK: - Writing

  /// A field as Anki reads it back: quoted when it holds the separator, a
  /// quote or a line break.
  static func quoted(_ field: String, separator: Character) -> String {
    guard field.contains(where: { $0 == separator || $0 == "\"" || $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    else { return field }
    return "\"" + field.replacing("\"", with: "\"\"") + "\""
  }
}

/// Plain text from a field of HTML: tags removed, `<br>` a line break, and
/// entities decoded.
enum HTMLText {
  static func plain(_ html: String) -> String {
    var text = ""
    var characters = html[...]
    while let first = characters.first {
      if first == "<", let close = characters.firstIndex(of: ">") {
        let tag = characters[characters.index(after: characters.startIndex)..<close].lowercased()
        if tag.hasPrefix("br") || tag.hasPrefix("/div") || tag.hasPrefix("/p") { text += "\n" }
        characters = characters[characters.index(after: close)...]
        continue
      }
      if first == "&", let semicolon = characters.prefix(12).firstIndex(of: ";") {
        let name = String(characters[characters.index(after: characters.startIndex)..<semicolon])
        if let decoded = entity(name) {
          text.append(decoded)
          characters = characters[characters.index(after: semicolon)...]
          continue
        }
      }
      text.append(first)
      characters = characters.dropFirst()
    }
    return text
  }

  private static let named: [String: Character] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
  ]

  private static func entity(_ name: String) -> Character? {
    if let character = named[name] { return character }
    guard name.hasPrefix("#") else { return nil }
    let digits = name.dropFirst()
    let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
    return value.flatMap(Unicode.Scalar.init).map(Character.init)
  }
}
