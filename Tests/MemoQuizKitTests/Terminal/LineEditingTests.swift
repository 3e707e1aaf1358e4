import Testing

@testable import MemoQuizKit

/// The parts of the line editor that need no terminal: decoding keys,
/// editing by grapheme cluster, and laying a line out over rows.
@Suite struct LineEditingTests {
  private func keys(_ text: String) -> [TerminalKey] {
    var bytes = Array(text.utf8)
    var keys: [TerminalKey] = []
    while let (key, used) = TerminalKey.decode(bytes) {
      keys.append(key)
      bytes.removeFirst(used)
    }
    return keys
  }

  @Test func everySequenceIsOneKeyAndNoneOfItsBytesIsText() {
    let sequences = [
      "\u{1B}]0;title\u{07}", "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\", "\u{1B}P1$r0m\u{1B}\\", "\u{1B}_a\u{1B}\\",
      "\u{1B}^b\u{1B}\\", "\u{1B}Xc\u{1B}\\", "\u{1B}x", "\u{1B}(B", "\u{1B}[200~", "\u{1B}[?1;2c", "\u{1B}OP",
      "\u{9D}0;x\u{9C}", "\u{9B}2J", "\u{90}q\u{1B}\\", "\u{1B}]0;cancelled\u{18}",
    ]
    for sequence in sequences {
      #expect(
        keys("a" + sequence + "b") == [.character("a"), .ignored, .character("b")], "\(sequence.debugDescription)")
    }
  }

  @Test func keysAreKnownWhateverTheirForm() {
    #expect(
      keys("\u{1B}[D\u{1B}OC\u{1B}[1;5A\u{1B}[3~\u{1B}[1~\u{1B}[F") == [.left, .right, .up, .delete, .home, .end])
    #expect(keys("\u{1B}b\u{1B}f") == [.wordLeft, .wordRight])
    // Escape pressed alone before a key that keeps its meaning.
    #expect(keys("\u{1B}\r") == [.ignored, .enter])
  }

  @Test func anUnfinishedSequenceWaitsForTheRestAndAnEndlessOneIsDroppedInPieces() {
    for start in ["\u{1B}", "\u{1B}[", "\u{1B}[1;", "\u{1B}]0;x", "\u{1B}]0;x\u{1B}", "\u{1B}P", "\u{1B}]x\u{9C}"] {
      // The last one stops in the middle of the 8-bit ST's two bytes.
      let bytes = Array(start.utf8)
      #expect(
        TerminalKey.decode(start.hasSuffix("\u{9C}") ? bytes.dropLast() : bytes) == nil, "\(start.debugDescription)")
    }
    let endless = Array(("\u{1B}]" + String(repeating: "x", count: TerminalKey.stringLimit + 10)).utf8)
    let (key, used) = TerminalKey.decode(endless) ?? (.enter, 0)
    #expect(key == .ignored && used > TerminalKey.stringLimit && used < endless.count)
  }

  @Test func scalarsTypedOneByOneJoinIntoTheClustersTheTerminalShows() {
    var line = EditedLine()
    for scalar in "a👨‍👩‍👧🇯🇵e\u{301}👍🏽".unicodeScalars { line.insert(Character(scalar)) }
    #expect(line.characters == ["a", "👨‍👩‍👧", "🇯🇵", "e\u{301}", "👍🏽"])
    #expect(line.cursor == 5)
    line.cursor = 2
    line.deleteBackward()
    #expect(line.text == "a🇯🇵e\u{301}👍🏽")
    line.deleteForward()
    #expect(line.text == "ae\u{301}👍🏽")
    #expect(line.byteCount == line.text.utf8.count)
    // Deleting what stood between two regional indicators makes a flag.
    var flag = EditedLine("🇯x🇵")
    flag.cursor = 2
    flag.deleteBackward()
    #expect(flag.characters == ["🇯🇵"] && flag.cursor == 1)
  }

  @Test func wordMovesAsReadline() {
    var line = EditedLine("one two  three")
    line.moveToWordStart()
    #expect(line.cursor == 9)
    line.moveToWordStart()
    #expect(line.cursor == 4)
    line.moveToWordEnd()
    #expect(line.cursor == 7)
  }

  @Test func aClusterTakesTheColumnsTheTerminalGivesIt() {
    #expect(DisplayWidth.of("👨‍👩‍👧") == 2)
    #expect(DisplayWidth.of("🇯🇵") == 2)
    #expect(DisplayWidth.of("👍🏽") == 2)
    #expect(DisplayWidth.of("❤️") == 2)
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect(DisplayWidth.of("日本👨‍👩‍👧") == 6)
  }

  @Test func aLineGoesOnOverRowsAndAWideCharacterWrapsWhole() {
    let narrow = LineLayout(Array("abcdefgh"), startColumn: 2, width: 5)
    #expect(
      narrow.positions.map { [$0.row, $0.column] } == [
        [0, 2], [0, 3], [0, 4], [1, 0], [1, 1], [1, 2], [1, 3], [1, 4], [2, 0],
      ])
    #expect(narrow.fillsLastRow)
    let wide = LineLayout(Array("xひら"), startColumn: 2, width: 6)
    #expect(wide.positions.map { [$0.row, $0.column] } == [[0, 2], [0, 3], [1, 0], [1, 2]])
    #expect(!wide.fillsLastRow)
    // A control character is shown as caret notation, two columns.
    let control = LineLayout(["a", "\u{7}"], startColumn: 0, width: 80)
    #expect(control.text == "a^G" && control.positions.last == LineLayout.Position(row: 0, column: 3))
  }
}
