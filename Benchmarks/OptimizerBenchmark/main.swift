// memoquiz's FSRS-6 optimizer on a review log, timed in one process.
//
// Usage:
//   memoquiz-optimizer-benchmark generate REVIEWS FILE [SEED]
//       writes a simulated learner's log of about REVIEWS answers, one
//       "question time-in-milliseconds rating" line per answer
//   memoquiz-optimizer-benchmark fit FILE [MAXIMUM-LENGTH]
//       fits the parameters and prints, as JSON, the time the fit took,
//       the resident memory before it and the peak during it, the fitted parameters and their
//       log loss and RMSE(bins) (each question's first MAXIMUM-LENGTH reviews
//       evaluated; all when omitted)
//   memoquiz-optimizer-benchmark evaluate FILE W0,...,W20 [MAXIMUM-LENGTH]
//       prints the log loss and RMSE(bins) of the given parameters
//   memoquiz-optimizer-benchmark tournament FILE [all]
//       times `optimize` as it was (the fit, the retention simulation),
//       the time-series evaluation `--evaluate` adds, and the tournament
//       between the memory models it adds beside it, and prints each
//       model's held-out figures (`all`: also the models left out of the
//       tournament, such as the one that reads answer times from a 4th
//       column, the answer's milliseconds)

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

/// A figure of `/proc/self/status` ("VmRSS", "VmHWM"), in bytes.
func memoryStatus(_ key: String) -> Int {
  guard let file = fopen("/proc/self/status", "r") else { return 0 }
  defer { fclose(file) }
  var line = [CChar](repeating: 0, count: 256)
  while fgets(&line, Int32(line.count), file) != nil {
    let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if text.hasPrefix(key + ":") {
      let digits = text.filter(\.isNumber)
      return (Int(digits) ?? 0) * 1024
    }
  }
  return 0
}

/// Resets the peak resident memory to the current one (Linux: `clear_refs` 5).
func resetPeakMemory() {
  guard let file = fopen("/proc/self/clear_refs", "w") else { return }
  fputs("5", file)
  fclose(file)
}

func fail(_ message: String) -> Never {
  fputs("memoquiz-optimizer-benchmark: \(message)\n", stderr)
  exit(64)
}

/// A learner whose memory follows FSRS-6 with parameters of their own, each
/// question studied from a random day of the first year to the end of the
/// second, reviewed when due give or take, answered wrongly with the chance
/// of forgetting and then again right the same day, right after the hint 15%
/// of the time.
func generate(reviews target: Int, seed: UInt64) -> [(question: Int, time: Int64, rating: Int)] {
  var generator = SeededGenerator(seed: seed)
  var values = FSRSParameters.default.values
  for index in values.indices { values[index] *= 0.75 + 0.5 * generator.unit() }
  guard let truth = try? FSRSParameters(values) else { fail("cannot make the learner's parameters") }
  let scheduler = FSRSScheduler(parameters: truth)
  let day: Int64 = 86_400_000
  var log: [(question: Int, time: Int64, rating: Int)] = []
  log.reserveCapacity(target + 64)
  var question = 0
  while log.count < target {
    var time = Int64(generator.next() % 365) * day + Int64(generator.next() % UInt64(day / 2)) + day / 4
    var state: MemoryState?
    while time < 730 * day && log.count < target {
      let rating: ReviewRating
      if let current = state {
        let chance = scheduler.retrievability(
          elapsedDays: Double((time - current.lastReview.rawValue) / day), stability: current.stability)
        rating = generator.unit() < chance ? (generator.unit() < 0.15 ? .hard : .good) : .again
      } else {
        rating = generator.unit() < 0.6 ? .good : .again
      }
      state = scheduler.review(
        state, rating: rating, at: Timestamp(rawValue: time), day: Int(time / day), fuzz: generator.unit())
      log.append((question, time, rating.rawValue))
      if rating == .again, let current = state {
        time += 300_000 + Int64(generator.next() % 600_000)
        state = scheduler.review(
          current, rating: .good, at: Timestamp(rawValue: time), day: Int(time / day), fuzz: generator.unit())
        log.append((question, time, ReviewRating.good.rawValue))
      }
      let interval = Double(state?.interval ?? 1) * (0.7 + 0.9 * generator.unit())
      time += Int64(max(1, interval.rounded()) * Double(day)) + Int64(generator.next() % 7_200_000) - 3_600_000
    }
    question += 1
  }
  return log
}

/// The histories of a log file, one per question, and the file's size.
func readLog(_ path: String) -> (histories: [ReviewHistory], bytes: Int) {
  guard let file = fopen(path, "rb") else { fail("cannot read \(path)") }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 1 << 20)
  while true {
    let count = fread(&buffer, 1, buffer.count, file)
    if count == 0 { break }
    bytes.append(contentsOf: buffer[0..<count])
  }
  var byQuestion: [Int: [ReviewHistory.Review]] = [:]
  var fields = [Int64](repeating: 0, count: 4)
  var field = 0
  var value: Int64 = 0
  var negative = false
  for byte in bytes {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value * 10 + Int64(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "-"): negative = true
    case UInt8(ascii: " "), UInt8(ascii: "\n"):
      if field < 4 { fields[field] = negative ? -value : value }
      field += 1
      value = 0
      negative = false
      if byte == UInt8(ascii: "\n") {
        if field == 3 || field == 4, let rating = ReviewRating(rawValue: Int(fields[2])) {
          byQuestion[Int(fields[0]), default: []].append(
            ReviewHistory.Review(
              time: Timestamp(rawValue: fields[1]), rating: rating, duration: field == 4 ? Int(fields[3]) : nil))
        }
        field = 0
      }
    default: break
    }
  }
  let histories = byQuestion.keys.sorted().compactMap { byQuestion[$0].map(ReviewHistory.init) }
  return (histories, bytes.count)
}

