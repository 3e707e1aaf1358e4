/// An input a round understands besides an answer: `?`, `:undo`, `:right`,
/// `:synonym`, `:help`, `:romaji`, `:quit`, and the card controls
/// `:suspend`, `:bury` and `:flag`; and, in ``grades``, the keys that grade a
/// card the learner grades themselves.
///
/// This is the one table of them: the round loop matches what is typed
/// against it, `:help`, the line under a round's header and the grade prompt
/// are written from it, `memoquiz play --help` and the manual list it, and a
/// test holds the table of `docs/playing.md` to it.
public struct RoundInput: Sendable, Equatable {
  /// What is typed.
  public let name: String
  /// One line on what it does, as `:help`, `--help` and `docs/playing.md`
  /// say it, naming the commands to run next as the wording given does.
  private let meaningWords: @Sendable (NextStepWording) -> String
  /// The few words beside its name on the line under a new round's header;
  /// `nil` shows the name alone.
  let label: String?
  /// What may follow the name, as `:help` shows it (`[TEXT]`); `nil` when
  /// nothing may.
  public var argument: String? = nil

  init(name: String, meaning: String, label: String?, argument: String? = nil) {
    self.init(name: name, meaning: { _ in meaning }, label: label, argument: argument)
  }

  init(
    name: String, meaning: @escaping @Sendable (NextStepWording) -> String, label: String?, argument: String? = nil
  ) {
    self.name = name
    meaningWords = meaning
    self.label = label
    self.argument = argument
  }

  /// One line on what it does, as `:help`, `--help` and `docs/playing.md`
  /// say it, naming the commands to run next as `wording` does.
  public func meaning(wording: NextStepWording) -> String { meaningWords(wording) }

  /// Inputs are told apart by name.
  public static func == (left: RoundInput, right: RoundInput) -> Bool { left.name == right.name }

  /// Whether `typed`, trimmed, is this input (with its argument, if it
  /// takes one).
  public func matches(_ typed: String) -> Bool {
    typed == name || (argument != nil && typed.hasPrefix(name + " "))
  }

  /// What follows the name in `typed`, trimmed; `nil` when nothing does.
  public func argument(in typed: String) -> String? {
    guard argument != nil, typed.hasPrefix(name + " ") else { return nil }
    let text = String(typed.dropFirst(name.count + 1)).trimmingWhitespace
    return text.isEmpty ? nil : text
  }

  /// Lets the round loop switch over what was typed: `case RoundInput.undo:`.
  public static func ~= (input: RoundInput, typed: String) -> Bool {
    input.matches(typed)
  }

  /// `?`: the hint.
  public static let hint = RoundInput(
    name: "?", meaning: "show the hint (a right answer after it counts as Hard)", label: "hint")
  /// `:undo`: the last answer taken back.
  public static let undo = RoundInput(
    name: ":undo", meaning: "take back your last answer (its score and memory) and ask it again", label: "take back")
  /// `:right`: the last answer, graded Incorrect, counted as correct.
  public static let right = RoundInput(
    name: ":right", meaning: "your last answer, graded Incorrect, was right: count it as correct",
    label: "my answer was right")
  /// `:synonym`: the last answer, graded Incorrect, or TEXT, accepted
  /// from now on.
  public static let synonym = RoundInput(
    name: ":synonym",
    meaning: "accept your last answer (or TEXT), graded Incorrect, from now on",
    label: nil, argument: "[TEXT]")
  /// `:help`: these inputs listed.
  public static let help = RoundInput(name: ":help", meaning: "list these inputs", label: nil)
  /// `:romaji`: romaji typed for a kana answer no longer turned into kana.
  public static let romaji = RoundInput(
    name: ":romaji", meaning: "stop turning romaji into kana, for this session (again: back on)", label: nil)
  /// `:replay`: the prompt's sound played again.
  public static let replay = RoundInput(name: ":replay", meaning: "play the question's sound again", label: nil)
  /// `:quit`: the round left, to resume later.
  public static let quit = RoundInput(
    name: ":quit", meaning: { "stop, all saved; the next \($0.text(.resumeRound)) resumes here" }, label: nil)

