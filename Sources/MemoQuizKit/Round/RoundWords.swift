import FoundationEssentials

/// Every sentence a learner reads during a round, in one place: the header,
/// each question and verdict, stopping, the summary and what comes next.
///
/// The round's parts decide what happens; this type only words it, so the
/// words can be read (and changed) together.
struct RoundWords {
  let style: TextStyle
  /// How the sentences name what the learner can do next.
  let wording: NextStepWording

  /// The words that name an undo, which can take an answer back while a
  /// round is on.
  var undo: String { wording.text(.undo(step: nil)) }

  /// The words that name what brings a suspended question back.
  func unsuspend(group: String, question: String) -> String {
    wording.text(.unsuspend(question: group + "/" + question))
  }

  /// What `:help` shows, wrapped to `width` columns.
  func help(width: Int) -> String { RoundInput.helpText(width: width, wording: wording) }

  /// The keys that grade a self-graded card.
  static let gradeKeys = "Grade it: " + RoundInput.gradeKeys(separator: " · ") + "."

  /// What the learner sees once a self-graded card is turned over: the
  /// answer, the hint, and their attempt beside it, not judged.
  func reveal(_ card: Card, attempt: String) -> String {
    var text = "Answer: \(style.bold(TextSanitizer.sanitized(card.answer)))"
    if !card.alternatives.isEmpty {
      text += " (also: \(card.alternatives.map(TextSanitizer.sanitized).joined(separator: ", ")))"
    }
    text += "\n"
    if let hint = card.hint, !hint.isEmpty {
      text += style.yellow("Hint: \(TextSanitizer.sanitized(hint))") + "\n"
    }
    if !attempt.isEmpty { text += "You wrote: \(TextSanitizer.sanitized(attempt))\n" }
    return text + style.dim(Self.gradeKeys) + "\n"
  }

  /// The verdict on a self-graded card: `Incorrect` for Again, else
  /// `Correct` and the grade's name.
  func graded(_ verdict: Round.Verdict) -> String {
    guard let rating = verdict.rating, rating.isCorrect else { return style.red("Incorrect") + " (Again).\n" }
    return style.green("Correct") + ": \(rating.name).\n"
  }

  /// The name a round goes by: its group's title, or "Today's review".
  func name(_ round: Round) -> String {
    round.isPractice
      ? "Practice" : round.memento.isAcrossGroups ? "Today's review" : TextSanitizer.sanitized(round.group.title)
  }

  /// The words that name what resumes a round.
  func resumeCommand(_ round: Round) -> String {
    wording.text(
      round.isPractice ? .cram : round.memento.isAcrossGroups ? .review : .play(group: round.group.title))
  }

  /// Asked on a terminal before resuming a round that has answers.
  func resumeQuestion(_ round: Round, strategy: String) -> String {
    "\(style.bold(name(round))) has an unfinished round (question \(round.doneCount + 1) of \(round.count), "
      + "\(strategy) order). Resume it? (n starts over)"
  }

  /// Said when a round resumes.
  func resuming(_ round: Round, strategy: String, keepsOrder: Bool) -> String {
    var note = "Resuming \(style.bold(name(round))) at question \(round.doneCount + 1) of \(round.count)"
    note += " (\(strategy) order)."
    note += round.memento.isAcrossGroups || round.isPractice ? "" : " Use --restart to start over."
    if keepsOrder { note += " The saved round keeps its \(strategy) order." }
    return note + "\n"
  }

  /// Said when a review round finds nothing to ask.
  /// - Parameter next: the learner day the next question falls due on.
  func nothingToReview(in title: String, next: Int?, newLimit: Int) -> String {
    var text = "Nothing to review in \(title)"
    if let next {
      text += "; the next question falls due on \(LocalDay(number: next).isoText)."
    } else if newLimit == 0 {
      text += "; no question is due, and no new ones are left for today (`--new N` takes some)."
    } else {
      text += "; no question is due."
    }
    return text + "\n"
  }

  /// The first lines of a new round.
  /// - Parameter groupCount: how many groups a round across groups asks.
  func header(_ round: Round, strategy: any QuestionStrategy, seed: UInt64, groupCount: Int?, interactive: Bool)
    -> String
  {
    let questions = "\(round.count) \(round.count == 1 ? "question" : "questions")"
    var header: String
    if round.memento.isAcrossGroups {
      let groups = groupCount ?? Set(round.memento.plan.map { RoundMemento.split($0).group }).count
      header = "\(style.bold(name(round))): \(questions) from \(groups) \(groups == 1 ? "group" : "groups")"
    } else if round.isPractice {
      header = "\(style.bold(name(round))): \(questions) from \(TextSanitizer.sanitized(round.group.title))"
    } else {
      header = "\(style.bold(name(round))): \(questions), \(strategy.name) order"
      if strategy.name == RandomQuestionStrategy().name { header += " (seed \(seed))" }
    }
    header += "\n"
    if interactive {
      header +=
        style.dim("Type the answer and press Enter.") + "\n"
        + style.dim(RoundInput.footerLine)
        + "\n"
    }
    return header
  }

