/// An error that ends ``ApplicationHost/run()``: the host was run twice, or the launch
/// failed.
///
/// ```text
/// The launch failed: Database failed: the disk is full. The application was wound down.
/// ```
public struct ApplicationHostError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of error. New kinds may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case alreadyStarted
            case launchFailed
        }

        private let base: Base

        /// ``ApplicationHost/run()`` was called a second time.
        public static let alreadyStarted = Code(base: .alreadyStarted)
        /// A required initializer failed the launch; the application was wound down.
        public static let launchFailed = Code(base: .launchFailed)

        /// The code's name.
        public var description: String { base.rawValue }
    }

    /// What went wrong.
    public let code: Code
    /// The initializer that failed the launch, for `Code-swift.struct/launchFailed`.
    public let initializer: String?
    /// A sentence naming what went wrong, with which initializer, and what to do.
    public let message: String

    init(code: Code, initializer: String? = nil, message: String) {
        self.code = code
        self.initializer = initializer
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
