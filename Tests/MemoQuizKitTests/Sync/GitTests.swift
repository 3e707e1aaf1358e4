import Testing

@testable import MemoQuizKit

/// git runs in the command's environment, never the process's, less what
/// would point it at another repository or let it prompt.
@Suite struct GitTests {
  @Test func gitsVariablesAreTheCommandsLessThoseThatPointElsewhere() {
    let environment = [
      "HOME": "/home/learner", "GIT_AUTHOR_NAME": "Learner", "GIT_DIR": "/elsewhere/.git",
      "GIT_WORK_TREE": "/elsewhere", "GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "core.hooksPath",
      "GIT_CONFIG_VALUE_0": "/tmp/hooks", "GIT_TERMINAL_PROMPT": "1",
    ]
    #expect(
      Git.variables(from: environment) == [
        "GIT_TERMINAL_PROMPT=0", "GIT_AUTHOR_NAME=Learner", "HOME=/home/learner",
        "GIT_SSH_COMMAND=ssh -o BatchMode=yes -o ConnectTimeout=30",
      ])
  }

  @Test func theLearnersOwnSSHCommandIsKept() {
    #expect(
      Git.variables(from: ["GIT_SSH_COMMAND": "ssh -i key"]) == [
        "GIT_TERMINAL_PROMPT=0", "GIT_SSH_COMMAND=ssh -i key",
      ])
    #expect(Git.variables(from: ["GIT_SSH": "plink"]) == ["GIT_TERMINAL_PROMPT=0", "GIT_SSH=plink"])
  }

  @Test(arguments: [
    ([:], 120), (["MEMOQUIZ_SYNC_TIMEOUT": "5"], 5), (["MEMOQUIZ_SYNC_TIMEOUT": "0"], 120),
    (["MEMOQUIZ_SYNC_TIMEOUT": "soon"], 120),
  ])
  func theTimeoutComesFromTheCommandsEnvironment(_ environment: [String: String], _ seconds: Int) {
    #expect(Git(folder: "/nowhere", environment: environment, showMessages: { _ in }).timeout == seconds)
  }
}
