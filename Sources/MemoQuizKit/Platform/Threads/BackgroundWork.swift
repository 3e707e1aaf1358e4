@preconcurrency import Glibc

/// Work done on a second thread while the caller does its own, such as
/// reading the progress checkpoint while the questions file is parsed: on
/// two cores, start-up then takes the longer of the two, not their sum.
final class BackgroundWork<Value: Sendable>: BackgroundThreadBody, @unchecked Sendable {
  private let work: @Sendable () -> Value
  /// Set by the thread before it ends; read only after joining it.
  private var value: Value?
  private var thread: pthread_t?

  /// Starts `work` on a new thread; when no thread can be made, it runs
  /// now. The corresponding C function is `pthread_create`.
  init(_ work: @escaping @Sendable () -> Value) {
    // The work counts days in the caller's time zone.
    let zone = TimeZoneRules.current
    self.work = { TimeZoneRules.$current.withValue(zone) { work() } }
    super.init()
    if let thread = startThread() {
      self.thread = thread
    } else {
      value = work()
    }
  }

  override func run() {
    value = work()
  }

  /// Waits for the work to end and returns its result. The corresponding C
  /// function is `pthread_join`.
  func result() -> Value {
    if let thread {
      pthread_join(thread, nil)
      self.thread = nil
    }
    guard let value else { return work() }
    return value
  }
}

/// What the thread runs; a class of its own, because a C thread function
/// cannot name a generic type.
class BackgroundThreadBody {
  func run() {}

  /// Starts a thread that runs `run()`, holding this body until it ends;
  /// `nil` when no thread can be made. The corresponding C function is
  /// `pthread_create`.
  final func startThread() -> pthread_t? {
    var thread = pthread_t()
    let context = Unmanaged<BackgroundThreadBody>.passRetained(self).toOpaque()
    let started = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        Unmanaged<BackgroundThreadBody>.fromOpaque(context).takeRetainedValue().run()
        return nil
      }, context)
    guard started == 0 else {
      Unmanaged<BackgroundThreadBody>.fromOpaque(context).release()
      return nil
    }
    return thread
  }
}
