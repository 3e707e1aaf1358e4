@preconcurrency import Glibc

/// Fits SBD's 7 parameters to a learner's reviews, as its published fit
/// does: from the pretrained defaults, full-batch L-BFGS on the
/// recency-weighted log loss plus a pull towards the defaults, the
/// defaults kept when the fit ends worse than it started.
///
/// The loss weighs the counted review of rank i of n, oldest first,
/// `0.0667 + 0.9333·(i/(n-1))^11.25` (the recency weighting srs-benchmark
/// gives FSRS-7 and SBD), and adds `λ·Σ((w - w₀)/σ)²` with
/// `λ = 0.001·2000/n`. The gradient is exact (``Dual``). The line search
/// backtracks until the loss falls enough (Armijo's condition) rather
/// than the reference's strong-Wolfe search; the two find the same
/// minimum of this smooth loss, not the same path to it. With fewer than
/// ``FSRSOptimizer/minimumReviews`` counted reviews the defaults stand.
struct SBDOptimizer: Sendable {
  /// The spread of each parameter, for the pull towards the defaults.
  static let spread = [1.754, 1.2339, 0.5003, 0.546, 0.0989, 1.1685, 0.7778]
  static let maximumIterations = 200
  /// The fit stops when an iteration lowers the loss by less than this: a
  /// millionth of a typical log loss, far below the four decimals shown.
  static let smallestImprovement = 1e-7
  private static let history = 20

  /// The spread of the answer-time variant's 8th parameter, τ.
  static let slownessSpread = 0.5

  /// Whether to fit the answer-time variant (an 8th parameter, τ, from 0).
  var readsAnswerTimes = false
  /// Whether to fit the same-day variant (``SBDModel/readsSameDayTimes``).
  var readsSameDayTimes = false

  /// One counted or same-day review, ready for the loss.
  private struct Item {
    /// ln of the days since the review before, at least ln 1e-9.
    var logElapsed: Double
    var rating: Double
    var slowness: Double
    /// The review's weight in the loss; 0 when it is not counted.
    var weight: Double
  }

  /// The parameters fitted to `histories`, or the defaults.
  /// - Parameters:
  ///   - defaults: the starting point and the anchor of the pull.
  ///   - warmStart: parameters to start from instead, when their loss is
  ///     lower (the fit on fewer of the same reviews, say); the pull and the
  ///     fallback stay the defaults.
  func fit(
    _ histories: [ReviewHistory], from defaults: [Double] = SBDModel.defaults, warmStart: [Double]? = nil
  ) -> SBDModel {
    let start = readsAnswerTimes && defaults.count == 7 ? defaults + [0] : defaults
    let spread = Self.spread + [Self.slownessSpread]
    let parameterCount = start.count
    let known = histories.flatMap { $0.reviews.compactMap(\.duration) }.filter { $0 > 0 }.sorted()
    let median = known.isEmpty ? 0 : Double(known[known.count / 2])
    let sequences = histories.map { ReviewSequence($0, keepingSameDayTimes: readsSameDayTimes) }.filter {
      $0.count > 0
    }
    let times = histories.map { history in
      history.reviews.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
        .map(\.element.time)
    }.filter { !$0.isEmpty }
    let ranks = TrainingSet.ranks(sequences, times: times)
    let total = sequences.reduce(0) { $0 + $1.countedReviews }
    guard total >= FSRSOptimizer.minimumReviews else { return model(start, median) }
    let last = Double(max(total - 1, 1))
    var questions: [[Item]] = []
    var weightSum = 0.0
    for (member, sequence) in sequences.enumerated() {
      var items: [Item] = []
      for index in 0..<sequence.count {
        var weight = 0.0
        if sequence.isCounted(index) {
          weight = 0.0667 + 0.9333 * pow(Double(ranks[member][index]) / last, 11.25)
          weightSum += weight
        }
        let slowness =
          sequence.durations.map { SBDCurve<Double>.slowness(duration: $0[index], median: median) } ?? 0
        items.append(
          Item(
            logElapsed: log(max(elapsed(sequence, index), 1e-9)), rating: Double(sequence.ratings[index]),
            slowness: slowness, weight: weight))
      }
      questions.append(items)
    }
    let pull = 0.001 * 2000 / Double(total)
    let objective = { (w: [Double]) -> Dual in
      let parameters = (0..<parameterCount).map { Dual.parameter(w[$0], index: $0) }
      let curve = SBDCurve<Dual>(parameters, cachingShapes: true)
      var loss = Dual(0)
      for items in questions {
        var state = curve.initial(rating: items[0].rating)
        for item in items.dropFirst() {
          let outcome = curve.logChance(logElapsed: item.logElapsed, state, passed: item.rating > 1.5)
          if item.weight > 0 { loss = loss - outcome * Dual(item.weight) }
          state = curve.next(state, logOutcome: outcome, rating: item.rating, slowness: item.slowness)
        }
      }
      loss = loss / Dual(weightSum)
      for index in 0..<parameterCount {
        let distance = (parameters[index] - Dual(start[index])) / Dual(spread[index])
        loss = loss + Dual(pull) * distance * distance
      }
      return loss
    }
    let initial = objective(start)
    var from = start
    var fromLoss = initial
    if let warmStart, warmStart.count == start.count, warmStart != start {
      let warm = objective(warmStart)
      if warm.value < initial.value {
        from = warmStart
        fromLoss = warm
      }
    }
    let (fitted, loss) = Self.minimise(objective, from: from, startingLoss: fromLoss)
    guard loss.isFinite, loss <= initial.value else { return model(start, median) }
    return model(fitted, median)
  }

