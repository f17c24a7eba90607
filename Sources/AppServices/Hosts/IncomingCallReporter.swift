/// Reports incoming calls to the platform: on iOS, the CallKit adapter's `CXProvider`
/// (`reportNewIncomingCall(with:update:completion:)`).
///
/// A host installs one with ``ServiceComposite/useIncomingCallReporter(_:)``; services report
/// through ``AppContext/reportIncomingCall(_:)``, which also tells the composite that the VoIP
/// push being handled reported its call (see the CallKit rule on ``VoIPPushHandling``). The
/// CallKit adapter (`AppServicesCallKit`) installs itself; the test kit's simulated system
/// installs a reporter that records the calls.
@MainActor
public protocol IncomingCallReporter: AnyObject {
    /// Reports `call` to the system, and returns when the system has accepted it.
    ///
    /// - Throws: The system's error when it refuses the call (a blocked caller, Do Not
    ///   Disturb, a duplicate UUID): the call is then not shown, and the application must
    ///   not go on with it.
    func reportIncomingCall(_ call: IncomingCall) async throws
}

extension ServiceComposite {
    /// Where services report incoming calls: what the host gave
    /// ``useIncomingCallReporter(_:)``, `nil` (the default) for none.
    public var incomingCallReporter: (any IncomingCallReporter)? { (outer ?? self).state.incomingCallReporter }

    /// Gives the composite the way to report incoming calls to the platform (`nil` for none),
    /// which ``AppContext/reportIncomingCall(_:)`` uses. The CallKit adapter gives its
    /// provider. Hosts call it before the first callback; on a nested composite it applies
    /// to the outermost one.
    public func useIncomingCallReporter(_ reporter: (any IncomingCallReporter)?) {
        (outer ?? self).state.install(incomingCallReporter: reporter)
    }
}

extension AppContext {
    /// Reports an incoming call to the platform (CallKit, through the reporter the host
    /// installed), and returns when the system has accepted it.
    ///
    /// Called while handling a VoIP push (``VoIPPushHandling``), it satisfies the CallKit rule
    /// for that push as soon as the report is made, whatever the service answers: the
    /// composite notes it, and the push counts as ``VoIPCallReport/reportedCall``. This holds
    /// in tasks the push's handler starts too, while the push is being handled.
    ///
    /// ```swift
    /// func pushRegistry(_ context: AppContext, didReceiveIncomingPushWith payload: PushPayload) async throws -> VoIPCallReport {
    ///     let caller = payload.dictionaryPayload["caller"]?.stringValue ?? "Unknown caller"
    ///     try await context.reportIncomingCall(IncomingCall(uuid: UUID(), localizedCallerName: caller))
    ///     return .reportedCall
    /// }
    /// ```
    ///
    /// - Throws: ``IncomingCallReportError`` when no reporter is installed (no CallKit adapter),
    ///   naming the service and the call; the system's error when it refuses the call.
    public func reportIncomingCall(_ call: IncomingCall) async throws {
        guard let reporter = composite.incomingCallReporter else {
            throw IncomingCallReportError.noReporter(for: call, service: serviceName)
        }
        IncomingPushCalls.current?.noteReported()
        try await reporter.reportIncomingCall(call)
    }
}

/// Whether a call was reported while one PushKit push was being handled: the push's
/// handlers run with it as a task-local value, and ``AppContext/reportIncomingCall(_:)``
/// marks it.
@MainActor
final class IncomingPushCalls: Sendable {
    /// Whether a call was reported for the push.
    private(set) var reported = false

    /// The push being handled by the running task, if any.
    @TaskLocal static var current: IncomingPushCalls?

    /// A call was reported for the push.
    func noteReported() { reported = true }
}
