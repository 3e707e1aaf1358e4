/// Which Japanese script a text is written in, as judging needs to know:
/// an answer in kana is typed as kana, and an answer in kana or kanji, or a
/// reading of a kana or kanji prompt, is never forgiven a typo.
enum JapaneseScript {
  /// Whether a scalar is hiragana or katakana (full or half width, with the
  /// long-vowel mark and the iteration marks).
  static func isKana(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3041...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: true
    default: false
    }
  }

  /// Whether a scalar is a kanji (a CJK ideograph, or the mark 々).
  static func isKanji(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3005, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: true
    default: false
    }
  }

  /// Whether a text is written in kana: at least one kana, and nothing but
  /// kana, spaces and punctuation.
  static func isKana(_ text: String) -> Bool {
    var sawKana = false
    for scalar in text.unicodeScalars {
      if isKana(scalar) {
        sawKana = true
      } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
        return false
      }
    }
    return sawKana
  }

  /// Whether a text holds any kana or kanji.
  static func hasKanaOrKanji(_ text: String) -> Bool {
    text.unicodeScalars.contains { isKana($0) || isKanji($0) }
  }

  /// Whether every kana of a text is katakana, so that romaji typed for it
  /// is turned into katakana.
  static func isKatakana(_ text: String) -> Bool {
    isKana(text) && !text.unicodeScalars.contains { (0x3041...0x3096).contains($0.value) }
  }
}
