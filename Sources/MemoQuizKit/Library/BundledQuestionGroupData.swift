/// The question groups that ship inside the binary.
///
/// The `json` text is generated at build time from
/// `Resources/QuestionGroupData.json` by the `EmbedQuestionGroupData` plugin.
public enum BundledQuestionGroupData {}
