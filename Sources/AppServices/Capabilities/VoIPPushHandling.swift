import Foundation
import Logging

/// A service that receives PushKit pushes (`PKPushRegistryDelegate`): VoIP pushes that
/// announce incoming calls, the tokens a server sends them to, and the other push types it
/// declares.
///
/// > Important: **The CallKit rule.** Since iOS 13, an application that receives a VoIP
/// > push must report an incoming call to CallKit
/// > (`CXProvider.reportNewIncomingCall(with:update:completion:)`) before the push's
/// > completion handler is called. iOS terminates an application that does not, and after
/// > repeated failures stops delivering VoIP pushes to it. A service that handles
/// > ``PushType/voIP`` pushes reports the call first, before any other work (a network
/// > request, a database read), and answers ``VoIPCallReport/reportedCall``; or reports it
/// > through ``AppContext/reportIncomingCall(_:)`` (the CallKit adapter's provider), which
/// > satisfies the rule for the push whatever the service answers. When no service reports a
/// > call for a VoIP push either way, the composite logs an error that names the services
/// > that handled the push. From iOS 26.4 PushKit says whether a push must be
/// > reported (``PushPayload/mustReport``): a push that need not be is not held to the
/// > rule, and its services may answer ``VoIPCallReport/noCall`` without an error.
///
/// The UIKit adapter creates a `PKPushRegistry` before launch returns when a service adopts
/// this protocol, and only then: the registry asks for the union of the services'
/// ``voIPPushTypes``, so a push that launched the application reaches the services.
///
/// Merge rules (a service hears the pushes and tokens of the types in its
/// ``voIPPushTypes`` only):
/// - ``pushRegistry(_:didUpdate:)`` and ``pushRegistry(_:didInvalidatePushTokenFor:)``:
///   every service that handles the type, in dependency order.
/// - ``pushRegistry(_:didReceiveIncomingPushWith:)``: every service that handles the push's
///   type, started in dependency order and run concurrently. The system's completion
///   handler is called exactly once: when all have finished, or at the deadline
///   (``ServiceComposite/Configuration-swift.struct/Deadlines-swift.struct/voIPPush``, 5 s
///   by default), which cancels the work still running. The push counts as reported if any
///   service answered ``VoIPCallReport/reportedCall`` before then, or reported a call through
///   ``AppContext/reportIncomingCall(_:)`` while handling it; a service that throws or misses
///   the deadline reported nothing (unless it reported through the context first). A push of a type no service handles is completed
///   at once, with a warning.
///
/// ```swift
/// final class IncomingCallService: AppService, VoIPPushHandling {
///     let provider: CallProvider  // the app's wrapper of CallKit's CXProvider
///     private(set) var serverToken: Data?
///
///     init(provider: CallProvider) { self.provider = provider }
///
///     func pushRegistry(_ context: AppContext, didUpdate credentials: PushCredentials) {
///         serverToken = credentials.token  // send it to the server that sends the pushes
///     }
///
///     func pushRegistry(
///         _ context: AppContext,
///         didReceiveIncomingPushWith payload: PushPayload
///     ) async throws -> VoIPCallReport {
///         let caller = payload.dictionaryPayload["caller"]?.stringValue ?? "Unknown caller"
///         await provider.reportNewIncomingCall(from: caller)  // first, before anything else
///         return .reportedCall
///     }
/// }
/// ```
///
/// <doc:NotificationsAndBackgroundTasks> explains the rules and the deadline, and shows how to
/// test a VoIP service.
@MainActor
public protocol VoIPPushHandling: AppService {
    /// The push types this service handles; the default is ``PushType/voIP`` only. The
    /// registry the adapter creates asks for the union over the services
    /// (``ServiceComposite/desiredPushTypes``).
    var voIPPushTypes: Set<PushType> { get }

    /// The token for pushes of `credentials.type` is new or changed: send it to the server
    /// that sends the pushes.
    func pushRegistry(_ context: AppContext, didUpdate credentials: PushCredentials)

    /// A push arrived. For a ``PushType/voIP`` push, report the incoming call to CallKit
    /// first, then answer ``VoIPCallReport/reportedCall`` (see the CallKit rule above); answer
    /// ``VoIPCallReport/noCall`` for a push that is not this service's. Work that outlives
    /// the push belongs in ``AppContext/beginBackgroundWork(named:endsOnForeground:_:)``: at the deadline this
    /// work is cancelled. The default reports no call.
    func pushRegistry(
        _ context: AppContext,
        didReceiveIncomingPushWith payload: PushPayload
    ) async throws -> VoIPCallReport

    /// The token for pushes of `type` is no longer valid: tell the server to stop using it.
    func pushRegistry(_ context: AppContext, didInvalidatePushTokenFor type: PushType)
}

extension VoIPPushHandling {
    /// VoIP pushes only.
    public var voIPPushTypes: Set<PushType> { [.voIP] }

    /// Does nothing.
    public func pushRegistry(_ context: AppContext, didUpdate credentials: PushCredentials) {}

