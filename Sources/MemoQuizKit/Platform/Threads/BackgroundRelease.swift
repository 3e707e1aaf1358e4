@preconcurrency import Glibc

/// Lets go of a large value on a thread of its own that nothing waits for:
/// freeing the parsed tree of a questions file of 100,000 questions then
/// takes nothing from the start of a round on two cores.
final class BackgroundRelease<Value: Sendable>: BackgroundThreadBody, @unchecked Sendable {
  /// Set before the thread starts; the thread alone lets go of it.
  private var value: Value?

  private init(_ value: consuming Value) {
    self.value = consume value
    super.init()
  }

  override func run() {
    value = nil
  }

  /// Frees `value` on another thread, or now when no thread can be made.
  /// The caller must hand over its last reference. The corresponding C
  /// function is `pthread_detach`.
  static func release(_ value: consuming Value) {
    let body = BackgroundRelease(consume value)
    if let thread = body.startThread() {
      pthread_detach(thread)
    } else {
      body.run()
    }
  }
}
