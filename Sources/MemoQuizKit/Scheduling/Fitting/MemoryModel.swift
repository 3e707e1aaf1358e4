@preconcurrency import Glibc

/// FSRS-6's memory model as a function of its 21 weights: the predicted
/// chance of recall at each counted review, the log loss of those
/// predictions, and the loss's gradient, derived by hand.
///
/// The formulas are the scheduler's (``FSRSScheduler``), written out so that
/// each intermediate value is kept: ``forward(_:into:)`` records one
/// ``Step`` per review, and ``backward(_:gradient:)`` walks the steps from
/// the last to the first, carrying the loss's derivative with respect to the
/// memory state (stability S, difficulty D) and adding each weight's share.
/// Every chain-rule step is a small function below, named after the formula
/// it differentiates. A clamp passes the gradient where its input lies
/// inside the range, bounds included, as the reference's `torch.clamp` does.
/// `Tests/MemoQuizKitTests/Optimizer` pins the loss and all 21 derivatives
/// to the FSRS authors' Python optimizer.
struct MemoryModel: Sendable {
  /// One review as the forward pass saw it: what the backward pass needs.
  struct Step {
    enum Kind: UInt8 { case first, sameDay, recall, lapse }
    var kind: Kind
    var rating: Int
    var elapsedDays: Double
    /// S and D before the review.
    var stability: Double
    var difficulty: Double
    /// R at the review (counted reviews only).
    var retrievability: Double
    /// S and D after the review, before their clamps.
    var rawStability: Double
    var rawDifficulty: Double
    /// The recall increase, the lapse stability, or the same-day factor.
    var growth: Double
    /// A lapse took the same-day floor `S / e^(w17·w18)`; a same-day
    /// review's factor was raised to 1.
    var tookFloor: Bool
    /// d(loss)/dR, 0 when the review is not counted.
    var lossSlope: Double
  }

  let w: [Double]
  /// The forgetting curve's exponent, -w20, and its factor `0.9^(1/decay) - 1`.
  private let decay: Double
  private let factor: Double
  /// d(factor)/d(w20).
  private let factorSlope: Double
  /// `e^(w17·w18)`, the lapse floor's divisor.
  private let lapseFloorDivisor: Double
  /// The initial difficulty of Easy, unclamped: mean reversion's target.
  private let easyDifficulty: Double

  static let minimumStability = FSRSScheduler.minimumStability
  static let difficultyRange = FSRSScheduler.difficultyRange

  init(_ w: [Double]) {
    self.w = w
    decay = -w[20]
    factor = pow(0.9, 1 / decay) - 1
    factorSlope = (factor + 1) * log(0.9) / (w[20] * w[20])
    lapseFloorDivisor = exp(w[17] * w[18])
    easyDifficulty = w[4] - exp(3 * w[5]) + 1
  }

  // MARK: - Forward

  /// Runs one sequence through the model, recording a step per review.
  /// - Parameters:
  ///   - sequence: the question's reviews.
  ///   - steps: overwritten with one ``Step`` per review.
  /// - Returns: the summed log loss of the counted reviews.
  @inline(__always)
  func forward(_ sequence: ReviewSequence, into steps: inout [Step]) -> Double {
    steps.removeAll(keepingCapacity: true)
    var loss = 0.0
    var stability = 0.0
    var difficulty = 0.0
    for index in 0..<sequence.count {
      let rating = Int(sequence.ratings[index])
      let elapsed = Double(sequence.elapsedDays[index])
      var step = Step(
        kind: .first, rating: rating, elapsedDays: elapsed, stability: stability, difficulty: difficulty,
        retrievability: 0, rawStability: 0, rawDifficulty: 0, growth: 0, tookFloor: false, lossSlope: 0)
      if index == 0 {
        step.rawStability = w[rating - 1]
        step.rawDifficulty = w[4] - exp(w[5] * Double(rating - 1)) + 1
      } else {
        if elapsed >= 1 {
          let recall = retrievability(elapsed: elapsed, stability: stability)
          step.retrievability = recall
          let label = rating > 1 ? 1.0 : 0.0
          loss += Self.crossEntropy(recall, label: label)
          step.lossSlope = Self.crossEntropySlope(recall, label: label)
          step.kind = rating == 1 ? .lapse : .recall
          if rating == 1 { lapseForward(&step) } else { recallForward(&step) }
        } else {
          step.kind = .sameDay
          sameDayForward(&step)
        }
        step.rawDifficulty = nextDifficultyRaw(difficulty, rating: rating)
      }
      stability = max(step.rawStability, Self.minimumStability)
      difficulty = min(max(step.rawDifficulty, Self.difficultyRange.lowerBound), Self.difficultyRange.upperBound)
      steps.append(step)
    }
    return loss
  }

