@preconcurrency import Glibc

/// SBD (stability, brittleness, difficulty), the 7-parameter memory model
/// srs-benchmark publishes (`models/sbd.py`), computed as it computes it.
///
/// Parameters `w = [L, H, k, α, c, v, ln δ]`. A question's state is the
/// logarithm of its stability S, the grade index g of its last review
/// (rating - 1) and its brittleness n (half a point per Hard, one per
/// Again, at most 50). With ρ = e^((H - L)/3) and β(n) = e^α·(δ + n)^c:
///
/// - first review, rating r: ln S = L + (H - L)·(r - 1)/3, g = r - 1,
///   n = max(0, (3 - r)/2);
/// - recall t days after the last review: a = t^(1/k) + e^(v/k)·ρ^(-g/2)·√S,
///   R = (1 + a/S)^(-β(n)), kept within [1e-6, 1 - 1e-6];
/// - a pass: S' = S·R^(-1/β(n)); a failure: S' = S·(1 - R)^c; ln S is kept
///   within [ln 0.001, ln 36500].
///
/// The reference's guards are kept: logarithms of at least 1e-9, exponents
/// within ±30, H at least L, k within [0.5, 20], c at least 0. A same-day
/// review is a review at t = 0 (its t^(1/k) is then e^(ln 1e-9/k)), as the
/// reference computes one in whole days.
struct SBDModel: ForgettingModel {
  typealias State = SBDState<Double>

  static let kind = MemoryModelKind.sbd
  /// The reference's pretrained defaults, also the L2 pull's anchor.
  static let defaults = [-2.803101, 1.386926, 1.739235, -1.819954, 0.529839, -0.886052, -1.393709]

  let parameters: [Double]
  /// The answer-time variant's reference: the learner's median answer time
  /// in milliseconds; `nil` for SBD itself.
  let medianDuration: Double?

  /// SBD with 7 parameters, or its answer-time variant with an 8th, the
  /// weight of an answer's slowness (see ``SBDCurve``), and the median
  /// answer time it is measured against.
  private let curve: SBDCurve<Double>
  /// The same-day variant: a same-day review is one at the fraction of a
  /// day since the review before, as FSRS-7 reads intervals, rather than
  /// at t = 0 (the sequence's ``ReviewSequence/sameDayFractions``).
  let readsSameDayTimes: Bool

  init(_ parameters: [Double] = SBDModel.defaults, medianDuration: Double? = nil, readsSameDayTimes: Bool = false) {
    self.parameters = parameters
    self.medianDuration = parameters.count > 7 ? medianDuration : nil
    self.readsSameDayTimes = readsSameDayTimes
    curve = SBDCurve<Double>(parameters, cachingShapes: true)
  }

  /// The days between review `index` and the one before, as this model reads them.
  private func elapsed(_ sequence: ReviewSequence, _ index: Int) -> Double {
    let days = sequence.elapsedDays[index]
    guard days == 0, readsSameDayTimes, let fractions = sequence.sameDayFractions else { return Double(days) }
    return fractions[index]
  }

  /// How much slower than the median answer review `index` was, as
  /// ``SBDCurve/slowness(duration:median:)`` measures it.
  private func slowness(_ sequence: ReviewSequence, _ index: Int) -> Double {
    guard let medianDuration, let durations = sequence.durations else { return 0 }
    return SBDCurve<Double>.slowness(duration: durations[index], median: medianDuration)
  }

  func predict(_ sequence: ReviewSequence, into predictions: inout [Double]) {
    predictions.removeAll(keepingCapacity: true)
    guard sequence.count > 0 else { return }
    var state = curve.initial(rating: Double(sequence.ratings[0]))
    predictions.append(0)
    for index in 1..<sequence.count {
      let recall = curve.recall(elapsed(sequence, index), state)
      predictions.append(sequence.isCounted(index) ? recall : 0)
      state = curve.next(
        state, recall: recall, rating: Double(sequence.ratings[index]), slowness: slowness(sequence, index))
    }
  }

  func state(after sequence: ReviewSequence) -> State? {
    guard sequence.count > 0 else { return nil }
    var state = curve.initial(rating: Double(sequence.ratings[0]))
    for index in 1..<sequence.count {
      let recall = curve.recall(elapsed(sequence, index), state)
      state = curve.next(
        state, recall: recall, rating: Double(sequence.ratings[index]), slowness: slowness(sequence, index))
    }
    return state
  }

  func recall(elapsedDays: Double, state: State) -> Double {
    curve.recall(elapsedDays, state)
  }
}

/// SBD's state, in numbers that may carry derivatives.
struct SBDState<Number: ModelNumber>: Sendable {
  var logStability: Number
  var grade: Double
  var brittleness: Double
}

