/// The settings `memoquiz config` lists and changes, each with its range and
/// default. A setting's changes are steps of the history, so `undo` takes
/// one back.
public enum Setting: String, CaseIterable, Sendable {
  /// How many new questions review rounds take a day, in all groups.
  case newPerDay = "new-per-day"
  /// The hour the learner's day starts, in local time.
  case dayStartsAt = "day-starts-at"
  /// The chance of recall at which a question falls due.
  case desiredRetention = "desired-retention"
  /// Whether an answer a few edits from an accepted one counts as correct.
  case typos = "typos"
  /// Whether another question's answer is Incorrect or asked again.
  case confusions = "confusions"
  /// How many lapses make a card a leech; 0: none does.
  case leechThreshold = "leech-threshold"
  /// Whether `review` fits the scheduler by itself once enough new reviews
  /// came (see ``ProgressCaretaker/fitAutomatically(at:)``).
  case autoOptimize = "auto-optimize"
  /// Whether a round plays its questions' sounds and speaks their prompts.
  case audio = "audio"
  /// Whether a due day drawn within the fuzz range prefers the day with the
  /// fewest reviews already due.
  case loadBalance = "load-balance"
  /// The weekdays on which fewer reviews fall due.
  case easyDays = "easy-days"

  /// The key users type.
  public var key: String { rawValue }

  /// The value in effect when the setting was never changed.
  public var defaultValue: String {
    switch self {
    case .newPerDay: "20"
    case .dayStartsAt: "4"
    case .desiredRetention: "0.90"
    case .typos: TypoPolicy.strict.rawValue
    case .confusions: ConfusionPolicy.wrong.rawValue
    case .leechThreshold: "8"
    case .autoOptimize: "on"
    case .audio: "on"
    case .loadBalance: "on"
    case .easyDays: EasyDays.none.text
    }
  }

  /// The values allowed, for messages: "0 to 9999".
  public var allowed: String {
    switch self {
    case .newPerDay: "a whole number from 0 to 9999"
    case .dayStartsAt: "an hour from 0 to 23"
    case .desiredRetention: "a number from 0.70 to 0.97"
    case .typos: "strict or forgive"
    case .confusions: "wrong or retry"
    case .leechThreshold: "a whole number from 0 to 99 (0: no leeches)"
    case .autoOptimize: "on or off"
    case .audio: "on or off"
    case .loadBalance: "on or off"
    case .easyDays: "weekdays such as sat,sun, or none"
    }
  }

  /// A few words for help and the listing.
  public var summary: String {
    switch self {
    case .newPerDay: "new questions a day, in all groups"
    case .dayStartsAt: "the hour the day starts, local time"
    case .desiredRetention: "the chance of recall at which a question falls due"
    case .typos: "whether an answer a few letters off counts as correct"
    case .confusions: "whether another question's answer is Incorrect or asked again"
    case .leechThreshold: "lapses that make a card a leech"
    case .autoOptimize: "whether review fits the scheduler to you by itself"
    case .audio: "whether a round plays sounds and speaks prompts"
    case .loadBalance: "whether due days spread to the days with fewest reviews"
    case .easyDays: "weekdays on which fewer reviews fall due"
    }
  }

  /// The setting a key names, ignoring case.
  public init?(key: String) {
    self.init(rawValue: key.lowercased())
  }

  /// The value as it is stored, or `nil` when `text` is out of range.
  public func normalized(_ text: String) -> String? {
    switch self {
    case .newPerDay:
      guard let value = Int(text), (0...9999).contains(value) else { return nil }
      return String(value)
    case .dayStartsAt:
      guard let value = Int(text), (0...23).contains(value) else { return nil }
      return String(value)
    case .desiredRetention:
      guard let value = Double(text), value.isFinite, (0.70...0.97).contains(value) else { return nil }
      return Self.twoDecimals(value)
    case .typos:
      return TypoPolicy(rawValue: text.lowercased())?.rawValue
    case .confusions:
      return ConfusionPolicy(rawValue: text.lowercased())?.rawValue
    case .leechThreshold:
      guard let value = Int(text), (0...99).contains(value) else { return nil }
      return String(value)
    case .autoOptimize, .audio, .loadBalance:
      let value = text.lowercased()
      return value == "on" || value == "off" ? value : nil
    case .easyDays:
      return EasyDays(text: text)?.text
    }
  }

  /// `0.9` as `0.90`: retention is shown with two decimals.
  static func twoDecimals(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