  /// `:suspend`: the question never asked nor counted due again, until
  /// `memoquiz unsuspend`.
  public static let suspend = RoundInput(
    name: ":suspend",
    meaning: { "never ask this question again (\($0.text(.unsuspend(question: nil))) brings it back)" },
    label: nil)
  /// `:bury`: the question left until the next learner day.
  public static let bury = RoundInput(
    name: ":bury", meaning: "leave this question until the next learner day", label: nil)
  /// `:flag`: the question flagged, to fix later; it is asked again.
  public static let flag = RoundInput(
    name: ":flag", meaning: { "flag this question to fix later (\($0.text(.listFlagged)) lists them)" }, label: nil)

  /// `:edit`: the question opened alone in `$EDITOR`; its memory stays.
  public static let edit = RoundInput(
    name: ":edit", meaning: "fix this question in $EDITOR (its memory stays), then answer it", label: nil)

  /// Every input of a round, in the order `:help` and `--help` list them.
  public static let all: [RoundInput] = [
    hint, undo, right, synonym, help, romaji, replay, quit, suspend, bury, flag, edit,
  ]

  /// The inputs the line under a new round's header names.
  static let footer: [RoundInput] = [hint, undo, right, help, quit]

  /// The input `typed` (trimmed) names, or `nil`: an answer, an attempt or
  /// a grade.
  public static func named(_ typed: String) -> RoundInput? {
    all.first { $0.matches(typed) }
  }

  // MARK: - Grading a card yourself

  /// The keys that give one grade to a self-graded card.
  public struct GradeKey: Sendable, Equatable {
    /// The key `:help` names first, then the others that do the same.
    public let keys: [String]
    /// The grade they give.
    public let rating: ReviewRating
  }

  /// The keys that grade a card the learner grades themselves, as in Anki;
  /// either case of a letter.
  public static let grades: [GradeKey] = [
    GradeKey(keys: ["1", "n"], rating: .again),
    GradeKey(keys: ["2"], rating: .hard),
    GradeKey(keys: ["3", "y"], rating: .good),
    GradeKey(keys: ["4"], rating: .easy),
  ]

  /// The grade keys with their grades: `1 Again, 2 Hard, 3 Good, 4 Easy
  /// (n Again, y Good)`.
  /// - Parameter separator: put between the first keys.
  public static func gradeKeys(separator: String = ", ") -> String {
    let first = grades.compactMap { grade in grade.keys.first.map { "\($0) \(grade.rating.name)" } }
    let others = grades.flatMap { grade in grade.keys.dropFirst().map { "\($0) \(grade.rating.name)" } }
    let text = first.joined(separator: separator)
    return others.isEmpty ? text : text + " (\(others.joined(separator: ", ")))"
  }

  /// The prompt of a grade on a terminal: `1-4> `.
  static var gradePrompt: String {
    "\(grades.first?.keys.first ?? "")-\(grades.last?.keys.first ?? "")> "
  }

  // MARK: - The words around the table

  /// The sentence before the table.
  public static let introduction = "During a round, each line you type is one input:"

  /// What the table leaves out.
  public static let otherwise = "Anything else is your answer. Ctrl-D, Ctrl-C, SIGTERM and SIGHUP stop too."

  /// How a card the learner grades themselves is answered.
  public static var selfGrading: String {
    "A card you grade yourself: Enter (or your attempt) shows the answer, then grade it: "
      + "\(gradeKeys()). On a terminal one key is enough; at the grade, : starts a line for the inputs above."
  }

  /// What `:help` shows, wrapped to `width` columns (at most 80).
  static func helpText(width: Int, wording: NextStepWording) -> String {
    let width = max(40, min(width, 80))
    let column = (all.map(\.name.count).max() ?? 0) + 4
    var lines = TextWrapping.lines(introduction, width: width)
    for input in all {
      let lead = "  " + input.name + String(repeating: " ", count: column - 2 - input.name.count)
      lines += TextWrapping.lines(
        input.meaning(wording: wording), width: width, firstIndent: lead, indent: String(repeating: " ", count: column))
    }
    lines += TextWrapping.lines(otherwise, width: width)
    lines += TextWrapping.lines(selfGrading, width: width)
    return lines.joined(separator: "\n") + "\n\n"
  }

  /// The line under a new round's header: `?  hint   ·   :undo  take back
  /// ...`.
  static var footerLine: String {
    footer.map { input in input.label.map { "\(input.name)  \($0)" } ?? input.name }.joined(separator: "   ·   ")
  }
}
