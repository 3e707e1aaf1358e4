import Testing

// One suite per shell, each skipped with its reason when the shell is not
// installed (`.ci/run` installs all three).

@Suite(.enabled(if: ShellCompleter.isInstalled(.bash), "bash is not installed"))
struct BashCompletionTests {
  @Test func aCommandCompletesFromItsStart() throws { try CompletionChecks(.bash).aCommandCompletesFromItsStart() }
  @Test func groupTitlesCompleteIncludingOneJustAdded() throws {
    try CompletionChecks(.bash).groupTitlesCompleteIncludingOneJustAdded()
  }
  @Test func optionValuesComplete() throws { try CompletionChecks(.bash).optionValuesComplete() }
  @Test func filesCompleteWhereAFileIsExpected() throws {
    try CompletionChecks(.bash).filesCompleteWhereAFileIsExpected()
  }
  @Test func everyDeclaredOptionAndValueCompletes() throws {
    try CompletionChecks(.bash).everyDeclaredOptionAndValueCompletes()
  }
}

@Suite(.enabled(if: ShellCompleter.isInstalled(.zsh), "zsh is not installed (apt-get install zsh)"))
struct ZshCompletionTests {
  @Test func aCommandCompletesFromItsStart() throws { try CompletionChecks(.zsh).aCommandCompletesFromItsStart() }
  @Test func groupTitlesCompleteIncludingOneJustAdded() throws {
    try CompletionChecks(.zsh).groupTitlesCompleteIncludingOneJustAdded()
  }
  @Test func optionValuesComplete() throws { try CompletionChecks(.zsh).optionValuesComplete() }
  @Test func filesCompleteWhereAFileIsExpected() throws {
    try CompletionChecks(.zsh).filesCompleteWhereAFileIsExpected()
  }
  @Test func everyDeclaredOptionAndValueCompletes() throws {
    try CompletionChecks(.zsh).everyDeclaredOptionAndValueCompletes()
  }
}

@Suite(.enabled(if: ShellCompleter.isInstalled(.fish), "fish is not installed (apt-get install fish)"))
struct FishCompletionTests {
  @Test func aCommandCompletesFromItsStart() throws { try CompletionChecks(.fish).aCommandCompletesFromItsStart() }
  @Test func groupTitlesCompleteIncludingOneJustAdded() throws {
    try CompletionChecks(.fish).groupTitlesCompleteIncludingOneJustAdded()
  }
  @Test func optionValuesComplete() throws { try CompletionChecks(.fish).optionValuesComplete() }
  @Test func filesCompleteWhereAFileIsExpected() throws {
    try CompletionChecks(.fish).filesCompleteWhereAFileIsExpected()
  }
  @Test func everyDeclaredOptionAndValueCompletes() throws {
    try CompletionChecks(.fish).everyDeclaredOptionAndValueCompletes()
  }
}
