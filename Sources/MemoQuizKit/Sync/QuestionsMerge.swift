/// The questions two machines changed before they synced, merged question by
/// question against the version both started from.
///
/// A change on one side only is taken, whichever side made it: a question
/// (or a group) added, edited or removed on one machine stays so after the
/// merge. Where both machines changed the same question differently, the
/// later change wins and the question is named in ``conflicts``, so that
/// the learner can be told and the other version kept. Groups are known by
/// their title and questions by their identity (`id`, else the cloze text
/// or the prompt), as progress is.
struct QuestionsMerge: Sendable {
  /// A question, or a whole group, that both machines changed differently.
  struct Conflict: Hashable, Sendable {
    var group: String
    /// The question's identity; `nil` for the group itself (removed on one
    /// machine and changed on the other).
    var question: String?

    /// How the learner's notice names it.
    var description: String {
      if let question { return "\"\(question)\" in \(group)" }
      return "the group \(group)"
    }
  }

  /// The merged groups.
  private(set) var groups: [QuestionGroup] = []
  /// What both machines changed differently, in the order of the merged file.
  private(set) var conflicts: [Conflict] = []

  /// Merges two versions of the questions.
  /// - Parameters:
  ///   - base: the version both changes started from (empty when unknown).
  ///   - earlier: the change made first.
  ///   - later: the change made last, which wins where both changed a question.
  init(base: [QuestionGroup], earlier: [QuestionGroup], later: [QuestionGroup]) {
    let baseGroups = Self.byTitle(base)
    let earlierGroups = Self.byTitle(earlier)
    let laterGroups = Self.byTitle(later)
    var titles = later.map(\.title)
    let known = Set(titles)
    titles += earlier.map(\.title).filter { !known.contains($0) }
    for title in titles {
      let (old, one, other) = (baseGroups[title], earlierGroups[title], laterGroups[title])
      switch Self.pick(base: old, earlier: one, later: other) {
      case .some(let group):
        if let group { groups.append(group) }
      case .none:
        // Both changed the group: merged question by question, unless one
        // of them removed it.
        guard let one, let other else {
          conflicts.append(Conflict(group: title, question: nil))
          if let other { groups.append(other) }
          continue
        }
        groups.append(merged(title: title, base: old, earlier: one, later: other))
      }
    }
  }

  /// One group changed on both machines, merged question by question; its
  /// own keys (`reverse`, `grade`, ...) are the later machine's unless only
  /// the earlier one changed them.
  private mutating func merged(title: String, base: QuestionGroup?, earlier: QuestionGroup, later: QuestionGroup)
    -> QuestionGroup
  {
    var group = later
    if let base, Self.keys(of: later) == Self.keys(of: base) {
      group.reverse = earlier.reverse
      group.typos = earlier.typos
      group.grade = earlier.grade
      group.score = earlier.score
    }
    let baseQuestions = Self.byIdentity(base?.questions ?? [])
    let earlierQuestions = Self.byIdentity(earlier.questions)
    let laterQuestions = Self.byIdentity(later.questions)
    var identities = later.questions.map(\.identity)
    let known = Set(identities)
    identities += earlier.questions.map(\.identity).filter { !known.contains($0) }
    group.questions = []
    for identity in identities {
      let (old, one, other) = (baseQuestions[identity], earlierQuestions[identity], laterQuestions[identity])
      switch Self.pick(base: old, earlier: one, later: other) {
      case .some(let question):
        if let question { group.questions.append(question) }
      case .none:
        conflicts.append(Conflict(group: title, question: identity))
        if let other { group.questions.append(other) }
      }
    }
    return group
  }

  /// The three-way choice: the side that changed, or either when they
  /// agree; `nil` when both changed it differently.
  private static func pick<Value: Equatable>(base: Value?, earlier: Value?, later: Value?) -> Value?? {
    if earlier == later { return .some(later) }
    if earlier == base { return .some(later) }
    if later == base { return .some(earlier) }
    return nil
  }

  private static func keys(of group: QuestionGroup) -> [String] {
    [String(group.reverse), group.typos?.rawValue ?? "", group.grade.rawValue, "\(group.score)"]
  }

  private static func byTitle(_ groups: [QuestionGroup]) -> [String: QuestionGroup] {
    var result: [String: QuestionGroup] = [:]
    for group in groups where result[group.title] == nil { result[group.title] = group }
    return result
  }

  private static func byIdentity(_ questions: [Question]) -> [String: Question] {
    var result: [String: Question] = [:]
    for question in questions where result[question.identity] == nil { result[question.identity] = question }
    return result
  }
}
