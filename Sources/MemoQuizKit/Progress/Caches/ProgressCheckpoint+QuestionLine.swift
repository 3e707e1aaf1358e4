@preconcurrency import Glibc

/// The checkpoint's question lines, one per remembered question, written and
/// read without the general field reader: a checkpoint of 100,000 questions
/// is read at every start, so each line is parsed in place, numbers straight
/// from the bytes, and decimals kept as the hexadecimal bits of their
/// `Double` (exact, and read without `strtod`).
///
/// A state SBD computed (``MemoryState/sbd``) writes its own numbers in the
/// first two of its six fields: the bits of ln S where FSRS-6's stability
/// goes (S is e^(ln S), as the scheduler makes it), and where the
/// difficulty goes `s`, the grade's digit and the bits of the brittleness
/// (`s2` then `3ff8000000000000` for grade 2, brittleness 1.5).
extension ProgressCheckpoint {
  /// The first byte of the difficulty field of a state SBD computed.
  private static let sbdMark = UInt8(ascii: "s")

  /// The fields of a question line (``appendQuestionLine(key:memory:to:)``
  /// writes them without making a string of each): `question`, the identity, the counts,
  /// the state and the state before the newest answer (six fields each,
  /// empty for none), then the newest answer when there is one, and after
  /// it the due day kept for the card since that answer, when one was.
  static func questionFields(key: String, memory: QuestionMemory) -> [String] {
    var fields = ["question", key, String(memory.correctCount), String(memory.incorrectCount)]
    for state in [memory.state, memory.previous] {
      guard let state else {
        fields += ["", "", "", "", "", ""]
        continue
      }
      if let sbd = state.sbd {
        fields += [
          String(sbd.logStability.bitPattern, radix: 16),
          "s\(sbd.grade)" + String(sbd.brittleness.bitPattern, radix: 16),
        ]
      } else {
        fields += [
          String(state.stability.bitPattern, radix: 16), String(state.difficulty.bitPattern, radix: 16),
        ]
      }
      fields += [
        String(state.lastReview.rawValue), String(state.lastReviewDay), String(state.interval),
        String(state.reviewCount),
      ]
    }
    if let last = memory.lastAnswer {
      fields += [last.step.text, String(last.rating.rawValue), String(last.time.rawValue), String(last.day)]
      if let kept = memory.keptDay { fields.append(String(kept)) }
    }
    return fields
  }

  /// Appends the line of ``questionFields(key:memory:)`` to `bytes`, with
  /// its line feed, writing each number straight into the bytes: a
  /// checkpoint of 100,000 questions is written after a long round.
  static func appendQuestionLine(key: String, memory: QuestionMemory, to bytes: inout [UInt8]) {
    func number(_ number: Int64) {
      bytes.append(0x09)
      RecordLine.appendNumber(number, to: &bytes)
    }
    func state(_ state: MemoryState?) {
      guard let state else {
        bytes.append(contentsOf: [0x09, 0x09, 0x09, 0x09, 0x09, 0x09])
        return
      }
      bytes.append(0x09)
      if let sbd = state.sbd {
        RecordLine.appendHexadecimal(sbd.logStability.bitPattern, to: &bytes)
        bytes.append(0x09)
        bytes.append(sbdMark)
        bytes.append(UInt8(ascii: "0") + UInt8(clamping: min(max(sbd.grade, 0), 9)))
        RecordLine.appendHexadecimal(sbd.brittleness.bitPattern, to: &bytes)
      } else {
        RecordLine.appendHexadecimal(state.stability.bitPattern, to: &bytes)
        bytes.append(0x09)
        RecordLine.appendHexadecimal(state.difficulty.bitPattern, to: &bytes)
      }
      number(state.lastReview.rawValue)
      number(Int64(state.lastReviewDay))
      number(Int64(state.interval))
      number(Int64(state.reviewCount))
    }
    bytes.append(contentsOf: "question\t".utf8)
    RecordLine.appendField(key, to: &bytes)
    number(Int64(memory.correctCount))
    number(Int64(memory.incorrectCount))
    state(memory.state)
    state(memory.previous)
    if let last = memory.lastAnswer {
      bytes.append(0x09)
      RecordLine.appendStepID(last.step, to: &bytes)
      number(Int64(last.rating.rawValue))
      number(last.time.rawValue)
      number(Int64(last.day))
      if let kept = memory.keptDay { number(Int64(kept)) }
    }
    bytes.append(0x0A)
  }