    /// Reports no call: ``VoIPCallReport/noCall``.
    public func pushRegistry(
        _ context: AppContext,
        didReceiveIncomingPushWith payload: PushPayload
    ) async throws -> VoIPCallReport { .noCall }

    /// Does nothing.
    public func pushRegistry(_ context: AppContext, didInvalidatePushTokenFor type: PushType) {}

    /// Whether this service hears pushes and tokens of `type`.
    func handles(_ type: PushType) -> Bool { voIPPushTypes.contains(type) }
}

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``VoIPPushHandling``.
    static let voIPPushes = HandlerKind<any VoIPPushHandling>(
        { $0 as? any VoIPPushHandling },
        types: { $0 is any VoIPPushHandling.Type }
    )
}

extension AppCallback {
    /// `pushRegistry:didUpdatePushCredentials:forType:`
    ///
    /// Always claimed: it is the one required method of `PKPushRegistryDelegate`, so the
    /// adapter implements it whatever the services, and PushKit calls it without asking.
    public static let didUpdatePushCredentials = AppCallback(
        "didUpdatePushCredentials",
        heardBy: HandlerKinds.voIPPushes,
        selectors: PlatformSelectors(application: "pushRegistry:didUpdatePushCredentials:forType:"),
        isAlwaysClaimed: true
    )
    /// `pushRegistry:didReceiveIncomingPushWithPayload:forType:withCompletionHandler:`
    public static let didReceiveIncomingPush = AppCallback(
        "didReceiveIncomingPush",
        heardBy: HandlerKinds.voIPPushes,
        selectors: PlatformSelectors(
            application: "pushRegistry:didReceiveIncomingPushWithPayload:forType:withCompletionHandler:"
        ),
        deadline: { $0.voIPPush },
        explainsBackgroundLaunch: .voipPush
    )
    /// `pushRegistry:didInvalidatePushTokenForType:`
    public static let didInvalidatePushToken = AppCallback(
        "didInvalidatePushToken",
        heardBy: HandlerKinds.voIPPushes,
        selectors: PlatformSelectors(application: "pushRegistry:didInvalidatePushTokenForType:")
    )

    /// The callbacks ``VoIPPushHandling`` services hear.
    package static let voIPPushCallbacks: [AppCallback] = [
        .didUpdatePushCredentials, .didReceiveIncomingPush, .didInvalidatePushToken,
    ]
}

extension ResponseMerge where Response == VoIPCallReport {
    /// ``VoIPCallReport/reportedCall`` if any handler reported the call;
    /// ``VoIPCallReport/noCall`` when none did, or none answered.
    public static var anyReportedCall: ResponseMerge<VoIPCallReport> {
        ResponseMerge(
            whenNoneAnswers: { .noCall },
            combine: { merged, next in merged == .reportedCall || next == .reportedCall ? .reportedCall : .noCall }
        )
    }
}

// MARK: - Dispatch

extension ServiceComposite {
    /// The push types the services handle: the union of their
    /// ``VoIPPushHandling/voIPPushTypes``, empty when no service adopts ``VoIPPushHandling``.
    /// The UIKit adapter sets its registry's `desiredPushTypes` to it. On a nested
    /// composite, the outermost one's.
    public var desiredPushTypes: Set<PushType> {
        if let outer { return outer.desiredPushTypes }
        sealIfNeeded(by: "desiredPushTypes")
        var types: Set<PushType> = []
        for service in handlers.list(HandlerKinds.voIPPushes).services { types.formUnion(service.voIPPushTypes) }
        return types
    }

    /// Dispatches `pushRegistry(_:didUpdate:for:)` to every service that handles
    /// `credentials.type`, in dependency order.
    public func didUpdatePushCredentials(_ credentials: PushCredentials, platform: PlatformObjects? = nil) {
        notify(.didUpdatePushCredentials, (any VoIPPushHandling).self, platform: platform) { service, context in
            if service.handles(credentials.type) { service.pushRegistry(context, didUpdate: credentials) }
        }
    }

    /// Dispatches `pushRegistry(_:didReceiveIncomingPushWith:for:completion:)`.
    ///
    /// Every service that handles the push's type gets it, started in dependency order and
    /// run concurrently. `completion` is called exactly once, with
    /// ``VoIPCallReport/reportedCall`` if any of them reported a call (answered so, or called
    /// ``AppContext/reportIncomingCall(_:)`` while handling the push): when all have finished
    /// or at ``Configuration-swift.struct/Deadlines-swift.struct/voIPPush``. For a
    /// ``PushType/voIP`` push that none reported a call for, an error naming them is logged
    /// first, unless the push need not be reported (``PushPayload/mustReport``; see the
    /// CallKit rule on ``VoIPPushHandling``). With no service for the type,
    /// `completion` is called at once with ``VoIPCallReport/noCall``, after a warning.
    public func didReceiveIncomingPush(
        _ payload: PushPayload,
        platform: PlatformObjects? = nil,
        completion: @escaping @MainActor (VoIPCallReport) -> Void
    ) {
        let callback = AppCallback.didReceiveIncomingPush
        sealIfNeeded(by: callback.name)
        let hearing =
            handlers.list(HandlerKinds.voIPPushes).filter { $0.handles(payload.type) }.types.map { $0.serviceName }
            + sessionServiceNames(HandlerKinds.voIPPushes) { $0.handles(payload.type) }
        if hearing.isEmpty { warnAboutUnhandledPush(of: payload.type) }
        // A call reported through `AppContext.reportIncomingCall(_:)` while this push's
        // services handle it marks this push, whatever they answer.
        let calls = IncomingPushCalls()
        fanOut(
            callback,
            (any VoIPPushHandling).self,
            merge: .anyReportedCall,
            unanswered: .noCall,
            platform: platform,
            including: { $0.handles(payload.type) },
            call: ReceiveIncomingPush(payload: payload, calls: calls),
            completion: { [self] answered in
                let report = calls.reported ? .reportedCall : answered
                if report == .noCall, payload.type == .voIP, payload.mustReport, !hearing.isEmpty {
                    reportUnreportedCall(handledBy: hearing)
                }
                completion(report)
            }
        )
    }