  /// R = (1 + factor·t/S)^decay.
  @inline(__always)
  func retrievability(elapsed: Double, stability: Double) -> Double {
    pow(1 + factor * elapsed / stability, decay)
  }

  /// After a lapse: the smaller of `w11·D^-w12·((S+1)^w13 - 1)·e^((1-R)·w14)`
  /// and `S / e^(w17·w18)` (the first on a tie, as Python's `min` picks).
  @inline(__always)
  private func lapseForward(_ step: inout Step) {
    let longTerm =
      w[11] * pow(step.difficulty, -w[12]) * (pow(step.stability + 1, w[13]) - 1)
      * exp((1 - step.retrievability) * w[14])
    let floor = step.stability / lapseFloorDivisor
    step.growth = longTerm
    step.tookFloor = floor < longTerm
    step.rawStability = step.tookFloor ? floor : longTerm
  }

  /// After a recall: `S·(1 + inc)`, inc = e^w8·(11-D)·S^-w9·(e^((1-R)·w10) - 1)·hard·easy.
  @inline(__always)
  private func recallForward(_ step: inout Step) {
    let increase =
      exp(w[8]) * (11 - step.difficulty) * pow(step.stability, -w[9])
      * (exp((1 - step.retrievability) * w[10]) - 1) * ratingMultiplier(step.rating)
    step.growth = increase
    step.rawStability = step.stability * (1 + increase)
  }

  /// The same day: `S·m`, m = e^(w17·(G - 3 + w18))·S^-w19, at least 1 unless Again.
  @inline(__always)
  private func sameDayForward(_ step: inout Step) {
    let raw = exp(w[17] * (Double(step.rating) - 3 + w[18])) * pow(step.stability, -w[19])
    step.tookFloor = step.rating > 1 && raw < 1
    step.growth = step.tookFloor ? 1 : raw
    step.rawStability = step.stability * step.growth
  }

  /// Hard's penalty w15, Easy's bonus w16, or 1.
  @inline(__always)
  private func ratingMultiplier(_ rating: Int) -> Double {
    rating == 2 ? w[15] : (rating == 4 ? w[16] : 1)
  }

  /// D'' = w7·D0(Easy) + (1 - w7)·(D + (10 - D)·(-w6·(G - 3))/9), before the clamp.
  @inline(__always)
  private func nextDifficultyRaw(_ difficulty: Double, rating: Int) -> Double {
    let delta = -w[6] * Double(rating - 3)
    let damped = difficulty + (10 - difficulty) * delta / 9
    return w[7] * easyDifficulty + (1 - w[7]) * damped
  }

  /// The binary cross-entropy of one prediction, with the logarithms floored
  /// at -100 as `torch.nn.BCELoss` does.
  @inline(__always)
  static func crossEntropy(_ recall: Double, label: Double) -> Double {
    -(label * max(log(recall), -100) + (1 - label) * max(log(1 - recall), -100))
  }

  /// d(cross-entropy)/dR = (R - y) / (R·(1 - R)), the denominator kept
  /// above 1e-12 as `torch.nn.BCELoss` does.
  @inline(__always)
  static func crossEntropySlope(_ recall: Double, label: Double) -> Double {
    (recall - label) / max(recall * (1 - recall), 1e-12)
  }

