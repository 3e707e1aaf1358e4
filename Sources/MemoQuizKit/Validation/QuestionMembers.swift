/// A question's members by key, found in one pass: the first of each, as
/// `JSONDecoder` would pick it.
struct QuestionMembers {
  var prompt: JSONNode.Member?
  var answer: JSONNode.Member?
  var alternatives: JSONNode.Member?
  var hint: JSONNode.Member?
  var id: JSONNode.Member?
  var cloze: JSONNode.Member?
  var reverse: JSONNode.Member?
  var reverseAlternatives: JSONNode.Member?
  var tags: JSONNode.Member?
  /// Whether a key is none of these.
  var hasUnknownKey = false

  init(_ members: [JSONNode.Member]) {
    for member in members {
      switch member.key {
      case "prompt": prompt = prompt ?? member
      case "answer": answer = answer ?? member
      case "alternatives": alternatives = alternatives ?? member
      case "hint": hint = hint ?? member
      case "id": id = id ?? member
      case "cloze": cloze = cloze ?? member
      case "reverse": reverse = reverse ?? member
      case "reverseAlternatives": reverseAlternatives = reverseAlternatives ?? member
      case "tags": tags = tags ?? member
      default: hasUnknownKey = true
      }
    }
  }
}
