/// One value of a value set, as help and completions show it.
struct ValueChoice: Equatable, Sendable {
  let name: String
  let help: String
}
