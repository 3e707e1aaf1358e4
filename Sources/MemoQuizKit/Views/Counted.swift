/// A count with its noun, singular or plural: "1 group", "2 groups".
public func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
  "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
}
