public import AppServices

/// The system's call interface (CallKit) of a simulated device: the incoming calls the
/// application reported, in order, and whether the system takes the next ones.
///
/// Every way of driving the application reports here: the bare composite reports through it
/// (a ``LifecycleSimulator`` installs it as the composite's incoming-call reporter), and a
/// simulated UIKit's CallKit provider hands it each `reportNewIncomingCall`, so a test reads
/// the same record whatever the target.
///
/// ```swift
/// let simulator = LifecycleSimulator(driving: composite)
/// try simulator.launchIntoBackground()
/// try await simulator.deliverIncomingPush(PushPayload(type: .voIP))
/// #expect(simulator.system.calls.reported.count == 1)
/// ```
@MainActor
public final class SimulatedCalls: IncomingCallReporter {
    /// The incoming calls reported and taken, in order.
    public private(set) var reported: [IncomingCall] = []
    /// The incoming calls the system refused, in order.
    public private(set) var refused: [IncomingCall] = []
    /// When set, the system refuses the incoming calls reported from now on with this error
    /// (a blocked caller, Do Not Disturb); `nil` (the default) takes them.
    public var refusal: (any Error & Sendable)?

    /// A call interface with no call reported.
    public init() {}

    /// Records `call`, or refuses it with ``refusal``.
    public func reportIncomingCall(_ call: IncomingCall) async throws {
        try record(call)
    }

    /// Records `call`, or refuses it with ``refusal``: the system's side of a report made
    /// through a platform's provider.
    public func record(_ call: IncomingCall) throws {
        if let refusal {
            refused.append(call)
            throw refusal
        }
        reported.append(call)
    }
}