/// SBD's formulas for one set of parameters, in any ``ModelNumber``: with
/// `Double` to predict, with ``Dual`` to fit.
///
/// The answer-time variant has an 8th parameter τ: a pass's growth
/// exponent `-ln R/β(n)` is multiplied by `e^(-τ·z)`, where z is how much
/// slower than the learner's median the answer was (``slowness(duration:median:)``),
/// so that with τ > 0 a slow correct answer strengthens the memory less
/// than a fast one. With τ = 0 it is SBD.
struct SBDCurve<Number: ModelNumber> {
  static var logStabilityRange: ClosedRange<Double> { -6.907755278982137...10.505067539570582 }

  private let low: Number
  private let high: Number
  private let logRho: Number
  private let root: Number
  private let alpha: Number
  private let exponent: Number
  private let delta: Number
  private let logB0: Number
  private let slownessWeight: Number?
  /// β(n) for n = 0, 0.5, …, 50 (the values n takes), when worked out ahead.
  private var shapes: [Number]?

  /// The formulas for `w`; `cachingShapes` works β(n) out ahead for every
  /// n, worth it when many reviews are computed with the same parameters.
  init(_ w: [Number], cachingShapes: Bool = false) {
    let range = Self.logStabilityRange
    low = Number.clamped(w[0], range.lowerBound, range.upperBound)
    high = Number.clamped(Number.maximum(w[0], w[1]), range.lowerBound, range.upperBound)
    logRho = (high - low) / Number(3)
    root = Number.clamped(w[2], 0.5, 20)
    alpha = w[3]
    exponent = Number.clamped(w[4], 0, .infinity)
    delta = Self.safeExp(w[6])
    logB0 = Number(2) * w[5] / root
    slownessWeight = w.count > 7 ? w[7] : nil
    shapes = nil
    if cachingShapes { shapes = (0...100).map { shape(Double($0) / 2) } }
  }

  /// `ln(duration/median)` within ±2; 0 when the time is unknown.
  static func slowness(duration: Int32, median: Double) -> Double {
    guard duration > 0, median > 0 else { return 0 }
    return min(max(log(Double(duration) / median), -2), 2)
  }

  /// The state after a question's first review.
  func initial(rating: Double) -> SBDState<Number> {
    let rating = min(max(rating, 1), 4)
    return SBDState(
      logStability: low + (high - low) * Number((rating - 1) / 3), grade: rating - 1,
      brittleness: max(0, (3 - rating) / 2))
  }

  /// β(n) = e^(α + c·ln(δ + n)).
  @inline(__always)
  private func shape(_ brittleness: Double) -> Number {
    if let shapes {
      let index = Int(brittleness * 2)
      if index >= 0 && index < shapes.count && Double(index) == brittleness * 2 { return shapes[index] }
    }
    return Self.safeExp(alpha + exponent * Number.logarithm(delta + Number(brittleness)))
  }

  /// The chance of recall `elapsed` days after the last review.
  @inline(__always)
  func recall(_ elapsed: Double, _ state: SBDState<Number>) -> Number {
    recall(logElapsed: log(max(max(elapsed, 0), 1e-9)), state)
  }

  /// The chance of recall, from the logarithm of the days since the last
  /// review (at least ln 1e-9).
  @inline(__always)
  func recall(logElapsed: Double, _ state: SBDState<Number>) -> Number {
    let logAge = Number(logElapsed) / root
    let logB = logB0 - Number(state.grade) * logRho
    let logA = Number.logAddExp(logAge, Number(0.5) * (logB + state.logStability))
    let logBase = Number.softplus(logA - state.logStability)
    return Number.clamped(Self.safeExp(-shape(state.brittleness) * logBase), 1e-6, 1 - 1e-6)
  }

  /// The logarithm of the chance of what happened at a review: ln R for a
  /// pass, ln(1 - R) for a failure, R as ``recall(logElapsed:_:)`` gives
  /// it. The same numbers in fewer steps, for the fit: ln(1 + a/S) is
  /// `ln(1 + e^(ln t/k - ln S) + e^((ln b - ln S)/2))` (the reference's
  /// softplus of a log-sum-exp), and ln R is `-β(n)` times it, kept within
  /// [ln 1e-6, ln(1 - 1e-6)] as R is kept within [1e-6, 1 - 1e-6].
  @inline(__always)
  func logChance(logElapsed: Double, _ state: SBDState<Number>, passed: Bool) -> Number {
    let logB = logB0 - Number(state.grade) * logRho
    let ratio =
      Number.exponential(Number(logElapsed) / root - state.logStability)
      + Number.exponential(Number(0.5) * (logB - state.logStability))
    let logRecall = -shape(state.brittleness) * Number.logarithmOnePlus(ratio)
    if passed { return Number.clamped(logRecall, log(1e-6), log1p(-1e-6)) }
    let recall = Number.clamped(Self.safeExp(logRecall), 1e-6, 1 - 1e-6)
    return Number.logarithmOnePlus(-recall)
  }

