/// Turns romaji into kana, as the answer boxes of WaniKani, KameSame and
/// Bunpro do, so that a question whose answer is みず can be answered on a
/// keyboard with no Japanese input method.
///
/// Lower-case letters give hiragana; a syllable typed with a capital first
/// letter gives katakana (`Mizu` is ミず, `MIZU` is ミズ). `nn`, `n'`, and an
/// `n` before a consonant other than `y` or at the end give ん (`nn` before
/// a vowel or `y` is ん followed by the n of the next syllable, so `kanna`
/// is かんな); a doubled consonant gives っ (`kitte`, `matcha`); `x` or `l`
/// before a vowel gives its small kana (`xa` ぁ, `xtsu` っ); `-` gives ー,
/// and the ASCII punctuation its Japanese form (`.` 。, `,` 、). Anything
/// else, kana and kanji included, is kept as it is, so converting twice
/// changes nothing.
///
/// The same conversion serves the line editor as keys are typed
/// (``converting(_:final:)`` with `final` false keeps the romaji that more
/// keys could still change, such as a lone `n` or `ky`) and a piped answer
/// before it is judged.
public enum KanaConverter {
  /// The kana `text` reads as.
  /// - Parameters:
  ///   - final: whether the text is complete. While it is typed, a last
  ///     `n` or incomplete syllable is kept as romaji; a last `nn` is ん.
  ///   - katakana: give katakana whatever the case (for an answer written
  ///     in katakana).
  public static func converting(_ text: String, final: Bool = true, katakana allKatakana: Bool = false) -> String {
    let characters = Array(text)
    var result = ""
    result.unicodeScalars.reserveCapacity(characters.count)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      guard let letter = asciiLetter(character) else {
        result += punctuation[character].map(String.init) ?? String(character)
        index += 1
        continue
      }
      let katakana = allKatakana || character.isUppercase
      func letterAt(_ offset: Int) -> Character? {
        index + offset < characters.count ? asciiLetter(characters[index + offset]) : nil
      }
      func emit(_ kana: String, _ used: Int) {
        result += katakana ? Self.katakana(kana) : kana
        index += used
      }
      let next = letterAt(1)
      if letter == "n" {
        if index + 1 < characters.count, characters[index + 1] == "'" {
          emit("ん", 2)
          continue
        }
        if next == "n" {
          let after = letterAt(2)
          if after.map({ vowels.contains($0) || $0 == "y" }) == true {
            emit("ん", 1)  // the second n starts the next syllable
          } else {
            // `nn` just typed is ん at once, as an input method shows it;
            // かんな is typed `kannna` then.
            emit("ん", 2)
          }
          continue
        }
        if next == nil && index + 1 >= characters.count && !final { break }
        if next.map({ !vowels.contains($0) && $0 != "y" }) ?? true {
          emit("ん", 1)
          continue
        }
      } else if let next, next == letter, !vowels.contains(letter) {
        emit("っ", 1)  // a doubled consonant: the small tsu
        continue
      } else if letter == "t", next == "c", letterAt(2) == "h" {
        emit("っ", 1)  // Hepburn's matcha
        continue
      }
      // The longest syllable that starts here.
      var matched = false
      var isPrefix = false
      for length in stride(from: min(longestSyllable, characters.count - index), through: 1, by: -1) {
        var key = ""
        var complete = true
        for offset in 0..<length {
          guard let letter = letterAt(offset) else {
            complete = false
            break
          }
          key.append(letter)
        }
        guard complete else { continue }
        if let kana = syllables[key] {
          emit(kana, length)
          matched = true
          break
        }
        if index + length == characters.count, prefixes.contains(key) { isPrefix = true }
      }
      if matched { continue }
      // Letters that more keys could still make a syllable of wait.
      if isPrefix && !final { break }
      result.append(character)
      index += 1
    }
    if index < characters.count { result += String(characters[index...]) }
    return result
  }

  /// How romaji typed for an answer is turned into kana: not at all unless
  /// the expected answer is written in kana and no accepted answer has a
  /// Latin letter (which the conversion would make untypable); into
  /// katakana when the answers in kana are all katakana.
  public enum Target: Sendable, Equatable {
    case none, hiragana, katakana
  }

  /// What romaji typed for `answers` becomes.
  public static func target(for answers: [String]) -> Target {
    guard let expected = answers.first, JapaneseScript.isKana(expected),
      !answers.contains(where: { $0.unicodeScalars.contains { $0.properties.isAlphabetic && $0.isASCII } })
    else { return .none }
    let kana = answers.filter(JapaneseScript.isKana)
    return kana.allSatisfy(JapaneseScript.isKatakana) ? .katakana : .hiragana
  }

  /// An answer line as it is judged: converted for `target`, unless it is
  /// one of the round's own inputs (`:` something, or `?`).
  public static func answer(_ line: String, for target: Target, final: Bool = true) -> String {
    guard target != .none else { return line }
    let trimmed = line.trimmingWhitespace
    guard !trimmed.hasPrefix(":"), trimmed != "?" else { return line }
    return converting(line, final: final, katakana: target == .katakana)
  }

  // MARK: - Tables

  private static let vowels: Set<Character> = ["a", "i", "u", "e", "o"]

  /// The lower-case ASCII letter a character is, if it is one.
  private static func asciiLetter(_ character: Character) -> Character? {
    guard let ascii = character.asciiValue else { return nil }
    switch ascii {
    case 0x61...0x7A: return character
    case 0x41...0x5A: return Character(Unicode.Scalar(ascii + 0x20))
    default: return nil
    }
  }

  /// Hiragana as katakana; other characters as they are.
  static func katakana(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if (0x3041...0x3096).contains(scalar.value), let shifted = Unicode.Scalar(scalar.value + 0x60) {
        scalars.append(shifted)
      } else {
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  private static let punctuation: [Character: Character] = [
    "!": "！", "?": "？", ".": "。", ":": "：", "/": "・", ",": "、", "~": "〜", "-": "ー",
    "\u{2018}": "「", "\u{2019}": "」", "\u{201C}": "『", "\u{201D}": "』", "[": "［", "]": "］",
    "(": "（", ")": "）", "{": "｛", "}": "｝",
  ]

  /// Each onset with the kana it makes before a, i, u, e and o.
  private static let rows: [(onset: String, kana: [String])] = [
    ("", ["あ", "い", "う", "え", "お"]),
    ("k", ["か", "き", "く", "け", "こ"]), ("c", ["か", "き", "く", "け", "こ"]),
    ("g", ["が", "ぎ", "ぐ", "げ", "ご"]),
    ("s", ["さ", "し", "す", "せ", "そ"]), ("z", ["ざ", "じ", "ず", "ぜ", "ぞ"]),
    ("t", ["た", "ち", "つ", "て", "と"]), ("d", ["だ", "ぢ", "づ", "で", "ど"]),
    ("n", ["な", "に", "ぬ", "ね", "の"]), ("h", ["は", "ひ", "ふ", "へ", "ほ"]),
    ("b", ["ば", "び", "ぶ", "べ", "ぼ"]), ("p", ["ぱ", "ぴ", "ぷ", "ぺ", "ぽ"]),
    ("m", ["ま", "み", "む", "め", "も"]), ("r", ["ら", "り", "る", "れ", "ろ"]),
    ("y", ["や", "い", "ゆ", "いぇ", "よ"]), ("w", ["わ", "うぃ", "う", "うぇ", "を"]),
    ("wh", ["うぁ", "うぃ", "う", "うぇ", "うぉ"]),
    ("f", ["ふぁ", "ふぃ", "ふ", "ふぇ", "ふぉ"]), ("v", ["ゔぁ", "ゔぃ", "ゔ", "ゔぇ", "ゔぉ"]),
    ("j", ["じゃ", "じ", "じゅ", "じぇ", "じょ"]),
    ("sh", ["しゃ", "し", "しゅ", "しぇ", "しょ"]), ("ch", ["ちゃ", "ち", "ちゅ", "ちぇ", "ちょ"]),
    ("ts", ["つぁ", "つぃ", "つ", "つぇ", "つぉ"]),
    ("q", ["くぁ", "くぃ", "く", "くぇ", "くぉ"]), ("qw", ["くぁ", "くぃ", "くぅ", "くぇ", "くぉ"]),
    ("kw", ["くぁ", "くぃ", "くぅ", "くぇ", "くぉ"]), ("gw", ["ぐぁ", "ぐぃ", "ぐぅ", "ぐぇ", "ぐぉ"]),
    ("sw", ["すぁ", "すぃ", "すぅ", "すぇ", "すぉ"]), ("tw", ["とぁ", "とぃ", "とぅ", "とぇ", "とぉ"]),
    ("dw", ["どぁ", "どぃ", "どぅ", "どぇ", "どぉ"]), ("fw", ["ふぁ", "ふぃ", "ふぅ", "ふぇ", "ふぉ"]),
    ("th", ["てゃ", "てぃ", "てゅ", "てぇ", "てょ"]), ("dh", ["でゃ", "でぃ", "でゅ", "でぇ", "でょ"]),
    ("x", ["ぁ", "ぃ", "ぅ", "ぇ", "ぉ"]), ("l", ["ぁ", "ぃ", "ぅ", "ぇ", "ぉ"]),
    ("xy", ["ゃ", "ぃ", "ゅ", "ぇ", "ょ"]), ("ly", ["ゃ", "ぃ", "ゅ", "ぇ", "ょ"]),
  ]

  /// Onsets whose `y` row is the i-kana with a small ya, yu or yo (kya きゃ).
  private static let yRows: [(onset: String, base: String)] = [
    ("k", "き"), ("g", "ぎ"), ("s", "し"), ("z", "じ"), ("t", "ち"), ("c", "ち"), ("d", "ぢ"), ("n", "に"),
    ("h", "ひ"), ("b", "び"), ("p", "ぴ"), ("m", "み"), ("r", "り"), ("j", "じ"), ("sh", "し"), ("ch", "ち"),
    ("q", "く"), ("f", "ふ"), ("v", "ゔ"),
  ]

  /// Every syllable typed, by its lower-case letters.
  private static let syllables: [String: String] = {
    var table: [String: String] = [:]
    let vowelLetters = ["a", "i", "u", "e", "o"]
    for (onset, kana) in rows {
      for (vowel, text) in zip(vowelLetters, kana) { table[onset + vowel] = text }
    }
    let smallY = ["a": "ゃ", "i": "ぃ", "u": "ゅ", "e": "ぇ", "o": "ょ"]
    for (onset, base) in yRows {
      for vowel in vowelLetters { table[onset + "y" + vowel] = base + (smallY[vowel] ?? "") }
    }
    // The v row's small e and i stay as they are; f's y row is small kana too.
    table["vyi"] = "ゔぃ"
    table["vye"] = "ゔぇ"
    table["fyi"] = "ふぃ"
    table["fye"] = "ふぇ"
    table["shyi"] = nil
    table["chyi"] = nil
    table["yi"] = "い"
    table["wu"] = "う"
    table["xtu"] = "っ"
    table["ltu"] = "っ"
    table["xtsu"] = "っ"
    table["ltsu"] = "っ"
    table["xwa"] = "ゎ"
    table["lwa"] = "ゎ"
    table["xka"] = "ヵ"
    table["lka"] = "ヵ"
    table["xke"] = "ヶ"
    table["lke"] = "ヶ"
    table["xca"] = "ヵ"
    table["lca"] = "ヵ"
    table["xce"] = "ヶ"
    table["lce"] = "ヶ"
    table["xn"] = "ん"
    return table
  }()

  private static let longestSyllable = 4

  /// Every beginning of a syllable shorter than the syllable: the letters
  /// that wait for more while a line is typed.
  private static let prefixes: Set<String> = {
    var prefixes = Set<String>()
    for key in syllables.keys where key.count > 1 {
      for length in 1..<key.count { prefixes.insert(String(key.prefix(length))) }
    }
    return prefixes
  }()
}
