/// The answer patterns of BSD quiz(6) data files: `a|b` are alternatives,
/// `{x}` is optional, `[...]` groups, and `\` takes the next character as
/// it is. A pattern stands for every spelling it allows; the first choice
/// everywhere is the one shown.
enum QuizPattern {
  /// A pattern that cannot be read.
  struct Malformed: Error {
    let message: String
  }

  /// Deeper nesting of `[` and `{` than this is refused: the parser
  /// descends once per level, and no real answer nests more than a few.
  static let maximumDepth = 100

  /// Every spelling the pattern allows, the first choice everywhere first,
  /// without repeats.
  /// - Parameter limit: the most spellings; more is an error.
  static func spellings(of pattern: String, limit: Int) throws(Malformed) -> [String] {
    var parser = Parser(characters: Array(pattern), limit: limit)
    let result = try parser.alternatives(until: nil)
    var seen = Set<String>()
    return result.map { $0.trimmingWhitespace }.filter { !$0.isEmpty && seen.insert($0).inserted }
  }

  private struct Parser {
    let characters: [Character]
    let limit: Int
    var index = 0
    /// How many `[` and `{` are open; the whole pattern is level 0.
    var depth = -1

    /// Alternatives separated by `|`, up to `closing` (or the end).
    mutating func alternatives(until closing: Character?) throws(Malformed) -> [String] {
      depth += 1
      defer { depth -= 1 }
      guard depth <= QuizPattern.maximumDepth else {
        throw Malformed(message: "'[' and '{' are nested more than \(QuizPattern.maximumDepth) deep")
      }
      var result: [String] = []
      while true {
        result += try sequence(until: closing)
        guard result.count <= limit else {
          throw Malformed(message: "it allows more than \(limit - 1) other spellings, more than memoquiz keeps")
        }
        if index < characters.count, characters[index] == "|" {
          index += 1
          continue
        }
        return result
      }
    }

    /// Literal text, groups and optional parts, up to `|` or `closing`.
    mutating func sequence(until closing: Character?) throws(Malformed) -> [String] {
      var result = [""]
      while index < characters.count {
        let character = characters[index]
        if character == "|" || character == closing { break }
        var choices: [String]
        switch character {
        case "\\":
          index += 1
          guard index < characters.count else {
            throw Malformed(message: "a '\\' ends the line with nothing to escape")
          }
          choices = [String(characters[index])]
          index += 1
        case "[":
          index += 1
          choices = try alternatives(until: "]")
          guard index < characters.count else { throw Malformed(message: "a '[' is not closed") }
          index += 1
        case "{":
          index += 1
          choices = try alternatives(until: "}") + [""]
          guard index < characters.count else { throw Malformed(message: "a '{' is not closed") }
          index += 1
        case "]", "}":
          throw Malformed(message: "a '\(character)' closes nothing")
        default:
          choices = [String(character)]
          index += 1
        }
        guard result.count * choices.count <= limit else {
          throw Malformed(message: "it allows more than \(limit - 1) other spellings, more than memoquiz keeps")
        }
        if choices.count == 1 {
          // Literal text grows each spelling in place: a long line stays linear.
          for position in result.indices { result[position] += choices[0] }
        } else {
          result = result.flatMap { start in choices.map { start + $0 } }
        }
      }
      return result
    }
  }
}