  /// The state after a review given `recall` (the chance of recall then) and `rating`.
  @inline(__always)
  func next(_ state: SBDState<Number>, recall: Number, rating: Double, slowness: Double = 0) -> SBDState<Number> {
    let rating = min(max(rating, 1), 4)
    let outcome = rating > 1.5 ? Self.safeLog(recall) : Self.safeLog(Number(1) - recall)
    return next(state, logOutcome: outcome, rating: rating, slowness: slowness)
  }

  /// The state after a review, given the logarithm of the chance of what
  /// happened: ln R for a pass, ln(1 - R) for a failure (R is within
  /// [1e-6, 1 - 1e-6], so these are the reference's guarded logarithms,
  /// and the log loss's terms too). The stability is computed in
  /// logarithms: `ln S' = ln S + x` within the reference's guards, which
  /// is its `ln(S·e^x)` with its clamps.
  @inline(__always)
  func next(_ state: SBDState<Number>, logOutcome: Number, rating: Double, slowness: Double = 0) -> SBDState<Number> {
    let rating = min(max(rating, 1), 4)
    var change: Number
    if rating > 1.5 {
      change = -logOutcome / shape(state.brittleness)
      if let slownessWeight { change = change * Number.exponential(-slownessWeight * Number(slowness)) }
    } else {
      change = exponent * logOutcome
    }
    let range = Self.logStabilityRange
    let logNext = Number.clamped(
      state.logStability + Number.clamped(change, -30, 30), range.lowerBound, range.upperBound)
    return SBDState(
      logStability: logNext, grade: rating - 1,
      brittleness: min(max(state.brittleness + max((3 - rating) / 2, 0), 0), 50))
  }

  @inline(__always)
  static func safeLog(_ operand: Number) -> Number { Number.logarithm(Number.clamped(operand, 1e-9, .infinity)) }

  @inline(__always)
  static func safeExp(_ operand: Number) -> Number { Number.exponential(Number.clamped(operand, -30, 30)) }
}

extension SBDCurve where Number == Double {
  /// `t^(1/r)` for t = 0, 1, … `count - 1` days (t = 0 read as 1e-9, as
  /// ``recall(_:_:)`` reads it): what ``addRecall(of:from:over:ages:to:)``
  /// takes, the same for every state.
  func ages(_ count: Int) -> [Double] {
    (0..<count).map { pow(max(Double($0), 1e-9), 1 / root) }
  }

  /// Adds to `sums[day]`, for each day of `days`, the chance of recall of
  /// `state` `day - start` days after its review: ``recall(_:_:)``'s
  /// values, with one power a day (given `ages`, from ``ages(_:)``) rather
  /// than its logarithms and exponentials, for a simulation:
  /// `R = (1 + a/S)^(-β)` with `a = t^(1/r) + √(B·S)`, which is what its
  /// steps compute.
  func addRecall(
    of state: SBDState<Double>, from start: Int, over days: Range<Int>, ages: [Double], to sums: inout [Double]
  ) {
    let stability = exp(state.logStability)
    let offset = exp(0.5 * (logB0 - state.grade * logRho + state.logStability))
    let shape = shape(state.brittleness)
    for day in days {
      let elapsed = day - start
      let age = elapsed < ages.count ? ages[elapsed] : pow(max(Double(elapsed), 1e-9), 1 / root)
      sums[day] += min(max(pow(1 + (age + offset) / stability, -shape), 1e-6), 1 - 1e-6)
    }
  }

  /// The days after the last review at which recall falls to `retention`,
  /// in closed form, at most ``MemoryModelKind/longestInterval``: recall
  /// is `(1 + a/S)^(-β(n))` with `a = t^(1/k) + C` and
  /// `C = e^(v/k)·ρ^(-g/2)·√S`, so it equals r at
  /// `t = max(0, S·(r^(-1/β(n)) - 1) - C)^k`. No bisection: the fold
  /// computes one at every answer.
  func interval(desiredRetention retention: Double, _ state: SBDState<Double>) -> Double {
    let stability = exp(state.logStability)
    let logB = logB0 - state.grade * logRho
    let offset = exp(0.5 * (logB + state.logStability))
    let reach = stability * (pow(retention, -1 / shape(state.brittleness)) - 1) - offset
    guard reach > 0 else { return 0 }
    let days = exp(root * log(reach))
    return days.isFinite ? min(days, MemoryModelKind.longestInterval) : MemoryModelKind.longestInterval
  }
}
