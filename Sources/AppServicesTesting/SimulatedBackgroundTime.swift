public import AppServices

/// The system's background time (`beginBackgroundTask` and `endBackgroundTask`), simulated:
/// it records every assertion begun and ended, and expires the open ones when a test says the
/// time is up.
///
/// It is the background time of a ``SimulatedSystem``: the bare composite begins its
/// background work's time with it (a ``LifecycleSimulator`` installs it as the composite's
/// background time), and a simulated UIKit's `UIApplication.beginBackgroundTask` goes to it
/// too, so ``LifecycleSimulator/expireBackgroundTime()`` expires what the application holds
/// whatever the target. Used alone:
///
/// ```swift
/// let time = SimulatedBackgroundTime()
/// composite.useBackgroundTime(time)
/// composite.didEnterBackground()        // a service begins background work
/// time.expireAll()                      // the system takes the time back
/// #expect(time.open.isEmpty)            // every assertion was ended
/// #expect(time.endedTwice.isEmpty)      // and none twice
/// ```
///
/// It follows UIKit's rules: an assertion must be ended exactly once, from its expiration
/// handler at the latest; the system ends the application when one is still open after its
/// handler has run (``overdueAtExpiration`` lists them). Its state is behind a lock: UIKit's
/// `beginBackgroundTask` may be called from any thread.
public final class SimulatedBackgroundTime: Sendable {
    /// One `beginBackgroundTask` assertion.
    public struct Assertion: Sendable, Hashable, CustomStringConvertible {
        /// The identifier `beginBackgroundTask` returned (`UIBackgroundTaskIdentifier`).
        public let token: Int
        /// The name it was begun with, such as `AnalyticsService: upload-events`; empty when
        /// it was begun without one.
        public let name: String

        /// `name (token)`.
        public var description: String { "\(name) (\(token))" }
    }

    private struct State {
        var begun: [Assertion] = []
        var ended: [Int] = []
        var expired: [Assertion] = []
        var overdueAtExpiration: [Assertion] = []
        var expirationHandlers: [Int: @MainActor @Sendable () -> Void] = [:]
        var nextToken = 1
    }

    private let state = Locked(State())

    /// Creates background time with nothing begun.
    public init() {}

    /// Every assertion begun, in order.
    public var begun: [Assertion] { state.withLock { $0.begun } }
    /// The tokens of every `endBackgroundTask` call, in order; each token at most once when
    /// the application behaves.
    public var ended: [Int] { state.withLock { $0.ended } }
    /// The assertions whose expiration handler was called, in order.
    public var expired: [Assertion] { state.withLock { $0.expired } }
    /// The assertions still open after their expiration handler ran: UIKit would have ended
    /// the application.
    public var overdueAtExpiration: [Assertion] { state.withLock { $0.overdueAtExpiration } }

    /// The assertions begun and not ended yet, in the order they were begun.
    public var open: [Assertion] { state.withLock { Self.open(in: $0) } }

    /// The tokens ended more than once (a bug UIKit reports), in the order of their second
    /// end.
    public var endedTwice: [Int] {
        var seen: Set<Int> = []
        return ended.filter { !seen.insert($0).inserted }
    }

    /// Begins an assertion named `name`, as `beginBackgroundTask(withName:expirationHandler:)`.
    public nonisolated func beginBackgroundTime(
        named name: String,
        expiration: @escaping @MainActor () -> Void
    ) -> Int {
        begin(named: name, expiration: expiration)
    }

    /// Begins an assertion as UIKit's `beginBackgroundTask(withName:expirationHandler:)`
    /// does, with an optional name and handler; returns its token.
    package func begin(named name: String?, expiration: (@MainActor @Sendable () -> Void)?) -> Int {
        state.withLock { state in
            let assertion = Assertion(token: state.nextToken, name: name ?? "")
            state.nextToken += 1
            state.begun.append(assertion)
            state.expirationHandlers[assertion.token] = expiration
            return assertion.token
        }
    }

    /// Ends the assertion `token`, as `endBackgroundTask(_:)`; recorded even when it is ended
    /// already, so that a second end shows in ``endedTwice``.
    public nonisolated func endBackgroundTime(_ token: Int) {
        state.withLock { state in
            state.ended.append(token)
            state.expirationHandlers[token] = nil
        }
    }

    /// The system takes the background time back: calls the expiration handler of every open
    /// assertion, oldest first, on the main actor, and records those still open afterwards
    /// in ``overdueAtExpiration``.
    ///
    /// - Returns: The assertions expired.
    @MainActor
    @discardableResult
    public func expireAll() -> [Assertion] {
        let expiring = open
        for assertion in expiring {
            // Taken out first: the system calls an expiration handler once.
            let handler = state.withLock { state in
                state.expired.append(assertion)
                return state.expirationHandlers.removeValue(forKey: assertion.token)
            }
            handler?()
        }
        state.withLock { state in
            let stillOpen = Set(Self.open(in: state).map(\.token))
            state.overdueAtExpiration += expiring.filter { stillOpen.contains($0.token) }
        }
        return expiring
    }

    private static func open(in state: State) -> [Assertion] {
        let ended = Set(state.ended)
        return state.begun.filter { !ended.contains($0.token) }
    }
}

// In an extension, so that the conformance to a main-actor protocol does not make the whole
// ledger main-actor isolated: UIKit's background time is asked for from any thread.
extension SimulatedBackgroundTime: BackgroundTimeProvider {}
