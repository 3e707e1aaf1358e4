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
  private var otherAnswersPosition: Int?
  private var blockedPosition: Int?
  private var hintPosition: Int?
  private var idPosition: Int?
  private var clozePosition: Int?
  private var reversePosition: Int?
  private var reverseAlternativesPosition: Int?
  private var tagsPosition: Int?
  private var typosPosition: Int?
  private var gradePosition: Int?
  private var ankiNoteTypePosition: Int?
  private var speakPosition: Int?
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
      // The length tells the one key to compare with: a question has a
      // handful of members, and every file has many questions.
      let key = member.key
      switch key.utf8.count {
      case 2 where key == "id": first(&idPosition, index)
      case 4 where key == "tags": first(&tagsPosition, index)
      case 4 where key == "hint": first(&hintPosition, index)
      case 5 where key == "cloze": first(&clozePosition, index)
      case 5 where key == "typos": first(&typosPosition, index)
      case 5 where key == "grade": first(&gradePosition, index)
      case 5 where key == "speak": first(&speakPosition, index)
      case 6 where key == "prompt": first(&promptPosition, index)
      case 6 where key == "answer": first(&answerPosition, index)
      case 7 where key == "reverse": first(&reversePosition, index)
      case 7 where key == "blocked": first(&blockedPosition, index)
      case 12 where key == "alternatives": first(&alternativesPosition, index)
      case 12 where key == "ankiNoteType": first(&ankiNoteTypePosition, index)
      case 12 where key == "otherAnswers": first(&otherAnswersPosition, index)
      case 19 where key == "reverseAlternatives": first(&reverseAlternativesPosition, index)
      default: hasUnknownKey = true
      }
    }
    hasRepeatedKey = repeated
  }

  private func member(_ position: Int?) -> JSONNode.Member? { position.map { members[$0] } }

  var prompt: JSONNode.Member? { member(promptPosition) }
  var answer: JSONNode.Member? { member(answerPosition) }
  var alternatives: JSONNode.Member? { member(alternativesPosition) }
  var otherAnswers: JSONNode.Member? { member(otherAnswersPosition) }
  var blocked: JSONNode.Member? { member(blockedPosition) }
  var hint: JSONNode.Member? { member(hintPosition) }
  var id: JSONNode.Member? { member(idPosition) }
  var cloze: JSONNode.Member? { member(clozePosition) }
  var reverse: JSONNode.Member? { member(reversePosition) }
  var reverseAlternatives: JSONNode.Member? { member(reverseAlternativesPosition) }
  var tags: JSONNode.Member? { member(tagsPosition) }
  var typos: JSONNode.Member? { member(typosPosition) }
  var grade: JSONNode.Member? { member(gradePosition) }
  var ankiNoteType: JSONNode.Member? { member(ankiNoteTypePosition) }
  var speak: JSONNode.Member? { member(speakPosition) }
}
