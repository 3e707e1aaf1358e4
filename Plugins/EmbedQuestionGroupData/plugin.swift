import PackagePlugin

/// Compiles `Resources/QuestionGroupData.json` into the library as a string
/// literal, so that the binary carries the bundled questions inside itself.
///
/// `Bundle.module` on Linux resolves to an absolute build path and stops the
/// program when that folder is gone; an embedded literal has no such failure.
@main
struct EmbedQuestionGroupData: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let input = context.package.directoryURL
      .appending(path: "Resources")
      .appending(path: "QuestionGroupData.json")
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedQuestionGroupData.swift")
    return [
      .buildCommand(
        displayName: "Embedding QuestionGroupData.json",
        executable: try context.tool(named: "QuestionDataEmbedder").url,
        arguments: [input.path(), output.path()],
        inputFiles: [input],
        outputFiles: [output]
      )
    ]
  }
}
