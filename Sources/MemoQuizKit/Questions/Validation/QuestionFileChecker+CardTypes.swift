/// The checks of reversed and cloze questions, and of the lists of strings
/// a question may carry.
extension QuestionFileChecker {
  /// A `true` or `false`, or `nil` for null and for anything else (which
  /// is reported).
  mutating func flag(_ found: JSONNode.Member) -> Bool? {
    switch found.value.value {
    case .bool(let value): return value
    case .null: return nil
    default:
      error(at: found.value.offset, "\"\(found.key)\" must be true or false, found \(found.value.kindDescription)")
      return nil
    }
  }

  /// The value of a `grade` member: `"typed"` or `"self"`; `null` leaves it
  /// to the group.
  mutating func grading(_ found: JSONNode.Member) -> Grading? {
    switch found.value.value {
    case .string(let text):
      if let grading = Grading(rawValue: text) { return grading }
      error(at: found.value.offset, "\"grade\" must be \(Grading.fileValues), found \"\(text)\"")
      return nil
    case .null: return nil
    default:
      error(at: found.value.offset, "\"grade\" must be \(Grading.fileValues), found \(found.value.kindDescription)")
      return nil
    }
  }

  /// The strings of an optional array such as `alternatives`, with each
  /// entry that is not a non-empty string reported.
  /// - Parameters:
  ///   - empty: the message for an empty entry.
  ///   - each: how a message names one entry: "each tag".
  mutating func strings(_ found: JSONNode.Member?, key: String, empty: String, each: String) -> [String] {
    guard let found else { return [] }
    switch found.value.value {
    case .array(let elements):
      var values: [String] = []
      values.reserveCapacity(elements.count)
      for element in elements {
        // An element a syntax error made unreadable was reported there.
        if case .invalid = element.value { continue }
        if case .string(let text) = element.value {
          if Self.isBlank(text) {
            error(at: element.offset, empty)
          } else {
            values.append(text)
          }
        } else {
          error(at: element.offset, "\(each) must be a string, found \(element.kindDescription)")
        }
      }
      return values
    case .null:
      return []
    default:
      error(at: found.value.offset, "\"\(key)\" must be an array of strings, found \(found.value.kindDescription)")
      return []
    }
  }

  /// Reports an answer both accepted and blocked (it could never be
  /// right), and an other answer that is accepted (it would never ask
  /// again), where the `"blocked"` or `"otherAnswers"` key is.
  mutating func checkJudgedAnswers(
    accepted: [String], otherAnswers: [String], blocked: [String], in found: QuestionMembers
  ) {
    guard !otherAnswers.isEmpty || !blocked.isEmpty else { return }
    func isAccepted(_ text: String) -> Bool { AnswerMatcher.isCorrect(text, accepting: accepted) }
    if let text = blocked.first(where: isAccepted), let offset = found.blocked?.keyOffset {
      error(
        at: offset,
        "\"\(TextSanitizer.sanitized(text))\" is both accepted and blocked; remove it from \"blocked\" or from the answers"
      )
    }
    if let text = otherAnswers.first(where: isAccepted), let offset = found.otherAnswers?.keyOffset {
      error(
        at: offset,
        "\"\(TextSanitizer.sanitized(text))\" is both accepted and an other answer; remove it from \"otherAnswers\" or from the answers"
      )
    }
  }

  /// Reports the control character that separates a question's identity
  /// from its kind in a card's identity: a text that becomes an identity
  /// may not hold it, so no card is ever taken for another.
  mutating func checkIdentityText(_ text: String, key: String, at offset: Int) {
    guard let index = Card.separatorOffset(in: text) else { return }
    error(
      at: sourceOffset(index, inStringAt: offset),
      "\"\(key)\" holds the control character U+001F, which memoquiz keeps to tell a question's cards apart; remove it")
  }

