/// Anki's plain text notes: the tab, comma or other separated files that
/// Anki imports and exports, read by Anki's own rules.
///
/// Header lines at the top name the separator (`#separator:tab`), whether
/// fields are HTML (`#html:true`), the columns, and which column holds the
/// deck, the tags, the note type or the guid, and the columns' names
/// (`#columns:`). Without `#separator:` the separator of a `.csv` or `.txt`
/// file is guessed from its first lines as Anki's importer guesses it (tab,
/// semicolon, comma: European spreadsheets write semicolons); a `.tsv` file
/// is tab-separated. Failing that, a `.csv` file is comma-separated and any
/// other is read with the first of tab, `|`, `;`, `:`, `,` and space that
/// the text holds. A field may be quoted with `"` (a quote doubled inside),
/// and a quoted field may span lines.
///
/// A row needs a prompt and an answer, and may not have more fields than the
/// file's first row or than a prompt, an answer and a hint: a separator left
/// unquoted inside a field would otherwise shift every field after it.
struct AnkiText {
  /// One note: its fields in order, the deck if a column names it, and the
  /// line it starts on.
  struct Row {
    var fields: [String]
    var deck: String?
    var line: Int
    /// The note's tags, from the tags column: separated by spaces.
    var tags: [String] = []
    /// The note type's name, from the note type column.
    var noteType: String?
    /// The note's identity in Anki, from the guid column.
    var guid: String?
  }

  var separator: Character = "\t"
  var isHTML = false
  var deckColumn: Int?
  var tagsColumn: Int?
  var noteTypeColumn: Int?
  var guidColumn: Int?
  /// Columns that hold no field of the note (deck, tags, note type, guid),
  /// counted from 0.
  var specialColumns: Set<Int> = []
  /// The names `#columns:` gives the note's fields (the columns that are
  /// not special), lower-cased, or `nil` without that header.
  var fieldNames: [String]?
  var rows: [Row] = []
  var problems: [ImportProblem] = []
  /// How many fields the first row has, and its line.
  private var firstRow: (width: Int, line: Int)?
  /// The rows of a single field, each with the separator it holds (if one
  /// of the others), by the place of its problem in `problems`.
  private var singleFieldRows: [(problem: Int, holds: Character?)] = []
  /// The most fields `#columns:` names.
  private var namedWidth = 0

  /// The separators Anki guesses from, first choice first.
  static let guessOrder: [Character] = ["\t", "|", ";", ":", ",", " "]

  /// The separators a spreadsheet's file is guessed to have from its first
  /// lines, first choice first, as Anki's importer tries them.
  static let firstLinesGuessOrder: [Character] = ["\t", ";", ","]

  /// How many of a file's first lines its separator is guessed from.
  static let guessedLines = 10

