/// A command line in a command's examples, with what it does.
struct Example: Sendable {
  let command: String
  let explanation: String

  init(_ command: String, _ explanation: String) {
    self.command = command
    self.explanation = explanation
  }
}
