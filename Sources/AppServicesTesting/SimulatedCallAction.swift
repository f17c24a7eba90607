public import AppServices

/// One CallKit action a ``LifecycleSimulator`` delivered: the action, and every outcome the
/// application gave it.
///
/// CallKit expects an action fulfilled or failed exactly once; ``outcomes`` shows whether it
/// was, and with a manual clock a test can look before and after the deadline:
///
/// ```swift
/// let run = try simulator.startCallAction(CallAction(callUUID: call, kind: .answer))
/// clock.advance(by: .seconds(10))
/// #expect(await run.outcome() == .failed)
/// #expect(run.outcomes.count == 1)
/// ```
@MainActor
public final class SimulatedCallAction {
    /// The action delivered.
    public let action: CallAction
    /// Every outcome the application gave the action, in order, each `nil` when the target
    /// cannot tell: exactly one when the target behaves. An action CallKit timed out
    /// (``isTimedOut``) has the one outcome `nil`, and no later one: CallKit ignores an
    /// action completed after it gave up on it (look at the `CXCallAction` itself, on a
    /// simulated UIKit, to see whether the application completed it all the same).
    public private(set) var outcomes: [CallAction.Outcome?] = []
    /// Whether CallKit gave up on the action before the application completed it
    /// (``LifecycleSimulator/timeOutCallAction(_:)``).
    public private(set) var isTimedOut = false
    private var waiters: [CheckedContinuation<CallAction.Outcome?, Never>] = []

    init(action: CallAction) {
        self.action = action
    }

    /// Whether the application fulfilled or failed the action (not when CallKit timed it
    /// out first: ``isTimedOut``).
    public var isCompleted: Bool { !outcomes.isEmpty && !isTimedOut }

    /// Waits until the action is fulfilled or failed, and returns the first outcome.
    public func outcome() async -> CallAction.Outcome? {
        if let first = outcomes.first { return first }
        return await withCheckedContinuation { waiters.append($0) }
    }

    /// CallKit gave up on the action: unless it was completed, it ends with no outcome, and
    /// whoever waits wakes with `nil`.
    func timeOut() {
        guard outcomes.isEmpty else { return }
        complete(nil)
        isTimedOut = true
    }

    /// Records an outcome and, the first time, wakes whoever waits; after a time-out,
    /// nothing.
    func complete(_ outcome: CallAction.Outcome?) {
        guard !isTimedOut else { return }
        outcomes.append(outcome)
        guard outcomes.count == 1 else { return }
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume(returning: outcome) }
    }
}
