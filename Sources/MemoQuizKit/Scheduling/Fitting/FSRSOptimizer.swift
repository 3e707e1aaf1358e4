/// Fits FSRS-6's 21 parameters to a learner's reviews, as the FSRS authors'
/// optimizers do.
///
/// The steps, after their Rust optimizer (the one Anki runs): pre-train the
/// initial stabilities w0–w3 from first counted reviews; then, from those
/// and the defaults for w4–w20, run Adam over batches of about 512 counted
/// reviews (whole questions per batch, the batches' order shuffled each
/// epoch: as fsrs-rs shuffles them, ``ReferenceBatchOrder``, for
/// ``Weighting/recency``), each step's gradient the hand-derived one
/// of ``MemoryModel`` plus the pull towards the starting point (the L2 term,
/// scaled by each weight's spread among users and by the batch's share of
/// the reviews), each step followed by clamping every weight into its
/// range. Last, the initial stabilities are made to grow from Again to Easy
/// again.
///
/// The two ``Weighting``s are the two reference optimizers, and they differ
/// in more than the weights: ``Weighting/recency`` fits as fsrs-rs 6.6 does
/// when Anki runs it (8 epochs, questions whose first counted review is an
/// outlier left out of the whole fit, the last epoch's parameters);
/// ``Weighting/uniform`` as the Python optimizer (`fsrs` 6.3.2) does (5
/// epochs, outliers left out of the pre-training only, the parameters with
/// the lowest log loss among the starting point and each epoch's).
///
/// With fewer than 8 counted reviews (with ``Weighting/recency``, 8 outside
/// the outliers' questions) nothing is fitted; with fewer than 64
/// (or when every counted review is a question's first) only w0–w3 are.
/// The same histories, in any order, always give the same parameters.
public struct FSRSOptimizer: Sendable {
  /// Below this many counted reviews, nothing is fitted.
  public static let minimumReviews = 8
  /// Below this many, only the initial stabilities are fitted.
  public static let minimumReviewsForAllParameters = 64
  /// Adam's passes over the batches: the Python optimizer's 5 for
  /// ``Weighting/uniform``; for ``Weighting/recency`` Anki's 8 (it asks
  /// fsrs-rs for 8, whose own default is 5).
  var epochs: Int { weighting == .uniform ? 5 : 8 }
  static let batchSize = 512
  /// The references' seed for shuffling batches: fsrs-rs's default, which
  /// Anki keeps.
  static let seed: UInt64 = 2023
  /// The L2 pull's strength.
  static let gamma = 1.0
  /// The spread of each weight among users, for the L2 pull.
  static let spread: [Double] = [
    6.43, 9.66, 17.58, 27.85, 0.57, 0.28, 0.6, 0.12, 0.39, 0.18, 0.33, 0.3, 0.09, 0.16, 0.57, 0.25, 1.03, 0.31,
    0.32, 0.14, 0.27,
  ]

  /// What a fit gives.
  public enum Outcome: Hashable, Sendable {
    /// All 21 parameters were fitted.
    case fitted(FSRSParameters)
    /// Only the initial stabilities w0–w3 could be fitted; the others are
    /// the defaults.
    case initialStabilitiesOnly(FSRSParameters)
    /// Too few counted reviews: `have` of the `need` required.
    case tooFewReviews(have: Int, need: Int)

    /// The fitted parameters, if any.
    public var parameters: FSRSParameters? {
      switch self {
      case .fitted(let parameters), .initialStabilitiesOnly(let parameters): parameters
      case .tooFewReviews: nil
      }
    }
  }

  /// How much each counted review weighs in the loss the fit minimises,
  /// and with it which reference optimizer the fit follows.
  public enum Weighting: Hashable, Sendable {
    /// The Rust optimizer's recency weighting: the review of rank `i` from
    /// the oldest, of `n`, weighs `0.25 + 0.75·(i/(n-1))³`, so the newest
    /// weighs four times the oldest and the learner's memory as it is now
    /// counts most. The rest of the fit is fsrs-rs 6.6's as Anki 26.9 runs
    /// it: 8 epochs; a question whose first counted review is an outlier
    /// is left out of the whole fit (and of the ranks); batches of whole
    /// questions ordered by their length up to their last counted review;
    /// the parameters after the last epoch are the result.
    case recency
    /// Every counted review weighs the same, as in the Python optimizer
    /// (`fsrs` 6.3.2), whose fits the committed reference fixture records;
    /// the rest of the fit is that optimizer's too: 5 epochs, outliers left
    /// out of the pre-training only, and the best epoch kept.
    case uniform

    /// The weight of a review `position` of the way from the oldest (0) to
    /// the newest (1).
    func weight(rankFromOldest position: Double) -> Double {
      switch self {
      case .recency: 0.25 + 0.75 * position * position * position
      case .uniform: 1
      }
    }
  }

  /// How counted reviews weigh in the loss.
  public var weighting: Weighting

  /// An optimizer.
  /// - Parameter weighting: ``Weighting/recency`` unless py-fsrs's fits are
  ///   to be reproduced.
  public init(weighting: Weighting = .recency) {
    self.weighting = weighting
  }

  /// Fits parameters to the histories.
  /// - Parameter histories: one per question, the reviews in effect.
  /// - Returns: the fitted parameters, or how many reviews are missing.
  public func fit(_ histories: [ReviewHistory]) -> Outcome {
    fit(TrainingSet(histories, leavingOutOutliers: weighting == .recency))
  }

