@preconcurrency import Glibc

/// A number a memory model computes with: a plain `Double` to predict, or a
/// ``Dual`` to predict and carry each parameter's derivative along, so that
/// one formula, written once, gives both the prediction and its gradient.
protocol ModelNumber: Sendable {
  init(_ constant: Double)
  /// The number's value, without derivatives.
  var value: Double { get }
  static func + (left: Self, right: Self) -> Self
  static func - (left: Self, right: Self) -> Self
  static func * (left: Self, right: Self) -> Self
  static func / (left: Self, right: Self) -> Self
  static prefix func - (operand: Self) -> Self
  static func exponential(_ operand: Self) -> Self
  static func logarithm(_ operand: Self) -> Self
  /// `ln(1 + x)`, accurate near 0.
  static func logarithmOnePlus(_ operand: Self) -> Self
  /// `operand^exponent` for a positive operand.
  static func power(_ operand: Self, _ exponent: Self) -> Self
}

extension ModelNumber {
  /// The value clamped into `lower...upper`; the derivative passes where the
  /// value lies inside, bounds included, as `torch.clamp` passes it.
  @inline(__always)
  static func clamped(_ operand: Self, _ lower: Double, _ upper: Double) -> Self {
    operand.value < lower ? Self(lower) : (operand.value > upper ? Self(upper) : operand)
  }

  /// The larger of the two; the first on a tie.
  @inline(__always)
  static func maximum(_ left: Self, _ right: Self) -> Self { right.value > left.value ? right : left }

  /// `ln(e^a + e^b)`, without overflow.
  @inline(__always)
  static func logAddExp(_ left: Self, _ right: Self) -> Self {
    let larger = maximum(left, right)
    let smaller = right.value > left.value ? left : right
    return larger + logarithmOnePlus(exponential(smaller - larger))
  }

  /// `ln(1 + e^x)`, as `torch.nn.functional.softplus` computes it (x itself above 20).
  @inline(__always)
  static func softplus(_ operand: Self) -> Self {
    operand.value > 20 ? operand : logarithmOnePlus(exponential(operand))
  }
}

extension Double: ModelNumber {
  var value: Double { self }
  @inline(__always) static func exponential(_ operand: Double) -> Double { exp(operand) }
  @inline(__always) static func logarithm(_ operand: Double) -> Double { log(operand) }
  @inline(__always) static func logarithmOnePlus(_ operand: Double) -> Double { log1p(operand) }
  @inline(__always) static func power(_ operand: Double, _ exponent: Double) -> Double { pow(operand, exponent) }
}

/// A value with its derivatives with respect to up to eight parameters
/// (forward-mode automatic differentiation).
struct Dual: ModelNumber {
  var value: Double
  var slope: SIMD8<Double>

  init(_ constant: Double) {
    value = constant
    slope = .zero
  }

  init(value: Double, slope: SIMD8<Double>) {
    self.value = value
    self.slope = slope
  }

  /// Parameter `index` itself: its derivative with respect to itself is 1.
  static func parameter(_ value: Double, index: Int) -> Dual {
    var slope = SIMD8<Double>.zero
    slope[index] = 1
    return Dual(value: value, slope: slope)
  }

  @inline(__always) static func + (left: Dual, right: Dual) -> Dual {
    Dual(value: left.value + right.value, slope: left.slope + right.slope)
  }
  @inline(__always) static func - (left: Dual, right: Dual) -> Dual {
    Dual(value: left.value - right.value, slope: left.slope - right.slope)
  }
  @inline(__always) static func * (left: Dual, right: Dual) -> Dual {
    Dual(value: left.value * right.value, slope: left.slope * right.value + right.slope * left.value)
  }
  @inline(__always) static func / (left: Dual, right: Dual) -> Dual {
    let inverse = 1 / right.value
    let quotient = left.value * inverse
    return Dual(value: quotient, slope: (left.slope - right.slope * quotient) * inverse)
  }
  @inline(__always) static prefix func - (operand: Dual) -> Dual {
    Dual(value: -operand.value, slope: -operand.slope)
  }
  @inline(__always) static func exponential(_ operand: Dual) -> Dual {
    let result = exp(operand.value)
    return Dual(value: result, slope: operand.slope * result)
  }
  @inline(__always) static func logarithm(_ operand: Dual) -> Dual {
    Dual(value: log(operand.value), slope: operand.slope * (1 / operand.value))
  }
  @inline(__always) static func logarithmOnePlus(_ operand: Dual) -> Dual {
    Dual(value: log1p(operand.value), slope: operand.slope * (1 / (1 + operand.value)))
  }
  @inline(__always) static func power(_ operand: Dual, _ exponent: Dual) -> Dual {
    let result = pow(operand.value, exponent.value)
    let logarithm = log(operand.value)
    return Dual(
      value: result,
      slope: operand.slope * (exponent.value * result / operand.value) + exponent.slope * (result * logarithm))
  }
}
