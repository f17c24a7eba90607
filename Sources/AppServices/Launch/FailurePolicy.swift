/// What a failed initializer means for the launch: stop it, carry on without the
/// initializer's dependents, or try again a bounded number of times first.
///
/// ```swift
/// struct RemoteConfigInitializer: Initializer {
///     var failurePolicy: FailurePolicy {
///         .retry(times: 2, backoff: .exponential(initial: .milliseconds(200)), whenExhausted: .optional)
///     }
///     func perform(_ context: InitializerContext) async throws { ... }
/// }
/// ```
///
/// A missing required configuration key and an expired budget are not retried: neither
/// gets better by trying again. When the last try has failed, the policy given as
/// `whenExhausted` decides.
public struct FailurePolicy: Sendable, Hashable, CustomStringConvertible {
    /// How long to wait before each retry. Deterministic (no jitter), so launches are
    /// reproducible and testable with a manual clock.
    public struct Backoff: Sendable, Hashable, CustomStringConvertible {
        private enum Base: Sendable, Hashable {
            case constant(Duration)
            case exponential(initial: Duration, multiplier: Int, maximum: Duration)
        }

        private let base: Base

        /// The same delay before every retry.
        public static func constant(_ delay: Duration) -> Backoff { Backoff(base: .constant(delay)) }

        /// No delay: retry at once.
        public static let immediate = Backoff.constant(.zero)

        /// `initial` before the first retry, multiplied by `multiplier` for each further
        /// retry, never more than `maximum`.
        ///
        /// - Parameters:
        ///   - initial: The delay before the first retry. Default 100 ms.
        ///   - multiplier: The factor between consecutive delays. Default 2.
        ///   - maximum: The longest delay. Default 5 s.
        public static func exponential(
            initial: Duration = .milliseconds(100),
            multiplier: Int = 2,
            maximum: Duration = .seconds(5)
        ) -> Backoff {
            precondition(multiplier >= 1, "A backoff multiplier must be at least 1 (got \(multiplier)).")
            return Backoff(base: .exponential(initial: initial, multiplier: multiplier, maximum: maximum))
        }

        /// The delay before retry number `retry` (1 for the first retry).
        public func delay(beforeRetry retry: Int) -> Duration {
            switch base {
            case .constant(let delay):
                return delay
            case .exponential(let initial, let multiplier, let maximum):
                var delay = initial
                for _ in 1..<max(retry, 1) {
                    delay *= multiplier
                    if delay >= maximum { return maximum }
                }
                return min(delay, maximum)
            }
        }

        /// A short description, such as `exponential(100 ms x2, at most 5 s)`.
        public var description: String {
            switch base {
            case .constant(let delay): "constant(\(delay))"
            case .exponential(let initial, let multiplier, let maximum):
                "exponential(\(initial) x\(multiplier), at most \(maximum))"
            }
        }

        private init(base: Base) { self.base = base }
    }

    private enum Base: Sendable, Hashable {
        case required
        case optional
    }

    /// What happens once the last try has failed.
    private let base: Base
    /// How many times a failed initializer is tried again.
    public let maxRetries: Int
    /// How long to wait before each retry.
    public let backoff: Backoff

    /// A failure fails the launch: running initializers are cancelled and the rest are
    /// skipped. The default.
    public static let required = FailurePolicy(base: .required, maxRetries: 0, backoff: .immediate)

    /// A failure is logged and the launch carries on; the initializer's dependents (and
    /// theirs) are skipped, with a reason naming it.
    public static let optional = FailurePolicy(base: .optional, maxRetries: 0, backoff: .immediate)

    /// Tries a failed initializer again, up to `times` more times, waiting `backoff` before
    /// each retry; after the last failure, `whenExhausted` decides.
    ///
    /// - Parameters:
    ///   - times: The most retries (not counting the first try). Must not be negative.
    ///   - backoff: The delay before each retry. Default: exponential from 100 ms.
    ///   - whenExhausted: ``required`` (the default) or ``optional``; its own retries are
    ///     ignored.
    public static func retry(
        times: Int,
        backoff: Backoff = .exponential(),
        whenExhausted: FailurePolicy = .required
    ) -> FailurePolicy {
        precondition(times >= 0, "An initializer cannot be retried a negative number of times (\(times)).")
        return FailurePolicy(base: whenExhausted.base, maxRetries: times, backoff: backoff)
    }

    /// Whether a final failure fails the whole launch.
    public var isRequired: Bool { base == .required }

    /// A short description, such as `required` or `retry 3 times (constant(1.0 seconds)), then optional`.
    public var description: String {
        let name = base == .required ? "required" : "optional"
        guard maxRetries > 0 else { return name }
        return "retry \(maxRetries) time\(maxRetries == 1 ? "" : "s") (\(backoff)), then \(name)"
    }

    private init(base: Base, maxRetries: Int, backoff: Backoff) {
        self.base = base
        self.maxRetries = maxRetries
        self.backoff = backoff
    }
}
