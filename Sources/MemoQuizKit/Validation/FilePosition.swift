/// A line and column in a text file, both counted from 1.
///
/// Columns count characters (Unicode scalars), not bytes, as editors do.
public struct FilePosition: Hashable, Sendable, Comparable {
  public let line: Int
  public let column: Int

  public static func < (lhs: FilePosition, rhs: FilePosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}

/// Maps byte offsets in a text to lines and columns.
struct LineTable {
  private let bytes: [UInt8]
  /// The byte offset at which each line starts.
  private let lineStarts: [Int]

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var starts = [0]
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(offset + 1)
    }
    lineStarts = starts
  }

  /// The line and column of a byte offset.
  func location(of offset: Int) -> FilePosition {
    let offset = min(max(offset, 0), bytes.count)
    // The last line start at or before the offset.
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    var column = 1
    var position = lineStarts[low]
    while position < offset {
      // Count lead bytes only, so a multi-byte character is one column.
      if bytes[position] & 0xC0 != 0x80 { column += 1 }
      position += 1
    }
    return FilePosition(line: low + 1, column: column)
  }
}
