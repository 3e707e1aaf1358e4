/// A BSD quiz(6) data file: one `question:answer` record a line (a line
/// ending in `\` goes on on the next; more `:` fields are ignored), each
/// side a ``QuizPattern``. A record whose answer is empty is skipped.
enum BSDQuizFile {
  /// The most alternatives a question may get from its answer's pattern.
  static let alternativeLimit = 100

  /// The questions of the file, or every problem in it.
  static func questions(in text: String) -> (questions: [Question], problems: [ImportProblem]) {
    var questions: [Question] = []
    var problems: [ImportProblem] = []
    var record = ""
    var recordLine = 0
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    for (offset, line) in lines.enumerated() {
      if record.isEmpty { recordLine = offset + 1 }
      if line.hasSuffix("\\") && !line.hasSuffix("\\\\") {
        record += line.dropLast()
        continue
      }
      record += line
      defer { record = "" }
      guard !record.trimmingWhitespace.isEmpty else { continue }
      let fields = Self.fields(record)
      guard fields.count >= 2 else {
        problems.append(ImportProblem(line: recordLine, message: "expected question:answer, found no ':'"))
        continue
      }
      // A record with no answer in its answer field (the last line of a
      // speech has no next line) asks nothing, as quiz(6) skips it.
      guard !fields[1].trimmingWhitespace.isEmpty else { continue }
      do throws(QuizPattern.Malformed) {
        let prompts = try QuizPattern.spellings(of: fields[0], limit: alternativeLimit + 1)
        let answers = try QuizPattern.spellings(of: fields[1], limit: alternativeLimit + 1)
        guard let prompt = prompts.first, let answer = answers.first else {
          problems.append(ImportProblem(line: recordLine, message: "the question or the answer is empty"))
          continue
        }
        questions.append(Question(prompt: prompt, answer: answer, alternatives: Array(answers.dropFirst())))
      } catch {
        problems.append(ImportProblem(line: recordLine, message: error.message))
      }
    }
    return (questions, problems)
  }

  /// The record split at each `:` outside brackets and not escaped.
  static func fields(_ record: String) -> [String] {
    var fields: [String] = []
    var field = ""
    var depth = 0
    var escaped = false
    for character in record {
      if escaped {
        field.append(character)
        escaped = false
        continue
      }
      switch character {
      case "\\":
        escaped = true
        field.append(character)
      case "[", "{":
        depth += 1
        field.append(character)
      case "]", "}":
        depth -= 1
        field.append(character)
      case ":" where depth <= 0:
        fields.append(field)
        field = ""
      default:
        field.append(character)
      }
    }
    fields.append(field)
    return fields
  }
}
