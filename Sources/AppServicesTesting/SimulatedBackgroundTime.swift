public import AppServices

/// The system's background time (`beginBackgroundTask` and `endBackgroundTask`), simulated:
/// it records every assertion begun and ended, and expires the open ones when a test says the
/// time is up.
///
/// A ``LifecycleSimulator`` installs one as its composite's
/// `ServiceComposite/backgroundTime`; use it alone the same way:
///
/// ```swift
/// let time = SimulatedBackgroundTime()
/// composite.backgroundTime = time
/// composite.didEnterBackground()        // a service begins background work
/// time.expireAll()                      // the system takes the time back
/// #expect(time.open.isEmpty)            // every assertion was ended
/// #expect(time.endedTwice.isEmpty)      // and none twice
/// ```
///
/// It follows UIKit's rules: an assertion must be ended exactly once, from its expiration
/// handler at the latest; the system ends the application when one is still open after its
/// handler has run (``overdueAtExpiration`` lists them).
@MainActor
public final class SimulatedBackgroundTime: BackgroundTimeProvider {
    /// One `beginBackgroundTask` assertion.
    public struct Assertion: Sendable, Hashable, CustomStringConvertible {
        /// The identifier `beginBackgroundTask` returned (`UIBackgroundTaskIdentifier`).
        public let token: Int
        /// The name it was begun with, such as `AnalyticsService: upload-events`.
        public let name: String

        /// `name (token)`.
        public var description: String { "\(name) (\(token))" }
    }

    /// Every assertion begun, in order.
    public private(set) var begun: [Assertion] = []
    /// The tokens of every `endBackgroundTask` call, in order; each token at most once when
    /// the composite behaves.
    public private(set) var ended: [Int] = []
    /// The assertions whose expiration handler was called, in order.
    public private(set) var expired: [Assertion] = []
    /// The assertions still open after their expiration handler ran: UIKit would have ended
    /// the application.
    public private(set) var overdueAtExpiration: [Assertion] = []
    private var expirationHandlers: [Int: @MainActor () -> Void] = [:]
    private var nextToken = 1

    /// Creates background time with nothing begun.
    public init() {}

    /// The assertions begun and not ended yet, in the order they were begun.
    public var open: [Assertion] { begun.filter { !ended.contains($0.token) } }

    /// The tokens ended more than once (a bug UIKit reports), in the order of their second
    /// end.
    public var endedTwice: [Int] {
        var seen: Set<Int> = []
        return ended.filter { !seen.insert($0).inserted }
    }

    /// Begins an assertion named `name`, as `beginBackgroundTask(withName:expirationHandler:)`.
    public func beginBackgroundTime(named name: String, expiration: @escaping @MainActor () -> Void) -> Int {
        let assertion = Assertion(token: nextToken, name: name)
        nextToken += 1
        begun.append(assertion)
        expirationHandlers[assertion.token] = expiration
        return assertion.token
    }

    /// Ends the assertion `token`, as `endBackgroundTask(_:)`; recorded even when it is ended
    /// already, so that a second end shows in ``endedTwice``.
    public func endBackgroundTime(_ token: Int) {
        ended.append(token)
        expirationHandlers[token] = nil
    }

    /// The system takes the background time back: calls the expiration handler of every open
    /// assertion, oldest first, and records those still open afterwards in
    /// ``overdueAtExpiration``.
    ///
    /// - Returns: The assertions expired.
    @discardableResult
    public func expireAll() -> [Assertion] {
        let expiring = open
        for assertion in expiring {
            expired.append(assertion)
            // Taken out first: the system calls an expiration handler once.
            let handler = expirationHandlers.removeValue(forKey: assertion.token)
            handler?()
        }
        let stillOpen = Set(open.map(\.token))
        overdueAtExpiration += expiring.filter { stillOpen.contains($0.token) }
        return expiring
    }
}
