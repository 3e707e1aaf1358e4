import MemoQuizKit

@testable import memoquiz

extension NextStepWording {
  /// The wording the command line gives the library's texts, so that the
  /// library's tests check the text the tool shows.
  static let tool = CommandError.wording
}
