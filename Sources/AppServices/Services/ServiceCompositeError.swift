/// An error from using a ``ServiceComposite`` the wrong way: registering too late, or
/// requiring a service that is not there.
public struct ServiceCompositeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of error. New kinds may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case registrationAfterDispatch
            case serviceNotRegistered
        }

        private let base: Base

        /// A service was registered after the composite dispatched its first callback.
        public static let registrationAfterDispatch = Code(base: .registrationAfterDispatch)
        /// A required service is not registered.
        public static let serviceNotRegistered = Code(base: .serviceNotRegistered)

        /// The code's name.
        public var description: String { base.rawValue }
    }

    /// What went wrong.
    public let code: Code
    /// A sentence naming the service concerned and what to do.
    public let message: String
    /// The file of the call that failed.
    public let file: String
    /// The line of the call that failed.
    public let line: Int

    init(code: Code, message: String, file: String = #fileID, line: Int = #line) {
        self.code = code
        self.message = message
        self.file = file
        self.line = line
    }

    /// The message.
    public var description: String { message }
}
