/// The weekdays on which fewer reviews fall due (`config easy-days`): a due
/// day drawn within the fuzz range avoids them when another day in the
/// range is possible.
public struct EasyDays: Hashable, Sendable {
  /// One bit a weekday, Monday the lowest.
  private var days: UInt8

  /// No easy days: every weekday counts the same.
  public static let none = EasyDays(days: 0)

  /// The weekdays' names as `config` reads and writes them, Monday first.
  static let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

  private init(days: UInt8) { self.days = days }

  /// The days a list such as `sat,sun` names, or `none`; `nil` for anything
  /// else. Full names (`saturday`) and any case are read too.
  public init?(text: String) {
    let words = text.lowercased().split(separator: ",", omittingEmptySubsequences: false).map {
      String($0.filter { $0 != " " })
    }
    if words == ["none"] {
      self = .none
      return
    }
    var days: UInt8 = 0
    for word in words {
      guard word.count >= 3,
        let index = Self.names.firstIndex(where: { word == $0 || Self.fullName($0) == word })
      else { return nil }
      days |= 1 << UInt8(index)
    }
    self.days = days
  }

  /// `saturday` for `sat`.
  private static func fullName(_ short: String) -> String {
    switch short {
    case "tue": "tuesday"
    case "wed": "wednesday"
    case "thu": "thursday"
    case "sat": "saturday"
    default: short + "day"
    }
  }

  /// The days as `config` shows them: `sat,sun`, or `none`.
  public var text: String {
    let named = Self.names.indices.filter { days & (1 << UInt8($0)) != 0 }.map { Self.names[$0] }
    return named.isEmpty ? "none" : named.joined(separator: ",")
  }

  /// Whether no weekday is an easy day.
  var isEmpty: Bool { days == 0 }

  /// Whether learner day `day` (``LearnersDay/number``) falls on one of the days.
  func contains(day: Int) -> Bool { days & (1 << UInt8(Self.weekday(ofDay: day))) != 0 }

  /// The weekday of learner day `day`, Monday 0: day 0, 1970-01-01, was a Thursday.
  static func weekday(ofDay day: Int) -> Int { ((day % 7) + 7 + 3) % 7 }
}
