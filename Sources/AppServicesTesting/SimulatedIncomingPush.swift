public import AppServices

/// One PushKit push a ``LifecycleSimulator`` delivered: the push, and every call of its
/// completion handler.
///
/// PushKit expects the handler called exactly once; ``completions`` shows whether it was,
/// and with a manual clock a test can look before and after a deadline:
///
/// ```swift
/// let push = try simulator.startIncomingPush(PushPayload(type: .voIP))
/// clock.advance(by: .seconds(5))
/// let report = await push.completion()
/// #expect(push.completions.count == 1)
/// ```
@MainActor
public final class SimulatedIncomingPush {
    /// The push delivered.
    public let payload: PushPayload
    /// Every call of the push's completion handler, in order, each with what the services
    /// reported when the target can tell (`nil` otherwise): exactly one when the target
    /// behaves.
    public private(set) var completions: [VoIPCallReport?] = []
    private var waiters: [CheckedContinuation<VoIPCallReport?, Never>] = []

    init(payload: PushPayload) {
        self.payload = payload
    }

    /// Whether the completion handler has been called.
    public var isCompleted: Bool { !completions.isEmpty }

    /// Waits until the completion handler is called, and returns what it was called with
    /// the first time.
    public func completion() async -> VoIPCallReport? {
        if let first = completions.first { return first }
        return await withCheckedContinuation { waiters.append($0) }
    }

    /// Records a call of the completion handler and, the first time, wakes whoever waits.
    func complete(_ report: VoIPCallReport?) {
        completions.append(report)
        guard completions.count == 1 else { return }
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume(returning: report) }
    }
}
