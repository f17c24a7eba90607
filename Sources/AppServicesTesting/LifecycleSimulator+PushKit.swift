public import AppServices

extension LifecycleSimulator {
    /// PushKit delivers a push in the current state (waking a suspended application), and
    /// this waits until the push's completion handler is called.
    ///
    /// A push whose services never finish waits until their deadline, on the composite's
    /// clock: with a manual clock, start it with ``startIncomingPush(_:)`` instead.
    ///
    /// - Returns: What the services reported (`.reportedCall` if any reported
    ///   a call), or `nil` when the target cannot tell, as a platform adapter cannot.
    /// - Throws: ``LifecycleSimulatorError`` when the application is not running (PushKit
    ///   then launches it: see ``launchIntoBackground(forIncomingPush:)``).
    @discardableResult
    public func deliverIncomingPush(_ payload: PushPayload) async throws(LifecycleSimulatorError) -> VoIPCallReport? {
        guard case .incomingPush(let report) = try await send(.didReceiveIncomingPush(payload)) else { return nil }
        return report
    }

    /// PushKit delivers a push in the current state (waking a suspended application), and
    /// this returns it without waiting: advance the clock, then await its
    /// ``SimulatedIncomingPush/completion()`` and look at its
    /// ``SimulatedIncomingPush/completions``.
    ///
    /// - Throws: ``LifecycleSimulatorError`` when the application is not running.
    @discardableResult
    public func startIncomingPush(_ payload: PushPayload) throws(LifecycleSimulatorError) -> SimulatedIncomingPush {
        try sendNow(.didReceiveIncomingPush(payload))
        guard let push = incomingPushes.last else {
            preconditionFailure("delivering a PushKit push always appends it to incomingPushes")
        }
        return push
    }

    /// PushKit launches the application into the background for a push, as it does for a
    /// VoIP push when the application is not running: will/didFinishLaunching in the
    /// background (a UIKit adapter creates its push registry meanwhile), then the push,
    /// waited for as ``deliverIncomingPush(_:)`` does.
    ///
    /// - Throws: ``LifecycleSimulatorError`` when the application is running already.
    @discardableResult
    public func launchIntoBackground(
        forIncomingPush payload: PushPayload
    ) async throws(LifecycleSimulatorError) -> VoIPCallReport? {
        try launchIntoBackground()
        return try await deliverIncomingPush(payload)
    }

    /// PushKit gives the application a new token for pushes of `credentials.type`.
    ///
    /// - Throws: ``LifecycleSimulatorError`` when the application is not running.
    public func updatePushCredentials(_ credentials: PushCredentials) throws(LifecycleSimulatorError) {
        try sendNow(.didUpdatePushCredentials(credentials))
    }

    /// PushKit takes the token for pushes of `type` back.
    ///
    /// - Throws: ``LifecycleSimulatorError`` when the application is not running.
    public func invalidatePushToken(for type: PushType) throws(LifecycleSimulatorError) {
        try sendNow(.didInvalidatePushToken(type))
    }
}