  /// The text of a `cloze`, with every problem of its deletions reported
  /// where it is, and the keys a cloze question cannot have.
  /// - Returns: the text, or `nil` when it cannot be asked.
  mutating func clozeText(_ found: JSONNode.Member, others: QuestionMembers) -> String? {
    if let prompt = others.prompt {
      error(at: prompt.keyOffset, "a question has either a \"cloze\" or a \"prompt\", not both; remove one of them")
    }
    if let answer = others.answer {
      error(
        at: answer.keyOffset, "a cloze question has no \"answer\": its answers are the hidden words; remove \"answer\"")
    }
    if let alternatives = others.alternatives {
      error(
        at: alternatives.keyOffset,
        "a cloze question has no \"alternatives\": each deletion is its own answer; remove \"alternatives\"")
    }
    for (key, member) in [("otherAnswers", others.otherAnswers), ("blocked", others.blocked)] {
      guard let member else { continue }
      error(at: member.keyOffset, "a cloze question has no \"\(key)\": each deletion is its own answer; remove it")
    }
    if let reverseAlternatives = others.reverseAlternatives {
      error(
        at: reverseAlternatives.keyOffset,
        "a cloze question is not asked the other way round; remove \"reverseAlternatives\"")
    }
    if let reverse = others.reverse, case .bool(true) = reverse.value.value {
      error(at: reverse.keyOffset, "a cloze question is not asked the other way round; remove \"reverse\"")
    }
    guard case .string(let text) = found.value.value else {
      error(at: found.value.offset, "\"cloze\" must be a string, found \(found.value.kindDescription)")
      return nil
    }
    guard !Self.isBlank(text) else {
      error(at: found.value.offset, "\"cloze\" is empty; write a text with deletions such as {{c1::words}}")
      return nil
    }
    checkIdentityText(text, key: "cloze", at: found.value.offset)
    let problems = Cloze.problems(in: text)
    for problem in problems {
      let offset = problem.offset.map { sourceOffset($0, inStringAt: found.value.offset) } ?? found.value.offset
      error(at: offset, problem.message)
    }
    return problems.isEmpty ? text : nil
  }

  /// Reports two questions of a group that would share a card's identity,
  /// and so its memory: a reversed or cloze question needs an identity no
  /// other question of its group has (two plain questions with the same
  /// prompt share their memory, as they always did; two equal ids are
  /// reported on their own).
  /// - Parameter nodes: each question's object.
  mutating func checkCardIdentities(_ questions: [Question], nodes: [JSONNode], groupReverse: Bool) {
    // A group of plain questions needs no look: only siblings must be told apart.
    guard questions.contains(where: { $0.cloze != nil || ($0.reverse ?? groupReverse) }) else { return }
    var first: [String: (offset: Int, hasSiblings: Bool, hasID: Bool)] = [:]
    for (question, node) in zip(questions, nodes) {
      // Where the question's identity is written.
      let offset =
        (member("id", of: node) ?? member("cloze", of: node) ?? member("prompt", of: node))?.value.offset
        ?? node.offset
      let hasSiblings = question.cloze != nil || (question.reverse ?? groupReverse)
      let identity = question.identity
      guard let known = first[identity] else {
        first[identity] = (offset, hasSiblings, question.id != nil)
        continue
      }
      guard hasSiblings || known.hasSiblings, !(known.hasID && question.id != nil) else { continue }
      error(
        at: offset,
        "this question's identity \"\(identity)\" is also the identity of the question on line {line}; "
          + "a reversed or cloze question needs its own, so give one of them an \"id\"",
        relatedTo: known.offset)
    }
  }

  /// The offset in the file of byte `offset` of the decoded text of the
  /// string whose opening quote is at `start`, counting each escape as the
  /// bytes it stands for.
  func sourceOffset(_ offset: Int, inStringAt start: Int) -> Int {
    guard start < source.count, source[start] == UInt8(ascii: "\"") else { return start }
    var raw = start + 1
    var decoded = 0
    while decoded < offset, raw < source.count, source[raw] != UInt8(ascii: "\"") {
      guard source[raw] == UInt8(ascii: "\\"), raw + 1 < source.count else {
        decoded += 1
        raw += 1
        continue
      }
      guard source[raw + 1] == UInt8(ascii: "u"), let unit = hexUnit(at: raw + 2) else {
        decoded += 1
        raw += 2
        continue
      }
      if (0xD800..<0xDC00).contains(unit), raw + 7 < source.count, source[raw + 6] == UInt8(ascii: "\\"),
        source[raw + 7] == UInt8(ascii: "u"), let low = hexUnit(at: raw + 8), (0xDC00..<0xE000).contains(low)
      {
        decoded += 4
        raw += 12
      } else {
        decoded += unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3
        raw += 6
      }
    }
    return raw
  }

  /// The four hexadecimal digits at `position`, as a number.
  private func hexUnit(at position: Int) -> Int? {
    guard position + 4 <= source.count else { return nil }
    return Int(String(decoding: source[position..<position + 4], as: UTF8.self), radix: 16)
  }
}
