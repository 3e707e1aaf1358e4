/// The learner days that ``LearnerDaysNote``s gave to answers recorded
/// without one, looked up by the answer's identity.
///
/// The first note in the merged history to name an answer gives its day; a
/// later note (another machine that upgraded before the two synced) leaves
/// it. Each machine's runs are kept sorted and apart, so a look-up is a
/// binary search.
struct LearnerDayIndex: Hashable, Sendable {
  /// A range of one machine's numbers and their day.
  private struct Span: Hashable, Sendable {
    var first: Int
    var last: Int
    var day: Int
  }

  private var spans: [MachineID: [Span]] = [:]

  /// Whether no note was read.
  var isEmpty: Bool { spans.isEmpty }

  /// Adds a note's runs; numbers an earlier note named keep their day.
  mutating func add(_ note: LearnerDaysNote) { add(note.runs) }

  /// Adds runs; numbers an earlier run named keep their day.
  mutating func add(_ runs: [LearnerDaysNote.Run]) {
    for run in runs {
      var list = spans[run.first.machine] ?? []
      var start = run.first.sequence
      var index = list.partitioningIndex { $0.last >= start }
      // Fill the gaps between the spans already there.
      while start <= run.last {
        if index < list.count, list[index].first <= start {
          start = list[index].last + 1
          index += 1
          continue
        }
        let end = index < list.count ? min(run.last, list[index].first - 1) : run.last
        list.insert(Span(first: start, last: end, day: run.day), at: index)
        index += 1
        start = end + 1
      }
      spans[run.first.machine] = list
    }
  }

  /// Every span, as runs: what a checkpoint keeps.
  var runs: [LearnerDaysNote.Run] {
    spans.sorted { $0.key < $1.key }.flatMap { machine, list in
      list.map { LearnerDaysNote.Run(first: StepID(machine: machine, sequence: $0.first), last: $0.last, day: $0.day) }
    }
  }

  /// The day a note gave the answer `id`, if one did.
  func day(of id: StepID) -> Int? {
    guard let list = spans[id.machine] else { return nil }
    let index = list.partitioningIndex { $0.last >= id.sequence }
    guard index < list.count, list[index].first <= id.sequence else { return nil }
    return list[index].day
  }

  /// The runs that name `answers` (each answer's identity and day), the
  /// answers of one machine with one day in a row gathered into one run.
  static func runs(of answers: [StepID: Int]) -> [LearnerDaysNote.Run] {
    var runs: [LearnerDaysNote.Run] = []
    for (id, day) in answers.sorted(by: { $0.key < $1.key }) {
      if let last = runs.last, last.first.machine == id.machine, last.day == day {
        runs[runs.count - 1].last = id.sequence
      } else {
        runs.append(LearnerDaysNote.Run(first: id, last: id.sequence, day: day))
      }
    }
    return runs
  }
}

extension Array {
  /// The index of the first element for which `belongsAfter` holds, in an
  /// array where it holds for a suffix.
  func partitioningIndex(where belongsAfter: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if belongsAfter(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
