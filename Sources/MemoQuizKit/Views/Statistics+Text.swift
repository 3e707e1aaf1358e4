/// The statistics as text for a terminal: it reads the same without
/// colour, since every shade is also a character.
extension Statistics {
  /// The shades of a calendar cell, from no answers to the most.
  static func shades(unicode: Bool) -> [String] {
    unicode ? ["·", "░", "▒", "▓", "█"] : [".", "-", "+", "*", "#"]
  }

  /// Greens of the 256-colour palette, from light to dark practice.
  private static let greens = [240, 22, 28, 34, 40]

  /// The whole report.
  /// - Parameters:
  ///   - title: what the figures cover, such as "All groups".
  ///   - weeks: how many weeks the calendar shows, at most; fewer when the
  ///     width does not allow them.
  public func text(title: String, style: TextStyle, width: Int, weeks: Int) -> String {
    var text = style.bold(title) + "\n\n"
    text += calendar(style: style, width: width, weeks: weeks) + "\n"
    text +=
      recentText(style: style, width: width).split(separator: "\n", omittingEmptySubsequences: false)
      .map { TextWrapping.wrapped(String($0), width: width) }.joined(separator: "\n") + "\n"
    text += forecastText(style: style, width: width) + "\n"
    text += weakestText(style: style, width: width)
    text += confusionsText(style: style, width: width)
    text += leechesText(style: style, width: width)
    if practice.answeredCount > 0 {
      text +=
        TextWrapping.wrapped(
          "\nPractice (memoquiz cram), counted apart: \(counted(practice.answeredCount, "answer")), "
            + "\(Int((Double(practice.correctCount) * 100 / Double(practice.answeredCount)).rounded()))% correct",
          width: width) + "\n"
    }
    return text
  }

  /// One column per week, Monday to Sunday downwards, the newest week on
  /// the right; month names above the week a month starts in.
  func calendar(style: TextStyle, width: Int, weeks: Int) -> String {
    let labelWidth = 4
    let shown = max(1, min(weeks, (max(width, 20) - labelWidth + 1) / 2))
    let firstDay = today.advanced(by: -today.weekday - 7 * (shown - 1))
    let counts = Dictionary(uniqueKeysWithValues: days.map { ($0.day, $0.answers) })
    let busiest = (0..<(shown * 7)).compactMap { counts[firstDay.advanced(by: $0)] }.max() ?? 0
    let shades = Self.shades(unicode: style.isUnicode)

    // Month names above the week each month starts in. The month the
    // calendar opens in is named at the left when its name fits before the
    // next one; a name in the last weeks moves left to end with the row.
    let rowWidth = labelWidth + shown * 2 - 1
    var months = [Character](repeating: " ", count: max(rowWidth, min(width, labelWidth + 3)))
    var labels: [(column: Int, name: [Character])] = []
    for week in 0..<shown {
      let monday = firstDay.advanced(by: week * 7)
      guard let starts = (0..<7).first(where: { monday.advanced(by: $0).date.day == 1 }) else { continue }
      let name = Array(LocalDay.monthNames[monday.advanced(by: starts).date.month - 1])
      labels.append((max(labelWidth, min(labelWidth + week * 2, months.count - name.count)), name))
    }
    let opening = Array(LocalDay.monthNames[firstDay.date.month - 1])
    if labels.first.map({ $0.column > labelWidth + opening.count }) ?? true {
      labels.insert((labelWidth, opening), at: 0)
    }
    var freeFrom = 0
    for (column, name) in labels where column >= freeFrom && column + name.count <= months.count {
      months.replaceSubrange(column..<(column + name.count), with: name)
      freeFrom = column + name.count + 1
    }
    var lines = [String(months).trimmingTrailingSpaces]
    for weekday in 0..<7 {
      var line = (weekday % 2 == 0 ? LocalDay.weekdayNames[weekday] : "   ") + " "
      for week in 0..<shown {
        let day = firstDay.advanced(by: week * 7 + weekday)
        guard day <= today else { break }
        let count = counts[day] ?? 0
        let level = count == 0 ? 0 : max(1, min(4, (count * 4 + busiest - 1) / max(busiest, 1)))
        line += style.color256(shades[level], Self.greens[level]) + (week < shown - 1 ? " " : "")
      }
      lines.append(line.trimmingTrailingSpaces)
    }
    lines.append(
      String(repeating: " ", count: labelWidth) + "less "
        + shades.map { style.color256($0, Self.greens[shades.firstIndex(of: $0) ?? 0]) }
        .joined(separator: " ") + " more" + (busiest > 0 ? "   (busiest day: \(counted(busiest, "answer")))" : ""))
    return lines.joined(separator: "\n") + "\n"
  }

