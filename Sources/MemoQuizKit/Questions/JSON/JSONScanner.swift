/// A strict JSON parser that keeps the position of every value.
///
/// It follows RFC 8259 to the letter, which `JSONDecoder` on Linux does not:
/// trailing commas, control characters in strings, invalid UTF-8 and text
/// after the value are errors with a byte offset. It works directly on the
/// bytes, about ten times faster than decoding through `Codable`.
///
/// After a syntax error it recovers, as compilers do, at the next element
/// of an array or member of an object: a value it cannot read is skipped up
/// to the next `,` or closing bracket at its own level and stands as
/// ``JSONNode/Value/invalid``, a missing comma is taken as written, and a
/// trailing comma is noted and passed over. So one pass finds every syntax
/// error that can be told apart, each byte looked at a bounded number of
/// times: the time stays linear in the file's size.
struct JSONScanner: ~Copyable {
  /// Deeper nesting than this is refused rather than risking the stack.
  static let maximumDepth = 512
  /// More errors than this are counted, not kept, as the checker does.
  static let errorLimit = 1000

  /// What a whole text gave: the root (whatever of it could be read), and
  /// the syntax errors in the order found.
  struct Result {
    let root: JSONNode
    /// The first ``errorLimit`` errors.
    let errors: [JSONSyntaxError]
    /// How many errors there are in all.
    let errorCount: Int
    /// The offsets of values that could not be read and of arrays and
    /// objects that lost part of themselves: what a check of the content
    /// must not report again (a missing key that was there, but unreadable).
    let damagedOffsets: Set<Int>
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var depth = 0
  private var errors: [JSONSyntaxError] = []
  private var errorCount = 0
  private var damagedOffsets: Set<Int> = []
  /// Where the newest error was, kept or not.
  private var lastErrorOffset: Int?
  /// The end of the text came too soon and was reported: the containers
  /// left open around it say nothing more.
  private var endReported = false

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Parses a whole JSON text.
  /// - Returns: the root value.
  /// - Throws: ``JSONSyntaxError``: the first problem.
  static func parse(_ text: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
    let result = parseRecovering(text)
    if let first = result.errors.first { throw first }
    return result.root
  }

  /// Parses a whole JSON text, reading on after each syntax error.
  static func parseRecovering(_ text: [UInt8]) -> Result {
    text.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(bytes: buffer)
      let root = scanner.parseRoot()
      return Result(
        root: root, errors: scanner.errors, errorCount: scanner.errorCount,
        damagedOffsets: scanner.damagedOffsets)
    }
  }

