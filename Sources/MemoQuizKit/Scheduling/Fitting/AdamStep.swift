@preconcurrency import Glibc

/// Adam, the gradient-descent method the FSRS optimizer uses, with the
/// reference's settings (β1 0.9, β2 0.999, ε 1e-8) and its learning rate
/// annealed along a cosine from 0.04 to 0 over the planned steps.
struct AdamStep: Sendable {
  static let learningRate = 4e-2
  private static let beta1 = 0.9
  private static let beta2 = 0.999
  private static let epsilon = 1e-8

  private var firstMoment = [Double](repeating: 0, count: 21)
  private var secondMoment = [Double](repeating: 0, count: 21)
  private var steps = 0
  /// The number of steps the cosine spans.
  private let plannedSteps: Double

  init(plannedSteps: Int) {
    self.plannedSteps = Double(max(plannedSteps, 1))
  }

  /// The learning rate of step `number` (from 0): 0.04·(1 + cos(π·number/planned))/2.
  func learningRate(atStep number: Int) -> Double {
    Self.learningRate * (1 + cos(Double.pi * Double(number) / plannedSteps)) / 2
  }

  /// Moves `parameters` one step against `gradient`.
  mutating func step(_ parameters: inout [Double], gradient: [Double]) {
    let rate = learningRate(atStep: steps)
    steps += 1
    let correction1 = 1 - pow(Self.beta1, Double(steps))
    let correction2 = 1 - pow(Self.beta2, Double(steps))
    for index in 0..<21 {
      firstMoment[index] = Self.beta1 * firstMoment[index] + (1 - Self.beta1) * gradient[index]
      secondMoment[index] = Self.beta2 * secondMoment[index] + (1 - Self.beta2) * gradient[index] * gradient[index]
      let mean = firstMoment[index] / correction1
      let variance = secondMoment[index] / correction2
      parameters[index] -= rate * mean / (variance.squareRoot() + Self.epsilon)
    }
  }
}