  // MARK: - Backward

  /// Adds the gradient of the forward pass's loss to `gradient`.
  /// - Parameters:
  ///   - steps: the steps ``forward(_:into:)`` recorded.
  ///   - gradient: 21 partial derivatives, added to.
  @inline(__always)
  func backward(_ steps: [Step], gradient: inout [Double]) {
    // d(loss)/dS and d(loss)/dD of the state after the step being undone.
    var slopeS = 0.0
    var slopeD = 0.0
    for index in steps.indices.reversed() {
      let step = steps[index]
      let rawSlopeS = step.rawStability >= Self.minimumStability ? slopeS : 0
      let rawSlopeD = Self.difficultyRange.contains(step.rawDifficulty) ? slopeD : 0
      if step.kind == .first {
        initialBackward(step, slopeS: rawSlopeS, slopeD: rawSlopeD, gradient: &gradient)
        break
      }
      var previousS = 0.0
      var previousD = 0.0
      var slopeR = step.lossSlope
      switch step.kind {
      case .sameDay:
        sameDayBackward(step, slope: rawSlopeS, previousS: &previousS, gradient: &gradient)
      case .recall:
        recallBackward(
          step, slope: rawSlopeS, previousS: &previousS, previousD: &previousD, slopeR: &slopeR, gradient: &gradient)
      case .lapse:
        lapseBackward(
          step, slope: rawSlopeS, previousS: &previousS, previousD: &previousD, slopeR: &slopeR, gradient: &gradient)
      case .first: break
      }
      difficultyBackward(step, slope: rawSlopeD, previousD: &previousD, gradient: &gradient)
      if step.kind != .sameDay {
        retrievabilityBackward(step, slope: slopeR, previousS: &previousS, gradient: &gradient)
      }
      slopeS = previousS
      slopeD = previousD
    }
  }

  /// S0 = w[G-1] and D0 = w4 - e^(w5·(G-1)) + 1.
  @inline(__always)
  private func initialBackward(_ step: Step, slopeS: Double, slopeD: Double, gradient: inout [Double]) {
    gradient[step.rating - 1] += slopeS
    let grade = Double(step.rating - 1)
    gradient[4] += slopeD
    gradient[5] -= slopeD * grade * exp(w[5] * grade)
  }

  /// R = (1 + factor·t/S)^(-w20), factor = 0.9^(-1/w20) - 1:
  /// dR/dS = w20·R·factor·t / (u·S²) and dR/dw20 = -R·(ln u + w20·t·factor'/(u·S)),
  /// with u = 1 + factor·t/S.
  @inline(__always)
  private func retrievabilityBackward(_ step: Step, slope: Double, previousS: inout Double, gradient: inout [Double]) {
    guard slope != 0 else { return }
    let recall = step.retrievability
    let stability = step.stability
    let base = 1 + factor * step.elapsedDays / stability
    previousS += slope * w[20] * recall * factor * step.elapsedDays / (base * stability * stability)
    gradient[20] -= slope * recall * (log(base) + w[20] * step.elapsedDays * factorSlope / (base * stability))
  }

