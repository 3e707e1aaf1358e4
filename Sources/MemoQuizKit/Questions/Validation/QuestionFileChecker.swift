/// Walks a parsed questions file, collecting every problem with its byte
/// offset and building the groups as it goes.
struct QuestionFileChecker {
  /// The file's bytes, to place problems inside a string exactly.
  let source: [UInt8]

  init(source: [UInt8]) {
    self.source = source
  }

  /// A problem before its offset is turned into a line and column.
  struct Problem {
    let severity: Diagnostic.Severity
    let offset: Int
    /// The message; `{line}` in it stands for the line of `relatedOffset`.
    let message: String
    let relatedOffset: Int?
  }

  /// The first problems, in the order found; at most ``listLimit``.
  private(set) var problems: [Problem] = []
  private(set) var errorCount = 0
  private(set) var warningCount = 0

  /// Where the file has a syntax error: values that could not be read, and
  /// arrays and objects that lost part of themselves. Problems of content
  /// there are not reported; the syntax error says it.
  var unreadableOffsets: Set<Int> = []
  /// Where the sounds the questions name should be; `nil` looks for none.
  var media: MediaFolder?

  /// More problems than this are counted, not kept: nobody reads the
  /// millionth, and building each costs time.
  static let listLimit = 1000

  /// The known key each unknown key was taken for, if any.
  private var suggestions: [String: String?] = [:]
  private static let suggestionLimit = 10_000

  private static let groupKeys = ["title", "questions", "score", "reverse", "typos", "grade", "ankiNoteTypes", "speak"]
  private static let questionKeys = [
    "prompt", "answer", "alternatives", "otherAnswers", "blocked", "hint", "id", "cloze", "reverse",
    "reverseAlternatives", "tags", "typos", "grade", "ankiNoteType", "speak",
  ]
  private static let ankiNoteTypeKeys = ["id", "name", "fields", "templates", "cloze"]
  private static let scoreKeys = ["correctCount", "incorrectCount"]

  mutating func groups(from root: JSONNode) -> [QuestionGroup] {
    guard case .array(let elements) = root.value else {
      error(at: root.offset, "expected an array of question groups ([ ... ]), found \(root.kindDescription)")
      return []
    }
    if elements.isEmpty { error(at: root.offset, "the file has no question groups; add at least one") }
    var groups: [QuestionGroup] = []
    groups.reserveCapacity(elements.count)
    var titleOffsets: [String: Int] = [:]
    for (number, element) in elements.enumerated() {
      // A value with a syntax error was reported by the scanner.
      if case .invalid = element.value { continue }
      guard let group = group(element, number: number + 1) else { continue }
      let key = TextSanitizer.withoutInvisibles(group.title).lowercased()
      if let first = titleOffsets[key] {
        let titleOffset = member("title", of: element)?.value.offset ?? element.offset
        error(
          at: titleOffset,
          "duplicate title \"\(group.title)\"; titles must be unique ignoring case (the first is on line {line})",
          relatedTo: first)
      } else {
        titleOffsets[key] = member("title", of: element)?.value.offset ?? element.offset
      }
      groups.append(group)
    }
    return groups
  }

