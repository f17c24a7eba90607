/// An error from using a ``ServiceComposite`` the wrong way: registering too late,
/// requiring a service that is not there, beginning a session that lives already or ending
/// one that does not.
public struct ServiceCompositeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of error. New kinds may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case registrationAfterDispatch
            case serviceNotRegistered
            case sessionAlreadyBegun
            case sessionNotFound
        }

        private let base: Base

        /// A service was registered after the composite dispatched its first callback.
        public static let registrationAfterDispatch = Code(base: .registrationAfterDispatch)
        /// A required service is not registered.
        public static let serviceNotRegistered = Code(base: .serviceNotRegistered)
        /// A session was begun while a session with the same identifier lives.
        public static let sessionAlreadyBegun = Code(base: .sessionAlreadyBegun)
        /// A session that does not live was ended or made current.
        public static let sessionNotFound = Code(base: .sessionNotFound)

        /// The code's name.
        public var description: String { base.rawValue }
    }

    /// What went wrong.
    public let code: Code
    /// A sentence naming the service concerned and what to do.
    public let message: String
    /// The file of the call that failed: the caller's, by the `file` parameter of the
    /// method that threw (registering services, requiring one, the session methods).
    public let file: String
    /// The line of the call that failed, as ``file`` says.
    public let line: Int

    init(code: Code, message: String, file: String, line: Int) {
        self.code = code
        self.message = message
        self.file = file
        self.line = line
    }

    /// The message.
    public var description: String { message }
}
