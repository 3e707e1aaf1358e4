import Foundation
import Testing

@testable import MemoQuizKit

/// The hand-derived gradient: pinned to torch's autograd through the FSRS
/// authors' scheduler, and to finite differences.
@Suite struct MemoryModelTests {
  /// The mean log loss over a batch and its gradient, as the optimizer
  /// computes them.
  private static func lossAndGradient(_ w: [Double], _ sequences: [ReviewSequence]) -> (Double, [Double]) {
    let model = MemoryModel(w)
    var steps: [MemoryModel.Step] = []
    var loss = 0.0
    var count = 0
    var gradient = [Double](repeating: 0, count: 21)
    for sequence in sequences {
      loss += model.forward(sequence, into: &steps)
      model.backward(steps, gradient: &gradient)
      count += sequence.countedReviews
    }
    return (loss / Double(count), gradient.map { $0 / Double(count) })
  }

  @Test func lossAndAllGradientsMatchTheReference() throws {
    let fixture = try OptimizerFixture.load()
    let sequences = fixture.gradientBatch.map { ReviewSequence($0, maximumLength: fixture.maximumLength) }
    #expect(fixture.gradientCases.count >= 3)
    for reference in fixture.gradientCases {
      let (loss, gradient) = Self.lossAndGradient(reference.parameters, sequences)
      #expect(abs(loss - reference.loss) <= 1e-6, "\(reference.name): loss \(loss) against \(reference.loss)")
      for index in 0..<21 {
        #expect(
          abs(gradient[index] - reference.gradient[index]) <= 1e-6,
          "\(reference.name): dL/dw\(index) \(gradient[index]) against \(reference.gradient[index])")
      }
    }
  }

  @Test func everyBranchOfTheModelIsExercisedByTheReferenceBatch() throws {
    let fixture = try OptimizerFixture.load()
    var kinds: Set<String> = []
    for reference in fixture.gradientCases {
      let model = MemoryModel(reference.parameters)
      var steps: [MemoryModel.Step] = []
      for history in fixture.gradientBatch {
        _ = model.forward(ReviewSequence(history, maximumLength: fixture.maximumLength), into: &steps)
        for step in steps {
          kinds.insert("\(step.kind)\(step.tookFloor ? "-floor" : "")")
        }
      }
    }
    #expect(kinds.isSuperset(of: ["first", "sameDay", "sameDay-floor", "recall", "lapse", "lapse-floor"]))
  }

  @Test func gradientAgreesWithFiniteDifferences() throws {
    let fixture = try OptimizerFixture.load()
    let sequences = fixture.gradientBatch.map { ReviewSequence($0) }
    for reference in fixture.gradientCases {
      let (_, gradient) = Self.lossAndGradient(reference.parameters, sequences)
      for index in 0..<21 {
        let step = 1e-6 * max(abs(reference.parameters[index]), 1e-3)
        var up = reference.parameters
        var down = reference.parameters
        up[index] += step
        down[index] -= step
        let slope = (Self.lossAndGradient(up, sequences).0 - Self.lossAndGradient(down, sequences).0) / (2 * step)
        #expect(
          abs(slope - gradient[index]) <= 1e-5 * max(1, abs(slope)),
          "\(reference.name): w\(index) finite difference \(slope), gradient \(gradient[index])")
      }
    }
  }
}
