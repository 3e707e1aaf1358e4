import Foundation
import Testing

@testable import MemoQuizKit

/// The memory models behind one interface: their predictions equal a plain
/// port of the public definitions on a shared log, their gradients and
/// intervals are right, and the tournament scores them all on the same
/// held-out reviews.
@Suite struct MemoryModelsTests {
  private static func reference() throws -> [[String: Any]] {
    let root = try #require(
      try JSONSerialization.jsonObject(with: try Fixtures.data("memory-models-reference.json")) as? [String: Any])
    return try #require(root["cases"] as? [[String: Any]])
  }

  private static func pyFSRSLog() throws -> [ReviewHistory] {
    try #require(try OptimizerFixture.load().logs.first { $0.name == "py-fsrs" }).histories
  }

  /// `Scripts/memory-models-reference.py` (run again by `.ci/reference`)
  /// scores each model on py-fsrs's log; memoquiz's figures equal it.
  @Test func eachModelScoresAsThePythonReferenceOnTheSharedLog() throws {
    let histories = try Self.pyFSRSLog()
    let cases = try Self.reference()
    #expect(cases.count == 5)
    for item in cases {
      let parameters = try #require(item["parameters"] as? [Double])
      let model: FittedMemoryModel =
        switch try #require(item["model"] as? String) {
        case "SBD": .sbd(SBDModel(parameters))
        case "SBD+hours": .sbd(SBDModel(parameters, readsSameDayTimes: true))
        default: .fsrs6(FSRS6Model(FSRSParameters(checked: parameters)))
        }
      let metrics = ModelTournament.score(model, on: histories)
      let logLoss = try #require(item["logLoss"] as? Double)
      let rmseBins = try #require(item["rmseBins"] as? Double)
      #expect(abs(metrics.logLoss - logLoss) < 1e-9, "\(item["name"] ?? "") \(metrics.logLoss) \(logLoss)")
      #expect(abs(metrics.rmseBins - rmseBins) < 1e-9, "\(item["name"] ?? "") \(metrics.rmseBins) \(rmseBins)")
    }
  }

  /// FSRS-6 behind the interface scores as ``ModelEvaluation`` does.
  @Test func fsrs6BehindTheInterfaceIsTheScheduler() throws {
    let histories = try Self.pyFSRSLog()
    let metrics = ModelTournament.score(.fsrs6(FSRS6Model(.default)), on: histories)
    let evaluation = ModelEvaluation(parameters: .default, histories: histories)
    #expect(abs(metrics.logLoss - evaluation.logLoss) < 1e-12)
    #expect(abs(metrics.rmseBins - evaluation.rmseBins) < 1e-12)
  }

  /// The fit's exact gradient (``Dual``) equals central differences of
  /// the same loss for every SBD parameter.
  @Test func sbdGradientEqualsFiniteDifferences() throws {
    let histories = Array(try Self.pyFSRSLog().prefix(80))
    let sequences = histories.map { ReviewSequence($0) }
    func loss<Number: ModelNumber>(_ w: [Number]) -> Number {
      let curve = SBDCurve<Number>(w)
      var total = Number(0)
      for sequence in sequences where sequence.count > 0 {
        var state = curve.initial(rating: Double(sequence.ratings[0]))
        for index in 1..<sequence.count {
          let recall = curve.recall(Double(sequence.elapsedDays[index]), state)
          if sequence.isCounted(index) {
            total =
              total
              - (sequence.ratings[index] > 1 ? Number.logarithm(recall) : Number.logarithm(Number(1) - recall))
          }
          state = curve.next(state, recall: recall, rating: Double(sequence.ratings[index]))
        }
      }
      return total
    }
    let point = [-2.5, 1.6, 1.9, -1.6, 0.6, -0.7, -1.2]
    let exact = loss(point.enumerated().map { Dual.parameter($1, index: $0) })
    #expect(abs(exact.value - loss(point)) < 1e-9)
    // The fit's shorter way to the same logarithms, derivatives included.
    var fast = Dual(0)
    let curve = SBDCurve<Dual>(point.enumerated().map { Dual.parameter($1, index: $0) }, cachingShapes: true)
    for sequence in sequences where sequence.count > 0 {
      var state = curve.initial(rating: Double(sequence.ratings[0]))
      for index in 1..<sequence.count {
        let elapsed = log(max(Double(sequence.elapsedDays[index]), 1e-9))
        let outcome = curve.logChance(logElapsed: elapsed, state, passed: sequence.ratings[index] > 1)
        if sequence.isCounted(index) { fast = fast - outcome }
        state = curve.next(state, logOutcome: outcome, rating: Double(sequence.ratings[index]))
      }
    }
    #expect(abs(fast.value - exact.value) < 1e-9 * exact.value)
    for index in point.indices {
      #expect(abs(fast.slope[index] - exact.slope[index]) < 1e-7 * max(1, abs(exact.slope[index])), "w\(index)")
    }
    for index in point.indices {
      var up = point
      var down = point
      up[index] += 1e-6
      down[index] -= 1e-6
      let numeric = (loss(up) - loss(down)) / 2e-6
      #expect(abs(exact.slope[index] - numeric) < 1e-4 * max(1, abs(numeric)), "w\(index)")
    }
  }

  /// The interval solved numerically gives the desired retention, and
  /// equals FSRS-6's closed form.
  @Test func intervalsGiveTheDesiredRetention() throws {
    let history = ReviewHistory([
      (Timestamp(rawValue: 0), .good), (Timestamp(rawValue: 3 * 86_400_000), .good),
      (Timestamp(rawValue: 12 * 86_400_000), .hard),
    ])
    let sequence = ReviewSequence(history)
    let sbd = SBDModel()
    let state = try #require(sbd.state(after: sequence))
    for retention in [0.8, 0.9, 0.95] {
      let days = sbd.interval(desiredRetention: retention, state: state)
      #expect(days > 0)
      #expect(abs(sbd.recall(elapsedDays: days, state: state) - retention) < 1e-5)
    }
    #expect(
      sbd.interval(desiredRetention: 0.9, state: state) > sbd.interval(desiredRetention: 0.95, state: state))
    struct Numeric: ForgettingModel {
      static let kind = MemoryModelKind.fsrs6
      let inner: FSRS6Model
      var parameters: [Double] { inner.parameters }
      func predict(_ sequence: ReviewSequence, into predictions: inout [Double]) {
        inner.predict(sequence, into: &predictions)
      }
      func state(after sequence: ReviewSequence) -> FSRS6Model.State? { inner.state(after: sequence) }
      func recall(elapsedDays: Double, state: FSRS6Model.State) -> Double {
        inner.recall(elapsedDays: elapsedDays, state: state)
      }
    }
    let fsrs = FSRS6Model(.default)
    let fsrsState = try #require(fsrs.state(after: sequence))
    let closed = fsrs.interval(desiredRetention: 0.9, state: fsrsState)
    let solved = Numeric(inner: fsrs).interval(desiredRetention: 0.9, state: fsrsState)
    #expect(abs(closed - solved) < 1e-4 * closed)
    #expect(abs(closed - fsrsState.stability) < 1e-9 * closed)
  }

  /// Fitting SBD to py-fsrs's log predicts that log better than its defaults.
  @Test func sbdFitPredictsBetterThanItsDefaults() throws {
    let histories = Array(try Self.pyFSRSLog().prefix(150))
    let fitted = SBDOptimizer().fit(histories)
    #expect(fitted.parameters != SBDModel.defaults)
    let before = ModelTournament.score(.sbd(SBDModel()), on: histories)
    let after = ModelTournament.score(.sbd(fitted), on: histories)
    #expect(after.logLoss < before.logLoss)
    // Too few reviews: the defaults stand.
    let few = SBDOptimizer().fit([
      ReviewHistory([
        (Timestamp(rawValue: 0), .good), (Timestamp(rawValue: 2 * 86_400_000), .good),
        (Timestamp(rawValue: 9 * 86_400_000), .again),
      ])
    ])
    #expect(few.parameters == SBDModel.defaults)
  }

  /// The tournament scores FSRS-6 exactly as the time-series evaluation
  /// scores refitting, and SBD on the same held-out reviews.
  @Test func tournamentScoresEveryModelOnTheSameSplits() throws {
    // Part of the log, to keep the debug build's test time small.
    let histories = Array(try Self.pyFSRSLog().prefix(200))
    let tournament = try #require(ModelTournament(histories: histories))
    let evaluation = try #require(TimeSeriesEvaluation(histories: histories, current: .default))
    let fitted = try #require(evaluation.fitted)
    #expect(tournament.heldOutReviews == evaluation.heldOutReviews)
    #expect(tournament.entries.map(\.kind) == [.fsrs6, .sbdSameDayTimes])
    #expect(tournament.entries[0].metrics == fitted)
    let sbd = tournament.entries[1].metrics
    #expect(sbd.logLoss > 0.3 && sbd.logLoss < 0.6)
    let best = tournament.entries.min { $0.metrics.logLoss < $1.metrics.logLoss }
    #expect(tournament.best == best?.kind)
    #expect(tournament.noise > 0)
    print(
      "tournament on py-fsrs: "
        + tournament.entries.map { "\($0.kind.rawValue) \($0.metrics.logLoss) \($0.metrics.rmseBins)" }.joined(
          separator: ", ") + " gain \(tournament.gain) noise \(tournament.noise)")
    // Given the evaluation, FSRS-6's refitted predictions are taken from it: the same figures.
    #expect(ModelTournament(histories: histories, evaluation: evaluation) == tournament)
    #expect(ModelTournament(histories: Array(histories.prefix(1))) == nil)
  }

  /// `optimize --evaluate` prints the tournament's table after the
  /// evaluation, and `--json` gives it as `"models"`.
  @Test func evaluateReportShowsTheTournamentTable() throws {
    let histories = Array(try Self.pyFSRSLog().prefix(200))
    let report = OptimizationReport(histories: histories, current: .default, dryRun: false, evaluate: true)
    let tournament = try #require(report.tournament)
    let text = report.text(width: 60)
    func row(_ entry: ModelTournament.Entry) -> String {
      entry.kind.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
        + String(format: "%10.4f", entry.metrics.logLoss) + String(format: "%12.1f%%", entry.metrics.rmseBins * 100)
    }
    let paragraphs = text.components(separatedBy: "\n\n")
    let intro = try #require(paragraphs.firstIndex { $0.hasPrefix("Memory models") })
    #expect(
      paragraphs[intro].replacingOccurrences(of: "\n", with: " ")
        == "Memory models on the same \(tournament.heldOutReviews) predictions, each refitted on the reviews "
        + "before them:")
    let lines = paragraphs[intro + 1].components(separatedBy: "\n")
    try #require(lines.count >= 4)
    #expect(
      Array(lines.prefix(3)) == [
        "            log loss   RMSE(bins)", row(tournament.entries[0]), row(tournament.entries[1]),
      ])
    let verdict = lines[3...].joined(separator: " ")
    if tournament.best == .fsrs6 {
      #expect(verdict == "FSRS-6 predicts best.")
    } else {
      #expect(verdict.hasPrefix("\(tournament.best.rawValue) predicts best, by "))
    }
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(try report.json().utf8)) as? [String: Any])
    let models = try #require(object["models"] as? [String: Any])
    #expect(Set(models.keys) == ["reviews", "models", "best", "gain", "noise", "beyondNoise"])
    let entries = try #require(models["models"] as? [[String: Any]])
    #expect(entries.map { $0["model"] as? String } == ["FSRS-6", "SBD+hours"])
    #expect(models["best"] as? String == tournament.best.rawValue)
    // Without --evaluate there is no tournament.
    #expect(OptimizationReport(histories: histories, current: .default, dryRun: true).tournament == nil)
  }

  /// The answer-time variant: with τ = 0 it predicts as SBD; its gradient,
  /// τ's included, equals central differences; a log without answer times
  /// leaves it SBD.
  @Test func answerTimeVariantIsSBDWithASlownessWeight() throws {
    let histories = Array(try Self.pyFSRSLog().prefix(60)).map { history in
      ReviewHistory(
        history.reviews.map {
          ReviewHistory.Review(
            time: $0.time, rating: $0.rating, duration: 1000 + Int($0.time.rawValue % 9000))
        })
    }
    let sequences = histories.map { ReviewSequence($0) }
    let plain = SBDModel()
    let timed = SBDModel(SBDModel.defaults + [0], medianDuration: 5000)
    var first: [Double] = []
    var second: [Double] = []
    for sequence in sequences {
      plain.predict(sequence, into: &first)
      timed.predict(sequence, into: &second)
      #expect(first == second)
    }
    func loss<Number: ModelNumber>(_ w: [Number]) -> Number {
      let curve = SBDCurve<Number>(w)
      var total = Number(0)
      for sequence in sequences where sequence.count > 0 {
        var state = curve.initial(rating: Double(sequence.ratings[0]))
        for index in 1..<sequence.count {
          let recall = curve.recall(Double(sequence.elapsedDays[index]), state)
          if sequence.isCounted(index) {
            total =
              total
              - (sequence.ratings[index] > 1 ? Number.logarithm(recall) : Number.logarithm(Number(1) - recall))
          }
          let slowness = SBDCurve<Double>.slowness(duration: sequence.durations?[index] ?? -1, median: 5000)
          state = curve.next(state, recall: recall, rating: Double(sequence.ratings[index]), slowness: slowness)
        }
      }
      return total
    }
    let point = [-2.5, 1.6, 1.9, -1.6, 0.6, -0.7, -1.2, 0.3]
    let exact = loss(point.enumerated().map { Dual.parameter($1, index: $0) })
    for index in point.indices {
      var up = point
      var down = point
      up[index] += 1e-6
      down[index] -= 1e-6
      let numeric = (loss(up) - loss(down)) / 2e-6
      #expect(abs(exact.slope[index] - numeric) < 1e-4 * max(1, abs(numeric)), "w\(index)")
    }
    #expect(FittedMemoryModel.defaults(.sbdAnswerTime).kind == .sbdAnswerTime)
    #expect(ReviewSequence(try Self.pyFSRSLog()[0]).durations == nil)
  }

  /// The same-day variant reads a same-day review's interval in fractions
  /// of a day: the same predictions as SBD without same-day reviews,
  /// others after one.
  @Test func sameDayVariantReadsFractionsOfADay() throws {
    let hour: Int64 = 3_600_000
    let spaced = ReviewHistory([
      (Timestamp(rawValue: 0), .good), (Timestamp(rawValue: 50 * hour), .good),
      (Timestamp(rawValue: 200 * hour), .good),
    ])
    let sameDay = ReviewHistory([
      (Timestamp(rawValue: 0), .again), (Timestamp(rawValue: 6 * hour), .good),
      (Timestamp(rawValue: 50 * hour), .good),
    ])
    let plain = SBDModel()
    let hours = SBDModel(readsSameDayTimes: true)
    var first: [Double] = []
    var second: [Double] = []
    plain.predict(ReviewSequence(spaced, keepingSameDayTimes: true), into: &first)
    hours.predict(ReviewSequence(spaced, keepingSameDayTimes: true), into: &second)
    #expect(first == second)
    let sequence = ReviewSequence(sameDay, keepingSameDayTimes: true)
    #expect(sequence.sameDayFractions == [0, 0.25, 0])
    plain.predict(sequence, into: &first)
    hours.predict(sequence, into: &second)
    #expect(first[2] != second[2])
    #expect(FittedMemoryModel.defaults(.sbdSameDayTimes).kind == .sbdSameDayTimes)
    #expect(ReviewSequence(sameDay).sameDayFractions == nil)
  }
}
