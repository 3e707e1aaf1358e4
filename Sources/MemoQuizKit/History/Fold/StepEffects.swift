/// What every step of a history does once all its marks are applied: the one
/// definition of a step's effect.
///
/// The fold (``Progress/replaying(_:)``), `history`, `undo` and `redo`
/// (``HistoryStep/steps(of:names:)``) and the optimizer's input
/// (``Progress/reviews``) all read it, so they cannot disagree on which
/// steps count:
///
/// - a step taken back by `undo` is out of effect until a `redo` brings it
///   back;
/// - the reviews an import brought are taken back with the import, and come
///   back with it;
/// - an answer put right by a `:right` in effect counts as Good;
/// - an answer taken back by another machine than its own still counts in
///   its round, which is its own machine's.
struct StepEffects: Sendable {
  /// The steps taken back by a mark of their own.
  private(set) var undone: Set<StepID> = []
  /// The steps out of effect: those taken back, and the reviews of an
  /// import taken back.
  private(set) var takenBack: Set<StepID> = []
  /// Answers taken back by a mark of another machine than their own.
  private(set) var takenBackElsewhere: Set<StepID> = []
  /// Answers a `:right` in effect graded again.
  private(set) var regraded: Set<StepID> = []

  /// The effects of a whole history.
  /// - Parameter records: every record of every machine, in merged order.
  init(_ records: [HistoryRecord]) {
    for record in records {
      switch record {
      case .undo(let mark):
        undone.insert(mark.target)
        if mark.id.machine != mark.target.machine {
          takenBackElsewhere.insert(mark.target)
        } else {
          takenBackElsewhere.remove(mark.target)
        }
      case .redo(let mark):
        undone.remove(mark.target)
        takenBackElsewhere.remove(mark.target)
      default:
        break
      }
    }
    takenBack = undone
    for record in records {
      switch record {
      case .answer(let answer):
        // An import's reviews name the import as their round.
        if answer.origin != nil, let importStep = answer.round, undone.contains(importStep) {
          takenBack.insert(answer.id)
        }
      case .right(let right):
        if !undone.contains(right.id) { regraded.insert(right.target) }
      default:
        break
      }
    }
  }

  /// Whether a step counts: it is neither taken back nor a review of an
  /// import taken back.
  func isInEffect(_ step: StepID) -> Bool { !takenBack.contains(step) }

  /// The rating an answer counts with: Good once a `:right` put it right.
  func rating(of answer: AnswerStep) -> ReviewRating {
    regraded.contains(answer.id) ? .good : answer.rating
  }

  /// Whether an answer out of effect still counts in its round: it was
  /// taken back by another machine, and a round is its own machine's.
  func countsInRoundOnly(_ answer: StepID) -> Bool {
    takenBackElsewhere.contains(answer)
  }
}
