// Writes a Swift source file that holds a JSON file as a raw string literal.
//
// Usage: QuestionDataEmbedder INPUT.json OUTPUT.swift
//
// The literal's delimiter gets one more `#` than the longest run of `#` that
// follows a quote in the input, so no input can end the literal early.

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

func fail(_ message: String) -> Never {
  fputs("QuestionDataEmbedder: error: \(message)\n", stderr)
  exit(1)
}

func readFile(_ path: String) -> [UInt8] {
  guard let file = fopen(path, "rb") else { fail("cannot open \(path)") }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65_536)
  while true {
    let count = fread(&buffer, 1, buffer.count, file)
    if count > 0 { bytes.append(contentsOf: buffer[0..<count]) }
    if count < buffer.count { break }
  }
  return bytes
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fail("usage: QuestionDataEmbedder INPUT OUTPUT") }
let bytes = readFile(arguments[1])
guard let text = String(validating: bytes, as: UTF8.self) else {
  fail("\(arguments[1]) is not valid UTF-8")
}

var longestRun = 0
var run = -1
for byte in bytes {
  if byte == UInt8(ascii: "\"") {
    run = 0
  } else if byte == UInt8(ascii: "#"), run >= 0 {
    run += 1
    longestRun = max(longestRun, run)
  } else {
    run = -1
  }
}
let hashes = String(repeating: "#", count: longestRun + 1)

let source = """
  // Generated from Resources/QuestionGroupData.json at build time. Do not edit.

  extension BundledQuestionGroupData {
    /// The bundled question groups, as the JSON text of the resource file.
    static let json: String = \(hashes)\"\"\"
  \(text)
  \"\"\"\(hashes)
  }

  """
guard let output = fopen(arguments[2], "wb") else { fail("cannot write \(arguments[2])") }
let utf8 = Array(source.utf8)
guard fwrite(utf8, 1, utf8.count, output) == utf8.count, fclose(output) == 0 else {
  fail("cannot write \(arguments[2])")
}
