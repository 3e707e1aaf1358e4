import Foundation
import Testing

/// `memoquiz config model`: the memory model the scheduler uses, with its
/// parameters and where they came from; shown, never set.
@Suite struct ModelInstallTests {
  /// FSRS-6's published parameters, four decimals, six a line.
  private let publishedParameters =
    "  0.2120  1.2931  2.3065  8.2956  6.4133  0.8334\n"
    + "  3.0194  0.0010  1.8722  0.1666  0.7960  1.4835\n"
    + "  0.0614  0.2629  1.6483  0.6014  1.8729  0.5425\n"
    + "  0.0912  0.0658  0.1542\n"

  @Test func configModelShowsFSRS6WithItsPublishedParameters() throws {
    let sandbox = try MemoQuizSandbox()
    let shown = try sandbox.run(["config", "model"])
    #expect(shown.status == 0)
    #expect(
      shown.stdout
        == "FSRS-6, with its published parameters (`memoquiz optimize` fits them to you).\n" + publishedParameters)
    let listed = try sandbox.run(["config"]).stdout
    #expect(
      listed.contains("\nmodel              FSRS-6  (chosen by `memoquiz optimize`; `config model` shows it)\n"),
      "\(listed)")
  }

  @Test func configModelShowsInstalledParametersUntilUndo() throws {
    let sandbox = try MemoQuizSandbox()
    // The step `optimize` writes when it installs parameters, on 2026-05-28.
    let parameters = [
      0.5, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629,
      1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.123456,
    ].map { String($0) }.joined(separator: " ")
    let history = sandbox.folder.appendingPathComponent("history")
    try FileManager.default.createDirectory(at: history, withIntermediateDirectories: true)
    try Data(
      ("memoquiz history\t2\t0a0b0c0d\tlearner\n"
        + "setting\t1\t1780000000000\tfsrs-parameters\t\(parameters)\toptimize: the scheduler fitted to 900 reviews\n")
        .utf8
    ).write(to: history.appendingPathComponent("0a0b0c0d.log"))
    let installed = try sandbox.run(["config", "model"], environment: ["TZ": "UTC"]).stdout
    #expect(
      installed
        == "FSRS-6, with parameters fitted to your answers, installed by `memoquiz optimize` on 2026-05-28 20:26.\n"
        + "  0.5000  1.2931  2.3065  8.2956  6.4133  0.8334\n"
        + "  3.0194  0.0010  1.8722  0.1666  0.7960  1.4835\n"
        + "  0.0614  0.2629  1.6483  0.6014  1.8729  0.5425\n"
        + "  0.0912  0.0658  0.1235\n")
    #expect(try sandbox.run(["undo"]).status == 0)
    #expect(
      try sandbox.run(["config", "model"]).stdout
        == "FSRS-6, with its published parameters (`memoquiz optimize` fits them to you).\n" + publishedParameters)
  }

  @Test func configModelRefusesAValue() throws {
    let sandbox = try MemoQuizSandbox()
    let refused = try sandbox.run(["config", "model", "SBD"])
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("model is chosen by `memoquiz optimize`, not set (not 'SBD')"), "\(refused.stderr)")
    #expect(try sandbox.run(["config", "model"]).stdout.hasPrefix("FSRS-6, with its published parameters"))
  }

  @Test func configModelReadsTheModelSettingOverTheParametersAndIgnoresAnUnreadableOne() throws {
    let sandbox = try MemoQuizSandbox()
    func parameters(_ first: Double) -> String {
      ([first] + FSRSPublished.values.dropFirst()).map { String($0) }.joined(separator: " ")
    }
    let history = sandbox.folder.appendingPathComponent("history")
    try FileManager.default.createDirectory(at: history, withIntermediateDirectories: true)
    try Data(
      ("memoquiz history\t2\t0a0b0c0d\tlearner\n"
        + "setting\t1\t1780000000000\tfsrs-parameters\t\(parameters(0.5))\toptimize: fitted\n"
        + "setting\t2\t1780000100000\tmodel\tFSRS-6 \(parameters(0.7))\toptimize: fitted\n").utf8
    ).write(to: history.appendingPathComponent("0a0b0c0d.log"))
    let installed = try sandbox.run(["config", "model"], environment: ["TZ": "UTC"]).stdout
    #expect(
      installed.hasPrefix(
        "FSRS-6, with parameters fitted to your answers, installed by `memoquiz optimize` on 2026-05-28 20:28.\n  0.7000  1.2931"
      ), "\(installed)")
    #expect(try sandbox.run(["undo"]).status == 0)
    let before = try sandbox.run(["config", "model"], environment: ["TZ": "UTC"]).stdout
    #expect(
      before.hasPrefix(
        "FSRS-6, with parameters fitted to your answers, installed by `memoquiz optimize` on 2026-05-28 20:26.\n  0.5000  1.2931"
      ), "\(before)")

    // A model from a later release, or with the wrong number of parameters, leaves FSRS-6.
    for value in ["FSRS-9 1 2 3", "SBD 1 2 3", "SBD+hours 1 2 3 4 5 6 nan"] {
      let other = try MemoQuizSandbox()
      let otherHistory = other.folder.appendingPathComponent("history")
      try FileManager.default.createDirectory(at: otherHistory, withIntermediateDirectories: true)
      try Data(
        ("memoquiz history\t2\t0a0b0c0d\tlearner\n"
          + "setting\t1\t1780000100000\tmodel\t\(value)\toptimize: fitted\n").utf8
      ).write(to: otherHistory.appendingPathComponent("0a0b0c0d.log"))
      #expect(
        try other.run(["config", "model"]).stdout
          == "FSRS-6, with its published parameters (`memoquiz optimize` fits them to you).\n" + publishedParameters)
    }
  }
}

/// FSRS-6's published parameters, as the history writes them.
enum FSRSPublished {
  static let values = [
    0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629,
    1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
  ]
}