  private func model(_ parameters: [Double], _ median: Double) -> SBDModel {
    SBDModel(parameters, medianDuration: median, readsSameDayTimes: readsSameDayTimes)
  }

  /// The days since the review before, as the variant fitted reads them.
  private func elapsed(_ sequence: ReviewSequence, _ index: Int) -> Double {
    let days = sequence.elapsedDays[index]
    guard days == 0, readsSameDayTimes, let fractions = sequence.sameDayFractions else { return Double(days) }
    return fractions[index]
  }

  /// L-BFGS with a backtracking line search.
  private static func minimise(
    _ objective: ([Double]) -> Dual, from start: [Double], startingLoss: Dual
  ) -> ([Double], Double) {
    var point = start
    var current = startingLoss
    var steps: [[Double]] = []
    var changes: [[Double]] = []
    let parameterCount = start.count
    var gradient = (0..<parameterCount).map { current.slope[$0] }
    for iteration in 0..<maximumIterations {
      if SignalMonitor.receivedSignal != nil { break }
      guard gradient.allSatisfy(\.isFinite), gradient.map(abs).max() ?? 0 > 1e-7 else { break }
      // The two-loop recursion: the direction from the stored curvature pairs.
      var direction = gradient.map { -$0 }
      var alphas: [Double] = []
      for (step, change) in zip(steps, changes).reversed() {
        let rho = 1 / dot(change, step)
        let alpha = rho * dot(step, direction)
        alphas.append(alpha)
        for index in direction.indices { direction[index] -= alpha * change[index] }
      }
      if let step = steps.last, let change = changes.last {
        let scale = dot(step, change) / dot(change, change)
        for index in direction.indices { direction[index] *= scale }
      }
      for ((step, change), alpha) in zip(zip(steps, changes), alphas.reversed()) {
        let rho = 1 / dot(change, step)
        let beta = rho * dot(change, direction)
        for index in direction.indices { direction[index] += step[index] * (alpha - beta) }
      }
      var slope = dot(gradient, direction)
      if !(slope < 0) {
        direction = gradient.map { -$0 }
        slope = dot(gradient, direction)
      }
      var length = iteration == 0 ? min(1, 1 / gradient.map(abs).reduce(0, +)) : 1
      var accepted: ([Double], Dual)?
      for _ in 0..<30 {
        let candidate = zip(point, direction).map { $0 + length * $1 }
        let value = objective(candidate)
        if value.value.isFinite && value.value <= current.value + 1e-4 * length * slope {
          accepted = (candidate, value)
          break
        }
        length /= 2
      }
      guard let (next, value) = accepted else { break }
      let nextGradient = (0..<parameterCount).map { value.slope[$0] }
      let step = zip(next, point).map { $0 - $1 }
      let change = zip(nextGradient, gradient).map { $0 - $1 }
      let improvement = current.value - value.value
      point = next
      current = value
      gradient = nextGradient
      if dot(step, change) > 1e-10 {
        steps.append(step)
        changes.append(change)
        if steps.count > history {
          steps.removeFirst()
          changes.removeFirst()
        }
      }
      if improvement < Self.smallestImprovement { break }
    }
    return (point, current.value)
  }

  private static func dot(_ left: [Double], _ right: [Double]) -> Double {
    zip(left, right).reduce(0) { $0 + $1.0 * $1.1 }
  }
}
