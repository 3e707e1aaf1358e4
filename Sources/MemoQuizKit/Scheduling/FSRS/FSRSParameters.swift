import FoundationEssentials
@preconcurrency import Glibc

/// The 21 weights of FSRS-6, checked once so that a scheduler built from
/// them cannot fail.
///
/// The checks are those of the FSRS authors' Rust implementation
/// (`check_and_fill_parameters`, then its parameter clipper): no values means
/// the defaults; 17 values (FSRS-4.5) and 19 values (FSRS-5) are converted
/// and filled; every value must be a finite number; each is then clamped into
/// the range FSRS allows it.
public struct FSRSParameters: Hashable, Sendable {
  /// The 21 weights, w0 to w20, each within its range.
  public let values: [Double]

  /// The published FSRS-6 defaults, w0 to w20.
  public static let `default` = FSRSParameters(
    checked: [
      0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
      1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ])

  /// The decay FSRS-5 and earlier used, for parameters that lack w20.
  static let fsrs5Decay = 0.5
  /// The largest initial stability (w0 to w3), in days.
  static let initialStabilityMaximum = 100.0

  /// Checks and fills parameters given as numbers.
  /// - Parameter values: 21 weights (FSRS-6), 19 (FSRS-5), 17 (FSRS-4.5),
  ///   or none for the defaults.
  /// - Throws: ``FSRSParametersError`` when the count is not one of those or
  ///   a value is not a finite number.
  public init(_ values: [Double]) throws(FSRSParametersError) {
    var filled: [Double]
    switch values.count {
    case 0: filled = Self.default.values
    case 17:
      filled = values
      filled[4] = values[5] * 2 + values[4]
      filled[5] = log(values[5] * 3 + 1) / 3
      filled[6] = values[6] + 0.5
      filled += [0, 0, 0, Self.fsrs5Decay]
    case 19: filled = values + [0, Self.fsrs5Decay]
    case 21: filled = values
    default: throw .wrongCount(values.count)
    }
    if let index = filled.firstIndex(where: { !$0.isFinite }) { throw .notFinite(index: index) }
    self.init(checked: Self.clamped(filled, shortTermTrained: false))
  }

  /// Parameters already known to be 21 values within their ranges.
  init(checked values: [Double]) {
    self.values = values
  }

  /// One weight, by its index from 0 to 20.
  public subscript(index: Int) -> Double { values[index] }

  /// Each value clamped into the range FSRS allows it.
  ///
  /// - Parameter shortTermTrained: whether the same-day weights (w17 to
  ///   w19) are being fitted; then w19 stays at least 0.01, as the reference
  ///   optimizer keeps it.
  static func clamped(_ values: [Double], shortTermTrained: Bool) -> [Double] {
    var result = values
    for index in result.indices {
      let range = bounds(index, shortTermTrained: shortTermTrained)
      result[index] = min(max(result[index], range.lowerBound), range.upperBound)
    }
    return result
  }

  /// The range of weight `index`, as the FSRS authors' parameter clipper
  /// gives it for one relearning step.
  static func bounds(_ index: Int, shortTermTrained: Bool) -> ClosedRange<Double> {
    switch index {
    case 0...3: FSRSScheduler.minimumStability...initialStabilityMaximum
    case 4: FSRSScheduler.difficultyRange
    case 5, 6: 0.001...4.0
    case 7: 0.001...0.75
    case 8: 0.0...4.5
    case 9: 0.0...0.8
    case 10: 0.001...3.5
    case 11: 0.001...5.0
    case 12: 0.001...0.25
    case 13: 0.001...0.9
    case 14: 0.0...4.0
    case 15: 0.0...1.0
    case 16: 1.0...6.0
    case 17, 18: 0.0...2.0
    case 19: (shortTermTrained ? 0.01 : 0.0)...0.8
    default: 0.1...0.8
    }
  }
}

/// Why numbers cannot be FSRS parameters.
public enum FSRSParametersError: Error, Sendable, Equatable {
  /// FSRS has 21 parameters (19 in FSRS-5, 17 in FSRS-4.5).
  case wrongCount(Int)
  /// The value at this index is infinite or not a number.
  case notFinite(index: Int)
}

extension FSRSParametersError: LocalizedError, CustomStringConvertible {
  public var errorDescription: String? { description }

  public var description: String {
    switch self {
    case .wrongCount(let count):
      "FSRS parameters are 21 numbers (19 or 17 from older versions), not \(count); they must be fitted again"
    case .notFinite(let index):
      "FSRS parameter w\(index) is not a finite number; they must be fitted again"
    }
  }
}