  /// The question being asked, with a counter: `[3/10]`, or in a round
  /// that asks missed questions again, how many are left (`[8 left]`), so
  /// it moves on after a miss too. A round across groups names the group.
  func question(_ round: Round) -> String {
    guard let card = round.currentCard else { return "" }
    let counter =
      round.memento.repeatsMissed
      ? "[\(round.leftCount) left]" : "[\(min(round.doneCount + 1, round.count))/\(round.count)]"
    let group =
      round.memento.isAcrossGroups
      ? style.dim(TextSanitizer.sanitized(round.groupTitle(of: card)) + " ·") + " " : ""
    return "\(style.dim(counter)) \(group)\(style.bold(TextSanitizer.sanitized(card.prompt)))\n"
  }

  /// The verdict on an answer: for a wrong one, the answer, and where the
  /// typed one differs from the nearest accepted one.
  /// - Parameters:
  ///   - usedHint: whether the hint was shown: a right answer counts as
  ///     Hard then, and the verdict says so.
  ///   - width: the terminal's width, which the difference is laid out in.
  func verdict(_ verdict: Round.Verdict, typed: String, usedHint: Bool = false, width: Int = .max) -> String {
    if case .correctWithTypo(let expected)? = verdict.judgement { return typo(expected, typed: typed, width: width) }
    if verdict.isCorrect {
      return usedHint ? style.green("Correct") + " (with the hint: counts as Hard)\n" : style.green("Correct!") + "\n"
    }
    let difference = AnswerDifference(typed: typed, accepting: verdict.card.acceptedAnswers)
    var text = style.red("Incorrect")
    text += difference?.isNearMiss == true ? ", a near miss." : "."
    text += " The answer is \(style.bold(TextSanitizer.sanitized(verdict.card.answer)))"
    if !verdict.card.alternatives.isEmpty {
      let others = verdict.card.alternatives.map(TextSanitizer.sanitized).joined(separator: ", ")
      text += " (also accepted: \(others))"
    }
    text += ".\n"
    if let other = verdict.judgement?.confusedWith { text += confusion(other, typed: typed) }
    if let difference, difference.isWorthShowing, difference.columns.count <= 60 {
      text += difference.lines(style: style, width: width)
    }
    return text
  }

  /// The verdict on an answer forgiven a typo: correct, with the right
  /// spelling and where the typed one differs.
  func typo(_ expected: String, typed: String, width: Int = .max) -> String {
    var text = style.green("Correct, with a typo:") + " \(style.bold(TextSanitizer.sanitized(expected)))\n"
    if let difference = AnswerDifference(typed: typed, accepting: [expected]), difference.columns.count <= 60 {
      text += difference.lines(style: style, width: width)
    }
    return text
  }

  /// Said of an answer that is neither right nor wrong, before the same
  /// question is asked again: why.
  func retry(_ reason: AnswerJudgement.RetryReason, card: Card, typed: String) -> String {
    let prompt = TextSanitizer.sanitized(card.prompt)
    switch reason {
    case .otherAnswer:
      return style.yellow("Another answer to \(prompt):") + " try again.\n"
    case .script(.letters):
      return style.yellow("Answer in \(Self.language(speaking: card.speak)).") + "\n"
    case .script(let script):
      return style.yellow("Answer in \(Self.name(of: script)).") + "\n"
    case .confusion(let other):
      return style.yellow("That is the answer to \(TextSanitizer.sanitized(other.prompt)):") + " try again.\n"
    }
  }

  /// How a wrong-script retry names the script of the accepted answers.
  static func name(of script: AnswerJudgement.AnswerScript) -> String {
    switch script {
    case .kana: "kana"
    case .japanese: "Japanese"
    case .letters: "English"
    }
  }

  /// The language an answer in letters is asked in: the one the card's
  /// `"speak"` names (`fr` is French, `pt-br` Portuguese) when that
  /// language is written in Latin letters, else English. A group spoken in
  /// Japanese or Russian, say, has its answers in letters in English.
  static func language(speaking speak: String?) -> String {
    guard let speak else { return name(of: .letters) }
    let code = speak.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
    return latinLanguages[code] ?? name(of: .letters)
  }