  func fit(_ set: TrainingSet) -> Outcome {
    // Below 8 counted reviews, or 8 once the outliers are left out, fsrs-rs
    // gives the defaults.
    for have in [set.allCountedReviews, set.countedReviews] where have < Self.minimumReviews {
      return .tooFewReviews(have: have, need: Self.minimumReviews)
    }
    let defaults = FSRSParameters.default.values
    // Without first counted reviews outside the outliers, the defaults' w0–w3 stand.
    let initial =
      set.pretraining.initialStabilities(averageRecall: set.averageRecall) ?? Array(defaults[0..<4])
    let start = FSRSParameters.clamped(initial + defaults[4...], shortTermTrained: true)
    if set.countedReviews == set.questionsWithCountedReviews
      || set.countedReviews < Self.minimumReviewsForAllParameters
    {
      return .initialStabilitiesOnly(FSRSParameters(checked: FSRSParameters.clamped(start, shortTermTrained: false)))
    }
    var trained = train(set, from: start)
    let trainedInitial = Dictionary(uniqueKeysWithValues: (1...4).map { ($0, trained[$0 - 1]) })
    if let smoothed = StabilityPretraining.smoothAndFill(trainedInitial, counts: set.pretraining.ratingCounts) {
      trained.replaceSubrange(0..<4, with: smoothed)
    }
    return .fitted(FSRSParameters(checked: FSRSParameters.clamped(trained, shortTermTrained: false)))
  }

  /// Adam over the batches for ``epochs`` epochs.
  private func train(_ set: TrainingSet, from start: [Double]) -> [Double] {
    let batches = Self.batches(set, byLastCountedReview: weighting == .recency)
    let total = Double(set.countedReviews)
    let sequences = set.sequences
    var adam = AdamStep(plannedSteps: (set.countedReviews / Self.batchSize + 1) * epochs)
    var parameters = start
    var generator = SeededGenerator(seed: Self.seed)
    // fsrs-rs's own order of batches, where its fits are reproduced.
    var referenceOrder = ReferenceBatchOrder(seed: Self.seed)
    var steps: [MemoryModel.Step] = []
    var order = Array(batches.indices)
    let weights = weighting == .uniform ? nil : set.weights(weighting)
    var best = parameters
    var bestLoss = weighting == .uniform ? Self.loss(parameters, sequences: sequences, weights: weights) : 0
    for _ in 0..<epochs {
      for index in order.indices { order[index] = index }
      if weighting == .recency {
        referenceOrder.shuffle(&order)
      } else {
        generator.shuffle(&order)
      }
      for batchIndex in order {
        // Ctrl-C: the caller throws ``Interrupted`` before using the fit.
        if SignalMonitor.receivedSignal != nil { return best }
        let batch = batches[batchIndex]
        let model = MemoryModel(parameters)
        var gradient = [Double](repeating: 0, count: 21)
        var predictions = 0
        for member in batch {
          _ = model.forward(sequences[member], into: &steps)
          if let weights {
            for index in steps.indices { steps[index].lossSlope *= weights[member][index] }
          }
          model.backward(steps, gradient: &gradient)
          predictions += sequences[member].countedReviews
        }
        let pull = Self.gamma * Double(predictions) / total
        for index in 0..<21 {
          let distance = parameters[index] - start[index]
          gradient[index] += 2 * distance / (Self.spread[index] * Self.spread[index]) * pull
        }
        adam.step(&parameters, gradient: gradient)
        parameters = FSRSParameters.clamped(parameters, shortTermTrained: true)
      }
      // fsrs-rs returns the last epoch's parameters; only the Python optimizer keeps the best.
      guard weighting == .uniform else { continue }
      let loss = Self.loss(parameters, sequences: sequences, weights: weights)
      if loss < bestLoss {
        bestLoss = loss
        best = parameters
      }
    }
    return weighting == .uniform ? best : parameters
  }

  /// The mean log loss over the counted reviews, each weighted as given
  /// (`nil`: all the same, as ``ModelEvaluation`` computes it).
  static func loss(_ parameters: [Double], sequences: [ReviewSequence], weights: [[Double]]?) -> Double {
    guard let weights else { return ModelEvaluation(parameters, sequences: sequences).logLoss }
    let model = MemoryModel(parameters)
    var steps: [MemoryModel.Step] = []
    var loss = 0.0
    var total = 0.0
    for (member, sequence) in sequences.enumerated() {
      _ = model.forward(sequence, into: &steps)
      for (index, step) in steps.enumerated() where sequence.isCounted(index) {
        let weight = weights[member][index]
        loss += weight * MemoryModel.crossEntropy(step.retrievability, label: step.rating > 1 ? 1 : 0)
        total += weight
      }
    }
    return total == 0 ? 0 : loss / total
  }

  /// Whole questions packed into batches of at most ``batchSize`` counted
  /// reviews (a longer question alone), shortest questions first.
  /// - Parameter byLastCountedReview: measure a question up to its last
  ///   counted review, as fsrs-rs does (its last item's length), rather
  ///   than by all its reviews.
  static func batches(_ set: TrainingSet, byLastCountedReview: Bool = false) -> [[Int]] {
    let lengths = set.sequences.map { sequence in
      byLastCountedReview ? (sequence.lastCounted ?? 0) + 1 : sequence.count
    }
    let order = set.sequences.indices.sorted { (lengths[$0], $0) < (lengths[$1], $1) }
    var batches: [[Int]] = []
    var current: [Int] = []
    var predictions = 0
    for member in order {
      let count = set.sequences[member].countedReviews
      if !current.isEmpty && predictions + count > batchSize {
        batches.append(current)
        current = []
        predictions = 0
      }
      current.append(member)
      predictions += count
    }
    if !current.isEmpty { batches.append(current) }
    return batches
  }
}