  private mutating func group(_ node: JSONNode, number: Int) -> QuestionGroup? {
    guard case .object(let members) = node.value else {
      error(
        at: node.offset,
        "group \(number) must be an object with \"title\" and \"questions\", found \(node.kindDescription)")
      return nil
    }
    checkKeys(members, known: Self.groupKeys)
    var title = requiredString("title", in: node, members: members, owner: "group \(number)")
    if let text = title, let offset = member("title", in: members)?.value.offset {
      // A title is also a name to type: it must be one a user can type.
      if TextSanitizer.withoutInvisibles(text).allSatisfy(\.isWhitespace) {
        error(at: offset, "the title shows nothing: it has only invisible characters")
        title = nil
      } else if text.first?.isWhitespace == true || text.last?.isWhitespace == true {
        error(
          at: offset, "the title \"\(text)\" starts or ends with a space, so it could not be typed; remove the space")
        title = nil
      }
    }
    var questions: [Question] = []
    var questionNodes: [JSONNode] = []
    var score = Score()
    let reverse = member("reverse", in: members).flatMap { flag($0) } ?? false
    let noteTypes = member("ankiNoteTypes", in: members).map { ankiNoteTypes($0) } ?? []
    let grade = member("grade", in: members).flatMap { grading($0) } ?? .typed
    if let questionsMember = member("questions", in: members) {
      if case .array(let elements) = questionsMember.value.value {
        if elements.isEmpty {
          error(at: questionsMember.value.offset, "\"questions\" is empty; a group needs at least one question")
        }
        questions.reserveCapacity(elements.count)
        var idOffsets: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
          if case .invalid = element.value { continue }
          guard
            let (question, idOffset) = question(
              element, number: index + 1, groupReverse: reverse, noteTypes: noteTypes)
          else {
            continue
          }
          if let id = question.id, let idOffset {
            // Every question of a package has an id: it is hashed once,
            // and a second look happens only for a duplicate.
            if idOffsets.isEmpty { idOffsets.reserveCapacity(elements.count - index) }
            if let first = idOffsets.updateValue(idOffset, forKey: id) {
              idOffsets[id] = first
              error(
                at: idOffset,
                "duplicate id \"\(id)\" in this group; ids must be unique (the first is on line {line})",
                relatedTo: first)
            }
          }
          questions.append(question)
          questionNodes.append(element)
        }
        checkCardIdentities(questions, nodes: questionNodes, groupReverse: reverse)
      } else {
        error(
          at: questionsMember.value.offset,
          "\"questions\" must be an array, found \(questionsMember.value.kindDescription)")
      }
    } else {
      error(at: node.offset, "\(title.map { "group \"\($0)\"" } ?? "group \(number)") has no \"questions\"")
    }
    if let scoreMember = member("score", in: members) { score = self.score(scoreMember.value) ?? score }
    guard let title else { return nil }
    var group = QuestionGroup(title: title, questions: questions, score: score, reverse: reverse, grade: grade)
    group.typos = member("typos", in: members).flatMap { typoPolicy($0) }
    group.speak = member("speak", in: members).flatMap { language($0) }
    return group
  }

  /// The question `node` holds, with the offset of its `id` value when it
  /// has one; `nil` when it cannot be asked.
  private mutating func question(
    _ node: JSONNode, number: Int, groupReverse: Bool, noteTypes: [AnkiNoteTypeRecord]
  ) -> (question: Question, idOffset: Int?)? {
    guard case .object(let members) = node.value else {
      error(
        at: node.offset,
        "question \(number) must be an object with \"prompt\" and \"answer\", found \(node.kindDescription)")
      return nil
    }
    let found = QuestionMembers(members)
    // Known keys, each once, need no further look.
    if found.hasUnknownKey || found.hasRepeatedKey {
      checkKeys(members, known: Self.questionKeys)
    }
    var prompt: String?
    var answer: String?
    var cloze: String?
    if let clozeMember = found.cloze {
      cloze = clozeText(clozeMember, others: found)
    } else {
      prompt = requiredString(found.prompt, key: "prompt", in: node, owner: "question \(number)")
      answer = requiredString(found.answer, key: "answer", in: node, owner: "question \(number)")
      if let prompt, let offset = found.prompt?.value.offset {
        checkIdentityText(prompt, key: "prompt", at: offset)
      }
    }
    var hint: String?
    if let hintMember = found.hint {
      switch hintMember.value.value {
      case .string(let text): hint = text
      case .null: break
      default:
        error(at: hintMember.value.offset, "\"hint\" must be a string, found \(hintMember.value.kindDescription)")
      }
    }
    let alternatives = strings(
      found.alternatives, key: "alternatives", empty: "an alternative answer is empty", each: "each alternative")
    let otherAnswers = strings(
      found.otherAnswers, key: "otherAnswers", empty: "an other answer is empty", each: "each other answer")
    let blocked = strings(
      found.blocked, key: "blocked", empty: "a blocked answer is empty", each: "each blocked answer")
    if found.cloze == nil, let answer {
      checkJudgedAnswers(
        accepted: [answer] + alternatives, otherAnswers: otherAnswers, blocked: blocked, in: found)
    }
    let reverse = found.reverse.flatMap { flag($0) }
    let reverseAlternatives = strings(
      found.reverseAlternatives, key: "reverseAlternatives", empty: "a reverse alternative answer is empty",
      each: "each reverse alternative")
    if found.cloze == nil, !reverseAlternatives.isEmpty, !(reverse ?? groupReverse),
      let offset = found.reverseAlternatives?.keyOffset
    {
      warning(
        at: offset,
        "\"reverseAlternatives\" are used only when the question is also asked the other way; add \"reverse\": true")
    }
    let tags = strings(found.tags, key: "tags", empty: "a tag is empty", each: "each tag")
    let grade = found.grade.flatMap { grading($0) }
    var id: String?
    if let idMember = found.id {
      if case .string(let text) = idMember.value.value, !Self.isBlank(text) {
        id = text
        checkIdentityText(text, key: "id", at: idMember.value.offset)
      } else {
        error(at: idMember.value.offset, "\"id\" must be a non-empty string, found \(idMember.value.kindDescription)")
      }
    }
    let idOffset = id == nil ? nil : found.id?.value.offset
    let typos = found.typos.flatMap { typoPolicy($0) }
    let noteType = found.ankiNoteType.map { ankiNoteType($0, in: noteTypes) } ?? noteTypes.first
    let speak = found.speak.flatMap { language($0) }
    if media != nil {
      for member in [found.prompt, found.answer, found.cloze].compactMap({ $0 }) {
        if case .string(let text) = member.value.value { checkSounds(in: text, at: member.value.offset) }
      }
    }
    if found.cloze != nil {
      guard let cloze else { return nil }
      var question = Question(cloze: cloze, hint: hint, id: id, tags: tags, grade: grade)
      question.typos = typos
      question.ankiNoteType = noteType
      question.speak = speak
      return (question, idOffset)
    }
    guard let prompt, let answer else { return nil }
    var question = Question(
      prompt: prompt, answer: answer, alternatives: alternatives, hint: hint, id: id, reverse: reverse,
      reverseAlternatives: reverseAlternatives, tags: tags, grade: grade)
    question.otherAnswers = otherAnswers
    question.blocked = blocked
    question.typos = typos
    question.ankiNoteType = noteType
    question.speak = speak
    return (question, idOffset)
  }

  /// Warns of each `[sound:FILE]` in `text` whose file is not in ``media``.
  private mutating func checkSounds(in text: String, at offset: Int) {
    guard let media, text.contains("[sound:") else { return }
    for name in SoundText.names(in: text) where !media.contains(name) {
      warning(
        at: offset,
        media.file(named: name) == nil
          ? "[sound:\(name)] is not a media file's name (a name without a folder, as \(MediaFolder.safeName(name))); it plays nothing"
          : "[sound:\(name)] has no file in \(media.path); it plays nothing")
    }
  }

  /// The value of a `"speak"` key: a voice `espeak-ng -v` knows by name,
  /// such as `"ja"` (letters, digits, `-`, `_` and `+`).
  private mutating func language(_ found: JSONNode.Member) -> String? {
    guard case .string(let text) = found.value.value, !text.isEmpty, text.utf8.count <= 64,
      text.unicodeScalars.allSatisfy({
        $0.isASCII
          && ($0.properties.isAlphabetic || $0.properties.numericType != nil || "-_+".unicodeScalars.contains($0))
      })
    else {
      error(
        at: found.value.offset,
        "\"speak\" must name a language such as \"ja\", found \(found.value.kindDescription)")
      return nil
    }
    return text
  }

  /// The value of a group's `"ankiNoteTypes"` key: the note types its
  /// questions' notes had in Anki.
  private mutating func ankiNoteTypes(_ found: JSONNode.Member) -> [AnkiNoteTypeRecord] {
    guard case .array(let elements) = found.value.value else {
      error(
        at: found.value.offset,
        "\"ankiNoteTypes\" must be an array of note types, found \(found.value.kindDescription)")
      return []
    }
    return elements.compactMap { ankiNoteType($0, key: "ankiNoteTypes") }
  }

  /// The value of a question's `"ankiNoteType"` key: the note type its note
  /// had in Anki, whole, or by id among its group's `"ankiNoteTypes"`, or
  /// `null` for none.
  private mutating func ankiNoteType(
    _ found: JSONNode.Member, in noteTypes: [AnkiNoteTypeRecord]
  ) -> AnkiNoteTypeRecord? {
    switch found.value.value {
    case .null:
      return nil
    case .number(let number):
      guard let id = Int64(number), let record = noteTypes.first(where: { $0.id == id }) else {
        error(at: found.value.offset, "\"ankiNoteType\" \(number) is none of the group's \"ankiNoteTypes\"")
        return nil
      }
      return record
    default:
      return ankiNoteType(found.value, key: "ankiNoteType")
    }
  }

  /// A note type as the questions file writes it (``AnkiNoteTypeRecord``).
  private mutating func ankiNoteType(_ node: JSONNode, key: String) -> AnkiNoteTypeRecord? {
    let expected =
      (key == "ankiNoteType" ? "\"ankiNoteType\" must be" : "each of \"\(key)\" must be")
      + " an object with a numeric \"id\", a \"name\", \"fields\" and \"templates\""
    guard case .object(let members) = node.value else {
      error(at: node.offset, expected + ", found \(node.kindDescription)")
      return nil
    }
    checkKeys(members, known: Self.ankiNoteTypeKeys)
    func texts(_ key: String) -> [String]? {
      guard let member = member(key, in: members) else { return key == "templates" ? [] : nil }
      guard case .array(let elements) = member.value.value else { return nil }
      var values: [String] = []
      for element in elements {
        guard case .string(let text) = element.value else { return nil }
        values.append(text)
      }
      return values
    }
    guard case .number(let number)? = member("id", in: members)?.value.value, let id = Int64(number),
      case .string(let name)? = member("name", in: members)?.value.value, let fields = texts("fields"),
      !fields.isEmpty, let templates = texts("templates")
    else {
      error(at: node.offset, expected)
      return nil
    }
    var isCloze = false
    if let cloze = member("cloze", in: members) {
      guard case .bool(let flag) = cloze.value.value else {
        error(at: cloze.value.offset, "\"cloze\" of \"\(key)\" must be true or false")
        return nil
      }
      isCloze = flag
    }
    return AnkiNoteTypeRecord(id: id, name: name, fields: fields, templates: templates, isCloze: isCloze)
  }

  private mutating func score(_ node: JSONNode) -> Score? {
    guard case .object(let members) = node.value else {
      if case .null = node.value { return nil }
      error(
        at: node.offset,
        "\"score\" must be an object with \"correctCount\" and \"incorrectCount\", found \(node.kindDescription)")
      return nil
    }
    checkKeys(members, known: Self.scoreKeys)
    var score = Score()
    for key in Self.scoreKeys {
      guard let found = member(key, in: members) else { continue }
      guard case .number(let text) = found.value.value, let count = Int(text), (0...Score.maximumCount).contains(count)
      else {
        error(at: found.value.offset, "\"\(key)\" must be a whole number from 0 to \(Score.maximumCount)")
        continue
      }
      if key == "correctCount" { score.correctCount = count } else { score.incorrectCount = count }
    }
    return score
  }

  // MARK: - Helpers

  /// The value of a `"typos"` key: `"strict"` or `"forgive"`.
  private mutating func typoPolicy(_ found: JSONNode.Member) -> TypoPolicy? {
    if case .string(let text) = found.value.value {
      if let policy = TypoPolicy(rawValue: text) { return policy }
      error(at: found.value.offset, "\"typos\" must be \"strict\" or \"forgive\", not \"\(text)\"")
      return nil
    }
    error(
      at: found.value.offset, "\"typos\" must be \"strict\" or \"forgive\", found \(found.value.kindDescription)")
    return nil
  }

  mutating func requiredString(
    _ key: String, in node: JSONNode, members: [JSONNode.Member], owner: @autoclosure () -> String
  ) -> String? {
    requiredString(member(key, in: members), key: key, in: node, owner: owner())
  }

  /// The text of `found`, a member that must be a non-empty string.
  /// - Parameter owner: how a message names the object, such as
  ///   "question 3"; made only when a problem is reported.
  mutating func requiredString(
    _ found: JSONNode.Member?, key: String, in node: JSONNode, owner: @autoclosure () -> String
  ) -> String? {
    guard let found else {
      error(at: node.offset, "\(owner()) has no \"\(key)\"")
      return nil
    }
    guard case .string(let text) = found.value.value else {
      error(at: found.value.offset, "\"\(key)\" must be a string, found \(found.value.kindDescription)")
      return nil
    }
    if Self.isBlank(text) {
      error(at: found.value.offset, "\"\(key)\" is empty")
      return nil
    }
    return text
  }

  /// The first member with `key`, as `JSONDecoder` would pick it.
  func member(_ key: String, in members: [JSONNode.Member]) -> JSONNode.Member? {
    members.first { $0.key == key }
  }

  func member(_ key: String, of node: JSONNode) -> JSONNode.Member? {
    guard case .object(let members) = node.value else { return nil }
    return member(key, in: members)
  }

  /// Reports duplicate keys and unknown keys that look like typos of known ones.
  private mutating func checkKeys(_ members: [JSONNode.Member], known: [String]) {
    checkDuplicates(members)
    for member in members where !known.contains(member.key) {
      // A file repeats its typos: each unknown key is looked at once, and
      // only the first ten thousand of them (a file with more was made by
      // a program, not typed).
      let suggestion: String?
      if let cached = suggestions[member.key] {
        suggestion = cached
      } else if suggestions.count < Self.suggestionLimit {
        let scalars = Array(member.key.lowercased().unicodeScalars)
        suggestion = known.first { Self.isLikelyTypo(scalars, of: $0) }
        suggestions[member.key] = .some(suggestion)
      } else {
        suggestion = nil
      }
      if let suggestion {
        warning(at: member.keyOffset, "unknown key \"\(member.key)\"; did you mean \"\(suggestion)\"?")
      }
    }
  }

  private mutating func checkDuplicates(_ members: [JSONNode.Member]) {
    guard members.count > 1 else { return }
    func reportDuplicate(_ member: JSONNode.Member, of firstOffset: Int) {
      error(
        at: member.keyOffset, "duplicate key \"\(member.key)\"; the first is on line {line}; keep only one",
        relatedTo: firstOffset)
    }
    // A question has a handful of keys: comparing pairs is quicker than
    // hashing. Larger objects are checked in linear time.
    if members.count <= 8 {
      for (index, member) in members.enumerated().dropFirst() {
        if let first = members[..<index].first(where: { $0.key == member.key }) {
          reportDuplicate(member, of: first.keyOffset)
        }
      }
      return
    }
    var firstOffsets: [String: Int] = [:]
    firstOffsets.reserveCapacity(members.count)
    for member in members {
      if let first = firstOffsets[member.key] {
        reportDuplicate(member, of: first)
      } else {
        firstOffsets[member.key] = member.keyOffset
      }
    }
  }

  /// Whether `text` is empty or only white space, as
  /// `allSatisfy(\.isWhitespace)` tells. A text that starts with a visible
  /// ASCII character, as most prompts, answers, ids and tags do, is told at
  /// its first byte: that character is the first one's first scalar.
  static func isBlank(_ text: String) -> Bool {
    if let first = text.utf8.first, first > 0x20, first < 0x7F { return false }
    // A character is whitespace by its first scalar: most text is told at once.
    if let first = text.unicodeScalars.first, !first.properties.isWhitespace { return false }
    return text.allSatisfy(\.isWhitespace)
  }

  /// Whether `key` is within a small edit distance of `known` (counting a
  /// swap of neighbours as one edit, so "hnit" suggests "hint").
  static func isLikelyTypo(_ key: String, of known: String) -> Bool {
    isLikelyTypo(Array(key.lowercased().unicodeScalars), of: known)
  }

  /// - Parameter key: the key's scalars, lower-cased.
  static func isLikelyTypo(_ key: [Unicode.Scalar], of known: String) -> Bool {
    let target = Array(known.lowercased().unicodeScalars)
    let limit = target.count <= 4 ? 1 : 2
    guard abs(key.count - target.count) <= limit else { return false }
    // Letters one has and the other lacks need an edit each: a quick bound
    // that rules out almost every key before the full count.
    let bound = withUnsafeTemporaryAllocation(of: Int.self, capacity: 128) { balance in
      balance.initialize(repeating: 0)
      var other = 0
      for scalar in key { if scalar.value < 128 { balance[Int(scalar.value)] += 1 } else { other += 1 } }
      for scalar in target { if scalar.value < 128 { balance[Int(scalar.value)] -= 1 } else { other -= 1 } }
      let surplus = balance.reduce(0) { $0 + max(0, $1) }
      let deficit = balance.reduce(0) { $0 + max(0, -$1) }
      return max(surplus, deficit) - abs(other)
    }
    guard bound <= limit else { return false }
    return EditDistance.between(key, target, limit: limit) <= limit
  }

  mutating func error(
    at offset: Int, _ message: @autoclosure () -> String, relatedTo relatedOffset: Int? = nil
  ) {
    guard unreadableOffsets.isEmpty || !unreadableOffsets.contains(offset) else { return }
    errorCount += 1
    guard problems.count < Self.listLimit else { return }
    problems.append(Problem(severity: .error, offset: offset, message: message(), relatedOffset: relatedOffset))
  }

  mutating func warning(at offset: Int, _ message: @autoclosure () -> String) {
    warningCount += 1
    guard problems.count < Self.listLimit else { return }
    problems.append(Problem(severity: .warning, offset: offset, message: message(), relatedOffset: nil))
  }
}
