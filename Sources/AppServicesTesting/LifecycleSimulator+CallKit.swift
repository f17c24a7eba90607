public import AppServices

extension LifecycleSimulator {
    /// CallKit asks the application to perform `action` (waking a suspended application), and
    /// this waits until the action is fulfilled or failed.
    ///
    /// An action whose services never answer waits until the deadline, on the composite's
    /// clock: with a manual clock, start it with ``startCallAction(_:)`` instead.
    ///
    /// - Returns: Whether the action was fulfilled or failed, or `nil` when the target cannot
    ///   tell (a simulated UIKit whose application created no provider).
    /// - Throws: ``LifecycleSimulatorError`` when the application is not running.
    @discardableResult
    public func performCallAction(_ action: CallAction) async throws(LifecycleSimulatorError) -> CallAction.Outcome? {
        guard case .callAction(let outcome) = try await send(.callAction(action)) else { return nil }
        return outcome
    }

    /// CallKit asks the application to perform `action`, and this returns without waiting:
    /// advance the clock, then await its ``SimulatedCallAction/outcome()`` and look at its
    /// ``SimulatedCallAction/outcomes``.
    ///
    /// - Throws: ``LifecycleSimulatorError`` when the application is not running.
    @discardableResult
    public func startCallAction(_ action: CallAction) throws(LifecycleSimulatorError) -> SimulatedCallAction {
        try sendNow(.callAction(action))
        guard let run = callActions.last else {
            preconditionFailure("delivering a CallKit action always appends it to callActions")
        }
        return run
    }

    /// CallKit's provider is ready (`providerDidBegin(_:)`).
    ///
    /// - Throws: ``LifecycleSimulatorError`` when the application is not running.
    public func beginCallProvider() throws(LifecycleSimulatorError) {
        try sendNow(.callProviderDidBegin)
    }

    /// CallKit resets the provider: every call ended (`providerDidReset(_:)`).
    ///
    /// - Throws: ``LifecycleSimulatorError`` when the application is not running.
    public func resetCallProvider() throws(LifecycleSimulatorError) {
        try sendNow(.callProviderDidReset)
    }

    /// CallKit gives up on `action` (`provider(_:timedOutPerforming:)`): the last run of an
    /// equal action not completed yet ends with no outcome (``SimulatedCallAction/isTimedOut``),
    /// and what the application completes it with later is not recorded, as CallKit ignores it.
    ///
    /// - Throws: ``LifecycleSimulatorError`` when the application is not running.
    public func timeOutCallAction(_ action: CallAction) throws(LifecycleSimulatorError) {
        try sendNow(.callActionTimedOut(action))
    }

    /// CallKit activates (`true`) or deactivates (`false`) the call's audio session
    /// (`provider(_:didActivate:)`, `provider(_:didDeactivate:)`).
    ///
    /// - Throws: ``LifecycleSimulatorError`` when the application is not running.
    public func setCallAudioSession(active: Bool) throws(LifecycleSimulatorError) {
        try sendNow(active ? .callAudioSessionDidActivate : .callAudioSessionDidDeactivate)
    }
}
