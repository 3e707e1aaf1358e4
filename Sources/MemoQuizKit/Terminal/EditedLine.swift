/// The line a ``LineEditor`` edits: its grapheme clusters and the cursor
/// between them.
///
/// Text typed arrives one Unicode scalar at a time; each change segments
/// the clusters around it again, so that a skin tone, a zero-width joiner
/// or the second half of a flag joins the character before it, and a
/// deletion that brings two halves together joins them.
struct EditedLine {
  /// The line's grapheme clusters.
  private(set) var characters: [Character] = []
  /// How many clusters are before the cursor.
  var cursor = 0
  /// The line's length in UTF-8 bytes.
  private(set) var byteCount = 0

  init() {}

  /// A line holding `text`, the cursor at its end.
  init(_ text: String) {
    characters = Array(text)
    cursor = characters.count
    byteCount = text.utf8.count
  }

  var text: String { String(characters) }

  /// Inserts `character` (a scalar as typed) at the cursor and moves the
  /// cursor after the cluster it ends up in.
  mutating func insert(_ character: Character) {
    cursor = replace(cursor..<cursor, with: String(character))
  }

  /// Backspace: deletes the cluster before the cursor.
  mutating func deleteBackward() {
    guard cursor > 0 else { return }
    cursor = replace(cursor - 1..<cursor, with: "")
  }

  /// Delete: deletes the cluster after the cursor.
  mutating func deleteForward() {
    guard cursor < characters.count else { return }
    cursor = replace(cursor..<cursor + 1, with: "")
  }

  /// Ctrl-U: deletes everything before the cursor.
  mutating func deleteToStart() {
    cursor = replace(0..<cursor, with: "")
  }

  /// Alt-b: to the start of the word before the cursor.
  mutating func moveToWordStart() {
    while cursor > 0 && !Self.isWordCharacter(characters[cursor - 1]) { cursor -= 1 }
    while cursor > 0 && Self.isWordCharacter(characters[cursor - 1]) { cursor -= 1 }
  }

  /// Alt-f: to the end of the word after the cursor.
  mutating func moveToWordEnd() {
    while cursor < characters.count && !Self.isWordCharacter(characters[cursor]) { cursor += 1 }
    while cursor < characters.count && Self.isWordCharacter(characters[cursor]) { cursor += 1 }
  }

  private static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber
  }

  /// Replaces the clusters in `range` with `text` and segments the clusters
  /// next to the change again.
  /// - Returns: the cursor position just after `text`: the first cluster
  ///   boundary at or after its end.
  private mutating func replace(_ range: Range<Int>, with text: String) -> Int {
    let lower = max(0, range.lowerBound - 1)
    let upper = min(characters.count, range.upperBound + 1)
    let head = String(characters[lower..<range.lowerBound]) + text
    let clusters = Array(head + String(characters[range.upperBound..<upper]))
    byteCount += text.utf8.count - characters[range].reduce(0) { $0 + $1.utf8.count }
    characters.replaceSubrange(lower..<upper, with: clusters)
    let target = head.unicodeScalars.count
    var scalars = 0
    var index = 0
    while index < clusters.count && scalars < target {
      scalars += clusters[index].unicodeScalars.count
      index += 1
    }
    return lower + index
  }
}