func parameters(_ text: String) -> FSRSParameters {
  let values = text.split(separator: ",").compactMap { Double($0) }
  guard let parameters = try? FSRSParameters(values) else { fail("cannot read parameters \(text)") }
  return parameters
}

func json(_ values: [(String, String)]) -> String {
  "{" + values.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  fail(
    "usage: memoquiz-optimizer-benchmark generate REVIEWS FILE [SEED] | fit FILE [MAXIMUM-LENGTH] | evaluate FILE W [MAXIMUM-LENGTH]"
  )
}
switch arguments[1] {
case "generate":
  guard arguments.count >= 4, let count = Int(arguments[2]) else { fail("generate REVIEWS FILE [SEED]") }
  let seed = arguments.count > 4 ? UInt64(arguments[4]) ?? 1 : 1
  var text = ""
  text.reserveCapacity(count * 24)
  for entry in generate(reviews: count, seed: seed) {
    text += "\(entry.question) \(entry.time) \(entry.rating)\n"
  }
  guard let file = fopen(arguments[3], "wb") else { fail("cannot write \(arguments[3])") }
  fputs(text, file)
  fclose(file)
case "fit":
  let maximumLength = arguments.count > 3 ? Int(arguments[3]) ?? .max : .max
  let (histories, fileBytes) = readLog(arguments[2])
  let answers = histories.reduce(0) { $0 + $1.reviews.count }
  resetPeakMemory()
  let before = memoryStatus("VmRSS")
  let start = now()
  let outcome = FSRSOptimizer().fit(histories)
  let seconds = now() - start
  let after = memoryStatus("VmHWM")
  guard let fitted = outcome.parameters else { fail("too few reviews to fit") }
  let evaluation = ModelEvaluation(parameters: fitted, histories: histories, maximumLength: maximumLength)
  print(
    json([
      ("answers", "\(answers)"), ("reviews", "\(evaluation.reviews)"), ("seconds", "\(seconds)"),
      ("fileBytes", "\(fileBytes)"), ("historyBytes", "\(answers * MemoryLayout<ReviewHistory.Review>.stride)"),
      ("bytesBeforeFit", "\(before)"), ("peakBytesDuringFit", "\(after)"),
      ("parameters", "[" + fitted.values.map { "\($0)" }.joined(separator: ", ") + "]"),
      ("logLoss", "\(evaluation.logLoss)"), ("rmseBins", "\(evaluation.rmseBins)"),
    ]))
case "evaluate":
  guard arguments.count >= 4 else { fail("evaluate FILE W0,...,W20 [MAXIMUM-LENGTH]") }
  let maximumLength = arguments.count > 4 ? Int(arguments[4]) ?? .max : .max
  let (histories, _) = readLog(arguments[2])
  let evaluation = ModelEvaluation(
    parameters: parameters(arguments[3]), histories: histories, maximumLength: maximumLength)
  print(
    json([
      ("reviews", "\(evaluation.reviews)"), ("logLoss", "\(evaluation.logLoss)"),
      ("rmseBins", "\(evaluation.rmseBins)"),
    ]))
case "tournament":
  let (histories, _) = readLog(arguments[2])
  let answers = histories.reduce(0) { $0 + $1.reviews.count }
  var start = now()
  let report = OptimizationReport(histories: histories, current: .default, dryRun: true)
  let optimizeSeconds = now() - start
  start = now()
  let evaluation = TimeSeriesEvaluation(histories: histories, current: .default)
  let evaluationSeconds = now() - start
  start = now()
  let kinds = arguments.count > 3 && arguments[3] == "all" ? MemoryModelKind.allCases : MemoryModelKind.contenders
  guard let tournament = ModelTournament(histories: histories, kinds: kinds, evaluation: evaluation) else {
    fail("too few reviews for the tournament")
  }
  let tournamentSeconds = now() - start
  print(
    json(
      [
        ("answers", "\(answers)"), ("reviews", "\(report.reviews)"), ("optimizeSeconds", "\(optimizeSeconds)"),
        ("evaluationSeconds", "\(evaluationSeconds)"), ("tournamentSeconds", "\(tournamentSeconds)"),
        ("refittedLogLoss", "\(evaluation?.fitted?.logLoss ?? .nan)"), ("best", "\"\(tournament.best.rawValue)\""),
        ("gain", "\(tournament.gain)"), ("noise", "\(tournament.noise)"),
      ]
        + tournament.entries.map {
          ($0.kind.rawValue, "[\($0.metrics.logLoss), \($0.metrics.rmseBins)]")
        }))
default:
  fail("unknown mode \(arguments[1])")
}
