/// Japanese-aware comparison of romaji spellings.
///
/// Hepburn, Kunrei-shiki and Nihon-shiki write some syllables differently
/// (shi/si, chi/ti, tsu/tu, fu/hu, ji/zi/di, sha/sya, ja/zya/jya), and long
/// vowels are written with a macron, doubled, or not at all (ō/ou/oo/o).
/// ``canonical(_:)`` rewrites any of these to one form, so a learner who
/// romanises correctly in any common system is never marked wrong.
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
  private static let longVowels: [Character: Character] = [
    "ā": "a", "ī": "i", "ū": "u", "ē": "e", "ō": "o",
    "â": "a", "î": "i", "û": "u", "ê": "e", "ô": "o",
  ]
  private static let consonants: Set<Character> = Set("kstnhmyrwgzdbpfjvc")
  private static let twoLetterOnsets: Set<String> = [
    "sh", "ch", "ts", "ky", "sy", "ty", "ny", "hy", "my", "ry", "gy", "zy", "dy", "by", "py", "jy",
  ]

  /// Whether a normalised text reads as romaji: every word splits into
  /// Japanese syllables. "shi" and "konnichiwa" do; "hello" does not.
  static func isRomaji(_ text: String) -> Bool {
    let letters = Array(text).map { longVowels[$0] ?? $0 }
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
  /// shortened, and the syllabic n without `'` or doubling.
  static func canonical(_ text: String) -> String {
    let letters = Array(text).map { longVowels[$0] ?? $0 }
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
      if letter == "n" && index + 1 < letters.count {
        let next = letters[index + 1]
        if next == "'" {
          hepburn.append("n")
          index += 2
          continue
        }
        if next == "n" {
          let after = index + 2 < letters.count ? letters[index + 2] : " "
          if !vowels.contains(after) && after != "y" {
            hepburn.append("n")
            index += 2
            continue
          }
        }
      }
      hepburn.append(letter)
      index += 1
    }
    // Long vowels: "ou", "oo" and doubled vowels all shorten to one.
    var result: [Character] = []
    result.reserveCapacity(hepburn.count)
    for letter in hepburn {
      if let last = result.last, vowels.contains(letter),
        last == letter || (last == "o" && letter == "u")
      {
        continue
      }
      result.append(letter)
    }
    return String(result)
  }
}