  /// Reads a question line (without its line feed).
  /// - Returns: `nil` when the line is malformed.
  static func question(_ line: UnsafeBufferPointer<UInt8>) -> (key: String, memory: QuestionMemory)? {
    // The fields' bounds live on the stack: one line a remembered card.
    withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: 21) { bounds in
      question(line, bounds: bounds)
    }
  }

  private static func question(_ line: UnsafeBufferPointer<UInt8>, bounds: UnsafeMutableBufferPointer<Range<Int>>)
    -> (key: String, memory: QuestionMemory)?
  {
    var count = 0
    var start = 0
    var hasEscape = false
    for index in 0..<line.count {
      if line[index] == 0x09 {
        guard count < 20 else { return nil }
        bounds[count] = start..<index
        count += 1
        start = index + 1
      } else if line[index] == 0x5C && count == 1 {
        hasEscape = true
      }
    }
    bounds[count] = start..<line.count
    count += 1
    guard count == 16 || count == 20 || count == 21 else { return nil }
    func field(_ number: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: line[bounds[number]]) }
    let key: String?
    if hasEscape {
      key = RecordLine.fields(Array(field(1))[...])?.first
    } else {
      key = UTF8Check.string(field(1))
    }
    guard let key, let correct = integer(field(2)), let incorrect = integer(field(3)),
      (0...Score.maximumCount).contains(correct), (0...Score.maximumCount).contains(incorrect)
    else { return nil }
    guard case .some(let state) = memoryState(at: 4, field), case .some(let previous) = memoryState(at: 10, field)
    else { return nil }
    var lastAnswer: QuestionMemory.LastAnswer?
    var keptDay: Int?
    if count >= 20 {
      guard let step = StepID(utf8: field(16)),
        let rating = integer(field(17)).flatMap({ ReviewRating(rawValue: $0) }),
        let time = integer(field(18)), Timestamp.readableRange.contains(Int64(time)),
        let day = integer(field(19)), (-LearnersDay.dayRange...LearnersDay.dayRange).contains(day)
      else { return nil }
      lastAnswer = QuestionMemory.LastAnswer(
        step: step, rating: rating, time: Timestamp(rawValue: Int64(time)), day: day)
      if count == 21 {
        guard let kept = integer(field(20)), (-LearnersDay.dayRange...LearnersDay.dayRange).contains(kept)
        else { return nil }
        keptDay = kept
      }
    }
    let memory = QuestionMemory(
      correctCount: correct, incorrectCount: incorrect, state: state, previous: previous, lastAnswer: lastAnswer,
      keptDay: keptDay)
    return (key, memory)
  }

  /// Six fields from `first` on: a state, or none when all are empty.
  /// - Returns: `nil` when malformed; `.some(nil)` for no state.
  private static func memoryState(at first: Int, _ field: (Int) -> UnsafeBufferPointer<UInt8>) -> MemoryState?? {
    if (first..<first + 6).allSatisfy({ field($0).isEmpty }) { return .some(nil) }
    let sbd: SBDMemory?
    let kind = field(first + 1)
    if kind.count > 2 && kind[0] == sbdMark {
      guard let read = sbdMemory(stability: field(first), kind: kind) else { return nil }
      sbd = read
    } else {
      sbd = nil
    }
    // Every field in the range the scheduler can give, so that nothing read
    // here can overflow later.
    guard
      let stability = sbd.map({ exp($0.logStability) })
        ?? Hexadecimal.value(field(first)).map(Double.init(bitPattern:)), stability > 0,
      stability <= 1e9,
      let difficulty = sbd == nil
        ? Hexadecimal.value(field(first + 1)).map(Double.init(bitPattern:)) : SBDMemory.placeholderDifficulty,
      (0...11).contains(difficulty),
      let lastReview = integer(field(first + 2)), Timestamp.readableRange.contains(Int64(lastReview)),
      let lastReviewDay = integer(field(first + 3)),
      (-LearnersDay.dayRange...LearnersDay.dayRange).contains(lastReviewDay),
      let interval = integer(field(first + 4)), (0...1_000_000).contains(interval),
      let reviews = integer(field(first + 5)), (0...Score.maximumCount).contains(reviews)
    else { return nil }
    return .some(
      MemoryState(
        stability: stability, difficulty: difficulty, lastReview: Timestamp(rawValue: Int64(lastReview)),
        lastReviewDay: lastReviewDay, interval: interval, reviewCount: reviews, sbd: sbd))
  }

  /// SBD's part of a state: ln S from the stability field, the grade and
  /// the brittleness from the difficulty field (after its mark), each
  /// within the range SBD gives it.
  /// - Returns: `nil` when malformed.
  private static func sbdMemory(stability: UnsafeBufferPointer<UInt8>, kind: UnsafeBufferPointer<UInt8>) -> SBDMemory? {
    let grade = Int(kind[1]) - Int(UInt8(ascii: "0"))
    guard (0...3).contains(grade),
      let logStability = Hexadecimal.value(stability).map(Double.init(bitPattern:)),
      SBDCurve<Double>.logStabilityRange.contains(logStability),
      let brittleness = Hexadecimal.value(UnsafeBufferPointer(rebasing: kind[2...])).map(Double.init(bitPattern:)),
      (0...50).contains(brittleness), (brittleness * 2).rounded() == brittleness * 2
    else { return nil }
    return SBDMemory(logStability: logStability, grade: grade, brittleness: brittleness)
  }

  /// A decimal integer, optionally negative; `nil` when malformed or too large.
  private static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard !bytes.isEmpty else { return nil }
    let negative = bytes[0] == UInt8(ascii: "-")
    guard bytes.count > (negative ? 1 : 0) else { return nil }
    var value = 0
    for byte in bytes.dropFirst(negative ? 1 : 0) {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
      guard !overflow1, !overflow2 else { return nil }
      value = sum
    }
    return negative ? -value : value
  }
}
