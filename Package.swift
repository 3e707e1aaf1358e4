// swift-tools-version:6.1
import PackageDescription

let package = Package(
  name: "MemoQuiz",
  products: [
    .executable(name: "memoquiz", targets: ["memoquiz"])
  ],
  targets: [
    .target(
      name: "MemoQuizKit",
      plugins: ["EmbedQuestionGroupData"]
    ),
    .executableTarget(
      name: "memoquiz",
      dependencies: ["MemoQuizKit"]
    ),
    .executableTarget(
      name: "memoquiz-load-benchmark",
      dependencies: ["MemoQuizKit"],
      path: "Benchmarks/LoadBenchmark"
    ),
    .executableTarget(
      name: "memoquiz-optimizer-benchmark",
      dependencies: ["MemoQuizKit"],
      path: "Benchmarks/OptimizerBenchmark"
    ),
    .executableTarget(
      name: "QuestionDataEmbedder",
      path: "Sources/QuestionDataEmbedder"
    ),
    .plugin(
      name: "EmbedQuestionGroupData",
      capability: .buildTool(),
      dependencies: ["QuestionDataEmbedder"]
    ),
    .testTarget(
      name: "MemoQuizKitTests",
      dependencies: ["MemoQuizKit", "memoquiz"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "memoquizTests",
      dependencies: ["memoquiz", "MemoQuizKit"],
      resources: [.copy("Fixtures")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
