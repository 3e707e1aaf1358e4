import Foundation
import Testing

@testable import MemoQuizKit

/// Parameters are checked once, as the FSRS authors' Rust implementation
/// checks them, so that a scheduler built from them cannot fail.
@Suite struct FSRSParametersTests {
  @Test func noValuesMeanTheDefaults() throws {
    #expect(try FSRSParameters([]) == .default)
    #expect(FSRSParameters.default.values.count == 21)
    #expect(FSRSParameters.default[20] == 0.1542)
  }

  @Test(arguments: [1, 16, 18, 20, 22])
  func aWrongCountIsAnError(count: Int) {
    #expect(throws: FSRSParametersError.wrongCount(count)) {
      try FSRSParameters(
        Array(FSRSParameters.default.values.prefix(count)) + Array(repeating: 1, count: max(0, count - 21)))
    }
  }

  @Test func aValueThatIsNotANumberIsAnError() {
    var values = FSRSParameters.default.values
    values[7] = .nan
    #expect(throws: FSRSParametersError.notFinite(index: 7)) { try FSRSParameters(values) }
    values[7] = .infinity
    #expect(throws: FSRSParametersError.notFinite(index: 7)) { try FSRSParameters(values) }
  }

  @Test func fsrs5ParametersGetTheOldDecay() throws {
    let parameters = try FSRSParameters(Array(FSRSParameters.default.values.prefix(19)))
    #expect(parameters[19] == 0)
    #expect(parameters[20] == 0.5)
  }

  @Test func fsrs45ParametersAreConverted() throws {
    let old = [0.4, 0.6, 2.4, 5.8, 4.93, 0.94, 0.86, 0.01, 1.49, 0.14, 0.94, 2.18, 0.05, 0.34, 1.26, 0.29, 2.61]
    let parameters = try FSRSParameters(old)
    #expect(abs(parameters[4] - (4.93 + 2 * 0.94)) < 1e-12)
    #expect(abs(parameters[5] - log(0.94 * 3 + 1) / 3) < 1e-12)
    #expect(abs(parameters[6] - 1.36) < 1e-12)
    #expect(parameters.values.suffix(4) == [0, 0, 0, 0.5])
  }

  @Test func valuesOutsideTheirRangesAreClamped() throws {
    var values = FSRSParameters.default.values
    values[0] = -3
    values[4] = 1000
    values[16] = 0.2
    values[20] = 5
    let parameters = try FSRSParameters(values)
    #expect(parameters[0] == 0.001)
    #expect(parameters[4] == 10)
    #expect(parameters[16] == 1)
    #expect(parameters[20] == 0.8)
  }

  @Test func desiredRetentionSetsTheIntervals() {
    let stability = 10.0
    let relaxed = FSRSScheduler(desiredRetention: 0.8).nextInterval(stability: stability)
    let standard = FSRSScheduler().nextInterval(stability: stability)
    let strict = FSRSScheduler(desiredRetention: 0.95).nextInterval(stability: stability)
    #expect(standard == 10)
    #expect(relaxed > standard)
    #expect(strict < standard)
    #expect(FSRSScheduler(desiredRetention: 0.5).desiredRetention == 0.70)
    #expect(FSRSScheduler(desiredRetention: 0.99).desiredRetention == 0.97)
  }

  @Test func fittedParametersChangeTheSchedule() throws {
    var values = FSRSParameters.default.values
    values[2] = 5
    let scheduler = FSRSScheduler(parameters: try FSRSParameters(values))
    let state = scheduler.review(nil, rating: .good, at: Timestamp(rawValue: 0), day: 0, fuzz: nil)
    #expect(state.stability == 5)
    #expect(scheduler.parameters[2] == 5)
  }
}