  /// The last 30 days: answers, accuracy, a sparkline of each day, streaks
  /// and retention.
  func recentText(style: TextStyle, width: Int) -> String {
    let (answers, correct) = recent
    var text = "Last \(Self.recentDays) days: \(counted(answers, "answer"))"
    if answers > 0 { text += ", \(Int((Double(correct) * 100 / Double(answers)).rounded()))% correct" }
    text += "\n"
    let counts = Dictionary(uniqueKeysWithValues: days.map { ($0.day, $0.answers) })
    let daily = (0..<Self.recentDays).map { counts[today.advanced(by: $0 - Self.recentDays + 1)] ?? 0 }
    let bars = style.isUnicode ? Array("▁▂▃▄▅▆▇█") : Array("_.-=+*#@")
    let most = daily.max() ?? 0
    if most > 0 {
      let line = daily.map { count in
        count == 0 ? (style.isUnicode ? " " : " ") : String(bars[min(bars.count - 1, (count * bars.count - 1) / most)])
      }.joined()
      text += "  " + style.green(line) + "  (each day, oldest first)\n"
    }
    text += "Streak: "
    text += currentStreak == 0 ? "no answers today or yesterday" : "\(counted(currentStreak, "day")) in a row"
    text += "; longest \(counted(longestStreak, "day")).\n"
    if let retention {
      text +=
        "Retention: \(Int((retention * 100).rounded()))% of \(counted(dueReviews, "review")) of due questions "
        + "were right (target \(percent(desiredRetention))).\n"
    } else {
      text += "Retention: no due question was reviewed in the last \(Self.recentDays) days.\n"
    }
    text += weeklyRetentionText(style: style)
    return text
  }

  /// The retention reached week by week, beside the desired retention, as
  /// Anki's retention table shows it: the weeks with reviews of due
  /// questions, those that fell short of the target marked.
  func weeklyRetentionText(style: TextStyle) -> String {
    let weeks = retentionByWeek.filter { $0.reviews > 0 }
    guard !weeks.isEmpty else { return "" }
    var text = "Retention by week (target \(percent(desiredRetention))):\n"
    let reviews = weeks.map { counted($0.reviews, "review") }
    let reviewWidth = reviews.map(\.count).max() ?? 0
    for (index, week) in weeks.enumerated() {
      let (_, month, day) = week.week.date
      let label = "week of \(day < 10 ? " " : "")\(day) \(LocalDay.monthNames[month - 1])"
      let reached = week.retention ?? 0
      let share = percent(reached)
      let mark = reached + 0.000_001 >= desiredRetention ? "" : "  below"
      text +=
        "  \(label)  \(String(repeating: " ", count: max(0, 4 - share.count)))\(share) of "
        + "\(String(repeating: " ", count: reviewWidth - reviews[index].count))\(reviews[index])\(mark)\n"
    }
    return text
  }

  /// A share as a whole percentage: `90%`.
  private func percent(_ value: Double) -> String { "\(Int((value * 100).rounded()))%" }

  /// How many questions fall due on each of the next 14 days, as bars.
  func forecastText(style: TextStyle, width: Int) -> String {
    let most = forecast.map(\.due).max() ?? 0
    guard most > 0 else { return "Due in the next \(Self.forecastDays) days: nothing.\n" }
    var text = "Due in the next \(Self.forecastDays) days:\n"
    let room = max(10, min(40, width - 22))
    let bar = style.isUnicode ? "█" : "#"
    for entry in forecast {
      let (_, month, day) = entry.day.date
      let label =
        "\(LocalDay.weekdayNames[entry.day.weekday]) \(day < 10 ? " " : "")\(day) \(LocalDay.monthNames[month - 1])"
      let length = entry.due == 0 ? 0 : max(1, entry.due * room / most)
      text += "  \(label)  \(style.cyan(String(repeating: bar, count: length)))\(length > 0 ? " " : "")\(entry.due)\n"
    }
    return text
  }

  /// The weakest questions, with their misses and chance of recall now,
  /// each figure named: right after a review "7 misses, recall 100%" reads
  /// as a contradiction unless it says the misses are all of them and the
  /// recall is now's.
  func weakestText(style: TextStyle, width: Int) -> String {
    guard !weakest.isEmpty else { return "Weakest questions: none answered yet.\n" }
    var text = "Weakest questions:\n"
    let prompts = weakest.map { TextSanitizer.sanitized($0.prompt) }
    let nameWidth = min(max(10, width - 36), prompts.map(DisplayWidth.of).max() ?? 0)
    let misses = weakest.map { counted($0.incorrectCount, "miss", plural: "misses") }
    let missWidth = misses.map(\.count).max() ?? 0
    let showsGroups = Set(weakest.map(\.group)).count > 1
    for (index, question) in weakest.enumerated() {
      let name = DisplayWidth.fit(prompts[index], width: nameWidth)
      let miss = DisplayWidth.fit(misses[index], width: missWidth, alignRight: true) + " in all"
      // Right after a review FSRS's recall is near 100% whatever the
      // answer was: the answer was just shown. A miss says so instead.
      let recall =
        question.missedRecently
        ? "missed just now" : question.retrievability.map { "recall now \(Int(($0 * 100).rounded()))%" } ?? ""
      var line = "  \(name)  \(miss)  \(recall)"
      if showsGroups { line += "  " + TextSanitizer.sanitized(question.group) }
      text += line.trimmingTrailingSpaces + "\n"
    }
    return text
  }
}

extension String {
  var trimmingTrailingSpaces: String {
    guard let last = lastIndex(where: { $0 != " " }) else { return "" }
    return String(self[...last])
  }
}