    /// Dispatches an incoming push and returns what was reported, when every service has
    /// finished or at the deadline; see ``didReceiveIncomingPush(_:platform:completion:)``.
    public func didReceiveIncomingPush(_ payload: PushPayload, platform: PlatformObjects? = nil) async -> VoIPCallReport
    {
        await withCheckedContinuation { continuation in
            didReceiveIncomingPush(payload, platform: platform) { continuation.resume(returning: $0) }
        }
    }

    /// Dispatches `pushRegistry(_:didInvalidatePushTokenFor:)` to every service that handles
    /// `type`, in dependency order.
    public func didInvalidatePushToken(for type: PushType, platform: PlatformObjects? = nil) {
        notify(.didInvalidatePushToken, (any VoIPPushHandling).self, platform: platform) { service, context in
            if service.handles(type) { service.pushRegistry(context, didInvalidatePushTokenFor: type) }
        }
    }

    /// Logs the push types a service of `session` handles that the registry does not ask
    /// for (``desiredPushTypes`` are the application-wide services'): pushes of those types
    /// never arrive.
    func checkPushTypes(of session: SessionServices.Instances) {
        let desired = desiredPushTypes
        for service in session.handlers.list(HandlerKinds.voIPPushes).services {
            let missing = service.voIPPushTypes.subtracting(desired)
            guard !missing.isEmpty else { continue }
            configuration.logger.error(
                """
                Session service \(type(of: service).serviceName) of \(session.session) handles push types \
                \(missing.map { "\($0)" }.sorted().joined(separator: ", ")) that no application-wide service handles; \
                the push registry asks for the application-wide services' types only, so pushes of those types \
                never arrive. Add them to an application-wide VoIPPushHandling service's voIPPushTypes.
                """,
                metadata: ["session": "\(session.session.identifier)"]
            )
        }
    }

    /// Logs that a push arrived that no service handles.
    private func warnAboutUnhandledPush(of type: PushType) {
        let consequence =
            type == .voIP
            ? " iOS terminates an application that does not report an incoming call to CallKit for a VoIP push: "
                + "add \(type) to the voIPPushTypes of the service that reports calls."
            : ""
        configuration.logger.warning(
            """
            A PushKit push of type \(type) arrived, but no service handles that type (no VoIPPushHandling \
            service, application-wide or of a session that lives, lists it in voIPPushTypes); its completion handler \
            was called at once.\(consequence)
            """,
            metadata: ["callback": "\(AppCallback.didReceiveIncomingPush)", "pushType": "\(type)"]
        )
    }

    /// Logs that no service reported an incoming call to CallKit for a VoIP push, naming the
    /// services that handled it.
    private func reportUnreportedCall(handledBy services: [String]) {
        configuration.logger.error(
            """
            No service reported an incoming call to CallKit for a VoIP push (\(PushType.voIP)) before its completion \
            handler was called; it was handled by \(services.joined(separator: ", ")). iOS terminates an application \
            that does not report an incoming call to CallKit before it calls the completion handler of a VoIP push, \
            and stops delivering VoIP pushes to it after repeated failures. Report the call \
            at once in pushRegistry(_:didReceiveIncomingPushWith:): through context.reportIncomingCall(_:) (the \
            CallKit adapter's provider), or with CXProvider.reportNewIncomingCall and then answer .reportedCall.
            """,
            metadata: [
                "callback": "\(AppCallback.didReceiveIncomingPush)", "pushType": "\(PushType.voIP)",
                "services": "\(services)",
            ]
        )
    }
}

/// Gives a service a VoIP push, with the push's calls as the task-local
/// ``IncomingPushCalls/current``, so a call reported through the context counts.
private struct ReceiveIncomingPush: FanOutCall {
    let payload: PushPayload
    let calls: IncomingPushCalls

    @MainActor func callAsFunction(
        _ service: any VoIPPushHandling,
        _ context: AppContext
    ) async throws -> VoIPCallReport {
        try await IncomingPushCalls.$current.withValue(calls) {
            try await service.pushRegistry(context, didReceiveIncomingPushWith: payload)
        }
    }
}
