/// A question's members by key, found in one pass: the first of each, as
/// `JSONDecoder` would pick it.
///
/// It keeps positions, not copies, and allocates nothing, so that reading
/// a question costs no more than the look-ups it replaces.
struct QuestionMembers {
  private let members: [JSONNode.Member]
  private var promptPosition: Int?
  private var answerPosition: Int?
  private var alternativesPosition: Int?
  private var hintPosition: Int?
  private var idPosition: Int?
  private var clozePosition: Int?
  private var reversePosition: Int?
  private var reverseAlternativesPosition: Int?
  private var tagsPosition: Int?
  /// Whether a key is none of the known ones.
  private(set) var hasUnknownKey = false
  /// Whether a known key comes more than once.
  private(set) var hasRepeatedKey = false

  init(_ members: [JSONNode.Member]) {
    self.members = members
    var repeated = false
    func first(_ position: inout Int?, _ index: Int) {
      if position == nil { position = index } else { repeated = true }
    }
    for (index, member) in members.enumerated() {
      switch member.key {
      case "prompt": first(&promptPosition, index)
      case "answer": first(&answerPosition, index)
      case "alternatives": first(&alternativesPosition, index)
      case "hint": first(&hintPosition, index)
      case "id": first(&idPosition, index)
      case "cloze": first(&clozePosition, index)
      case "reverse": first(&reversePosition, index)
      case "reverseAlternatives": first(&reverseAlternativesPosition, index)
      case "tags": first(&tagsPosition, index)
      default: hasUnknownKey = true
      }
    }
    hasRepeatedKey = repeated
  }

  private func member(_ position: Int?) -> JSONNode.Member? { position.map { members[$0] } }

  var prompt: JSONNode.Member? { member(promptPosition) }
  var answer: JSONNode.Member? { member(answerPosition) }
  var alternatives: JSONNode.Member? { member(alternativesPosition) }
  var hint: JSONNode.Member? { member(hintPosition) }
  var id: JSONNode.Member? { member(idPosition) }
  var cloze: JSONNode.Member? { member(clozePosition) }
  var reverse: JSONNode.Member? { member(reversePosition) }
  var reverseAlternatives: JSONNode.Member? { member(reverseAlternativesPosition) }
  var tags: JSONNode.Member? { member(tagsPosition) }
}
