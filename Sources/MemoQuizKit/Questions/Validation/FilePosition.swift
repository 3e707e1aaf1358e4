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
    locations(of: [offset])[0]
  }

  /// The line and column of each offset, in one pass over the text however
  /// many offsets share a line.
  /// - Parameter offsets: byte offsets in ascending order.
  func locations(of offsets: [Int]) -> [FilePosition] {
    var locations: [FilePosition] = []
    locations.reserveCapacity(offsets.count)
    var line = -1
    var position = 0
    var column = 1
    for offset in offsets {
      let offset = min(max(offset, 0), bytes.count)
      let found = self.line(at: offset)
      if found != line || position > offset {
        (line, position, column) = (found, lineStarts[found], 1)
      }
      while position < offset {
        // Count lead bytes only, so a multi-byte character is one column.
        if bytes[position] & 0xC0 != 0x80 { column += 1 }
        position += 1
      }
      locations.append(FilePosition(line: line + 1, column: column))
    }
    return locations
  }

  /// The line number of an offset, counted from 1.
  func lineNumber(of offset: Int) -> Int {
    line(at: min(max(offset, 0), bytes.count)) + 1
  }

  /// The index of the last line start at or before the offset.
  private func line(at offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }
}
