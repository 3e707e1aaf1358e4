import MemoQuizKit

/// `memoquiz config model`: the memory model the scheduler uses, with its
/// parameters and where they came from. No setting: `optimize` chooses it.
extension ConfigCommand {
  /// The key that names the model, beside the settings' keys.
  static let modelKey = "model"

  /// The model key as the command line, its help and completions list it.
  static let modelChoice = ValueChoice(
    name: modelKey, help: "the memory model the scheduler uses, with its parameters (shown only: optimize chooses it)")

  /// What `config model` prints: the model and where its parameters came
  /// from, then the parameters, six a line.
  static func modelText(_ model: MemoryModelInUse) -> String {
    var text = "\(model.kind.rawValue), "
    if let installed = model.installedAt {
      text += "with parameters fitted to your answers, installed by `memoquiz optimize` on "
      text += "\(DateText.readable(installed)).\n"
    } else {
      text += "with its published parameters (`memoquiz optimize` fits them to you).\n"
    }
    let values = model.parameters.map(fourDecimals)
    let width = values.map(\.count).max() ?? 0
    for start in stride(from: 0, to: values.count, by: 6) {
      let line = values[start..<min(start + 6, values.count)].map {
        String(repeating: " ", count: width - $0.count) + $0
      }
      text += "  " + line.joined(separator: "  ") + "\n"
    }
    return text
  }

  /// A parameter with four decimals: `0.2120`, `-1.5000`.
  private static func fourDecimals(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    let scaled = Int((abs(value) * 10_000).rounded())
    let fraction = String(scaled % 10_000)
    let sign = value < 0 && scaled > 0 ? "-" : ""
    return "\(sign)\(scaled / 10_000)." + String(repeating: "0", count: 4 - fraction.count) + fraction
  }
}