  /// Reads a file's text.
  /// - Parameters:
  ///   - defaultSeparator: the separator when no `#separator:` header names
  ///     one and none is guessed from the first lines; `nil` guesses it from
  ///     the whole text as Anki does.
  ///   - guessesFromFirstLines: whether, without `#separator:`, the
  ///     separator is guessed from the first lines (a `.csv` or `.txt` file).
  init(text: String, separator defaultSeparator: Character? = nil, guessesFromFirstLines: Bool = false) {
    // A byte order mark is not part of the first field.
    let text = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })[...]
    var lineNumber = 0
    var separatorNamed = false
    var columns: String?
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
      case "columns":
        columns = String(header[header.index(after: colon)...])
      case "deck column", "tags column", "notetype column", "guid column":
        guard let column = Int(value), column >= 1 else {
          problems.append(ImportProblem(line: lineNumber, message: "\"\(key)\" needs a column number from 1"))
          continue
        }
        specialColumns.insert(column - 1)
        switch key {
        case "deck column": deckColumn = column - 1
        case "tags column": tagsColumn = column - 1
        case "notetype column": noteTypeColumn = column - 1
        default: guidColumn = column - 1
        }
      default:
        break
      }
    }
    let body = lines.joined(separator: "\n")
    if !separatorNamed {
      if guessesFromFirstLines, let guessed = Self.guessedFromFirstLines(lines) {
        separator = guessed
      } else if let defaultSeparator {
        separator = defaultSeparator
      } else if let guessed = Self.guessOrder.first(where: { body.contains($0) }) {
        separator = guessed
      }
    }
    if let columns {
      // Anki writes the names with the file's separator; trailing carriage
      // returns and spaces are not part of the last name.
      let names = columns.split(separator: separator, omittingEmptySubsequences: false).map {
        String($0).trimmingWhitespace.lowercased()
      }
      namedWidth = names.count
      fieldNames = names.enumerated().filter { !specialColumns.contains($0.offset) }.map(\.element)
    }
    parse(body, firstLine: lineNumber + 1)
    collapseSingleFieldRows()
  }

  /// The separator of the first lines: of tab, semicolon and comma, the one
  /// most of them hold, the first in that order when several are held as
  /// often (a semicolon inside one comma-separated answer is no separator);
  /// `nil` when they hold none.
  static func guessedFromFirstLines(_ lines: ArraySlice<Substring>) -> Character? {
    let sample = lines.lazy.filter { !$0.allSatisfy(\.isWhitespace) }.prefix(guessedLines)
    var best: (separator: Character, lines: Int)?
    for separator in firstLinesGuessOrder {
      let holding = sample.count { $0.contains(separator) }
      if holding > (best?.lines ?? 0) { best = (separator, holding) }
    }
    return best?.separator
  }

  /// A file of which no row could be read, every line a single field that
  /// holds the same other separator, gets one problem that names that
  /// separator instead of one a line.
  private mutating func collapseSingleFieldRows() {
    guard rows.isEmpty, problems.count > 1, singleFieldRows.count == problems.count,
      let holds = singleFieldRows.first?.holds, singleFieldRows.allSatisfy({ $0.holds == holds }),
      let keyword = Self.keyword(of: holds)
    else { return }
    let message =
      "expected a prompt and an answer separated by \(Self.name(of: separator)), found 1 field; the file seems "
      + "to use \(Self.name(of: holds)): name the separator with a first line #separator:\(keyword)"
    problems = [ImportProblem(line: problems[0].line, message: message)]
  }

  /// The separator as a message names it: "commas", "tabs".
  static func name(of separator: Character) -> String {
    switch separator {
    case "\t": "tabs"
    case ",": "commas"
    case ";": "semicolons"
    case ":": "colons"
    case "|": "pipes ('|')"
    case " ": "spaces"
    default: "'\(separator)'"
    }
  }

  /// The word `#separator:` takes for a separator, if it has one.
  static func keyword(of separator: Character) -> String? {
    switch separator {
    case "\t": "tab"
    case ",": "comma"
    case ";": "semicolon"
    case ":": "colon"
    case "|": "pipe"
    default: nil
    }
  }

  /// The names a first row holds when it is a header row: a prompt's name
  /// (`prompt`, `question`, `front`), an answer's (`answer`, `back`), then
  /// optionally `hint` and `alternatives`, ignoring case.
  /// - Returns: the names, lower-cased, or `nil` when the row is a question.
  static func columnNames(_ fields: [String]) -> [String]? {
    let names = fields.map { $0.trimmingWhitespace.lowercased() }
    guard names.count >= 2, ["prompt", "question", "front"].contains(names[0]), ["answer", "back"].contains(names[1])
    else { return nil }
    let optional: Set<String> = [
      "hint", QuestionExport.alternativesColumn.lowercased(), QuestionExport.otherAnswersColumn.lowercased(),
      QuestionExport.blockedColumn.lowercased(),
    ]
    guard names.dropFirst(2).allSatisfy({ optional.contains($0) }) else { return nil }
    return names
  }

  static func separator(named name: String) -> Character? {
    switch name.lowercased() {
    case "tab", "\\t": "\t"
    case "comma": ","
    case "semicolon": ";"
    case "colon": ":"
    case "pipe": "|"
    case "space": " "
    default: name.count == 1 && name.first?.isASCII == true ? name.first : nil
    }
  }

  /// Splits the body into rows of fields, honouring quotes. It works on the
  /// UTF-8 bytes: separators, quotes and line breaks are all ASCII.
  private mutating func parse(_ body: String, firstLine: Int) {
    let bytes = Array(body.utf8)
    let separator = separator.asciiValue ?? UInt8(ascii: "\t")
    let quote = UInt8(ascii: "\"")
    let newline = UInt8(ascii: "\n")
    let carriageReturn = UInt8(ascii: "\r")
    var line = firstLine
    var rowLine = line
    var fields: [String] = []
    var field: [UInt8] = []
    var index = 0
    func endRow() {
      if !(fields.count == 1 && fields[0].allSatisfy(\.isWhitespace)) { appendRow(fields, line: rowLine) }
      fields.removeAll(keepingCapacity: true)
    }
    while index < bytes.count {
      if bytes[index] == quote {
        // A quoted field, up to its closing quote; "" is a quote.
        let quoteLine = line
        index += 1
        field.removeAll(keepingCapacity: true)
        var closed = false
        while index < bytes.count {
          let byte = bytes[index]
          if byte == quote {
            if index + 1 < bytes.count && bytes[index + 1] == quote {
              field.append(quote)
              index += 2
              continue
            }
            index += 1
            closed = true
            break
          }
          if byte == newline { line += 1 }
          field.append(byte)
          index += 1
        }
        guard closed else {
          problems.append(ImportProblem(line: quoteLine, message: "a quoted field is not closed"))
          return
        }
        // Anything after the closing quote, up to the separator, joins the field.
        while index < bytes.count, bytes[index] != separator, bytes[index] != newline {
          if bytes[index] != carriageReturn { field.append(bytes[index]) }
          index += 1
        }
      } else {
        let start = index
        while index < bytes.count, bytes[index] != separator, bytes[index] != newline { index += 1 }
        var end = index
        if end > start && bytes[end - 1] == carriageReturn { end -= 1 }
        field.removeAll(keepingCapacity: true)
        field.append(contentsOf: bytes[start..<end])
      }
      fields.append(String(decoding: field, as: UTF8.self))
      if index < bytes.count && bytes[index] == separator {
        index += 1
        if index < bytes.count && bytes[index] != newline { continue }
        // A separator at the end of a line ends one more, empty, field.
        fields.append("")
      }
      // The end of a row.
      endRow()
      index += 1
      line += 1
      rowLine = line
    }
  }

  private mutating func appendRow(_ fields: [String], line: Int) {
    let contentCount = fields.indices.filter { !specialColumns.contains($0) }.count
    let separated = "separated by \(Self.name(of: separator))"
    guard contentCount >= 2 else {
      var message = "expected a prompt and an answer \(separated), found \(counted(fields.count, "field"))"
      // A file separated by another character says so in its lines.
      let other = Self.guessOrder.first { $0 != " " && fields.count == 1 && fields[0].contains($0) }
      if fields.count == 1 { singleFieldRows.append((problems.count, other)) }
      if let other, let keyword = Self.keyword(of: other) {
        message +=
          "; the line holds \(Self.name(of: other)): name the separator with a first line #separator:\(keyword)"
      }
      problems.append(ImportProblem(line: line, message: message))
      return
    }
    if firstRow == nil, fieldNames == nil, let names = Self.columnNames(fields) {
      // A header row, as spreadsheets write one: the names of the columns,
      // as `#columns:` gives them, not a question.
      fieldNames = names
      namedWidth = names.count
      return
    }
    let first = firstRow ?? (fields.count, line)
    firstRow = first
    let allowed = max(first.width, namedWidth, specialColumns.count + 3)
    guard fields.count <= allowed else {
      let quoteHint = "a field that holds the separator must be in double quotes"
      let message =
        first.width == allowed && first.line != line
        ? "found \(fields.count) fields \(separated) where line \(first.line) has \(first.width); \(quoteHint)"
        : "found \(fields.count) fields \(separated), more than the \(allowed) a row can have; \(quoteHint)"
      problems.append(ImportProblem(line: line, message: message))
      return
    }
    // Columns Anki writes as they are: a guid or a tag is never HTML.
    func special(_ column: Int?, isText: Bool = false) -> String? {
      column.flatMap { $0 < fields.count ? (isText ? clean(fields[$0]) : fields[$0].trimmingWhitespace) : nil }
        .flatMap { $0.isEmpty ? nil : $0 }
    }
    let content = fields.enumerated().filter { !specialColumns.contains($0.offset) }.map { clean($0.element) }
    rows.append(
      Row(
        fields: content, deck: special(deckColumn, isText: true), line: line,
        tags: special(tagsColumn).map { $0.split(separator: " ").map(String.init) } ?? [],
        noteType: special(noteTypeColumn), guid: special(guidColumn)))
  }

  /// A field as text: HTML tags removed and entities decoded when the file
  /// is HTML, and line breaks made spaces.
  private func clean(_ field: String) -> String {
    // Most fields are plain: nothing to do.
    if !isHTML, field.utf8.allSatisfy({ $0 >= 0x21 || $0 == 0x20 }),
      field.first?.isWhitespace != true, field.last?.isWhitespace != true
    {
      return field
    }
    return Self.plainField(field, isHTML: isHTML)
  }

  /// A field as one line of text: HTML tags removed and entities decoded
  /// when `isHTML`, line breaks made spaces, and the ends trimmed. Anki's
  /// packages hold their fields as HTML and are read the same way.
  static func plainField(_ field: String, isHTML: Bool = true) -> String {
    let text = isHTML ? HTMLText.plain(field) : field
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
/// entities decoded. Furigana (`<ruby>山<rt>やま</rt></ruby>`) become Anki's
/// text form, `山[やま]`, and the fallback parentheses of `<rp>` go.
enum HTMLText {
  static func plain(_ html: String) -> String {
    var text = ""
    var characters = html[...]
    var inFallback = false
    while let first = characters.first {
      if first == "<", let close = characters.firstIndex(of: ">") {
        let tag = characters[characters.index(after: characters.startIndex)..<close].lowercased()
        let name = tag.prefix { !$0.isWhitespace && $0 != ">" }
        if tag.hasPrefix("br") || tag.hasPrefix("/div") || tag.hasPrefix("/p") { text += "\n" }
        switch name {
        case "rt": text += "["
        case "/rt": text += "]"
        case "rp": inFallback = true
        case "/rp": inFallback = false
        default: break
        }
        characters = characters[characters.index(after: close)...]
        continue
      }
      if inFallback {
        characters = characters.dropFirst()
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
