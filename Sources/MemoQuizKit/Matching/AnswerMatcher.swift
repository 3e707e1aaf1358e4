/// Decides whether a typed answer is correct.
///
/// Two texts match when they are equal after ignoring case, leading,
/// trailing and repeated white space, Unicode normalisation form (Swift
/// compares strings by canonical equivalence), full-width forms, invisible
/// characters such as a zero-width space, straight or typographic quotes and
/// apostrophes, and a final `.`, `!`, `?` or `。`. When the
/// expected answer is romaji, spelling systems are ignored too: "si" matches
/// "shi" and "toukyou" matches "tōkyō" (see ``Romaji``).
public enum AnswerMatcher {
  /// Whether `input` is one of the question's accepted answers.
  public static func isCorrect(_ input: String, for question: Question) -> Bool {
    isCorrect(input, accepting: question.acceptedAnswers)
  }

  /// Whether `input` is one of the card's accepted answers.
  public static func isCorrect(_ input: String, for card: Card) -> Bool {
    isCorrect(input, accepting: card.acceptedAnswers)
  }

  /// Whether `input` matches one of `answers`.
  static func isCorrect(_ input: String, accepting answers: [String]) -> Bool {
    let given = normalized(input)
    guard !given.isEmpty else { return false }
    var givenRomaji: String?
    for accepted in answers {
      let expected = normalized(accepted)
      if given == expected { return true }
      if Romaji.isRomaji(expected) {
        let canonicalGiven = givenRomaji ?? Romaji.canonical(given)
        givenRomaji = canonicalGiven
        if canonicalGiven == Romaji.canonical(expected) { return true }
      }
    }
    return false
  }

  /// The text folded for comparison: full-width letters, digits and spaces
  /// made ASCII, lower-cased, and white space trimmed and collapsed.
  static func normalized(_ text: String) -> String {
    // Most answers are folded already: lower-case ASCII, single spaces.
    if isFolded(text) { return text }
    var folded = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0xFF01...0xFF5E:
        // Full-width ASCII: "ｓｈｉ" and "１２" are "shi" and "12".
        folded.append(Unicode.Scalar(scalar.value - 0xFEE0)!)
      case 0x3000:
        folded.append(" ")
      case 0x2018, 0x2019, 0x201B, 0x2032, 0xFF07:
        folded.append("'")
      case 0x201C, 0x201D, 0x201F, 0x2033, 0xFF02:
        folded.append("\"")
      case _ where TextSanitizer.isInvisible(scalar):
        continue
      default:
        folded.append(scalar)
      }
    }
    var words = String(folded).lowercased()
      .split(whereSeparator: \.isWhitespace)
      .joined(separator: " ")
    // A sentence may end with its punctuation or without it.
    while let last = words.last, ".!?。！？".contains(last) {
      words.removeLast()
      while words.last?.isWhitespace == true { words.removeLast() }
    }
    return words
  }

  /// Whether `text` is its own folded form: printable lower-case ASCII with
  /// single spaces between words and no final `.`, `!` or `?`, as answers
  /// and typed text nearly always are; folding it would change nothing.
  private static func isFolded(_ text: String) -> Bool {
    var afterSpace = true
    for byte in text.utf8 {
      switch byte {
      case 0x20:
        if afterSpace { return false }
        afterSpace = true
      case 0x41...0x5A: return false
      case 0x21...0x7E: afterSpace = false
      default: return false
      }
    }
    guard let last = text.utf8.last else { return true }
    return last != 0x20 && last != 0x2E && last != 0x21 && last != 0x3F
  }
}
