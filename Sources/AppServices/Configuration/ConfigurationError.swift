/// A configuration file that could not be used: it is missing, or it is not valid JSON of
/// the expected shape.
///
/// ```text
/// The configuration file /etc/app/config.json is not valid JSON: Unexpected character '}' at line 3.
/// Fix the file, or pass another one with --config.
/// ```
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of error. New kinds may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case fileNotFound
            case malformedFile
        }

        private let base: Base

        /// A file named by an argument or environment variable does not exist.
        public static let fileNotFound = Code(base: .fileNotFound)
        /// The file exists but could not be read as a JSON object.
        public static let malformedFile = Code(base: .malformedFile)

        /// The code's name.
        public var description: String { base.rawValue }
    }

    /// What went wrong.
    public let code: Code
    /// The path of the file concerned.
    public let file: String
    /// A sentence naming the file, the problem, and what to do.
    public let message: String

    init(code: Code, file: String, message: String) {
        self.code = code
        self.file = file
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
