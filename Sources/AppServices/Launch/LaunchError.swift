/// Why the launch, a phase, or one initializer did not succeed.
///
/// Thrown by ``Launch/waitUntilReady(_:)`` and ``Launch/run(_:)``; the message names the
/// initializer (or key) concerned and says what to do. Secret configuration values never
/// appear in it.
public struct LaunchError: Error, Sendable, CustomStringConvertible {
    /// The kind of error. New kinds may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case initializerFailed
            case timedOut
            case missingConfiguration
            case dependencyFailed
            case cancelled
            case notInPlan
            case handedOver
        }

        private let base: Base

        /// An initializer threw (after its retries, if any).
        public static let initializerFailed = Code(base: .initializerFailed)
        /// An initializer ran out of its budget.
        public static let timedOut = Code(base: .timedOut)
        /// Configuration keys an initializer requires have no value.
        public static let missingConfiguration = Code(base: .missingConfiguration)
        /// The initializer was skipped because one of its dependencies did not succeed.
        public static let dependencyFailed = Code(base: .dependencyFailed)
        /// The launch was cancelled (termination), or failed because of another initializer,
        /// or the caller stopped waiting.
        public static let cancelled = Code(base: .cancelled)
        /// The initializer asked for is not in the launch plan.
        public static let notInPlan = Code(base: .notInPlan)
        /// The launch was merged into the launch of the composite it is nested in; waiters
        /// go on waiting there. Never thrown to callers.
        static let handedOver = Code(base: .handedOver)

        /// The code's name.
        public var description: String { base.rawValue }
    }

    /// What went wrong.
    public let code: Code
    /// The initializer concerned, if one is.
    public let initializer: String?
    /// A sentence naming what went wrong, with which initializer or key, and what to do.
    public let message: String

    init(code: Code, initializer: String?, message: String) {
        self.code = code
        self.initializer = initializer
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
