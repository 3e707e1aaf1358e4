/// Anki's `[sound:FILE]` references in a question's text: the sounds a
/// prompt or an answer plays, kept in the text as Anki keeps them, so that
/// a questions file written by hand says it the same way and an export
/// gives them back to Anki as they came.
///
/// A round shows each reference as ``marker``; an answer is matched without
/// them.
public enum SoundText {
  /// What a prompt shows where it has a sound.
  public static let marker = "[sound]"

  private static let opening = "[sound:"

  /// The files `text` refers to, in order.
  public static func names(in text: String) -> [String] {
    guard mayRefer(text) else { return [] }
    var names: [String] = []
    forEachReference(in: text) { names.append(String($0)) }
    return names
  }

  /// `text` with each reference made ``marker``.
  public static func shown(_ text: String) -> String {
    replacing(text) { _ in marker }
  }

  /// `text` without its references, its ends trimmed when it had any.
  public static func without(_ text: String) -> String {
    guard mayRefer(text) else { return text }
    let bare = replacing(text) { _ in "" }
    return String(bare.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }

  /// `text` with each reference's file renamed by `newName` (a name it does
  /// not know stays).
  public static func renamed(_ text: String, _ newName: (String) -> String?) -> String {
    replacing(text) { name in opening + (newName(String(name)) ?? String(name)) + "]" }
  }

  /// Whether `text` may hold a reference. Most texts have no `[` at all,
  /// which is told without building the searcher `contains` builds: every
  /// card of a group is made when a round starts (`Benchmarks/benchmark.py`,
  /// piped throughput).
  private static func mayRefer(_ text: String) -> Bool {
    text.utf8.contains(UInt8(ascii: "[")) && text.contains(opening)
  }

  private static func replacing(_ text: String, _ replacement: (Substring) -> String) -> String {
    guard mayRefer(text) else { return text }
    var result = ""
    var rest = text[...]
    while let start = rest.firstRange(of: opening),
      let end = rest[start.upperBound...].firstIndex(of: "]")
    {
      result += rest[..<start.lowerBound]
      result += replacement(rest[start.upperBound..<end])
      rest = rest[rest.index(after: end)...]
    }
    return result + rest
  }

  private static func forEachReference(in text: String, _ body: (Substring) -> Void) {
    var rest = text[...]
    while let start = rest.firstRange(of: opening),
      let end = rest[start.upperBound...].firstIndex(of: "]")
    {
      let name = rest[start.upperBound..<end]
      if !name.isEmpty { body(name) }
      rest = rest[rest.index(after: end)...]
    }
  }
}
