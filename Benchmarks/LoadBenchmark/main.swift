// Loads one questions file two ways, in one process, and prints the times:
// memoquiz's position-keeping scanner and rules (`QuestionFile`) against
// Foundation's `JSONDecoder` decoding the same `[QuestionGroup]`.
//
// Usage: memoquiz-load-benchmark FILE [RUNS]

import FoundationEssentials
import MemoQuizKit

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double {
  values.sorted()[values.count / 2]
}

let arguments = CommandLine.arguments
guard arguments.count >= 2, let file = fopen(arguments[1], "rb") else {
  fputs("usage: memoquiz-load-benchmark FILE [RUNS]\n", stderr)
  exit(64)
}
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
var bytes: [UInt8] = []
var buffer = [UInt8](repeating: 0, count: 1 << 20)
while true {
  let count = fread(&buffer, 1, buffer.count, file)
  if count == 0 { break }
  bytes.append(contentsOf: buffer[0..<count])
}
fclose(file)

var scanner: [Double] = []
var decoder: [Double] = []
var questions = (0, 0)
for _ in 0..<runs {
  var start = now()
  let read = QuestionFile(bytes: bytes)
  scanner.append(now() - start)
  questions.0 = read.groups?.reduce(0) { $0 + $1.questions.count } ?? -1

  let data = Data(bytes)
  start = now()
  let decoded = try? JSONDecoder().decode([QuestionGroup].self, from: data)
  decoder.append(now() - start)
  questions.1 = decoded?.reduce(0) { $0 + $1.questions.count } ?? -1
}
/// `value` with one decimal.
func fixed(_ value: Double) -> String {
  let tenths = Int((value * 10).rounded())
  return "\(tenths / 10).\(tenths % 10)"
}

let megabytes = Double(bytes.count) / 1e6
print(
  "  QuestionFile      \(fixed(median(scanner) * 1000)) ms   \(Int(megabytes / median(scanner))) MB/s   "
    + "(\(questions.0) questions, every rule checked, positions kept)")
print(
  "  JSONDecoder       \(fixed(median(decoder) * 1000)) ms   \(Int(megabytes / median(decoder))) MB/s   "
    + "(\(questions.1) questions, no positions)")

// Romaji turned into kana as it is typed: what the line editor does on each
// key of an answer in kana (the text before the cursor converted again, the
// kana already there passed over), timed per key.
let typed = Array("toukyoutokkyokyokakyokukyokuchounnkaisha")
// The first key of a session also builds the conversion's tables.
let firstStart = now()
_ = KanaConverter.answer("t", for: .hiragana, final: false)
let firstKey = now() - firstStart
var perKey: [Double] = []
var everyKey: [Double] = []
for _ in 0..<runs {
  var repeats: [Double] = []
  for _ in 0..<200 {
    var line = ""
    for key in typed {
      let start = now()
      line = KanaConverter.answer(line + String(key), for: .hiragana, final: false)
      let spent = now() - start
      repeats.append(spent)
    }
  }
  perKey.append(repeats.reduce(0, +) / Double(repeats.count))
  everyKey += repeats
}
// The slowest keys on a busy machine are the scheduler's, not the
// conversion's: the 99.9th percentile says what a typist meets.
everyKey.sort()
let rareKey = everyKey[min(everyKey.count - 1, everyKey.count * 999 / 1000)]
print(
  "  live kana         \(fixed(median(perKey) * 1e6)) µs a key, 99.9% under \(fixed(rareKey * 1e6)) µs, "
    + "first of a session \(fixed(firstKey * 1e6)) µs   (\(typed.count) keys of romaji typed as kana)")