  /// S' = S·(1 + inc): dS'/dS = 1 + inc·(1 - w9), dS'/dD = -S·inc/(11 - D),
  /// dS'/dR = -S·e^w8·(11 - D)·S^-w9·w10·e^((1-R)·w10)·hard·easy, and each
  /// weight's share (each computed without dividing by a factor that may be 0).
  @inline(__always)
  private func recallBackward(
    _ step: Step, slope: Double, previousS: inout Double, previousD: inout Double, slopeR: inout Double,
    gradient: inout [Double]
  ) {
    guard slope != 0 else { return }
    let stability = step.stability
    let increase = step.growth
    let recallTerm = exp((1 - step.retrievability) * w[10])
    // inc without its last factor (e^((1-R)·w10) - 1): safe where that factor is 0.
    let scale = exp(w[8]) * (11 - step.difficulty) * pow(stability, -w[9]) * ratingMultiplier(step.rating)
    previousS += slope * (1 + increase * (1 - w[9]))
    previousD -=
      slope * stability * exp(w[8]) * pow(stability, -w[9]) * (recallTerm - 1) * ratingMultiplier(step.rating)
    slopeR -= slope * stability * scale * w[10] * recallTerm
    gradient[8] += slope * stability * increase
    gradient[9] -= slope * stability * increase * log(stability)
    gradient[10] += slope * stability * scale * (1 - step.retrievability) * recallTerm
    let withoutMultiplier =
      exp(w[8]) * (11 - step.difficulty) * pow(stability, -w[9]) * (recallTerm - 1) * stability
    if step.rating == 2 { gradient[15] += slope * withoutMultiplier }
    if step.rating == 4 { gradient[16] += slope * withoutMultiplier }
  }

  /// A lapse's stability: through the floor `S/e^(w17·w18)` when it was
  /// smaller, else through `a = w11·D^-w12·((S+1)^w13 - 1)·e^((1-R)·w14)`.
  @inline(__always)
  private func lapseBackward(
    _ step: Step, slope: Double, previousS: inout Double, previousD: inout Double, slopeR: inout Double,
    gradient: inout [Double]
  ) {
    guard slope != 0 else { return }
    let stability = step.stability
    if step.tookFloor {
      let floor = step.rawStability
      previousS += slope / lapseFloorDivisor
      gradient[17] -= slope * floor * w[18]
      gradient[18] -= slope * floor * w[17]
      return
    }
    let longTerm = step.growth
    let difficultyTerm = pow(step.difficulty, -w[12])
    let recallTerm = exp((1 - step.retrievability) * w[14])
    let grown = pow(stability + 1, w[13])
    gradient[11] += slope * difficultyTerm * (grown - 1) * recallTerm
    previousD -= slope * longTerm * w[12] / step.difficulty
    gradient[12] -= slope * longTerm * log(step.difficulty)
    previousS += slope * w[11] * difficultyTerm * recallTerm * w[13] * grown / (stability + 1)
    gradient[13] += slope * w[11] * difficultyTerm * recallTerm * grown * log(stability + 1)
    slopeR -= slope * longTerm * w[14]
    gradient[14] += slope * longTerm * (1 - step.retrievability)
  }

  /// The same day: S' = S·m, m = e^(w17·(G - 3 + w18))·S^-w19; constant 1
  /// where it was raised to 1.
  @inline(__always)
  private func sameDayBackward(_ step: Step, slope: Double, previousS: inout Double, gradient: inout [Double]) {
    guard slope != 0 else { return }
    if step.tookFloor {
      previousS += slope
      return
    }
    let stability = step.stability
    let next = step.rawStability
    previousS += slope * step.growth * (1 - w[19])
    gradient[17] += slope * next * (Double(step.rating) - 3 + w[18])
    gradient[18] += slope * next * w[17]
    gradient[19] -= slope * next * log(stability)
  }

  /// D'' = w7·E + (1 - w7)·(D + (10 - D)·δ/9), δ = -w6·(G - 3),
  /// E = w4 - e^(3·w5) + 1.
  @inline(__always)
  private func difficultyBackward(_ step: Step, slope: Double, previousD: inout Double, gradient: inout [Double]) {
    guard slope != 0 else { return }
    let grade = Double(step.rating - 3)
    let delta = -w[6] * grade
    let damped = step.difficulty + (10 - step.difficulty) * delta / 9
    gradient[7] += slope * (easyDifficulty - damped)
    let towardEasy = slope * w[7]
    gradient[4] += towardEasy
    gradient[5] -= towardEasy * 3 * exp(3 * w[5])
    let slopeDamped = slope * (1 - w[7])
    previousD += slopeDamped * (1 - delta / 9)
    gradient[6] -= slopeDamped * (10 - step.difficulty) / 9 * grade
  }
}
