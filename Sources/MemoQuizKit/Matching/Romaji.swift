/// Japanese-aware comparison of romaji spellings.
///
/// Hepburn, Kunrei-shiki and Nihon-shiki write some syllables differently
/// (shi/si, chi/ti, tsu/tu, fu/hu, ji/zi/di, sha/sya, ja/zya/jya, matcha/
/// maccha), and long vowels are written with a macron, a circumflex or
/// doubled (ō/ô/ou/oo). ``canonical(_:)`` rewrites any of these to one form,
/// so a learner who romanises correctly in any common system is never marked
/// wrong. What it never does is make different words the same: a long vowel
/// stays long (obaasan is not obasan), and a syllabic n before a vowel or y
/// keeps its mark (kan'i, かんい, is not kani, かに).
enum Romaji {
  /// Spellings rewritten to Hepburn, longest first. Longer matches are tried
  /// first so that the "hu" inside "shu" is never read as "fu".
  private static let syllables: [(spelling: [Character], hepburn: String)] = [
    ("shi", "shi"), ("chi", "chi"), ("tsu", "tsu"),
    ("sha", "sha"), ("shu", "shu"), ("sho", "sho"), ("she", "she"),
    ("cha", "cha"), ("chu", "chu"), ("cho", "cho"), ("che", "che"),
    ("sya", "sha"), ("syu", "shu"), ("syo", "sho"),
    ("tya", "cha"), ("tyu", "chu"), ("tyo", "cho"),
    ("zya", "ja"), ("zyu", "ju"), ("zyo", "jo"),
    ("jya", "ja"), ("jyu", "ju"), ("jyo", "jo"),
    ("dya", "ja"), ("dyu", "ju"), ("dyo", "jo"),
    ("si", "shi"), ("ti", "chi"), ("tu", "tsu"), ("hu", "fu"),
    ("zi", "ji"), ("di", "ji"), ("du", "zu"),
  ].map { (Array($0.0), $0.1) }

  private static let vowels: Set<Character> = ["a", "i", "u", "e", "o"]
  /// Long vowels written with a mark, as the doubled vowels they stand for.
  private static let longVowels: [Character: [Character]] = [
    "ā": ["a", "a"], "ī": ["i", "i"], "ū": ["u", "u"], "ē": ["e", "e"], "ō": ["o", "u"],
    "â": ["a", "a"], "î": ["i", "i"], "û": ["u", "u"], "ê": ["e", "e"], "ô": ["o", "u"],
  ]
  private static let consonants: Set<Character> = Set("kstnhmyrwgzdbpfjvc")
  private static let twoLetterOnsets: Set<String> = [
    "sh", "ch", "ts", "ky", "sy", "ty", "ny", "hy", "my", "ry", "gy", "zy", "dy", "by", "py", "jy",
  ]

  /// Whether a normalised text reads as romaji: every word splits into
  /// Japanese syllables. "shi" and "konnichiwa" do; "hello" does not.
  static func isRomaji(_ text: String) -> Bool {
    let letters = Array(text).flatMap { longVowels[$0] ?? [$0] }
    guard !letters.isEmpty else { return false }
    var index = 0
    func isVowel(_ offset: Int) -> Bool { offset < letters.count && vowels.contains(letters[offset]) }
    while index < letters.count {
      let letter = letters[index]
      if vowels.contains(letter) || letter == " " || letter == "-" || letter == "'" {
        index += 1
        continue
      }
      guard consonants.contains(letter) else { return false }
      let next = index + 1 < letters.count ? letters[index + 1] : nil
      if letter == "n" && !isVowel(index + 1) && next != "y" {
        index += 1  // the syllabic n
        continue
      }
      if let next, next == letter || (letter == "t" && next == "c") {
        index += 1  // a doubled consonant (a small tsu)
        continue
      }
      if let next, twoLetterOnsets.contains(String([letter, next])), isVowel(index + 2) {
        index += 3
        continue
      }
      guard letter != "c", isVowel(index + 1) else { return false }
      index += 2
    }
    return true
  }

  /// The romaji rewritten to one spelling: Hepburn syllables, long vowels
  /// as doubled vowels (a long o as "ou"), the small tsu before "ch" as
  /// "t", and the syllabic n marked with `'` only before a vowel or y.
  static func canonical(_ text: String) -> String {
    let letters = Array(text).flatMap { longVowels[$0] ?? [$0] }
    var hepburn: [Character] = []
    hepburn.reserveCapacity(letters.count)
    var index = 0
    scanning: while index < letters.count {
      for (spelling, replacement) in syllables where letters[index...].starts(with: spelling) {
        hepburn.append(contentsOf: replacement)
        index += spelling.count
        continue scanning
      }
      let letter = letters[index]
      let next = index + 1 < letters.count ? letters[index + 1] : " "
      let after = index + 2 < letters.count ? letters[index + 2] : " "
      if letter == "n" && (next == "'" || next == "n") && !vowels.contains(after) && after != "y" {
        // "n'" or "nn" before a consonant or the end: a plain syllabic n.
        hepburn.append("n")
        index += 2
        continue
      }
      hepburn.append(letter)
      index += 1
    }
    var result: [Character] = []
    result.reserveCapacity(hepburn.count)
    for (offset, letter) in hepburn.enumerated() {
      // The long o written "oo" is the long o written "ou".
      if letter == "o", result.last == "o", offset + 1 == hepburn.count || hepburn[offset + 1] != "o" {
        result.append("u")
        continue
      }
      // The small tsu before "ch": "maccha" is "matcha".
      if letter == "c", offset + 2 < hepburn.count, hepburn[offset + 1] == "c", hepburn[offset + 2] == "h" {
        result.append("t")
        continue
      }
      result.append(letter)
    }
    return String(result)
  }
}
