/// The few protocol buffer messages Anki's packages hold (the package's
/// version, the media list, a note type's settings), read field by field:
/// varints and length-delimited fields, every length checked.
struct ProtobufReader {
  /// A field's value.
  enum Value: Equatable {
    case varint(UInt64)
    case bytes(ArraySlice<UInt8>)
  }

  /// The fields of a message, in order, as (number, value).
  /// - Throws: ``AnkiPackageError/invalid(_:)`` for bytes that are not a message.
  static func fields(of message: ArraySlice<UInt8>) throws(AnkiPackageError) -> [(number: Int, value: Value)] {
    var fields: [(number: Int, value: Value)] = []
    var index = message.startIndex
    func varint() throws(AnkiPackageError) -> UInt64 {
      var value: UInt64 = 0
      var shift: UInt64 = 0
      while index < message.endIndex, shift < 64 {
        let byte = message[index]
        index += 1
        value |= UInt64(byte & 0x7F) << shift
        if byte < 0x80 { return value }
        shift += 7
      }
      throw .invalid("a protocol buffer message in it is damaged")
    }
    while index < message.endIndex {
      let key = try varint()
      let number = Int(key >> 3 & 0x1FFF_FFFF)
      switch key & 7 {
      case 0:
        fields.append((number, .varint(try varint())))
      case 1, 5:
        let width = key & 7 == 1 ? 8 : 4
        guard message.endIndex - index >= width else { throw .invalid("a protocol buffer message in it is cut short") }
        index += width
      case 2:
        let length = try varint()
        guard length <= UInt64(message.endIndex - index) else {
          throw .invalid("a protocol buffer message in it is cut short")
        }
        fields.append((number, .bytes(message[index..<index + Int(length)])))
        index += Int(length)
      default:
        throw .invalid("a protocol buffer message in it is damaged")
      }
    }
    return fields
  }

  /// The last varint of a field number, as protocol buffers read a scalar.
  static func varint(_ number: Int, in fields: [(number: Int, value: Value)]) -> UInt64? {
    fields.last { $0.number == number }.flatMap { if case .varint(let value) = $0.value { value } else { nil } }
  }
}
