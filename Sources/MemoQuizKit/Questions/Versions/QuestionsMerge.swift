/// A three-way merge of two versions of the questions made on two machines
/// from the one both started from, group by group (by title) and question
/// by question (by identity): what only one side changed is taken from it;
/// where both changed the same question (or a group's own settings), the
/// later side's version wins and the clash is named.
struct QuestionsMerge {
  /// The merged groups.
  var groups: [QuestionGroup] = []
  /// The questions both sides changed differently, as (group, prompt), with
  /// the key ``changes(from:to:)`` gives them.
  var clashes: [(group: String, prompt: String, key: String)] = []

  /// Merges `earlier` and `later`, both made from `base`.
  init(base: [QuestionGroup], earlier: [QuestionGroup], later: [QuestionGroup]) {
    let baseGroups = Self.byTitle(base)
    let earlierGroups = Self.byTitle(earlier)
    let laterGroups = Self.byTitle(later)
    var order = later.map(\.title)
    var seen = Set(order)
    for group in earlier where seen.insert(group.title).inserted { order.append(group.title) }
    for title in order {
      let old = baseGroups[title]
      let mine = earlierGroups[title]
      let theirs = laterGroups[title]
      if mine == old {
        if let theirs { groups.append(theirs) }
      } else if theirs == old || mine == theirs {
        if let mine { groups.append(mine) }
      } else if let mine, let theirs {
        groups.append(merged(old, mine, theirs))
      } else {
        // One side removed the group, the other changed it: the later wins.
        let changed = mine ?? theirs
        clashes.append((title, changed?.questions.first?.prompt ?? title, title))
        if let theirs { groups.append(theirs) }
      }
    }
  }

  /// Two versions of a group both changed, question by question.
  private mutating func merged(_ old: QuestionGroup?, _ mine: QuestionGroup, _ theirs: QuestionGroup)
    -> QuestionGroup
  {
    var group = theirs
    let baseQuestions = Self.byIdentity(old?.questions ?? [])
    let mineQuestions = Self.byIdentity(mine.questions)
    let theirQuestions = Self.byIdentity(theirs.questions)
    var order = theirs.questions.map(\.identity)
    var seen = Set(order)
    for question in mine.questions where seen.insert(question.identity).inserted { order.append(question.identity) }
    group.questions = []
    for identity in order {
      let before = baseQuestions[identity]
      let earlier = mineQuestions[identity]
      let later = theirQuestions[identity]
      if earlier == before {
        if let later { group.questions.append(later) }
      } else if later == before || earlier == later {
        if let earlier { group.questions.append(earlier) }
      } else {
        clashes.append((theirs.title, (later ?? earlier)?.prompt ?? identity, Self.key(theirs.title, identity)))
        if let later { group.questions.append(later) }
      }
    }
    return group
  }

  /// What a change from `before` to `after` touched: the title of each group
  /// it changed, and the key of each question it changed in them.
  static func changes(from before: [QuestionGroup], to after: [QuestionGroup]) -> Set<String> {
    let beforeGroups = byTitle(before)
    let afterGroups = byTitle(after)
    var keys: Set<String> = []
    for title in Set(beforeGroups.keys).union(afterGroups.keys) where beforeGroups[title] != afterGroups[title] {
      keys.insert(title)
      let old = byIdentity(beforeGroups[title]?.questions ?? [])
      let new = byIdentity(afterGroups[title]?.questions ?? [])
      for identity in Set(old.keys).union(new.keys) where old[identity] != new[identity] {
        keys.insert(key(title, identity))
      }
    }
    return keys
  }

  /// The key of a question: its group's title and its identity.
  static func key(_ title: String, _ identity: String) -> String { title + "\u{1F}" + identity }

  private static func byTitle(_ groups: [QuestionGroup]) -> [String: QuestionGroup] {
    Dictionary(groups.map { ($0.title, $0) }, uniquingKeysWith: { first, _ in first })
  }

  private static func byIdentity(_ questions: [Question]) -> [String: Question] {
    Dictionary(questions.map { ($0.identity, $0) }, uniquingKeysWith: { first, _ in first })
  }
}