  /// Languages written in Latin letters, by their ISO 639-1 code.
  private static let latinLanguages: [String: String] = [
    "af": "Afrikaans", "ca": "Catalan", "cs": "Czech", "cy": "Welsh", "da": "Danish", "de": "German",
    "en": "English", "eo": "Esperanto", "es": "Spanish", "et": "Estonian", "eu": "Basque", "fi": "Finnish",
    "fr": "French", "ga": "Irish", "gl": "Galician", "hr": "Croatian", "hu": "Hungarian", "id": "Indonesian",
    "is": "Icelandic", "it": "Italian", "la": "Latin", "lt": "Lithuanian", "lv": "Latvian", "ms": "Malay",
    "mt": "Maltese", "nb": "Norwegian", "nl": "Dutch", "nn": "Norwegian", "no": "Norwegian", "pl": "Polish",
    "pt": "Portuguese", "ro": "Romanian", "sk": "Slovak", "sl": "Slovenian", "sq": "Albanian", "sv": "Swedish",
    "sw": "Swahili", "tl": "Tagalog", "tr": "Turkish", "vi": "Vietnamese",
  ]

  /// Shown on a terminal after the last question's Incorrect verdict,
  /// before the round ends.
  var beforeEnd: String {
    "Enter ends the round (\(RoundInput.synonym.name) or \(RoundInput.right.name) first, if your answer was right)."
  }

  /// Said of a wrong answer that is another question's: which one.
  func confusion(_ other: Card, typed: String) -> String {
    "  \(TextSanitizer.sanitized(typed.trimmingWhitespace)): that is the answer to "
      + "\(style.bold(TextSanitizer.sanitized(other.prompt))).\n"
  }

  /// Said once, when a lapse makes a card a leech: its hint, and what to do.
  func leech(_ card: Card, lapses: Int) -> String {
    let prompt = TextSanitizer.sanitized(card.prompt)
    var text = style.yellow("Leech:") + " \(prompt) has lapsed \(lapses) times since you first knew it."
    if let hint = card.hint, !hint.isEmpty {
      text += " Its hint: \(TextSanitizer.sanitized(hint)).\n"
      text +=
        "  Suggestion: make the hint more memorable, or split the card into smaller ones (\(wording.text(.editQuestions))).\n"
    } else {
      text += " It has no hint.\n"
      text +=
        "  Suggestion: add a hint (a mnemonic), or split the card into smaller ones (\(wording.text(.editQuestions))).\n"
    }
    return text
  }

  /// Said when `:romaji` switches the conversion to kana.
  func romaji(convertsKana: Bool) -> String {
    convertsKana
      ? "Romaji typed for answers in kana is turned into kana again.\n"
      : "Romaji is no longer turned into kana for the rest of this session (`:romaji` turns it back on).\n"
  }

  /// Said when the person stops before the end.
  /// A round that asks missed questions again counts what was answered,
  /// since a miss leaves its question to do.
  func stopped(_ round: Round) -> String {
    let place =
      round.memento.repeatsMissed
      ? "Stopped after \(counted(round.memento.answers.count, "answer")) (\(round.doneCount) of "
        + "\(counted(round.count, "question")) done) in \(name(round))"
      : "Stopped at question \(min(round.doneCount + 1, round.count)) of \(round.count) of \(name(round))"
    return place + "; your answers are saved. \(resumeCommand(round)) resumes here.\n"
  }

  /// The summary at the end of a round.
  /// - Parameter overall: the group's score, for a round of one group.
  func summary(_ round: Round, overall: Score?) -> String {
    let summary = round.summary
    var text = "\n" + style.bold("Round complete: \(name(round))") + "\n"
    text += "  \(style.green("Correct:"))    \(summary.correctCount)\n"
    text += "  \(style.red("Incorrect:"))  \(summary.incorrectCount)\n"
    text += "  Score:      \(summary.percentage)%\n"
    if !summary.missed.isEmpty {
      text += "Missed:\n"
      let width = min(24, summary.missed.map { DisplayWidth.of(TextSanitizer.sanitized($0.prompt)) }.max() ?? 0)
      for card in summary.missed {
        let prompt = DisplayWidth.fit(TextSanitizer.sanitized(card.prompt), width: width)
        text += "  \(prompt)  \(style.bold(TextSanitizer.sanitized(card.answer)))\n"
      }
    }
    if let score = overall {
      let accuracy = score.accuracy.map { " (\(Int(($0 * 100).rounded()))%)" } ?? ""
      text += "\(name(round)) overall: \(score.correctCount) correct, \(score.incorrectCount) incorrect\(accuracy)\n"
    }
    return text
  }
}
