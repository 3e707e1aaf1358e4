/// A cloze text: prose with deletions such as `{{c1::Tokyo}}` or
/// `{{c1::Tokyo::a city}}`, written as Anki writes them.
///
/// Each cloze number is asked on its own: the text with that number's
/// deletions hidden as `[...]` (or `[hint]`) and every other deletion shown
/// as its text. One number may mark several deletions; its answer is their
/// texts joined with ", ", or the text once when they are all the same, as
/// Anki's typed answers do.
public struct Cloze: Hashable, Sendable {
  /// One `{{cN::text}}` or `{{cN::text::hint}}`.
  public struct Deletion: Hashable, Sendable {
    public let number: Int
    public let text: String
    /// What the hidden deletion shows instead of `...`, if any.
    public let hint: String?
  }

  /// A problem in a cloze text, at a byte offset into its UTF-8.
  public struct Problem: Hashable, Sendable {
    /// Where the problem is, or `nil` when it is the whole text's.
    public let offset: Int?
    public let message: String
  }

  /// A piece of the text: plain prose, or a deletion.
  enum Part: Hashable, Sendable {
    case text(String)
    case deletion(Deletion)
  }

  /// The largest cloze number a text may use.
  public static let largestNumber = 9999

  let parts: [Part]

  /// The cloze numbers the text uses, in increasing order.
  public let numbers: [Int]

  /// Reads a cloze text.
  /// - Returns: `nil` when the text has a problem (see ``problems(in:)``).
  public init?(_ text: String) {
    let parsed = Self.parse(text)
    guard parsed.problems.isEmpty else { return nil }
    parts = parsed.parts
    numbers = Array(Set(parsed.parts.compactMap { if case .deletion(let d) = $0 { d.number } else { nil } })).sorted()
  }

  /// Every problem of a cloze text, in the order of the text: deletions not
  /// closed, a `}}` that closes nothing, a number that is not 1 or more, an
  /// empty deletion, a deletion inside another, no deletion at all.
  public static func problems(in text: String) -> [Problem] {
    parse(text).problems
  }

  /// The text as asked for `number`: its deletions hidden, the others shown.
  public func prompt(for number: Int) -> String {
    var text = ""
    for part in parts {
      switch part {
      case .text(let prose): text += prose
      case .deletion(let deletion) where deletion.number == number: text += "[\(deletion.hint ?? "...")]"
      case .deletion(let deletion): text += deletion.text
      }
    }
    return text
  }

  /// The answer for `number`: the texts of its deletions, as Anki joins them.
  public func answer(for number: Int) -> String {
    let texts = parts.compactMap { part -> String? in
      guard case .deletion(let deletion) = part, deletion.number == number else { return nil }
      return deletion.text
    }
    return Set(texts).count == 1 ? texts[0] : texts.joined(separator: ", ")
  }

  /// The text with every deletion shown: the whole sentence.
  public var fullText: String {
    parts.map { part in
      switch part {
      case .text(let prose): prose
      case .deletion(let deletion): deletion.text
      }
    }.joined()
  }

  // MARK: - Reading

  private static let open: [UInt8] = Array("{{".utf8)
  private static let close: [UInt8] = Array("}}".utf8)
  private static let separator: [UInt8] = Array("::".utf8)

  private static func parse(_ text: String) -> (parts: [Part], problems: [Problem]) {
    let bytes = Array(text.utf8)
    var parts: [Part] = []
    var problems: [Problem] = []
    var proseStart = 0
    var index = 0
    while index < bytes.count {
      if bytes.has(close, at: index) {
        problems.append(
          Problem(offset: index, message: "\"}}\" closes no deletion; a deletion is written {{c1::text}}"))
        index += 2
        continue
      }
      guard bytes.has(open, at: index) else {
        index += 1
        continue
      }
      let start = index
      if proseStart < start { parts.append(.text(bytes.text(proseStart..<start))) }
      let (deletion, end, problem) = readDeletion(bytes, at: start)
      if let problem { problems.append(problem) }
      if let deletion { parts.append(.deletion(deletion)) }
      index = end
      proseStart = end
    }
    if proseStart < bytes.count { parts.append(.text(bytes.text(proseStart..<bytes.count))) }
    if problems.isEmpty && !parts.contains(where: { if case .deletion = $0 { true } else { false } }) {
      problems.append(
        Problem(offset: nil, message: "the cloze has no deletion; mark the words to hide as {{c1::words}}"))
    }
    return (parts, problems)
  }

  /// Reads the deletion whose `{{` is at `start`.
  /// - Returns: the deletion, or a problem; and where reading goes on.
  private static func readDeletion(_ bytes: [UInt8], at start: Int) -> (Deletion?, Int, Problem?) {
    // The end: the "}}" that closes this "{{", counting any inside it.
    var end = start + 2
    var depth = 1
    var nested: Int?
    while end < bytes.count {
      if bytes.has(open, at: end) {
        nested = nested ?? end
        depth += 1
        end += 2
      } else if bytes.has(close, at: end) {
        depth -= 1
        if depth == 0 { break }
        end += 2
      } else {
        end += 1
      }
    }
    guard end < bytes.count else {
      return (nil, bytes.count, Problem(offset: start, message: "this deletion is not closed; end it with \"}}\""))
    }
    if let nested {
      return (
        nil, end + 2,
        Problem(offset: nested, message: "a deletion cannot hold another deletion; close the first with \"}}\"")
      )
    }
    let next = end + 2
    var position = start + 2
    guard position < end, bytes[position] == UInt8(ascii: "c") || bytes[position] == UInt8(ascii: "C") else {
      return (
        nil, next, Problem(offset: start, message: "a deletion is written {{c1::text}}, with c and its number first")
      )
    }
    position += 1
    let digitsStart = position
    while position < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
    guard position > digitsStart, position + 2 <= end, bytes.has(separator, at: position) else {
      return (
        nil, next,
        Problem(
          offset: digitsStart,
          message:
            "the cloze number is missing or not a number; write c, a number from 1, and \"::\" (as in {{c1::text}})"
        )
      )
    }
    guard let number = Int(bytes.text(digitsStart..<position)), (1...largestNumber).contains(number) else {
      return (
        nil, next,
        Problem(
          offset: digitsStart, message: "the cloze number must be a whole number from 1 to \(largestNumber)")
      )
    }
    position += 2
    var textEnd = position
    while textEnd < end && !bytes.has(separator, at: textEnd) { textEnd += 1 }
    let text = bytes.text(position..<min(textEnd, end))
    guard !text.allSatisfy(\.isWhitespace) else {
      return (
        nil, next,
        Problem(
          offset: start, message: "the deletion c\(number) is empty; put the words to hide between \"::\" and \"}}\"")
      )
    }
    let hint = textEnd + 2 <= end ? bytes.text(textEnd + 2..<end) : ""
    return (Deletion(number: number, text: text, hint: hint.allSatisfy(\.isWhitespace) ? nil : hint), next, nil)
  }
}

extension [UInt8] {
  /// Whether `marker` is at `position`.
  fileprivate func has(_ marker: [UInt8], at position: Int) -> Bool {
    position + marker.count <= count && self[position..<position + marker.count].elementsEqual(marker)
  }

  /// The text of `range`, which starts and ends at ASCII markers.
  fileprivate func text(_ range: Range<Int>) -> String {
    String(decoding: self[range], as: UTF8.self)
  }
}