  private mutating func parseRoot() -> JSONNode {
    if let encoding = Self.wideEncoding(of: bytes) {
      record(JSONSyntaxError(offset: 0, message: "the file is \(encoding), not UTF-8; save it as UTF-8"))
      return invalid(at: 0)
    }
    // A UTF-8 byte order mark is harmless; editors on some systems add one.
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      index = 3
    }
    skipWhitespace()
    guard index < bytes.count else {
      record(error("the file is empty; expected a JSON value"))
      return invalid(at: index)
    }
    let root = recoveringValue()
    skipWhitespace()
    if index < bytes.count {
      record(error("unexpected \(describeCurrent()) after the end of the JSON value"))
    }
    return root
  }

  /// The name of a UTF-16 or UTF-32 encoding the text starts in, told by
  /// its byte order mark or by the zero bytes around its first character.
  private static func wideEncoding(of bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard bytes.count >= 2 else { return nil }
    let head = Array(bytes.prefix(4)) + [UInt8](repeating: 1, count: max(0, 4 - bytes.count))
    switch (head[0], head[1], head[2], head[3]) {
    case (0xFF, 0xFE, 0, 0), (0, 0, 0xFE, 0xFF): return "UTF-32"
    case (0xFF, 0xFE, _, _), (0xFE, 0xFF, _, _): return "UTF-16"
    case (_, 0, 0, 0) where head[0] != 0, (0, 0, 0, _) where head[3] != 0: return "UTF-32"
    case (_, 0, _, 0) where head[0] != 0, (0, _, 0, _) where head[1] != 0: return "UTF-16"
    default: return nil
    }
  }

  // MARK: - Values

  private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
    let start = index
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), offset: start)
    case UInt8(ascii: "t"): try expectLiteral("true"); return JSONNode(value: .bool(true), offset: start)
    case UInt8(ascii: "f"): try expectLiteral("false"); return JSONNode(value: .bool(false), offset: start)
    case UInt8(ascii: "n"): try expectLiteral("null"); return JSONNode(value: .null, offset: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONNode(value: .number(try parseNumber()), offset: start)
    default:
      throw error("unexpected \(describeCurrent()); expected a value")
    }
  }

  /// A value where one must stand (the text is not at its end). One that
  /// cannot be read is reported, skipped to the next `,` or closing bracket
  /// of its level, and stands as an invalid value.
  /// - Parameter isElement: an array's element, which a reader of the tree
  ///   passes over by its kind; other invalid values are also listed in
  ///   ``Result/damagedOffsets``, for the checks made at their offset.
  private mutating func recoveringValue(isElement: Bool = false) -> JSONNode {
    let start = index
    do {
      return try parseValue()
    } catch {
      record(error)
      skipValue()
      return isElement ? JSONNode(value: .invalid, offset: start) : invalid(at: start)
    }
  }

  private mutating func parseObject() throws(JSONSyntaxError) -> JSONNode {
    let start = index
    try enterNesting()
    defer { depth -= 1 }
    index += 1
    var members: [JSONNode.Member] = []
    skipWhitespace()
    if peek("}") {
      index += 1
      return JSONNode(value: .object(members), offset: start)
    }
    // Room for a question's usual members at once, rather than growing
    // from one to two to four.
    members.reserveCapacity(4)
    var afterComma = false
    while true {
      skipWhitespace()
      guard index < bytes.count else {
        reportEnd(of: "object", openedAt: start)
        return JSONNode(value: .object(members), offset: start)
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        if let member = parseMember(of: start) { members.append(member) }
      } else if byte == UInt8(ascii: "}") && afterComma {
        record(error("trailing comma before '}'; remove the last comma"))
        index += 1
        return JSONNode(value: .object(members), offset: start)
      } else {
        record(error("unexpected \(describeCurrent()); expected a key in double quotes"))
        damagedOffsets.insert(start)
        skipValue()
      }
      switch separator(closing: UInt8(ascii: "}"), openedAt: start, startsNext: { $0 == UInt8(ascii: "\"") }) {
      case .next: afterComma = true
      case .nextWithoutComma: afterComma = false
      case .end: return JSONNode(value: .object(members), offset: start)
      }
    }
  }

  /// A `"key": value` member, the text at its key's opening quote; `nil`
  /// when no value could be told (the object is then marked damaged).
  private mutating func parseMember(of object: Int) -> JSONNode.Member? {
    let keyOffset = index
    let key: String
    if let known = knownKey() {
      key = known
    } else {
      do {
        key = try parseString()
      } catch {
        record(error)
        damagedOffsets.insert(object)
        skipValue()
        return nil
      }
    }
    skipWhitespace()
    if peek(":") {
      index += 1
      skipWhitespace()
    } else {
      record(error("unexpected \(describeCurrent()); expected ':' after the key"))
      // `"key" value` lacks only its colon; anything else lacks the value.
      guard index < bytes.count, Self.startsValue(bytes[index]) else {
        damagedOffsets.insert(object)
        return nil
      }
    }
    guard index < bytes.count else {
      damagedOffsets.insert(object)
      return nil
    }
    return JSONNode.Member(key: key, keyOffset: keyOffset, value: recoveringValue())
  }

  /// The short keys of a questions file, which make most of the keys
  /// read, each with its bytes packed into a word (the first byte lowest).
  private static let knownKeys: [(word: UInt64, key: String)] =
    ["id", "prompt", "answer", "tags", "hint", "cloze", "reverse", "title", "score"].map { key in
      (key.utf8.reversed().reduce(0) { $0 << 8 | UInt64($1) }, key)
    }

  /// One of ``knownKeys`` written plainly (letters only) at the opening
  /// quote, read past its closing quote; `nil`, with nothing read, for any
  /// other string. A known key is the string it names, not one built again
  /// from its bytes.
  private mutating func knownKey() -> String? {
    let start = index + 1
    var end = start
    var word: UInt64 = 0
    while end < bytes.count, end - start < 8 {
      let byte = bytes[end]
      guard (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") else { break }
      word |= UInt64(byte) << (8 * UInt64(end - start))
      end += 1
    }
    guard end < bytes.count, bytes[end] == UInt8(ascii: "\""), end > start else { return nil }
    for known in Self.knownKeys where known.word == word {
      index = end + 1
      return known.key
    }
    return nil
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> JSONNode {
    let start = index
    try enterNesting()
    defer { depth -= 1 }
    index += 1
    var elements: [JSONNode] = []
    skipWhitespace()
    if peek("]") {
      index += 1
      return JSONNode(value: .array(elements), offset: start)
    }
    var afterComma = false
    while true {
      skipWhitespace()
      guard index < bytes.count else {
        reportEnd(of: "array", openedAt: start)
        return JSONNode(value: .array(elements), offset: start)
      }
      if afterComma && bytes[index] == UInt8(ascii: "]") {
        record(error("trailing comma before ']'; remove the last comma"))
        index += 1
        return JSONNode(value: .array(elements), offset: start)
      }
      elements.append(recoveringValue(isElement: true))
      switch separator(closing: UInt8(ascii: "]"), openedAt: start, startsNext: Self.startsValue) {
      case .next: afterComma = true
      case .nextWithoutComma: afterComma = false
      case .end: return JSONNode(value: .array(elements), offset: start)
      }
    }
  }

  /// What follows an element or a member.
  private enum Separator {
    /// A comma: the next element or member.
    case next
    /// The next element or member, its comma missing (reported).
    case nextWithoutComma
    /// The closing bracket, the end of the text, or a bracket of the other
    /// kind (reported and left for the enclosing value).
    case end
  }

  /// Reads the `,` or closing bracket after an element or member, reporting
  /// and skipping what stands in their place.
  /// - Parameter startsNext: whether a byte can start the next element or
  ///   member, so that a missing comma is taken as written.
  private mutating func separator(
    closing closer: UInt8, openedAt start: Int, startsNext: (UInt8) -> Bool
  ) -> Separator {
    let closerName = Character(Unicode.Scalar(closer))
    while true {
      skipWhitespace()
      guard index < bytes.count else {
        reportEnd(of: closer == UInt8(ascii: "]") ? "array" : "object", openedAt: start)
        return .end
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: ",") {
        index += 1
        return .next
      }
      if byte == closer {
        index += 1
        return .end
      }
      if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
        record(error("unexpected \(describeCurrent()); expected ',' or '\(closerName)'"))
        damagedOffsets.insert(start)
        return .end
      }
      record(error("unexpected \(describeCurrent()); expected ',' or '\(closerName)' (is a comma missing?)"))
      if startsNext(byte) { return .nextWithoutComma }
      damagedOffsets.insert(start)
      skipValue()
    }
  }

  /// Whether a byte can start a JSON value.
  private static func startsValue(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "t"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default: false
    }
  }

  /// Skips to the next `,` or closing bracket at the current level (or the
  /// end), passing over nested brackets and strings without recursion. A
  /// string ends at its line's end at the latest, as JSON strings hold no
  /// line break: an unclosed quote does not swallow the rest of the file.
  private mutating func skipValue() {
    var level = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        while index < bytes.count {
          let byte = bytes[index]
          if byte == UInt8(ascii: "\n") { break }
          index += byte == UInt8(ascii: "\\") ? 2 : 1
          if byte == UInt8(ascii: "\"") { break }
        }
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        level += 1
        index += 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        if level == 0 { return }
        level -= 1
        index += 1
      case UInt8(ascii: ","):
        if level == 0 { return }
        index += 1
      default:
        index += 1
      }
    }
    index = bytes.count
  }

  private mutating func invalid(at offset: Int) -> JSONNode {
    damagedOffsets.insert(offset)
    return JSONNode(value: .invalid, offset: offset)
  }

  /// Reports that the text ends inside the innermost open array or object.
  private mutating func reportEnd(of kind: String, openedAt start: Int) {
    damagedOffsets.insert(start)
    guard !endReported else { return }
    endReported = true
    record(error("unexpected end of file; the \(kind) opened here is not closed", at: start))
  }

  /// Keeps an error, unless one was just kept at the same place (a bracket
  /// of the wrong kind is seen by each level it closes).
  private mutating func record(_ error: JSONSyntaxError) {
    guard error.offset != lastErrorOffset else { return }
    lastErrorOffset = error.offset
    errorCount += 1
    if errors.count < Self.errorLimit { errors.append(error) }
  }

  // MARK: - Strings

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    let start = index
    index += 1
    let contentStart = index
    var ascii = true
    var escaped = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let content = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
        index += 1
        if !escaped {
          if ascii { return String(decoding: content, as: UTF8.self) }
          guard let string = UTF8Check.string(content) else {
            throw error("invalid UTF-8 in this string; save the file as UTF-8", at: start)
          }
          return string
        }
        return try JSONStringDecoder.decode(content, start: start)
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
        index += 2
      } else if byte < 0x20 {
        if byte == UInt8(ascii: "\n") {
          let broken = error("unterminated string (a line break inside a string must be written \\n)", at: start)
          skipContinuedLine()
          throw broken
        }
        // Reading goes on after the string (or its line), not inside it.
        let offset = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
          let current = bytes[index]
          index += current == UInt8(ascii: "\\") ? 2 : 1
          if current == UInt8(ascii: "\"") { break }
        }
        index = min(index, bytes.count)
        throw error("control character in a string; write it as an escape such as \\t", at: offset)
      } else {
        if byte >= 0x80 { ascii = false }
        index += 1
      }
    }
    // The containers around a string that runs to the end say nothing more.
    endReported = true
    throw error("unterminated string; add the closing '\"'", at: start)
  }

  /// After a line break inside a string, at the break: when the string goes
  /// on to a closing quote on a later line (a quote that `,`, `:`, `}` or
  /// `]` follows), moves past that quote, so that reading goes on after the
  /// string; otherwise the quote was left out, and reading goes on at the
  /// break. The text looked ahead at holds no quote, so no byte is looked
  /// ahead at twice.
  private mutating func skipContinuedLine() {
    var ahead = index + 1
    while ahead < bytes.count, bytes[ahead] != UInt8(ascii: "\"") {
      ahead += bytes[ahead] == UInt8(ascii: "\\") ? 2 : 1
    }
    guard ahead < bytes.count else { return }
    var after = ahead + 1
    while after < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[after]) { after += 1 }
    guard after < bytes.count else { return }
    switch bytes[after] {
    case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "}"), UInt8(ascii: "]"): index = ahead + 1
    default: return
    }
  }

  // MARK: - Numbers and literals

  private mutating func parseNumber() throws(JSONSyntaxError) -> String {
    let start = index
    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    func digits() -> Int {
      let first = index
      while index < bytes.count && isDigit(bytes[index]) { index += 1 }
      return index - first
    }
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    let integerDigits = digits()
    guard integerDigits > 0 else { throw error("invalid number; expected a digit", at: start) }
    if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
      throw error("invalid number; a number cannot start with 0", at: start)
    }
    if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw error("invalid number; expected a digit after '.'", at: start) }
    }
    if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
      index += 1
      if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
        index += 1
      }
      guard digits() > 0 else { throw error("invalid number; expected a digit in the exponent", at: start) }
    }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
    let count = literal.utf8CodeUnitCount
    let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
    guard index + count <= bytes.count, bytes[index..<index + count].elementsEqual(expected) else {
      throw error("unexpected \(describeCurrent()); expected a value (strings need double quotes)")
    }
    index += count
  }

  // MARK: - Helpers

  /// Counts one more level of nesting; the caller counts it off again.
  private mutating func enterNesting() throws(JSONSyntaxError) {
    guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    depth += 1
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
      default: return
      }
    }
  }

  private func peek(_ character: Unicode.Scalar) -> Bool {
    index < bytes.count && bytes[index] == UInt8(character.value)
  }

  /// Names the character at the current position for an error message.
  private func describeCurrent() -> String {
    guard index < bytes.count else { return "end of file" }
    let byte = bytes[index]
    if byte >= 0x80 {
      var end = index + 1
      while end < bytes.count && end < index + 4 && bytes[end] & 0xC0 == 0x80 { end += 1 }
      if let text = String(validating: bytes[index..<end], as: UTF8.self), let first = text.first {
        return "character '\(first)' outside a string"
      }
      return "invalid UTF-8 byte; save the file as UTF-8"
    }
    if byte < 0x20 || byte == 0x7F { return "control character" }
    return "character '\(Character(Unicode.Scalar(byte)))'"
  }

  /// An error at `offset` (or the current position). Its message is made
  /// only while errors are still kept: a file with a million has no need
  /// of the millionth's words.
  private func error(_ message: @autoclosure () -> String, at offset: Int? = nil) -> JSONSyntaxError {
    JSONSyntaxError(offset: offset ?? index, message: errors.count < Self.errorLimit ? message() : "")
  }
}
