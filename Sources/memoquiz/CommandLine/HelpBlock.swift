/// A part of a command's longer help.
enum HelpBlock: Sendable {
  /// Prose, wrapped to the width.
  case paragraph(String)
  /// Terms with their meanings, such as the inputs of a round.
  case definitions([Definition])
  /// Lines shown as they are, such as a message format.
  case verbatim([String])
}

/// A term and its meaning, in a ``HelpBlock/definitions(_:)`` list.
struct Definition: Sendable {
  let term: String
  let meaning: String

  init(_ term: String, _ meaning: String) {
    self.term = term
    self.meaning = meaning
  }
}
