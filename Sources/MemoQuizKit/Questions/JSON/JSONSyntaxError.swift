/// A place where a text is not valid JSON.
struct JSONSyntaxError: Error, Equatable, Sendable {
  /// The byte offset of the problem.
  let offset: Int
  /// What is wrong, in plain English.
  let message: String
}
