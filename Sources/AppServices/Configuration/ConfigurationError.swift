#if Configuration
/// A configuration that could not be used: its file is missing, unreadable, too large or
/// not a JSON object, or values of declared settings are invalid (every one listed), or
/// reading it took too long or was cancelled, or it was to be reloaded once the application
/// had begun to wind down.
///
/// ```text
/// The configuration file /etc/app/config.json is not valid JSON: Unexpected character '}' at line 3.
/// Fix the file, or pass another one with --config.
/// ```
///
/// ```text
/// The configuration has 2 invalid values:
///   analytics.sampleRate: the configuration file demo.json gives "half"; expected a number from 0.0 to 1.0.
///   log.level: the environment variable LOG_LEVEL gives "loud"; expected one of trace, debug, info.
/// ```
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of error. New kinds may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case fileNotFound
            case malformedFile
            case unreadableFile
            case fileTooLarge
            case invalidValues
            case timedOut
            case cancelled
            case notServing
        }

        private let base: Base

        /// A file named by an argument or environment variable does not exist.
        public static let fileNotFound = Code(base: .fileNotFound)
        /// The file exists but could not be read as a JSON object.
        public static let malformedFile = Code(base: .malformedFile)
        /// The path names something that cannot be read as a file: a directory, a file
        /// without read permission, an empty path.
        public static let unreadableFile = Code(base: .unreadableFile)
        /// The file is larger than ``LayeredConfiguration/maximumFileSize``.
        public static let fileTooLarge = Code(base: .fileTooLarge)
        /// Values of declared settings (``LayeredConfiguration/settings``) are invalid;
        /// ``ConfigurationError/problems`` lists every one.
        public static let invalidValues = Code(base: .invalidValues)
        /// Reading the configuration took longer than its budget, and was abandoned.
        public static let timedOut = Code(base: .timedOut)
        /// Shutdown or cancellation arrived while the configuration was being read; the
        /// reading was abandoned.
        public static let cancelled = Code(base: .cancelled)
        /// The configuration was to be reloaded once the application had begun to wind
        /// down: it was not read, and nothing was posted.
        public static let notServing = Code(base: .notServing)

        /// The code's name.
        public var description: String { base.rawValue }
    }

    /// What went wrong.
    public let code: Code
    /// The path of the file concerned; for the codes that concern no one file, the
    /// configuration file that was read, or an empty string when there was none.
    public let file: String
    /// A sentence naming the file, the problem, and what to do; for
    /// `Code-swift.struct/invalidValues`, a first line followed by one line per problem.
    public let message: String
    /// Every invalid value, for `Code-swift.struct/invalidValues`; empty otherwise.
    public let problems: [ConfigurationProblem]

    package init(code: Code, file: String, message: String, problems: [ConfigurationProblem] = []) {
        self.code = code
        self.file = file
        self.message = message
        self.problems = problems
    }

    /// The message.
    public var description: String { message }
}
#endif  // Configuration
