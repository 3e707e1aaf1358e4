/// A parsed JSON value that remembers where it stood in its source.
///
/// Every value and every object key keeps its byte offset, so that a problem
/// found while reading questions can be reported at a line and column.
struct JSONNode: Sendable {
  /// The kinds of JSON value.
  enum Value: Sendable {
    case null
    case bool(Bool)
    /// A number, kept as its source text so that no precision is lost.
    case number(String)
    case string(String)
    case array([JSONNode])
    case object([Member])
    /// A value with a syntax error, stood in for so that reading goes on
    /// after it; the error is reported once, by the scanner.
    case invalid
  }

  /// One `"key": value` pair of an object, in source order.
  struct Member: Sendable {
    let key: String
    /// The byte offset of the key's opening quote.
    let keyOffset: Int
    let value: JSONNode
  }

  let value: Value
  /// The byte offset, kept in 32 bits: files are at most 1 GiB, and a
  /// smaller node makes large arrays cheaper to build.
  private let position: Int32

  /// The byte offset of the value's first character.
  var offset: Int { Int(position) }

  init(value: Value, offset: Int) {
    self.value = value
    position = Int32(clamping: offset)
  }

  /// The name of the value's kind, as a message would say it: "a string".
  var kindDescription: String {
    switch value {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    case .invalid: "a value that cannot be read"
    }
  }
}
