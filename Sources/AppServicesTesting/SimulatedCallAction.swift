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
    /// cannot tell: exactly one when the target behaves.
    public private(set) var outcomes: [CallAction.Outcome?] = []
    private var waiters: [CheckedContinuation<CallAction.Outcome?, Never>] = []

    init(action: CallAction) {
        self.action = action
    }

    /// Whether the action was fulfilled or failed.
    public var isCompleted: Bool { !outcomes.isEmpty }

    /// Waits until the action is fulfilled or failed, and returns the first outcome.
    public func outcome() async -> CallAction.Outcome? {
        if let first = outcomes.first { return first }
        return await withCheckedContinuation { waiters.append($0) }
    }

    /// Records an outcome and, the first time, wakes whoever waits.
    func complete(_ outcome: CallAction.Outcome?) {
        outcomes.append(outcome)
        guard outcomes.count == 1 else { return }
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume(returning: outcome) }
    }
}
