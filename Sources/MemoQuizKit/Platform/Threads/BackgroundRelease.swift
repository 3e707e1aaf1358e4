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
  /// functions are `pthread_create` and `pthread_detach`.
  static func release(_ value: consuming Value) {
    let body = BackgroundRelease(consume value)
    var thread = pthread_t()
    let context = Unmanaged<BackgroundThreadBody>.passRetained(body).toOpaque()
    let started = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        Unmanaged<BackgroundThreadBody>.fromOpaque(context).takeRetainedValue().run()
        return nil
      }, context)
    if started == 0 {
      pthread_detach(thread)
    } else {
      Unmanaged<BackgroundThreadBody>.fromOpaque(context).release()
    }
  }
}
