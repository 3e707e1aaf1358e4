/// What an answer that is another question's answer means, set by
/// `config confusions`: `wrong` (the default), Incorrect with the other
/// question named; or `retry`, the same question asked again at once,
/// ungraded, with the other question named all the same.
public enum ConfusionPolicy: String, CaseIterable, Sendable, Hashable, Codable {
  case wrong, retry
}
