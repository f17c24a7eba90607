import Foundation
import Logging

/// A service that takes part in the application's calls through CallKit's provider
/// (`CXProviderDelegate`): the actions a person or the system asks of a call (start,
/// answer, end, hold, mute, group, touch tones), the provider's reset, actions that timed
/// out, and the audio session CallKit activates for a call.
///
/// CallKit has one provider per application and one delegate. The CallKit adapter
/// (`ServiceOrientedProviderDelegate` in `AppServicesCallKit`) creates the provider when a
/// service adopts this protocol or handles VoIP pushes (whose calls must be reported through
/// a provider), and only then, becomes its delegate, and forwards here.
/// Report incoming calls through ``AppContext/reportIncomingCall(_:)``, which reaches the
/// same provider: from a VoIP push, that satisfies the CallKit rule of ``VoIPPushHandling``.
///
/// Merge rules:
/// - ``provider(_:perform:)``: every handling service is asked, started in dependency
///   order and run concurrently, and CallKit's action is fulfilled or failed **exactly
///   once**. The action **fails** if any service answers ``CallAction/Answer/failed`` or
///   throws; else it is **fulfilled** if any service answers
///   ``CallAction/Answer/fulfilled``; else (every service answered
///   ``CallAction/Answer/notMine``, or did not answer by the deadline,
///   ``ServiceComposite/Configuration-swift.struct/Deadlines-swift.struct/callAction``, 10 s by
///   default) it **fails**, and an error naming the services that were asked is logged:
///   nobody fulfilled it. A service silent at the deadline counts as
///   ``CallAction/Answer/notMine``, and its work is cancelled; answers after that are
///   ignored, with a warning.
/// - ``providerDidReset(_:)`` (every call ended: forget them all): every service, in reverse
///   dependency order, as a shutdown is.
/// - The other members: every service, in dependency order.
///
/// ```swift
/// final class CallService: AppService, CallHandling {
///     private(set) var activeCalls: Set<UUID> = []
///
///     func provider(_ context: AppContext, perform action: CallAction) async throws -> CallAction.Answer {
///         switch action.kind {
///         case .answer:
///             activeCalls.insert(action.callUUID)
///             return .fulfilled
///         case .end:
///             return activeCalls.remove(action.callUUID) == nil ? .notMine : .fulfilled
///         default:
///             return activeCalls.contains(action.callUUID) ? .fulfilled : .notMine
///         }
///     }
///
///     func providerDidReset(_ context: AppContext) {
///         activeCalls = []
///     }
/// }
/// ```
@MainActor
public protocol CallHandling: AppService {
    /// The provider is ready to send actions and take reports (`providerDidBegin(_:)`).
    func providerDidBegin(_ context: AppContext)

    /// The provider was reset: every call has ended. Forget them all: close their
    /// connections, release their resources. No action about them follows
    /// (`providerDidReset(_:)`). A "down" callback.
    func providerDidReset(_ context: AppContext)

    /// Perform `action`, or say it is not this service's (`provider(_:perform:)`, one method
    /// per `CXCallAction` subclass in CallKit). See the merge rule above. The default answers
    /// ``CallAction/Answer/notMine``.
    ///
    /// - Throws: Any error, which fails the action (the error is logged with the service's
    ///   name).
    func provider(_ context: AppContext, perform action: CallAction) async throws -> CallAction.Answer

    /// CallKit gave up on `action`: it was not fulfilled or failed in time, and the system
    /// failed it (it may end the call too). Do not perform it any more
    /// (`provider(_:timedOutPerforming:)`).
    func provider(_ context: AppContext, timedOutPerforming action: CallAction)

    /// CallKit activated the audio session for a call: start the call's audio
    /// (`provider(_:didActivate:)`). The session is `context.callKit.audioSession`.
    func providerDidActivateAudioSession(_ context: AppContext)

    /// CallKit deactivated the call's audio session: stop the call's audio
    /// (`provider(_:didDeactivate:)`).
    func providerDidDeactivateAudioSession(_ context: AppContext)
}

extension CallHandling {
    /// Does nothing.
    public func providerDidBegin(_ context: AppContext) {}
    /// Does nothing.
    public func providerDidReset(_ context: AppContext) {}
    /// Answers ``CallAction/Answer/notMine``.
    public func provider(_ context: AppContext, perform action: CallAction) async throws -> CallAction.Answer {
        .notMine
    }
    /// Does nothing.
    public func provider(_ context: AppContext, timedOutPerforming action: CallAction) {}
    /// Does nothing.
    public func providerDidActivateAudioSession(_ context: AppContext) {}
    /// Does nothing.
    public func providerDidDeactivateAudioSession(_ context: AppContext) {}
}

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``CallHandling``.
    static let calls = HandlerKind<any CallHandling>(
        { $0 as? any CallHandling },
        types: { $0 is any CallHandling.Type }
    )
}

extension AppCallback {
    /// `providerDidBegin:`
    public static let providerDidBegin = AppCallback(
        "providerDidBegin",
        heardBy: HandlerKinds.calls,
        selectors: PlatformSelectors(provider: "providerDidBegin:")
    )
    /// `providerDidReset:`
    ///
    /// Always claimed: it is the one required method of `CXProviderDelegate`.
    public static let providerDidReset = AppCallback(
        "providerDidReset",
        heardBy: HandlerKinds.calls,
        direction: .down,
        selectors: PlatformSelectors(provider: "providerDidReset:"),
        isAlwaysClaimed: true
    )
    /// `provider:performStartCallAction:`
    public static let performStartCallAction = callAction("performStartCallAction")
    /// `provider:performAnswerCallAction:`
    public static let performAnswerCallAction = callAction("performAnswerCallAction")
    /// `provider:performEndCallAction:`
    public static let performEndCallAction = callAction("performEndCallAction")
    /// `provider:performSetHeldCallAction:`
    public static let performSetHeldCallAction = callAction("performSetHeldCallAction")
    /// `provider:performSetMutedCallAction:`
    public static let performSetMutedCallAction = callAction("performSetMutedCallAction")
    /// `provider:performSetGroupCallAction:`
    public static let performSetGroupCallAction = callAction("performSetGroupCallAction")
    /// `provider:performPlayDTMFCallAction:`
    public static let performPlayDTMFCallAction = callAction("performPlayDTMFCallAction")
    /// `provider:timedOutPerformingAction:`
    public static let providerTimedOutPerformingAction = AppCallback(
        "providerTimedOutPerformingAction",
        heardBy: HandlerKinds.calls,
        selectors: PlatformSelectors(provider: "provider:timedOutPerformingAction:")
    )
    /// `provider:didActivateAudioSession:`
    public static let providerDidActivateAudioSession = AppCallback(
        "providerDidActivateAudioSession",
        heardBy: HandlerKinds.calls,
        selectors: PlatformSelectors(provider: "provider:didActivateAudioSession:")
    )
    /// `provider:didDeactivateAudioSession:`
    public static let providerDidDeactivateAudioSession = AppCallback(
        "providerDidDeactivateAudioSession",
        heardBy: HandlerKinds.calls,
        selectors: PlatformSelectors(provider: "provider:didDeactivateAudioSession:")
    )

    /// The callback of one `provider:perform…CallAction:` method, named after it.
    private static func callAction(_ name: String) -> AppCallback {
        AppCallback(
            name,
            heardBy: HandlerKinds.calls,
            selectors: PlatformSelectors(provider: "provider:\(name):"),
            deadline: { $0.callAction }
        )
    }

    /// The callbacks ``CallHandling`` services hear: what the CallKit adapter forwards.
    package static let callCallbacks: [AppCallback] = [
        .providerDidBegin, .providerDidReset, .performStartCallAction, .performAnswerCallAction,
        .performEndCallAction, .performSetHeldCallAction, .performSetMutedCallAction, .performSetGroupCallAction,
        .performPlayDTMFCallAction, .providerTimedOutPerformingAction, .providerDidActivateAudioSession,
        .providerDidDeactivateAudioSession,
    ]
}

extension CallAction.Kind {
    /// The callback that delivers an action of this kind.
    public var callback: AppCallback {
        switch self {
        case .start: .performStartCallAction
        case .answer: .performAnswerCallAction
        case .end: .performEndCallAction
        case .setHeld: .performSetHeldCallAction
        case .setMuted: .performSetMutedCallAction
        case .setGroup: .performSetGroupCallAction
        case .playDTMF: .performPlayDTMFCallAction
        }
    }
}

extension ResponseMerge where Response == CallAction.Answer {
    /// The rule of ``CallHandling/provider(_:perform:)``: ``CallAction/Answer/failed`` if any
    /// handler failed; else ``CallAction/Answer/fulfilled`` if any fulfilled; else
    /// ``CallAction/Answer/notMine``, also when none answers.
    public static var callAction: ResponseMerge<CallAction.Answer> {
        ResponseMerge(
            whenNoneAnswers: { .notMine },
            combine: { merged, next in
                if merged == .failed || next == .failed { return .failed }
                if merged == .fulfilled || next == .fulfilled { return .fulfilled }
                return .notMine
            }
        )
    }
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches `providerDidBegin(_:)`, in dependency order.
    public func providerDidBegin(platform: PlatformObjects? = nil) {
        notify(.providerDidBegin, (any CallHandling).self, platform: platform) { $0.providerDidBegin($1) }
    }

    /// Dispatches `providerDidReset(_:)`, in reverse dependency order: every call ended.
    public func providerDidReset(platform: PlatformObjects? = nil) {
        notify(.providerDidReset, (any CallHandling).self, platform: platform) { $0.providerDidReset($1) }
    }

    /// Dispatches `provider(_:perform:)` for `action` (the callback of its kind, such as
    /// ``AppCallback/performAnswerCallAction``).
    ///
    /// Every handling service is asked, started in dependency order and run concurrently.
    /// `completion` is called exactly once, with the outcome of the merge rule of
    /// ``CallHandling``: when every service has answered, or at
    /// ``Configuration-swift.struct/Deadlines-swift.struct/callAction``. When nobody
    /// fulfilled the action (every service answered ``CallAction/Answer/notMine`` or was
    /// silent, or none handles calls), an error naming the services asked is logged first,
    /// and the outcome is ``CallAction/Outcome/failed``.
    public func perform(
        _ action: CallAction,
        platform: PlatformObjects? = nil,
        completion: @escaping @MainActor (CallAction.Outcome) -> Void
    ) {
        let callback = action.kind.callback
        sealIfNeeded(by: callback.name)
        let asked =
            handlers.list(HandlerKinds.calls).types.map { $0.serviceName } + sessionServiceNames(HandlerKinds.calls)
        let logger = configuration.logger
        fanOut(
            callback,
            (any CallHandling).self,
            merge: .callAction,
            unanswered: .notMine,
            platform: platform,
            call: PerformCallAction(action: action, callback: callback, logger: logger),
            completion: { [self] answer in
                switch answer {
                case .fulfilled:
                    completion(.fulfilled)
                case .failed:
                    completion(.failed)
                case .notMine:
                    reportUnfulfilled(action, asked: asked)
                    completion(.failed)
                }
            }
        )
    }

    /// Dispatches an action and returns its outcome, when every service has answered or at
    /// the deadline; see ``perform(_:platform:completion:)``.
    public func perform(_ action: CallAction, platform: PlatformObjects? = nil) async -> CallAction.Outcome {
        await withCheckedContinuation { continuation in
            perform(action, platform: platform) { continuation.resume(returning: $0) }
        }
    }

    /// Dispatches `provider(_:timedOutPerforming:)`, in dependency order.
    public func providerTimedOut(performing action: CallAction, platform: PlatformObjects? = nil) {
        notify(.providerTimedOutPerformingAction, (any CallHandling).self, platform: platform) {
            $0.provider($1, timedOutPerforming: action)
        }
    }

    /// Dispatches `provider(_:didActivate:)`, in dependency order.
    public func providerDidActivateAudioSession(platform: PlatformObjects? = nil) {
        notify(.providerDidActivateAudioSession, (any CallHandling).self, platform: platform) {
            $0.providerDidActivateAudioSession($1)
        }
    }

    /// Dispatches `provider(_:didDeactivate:)`, in dependency order.
    public func providerDidDeactivateAudioSession(platform: PlatformObjects? = nil) {
        notify(.providerDidDeactivateAudioSession, (any CallHandling).self, platform: platform) {
            $0.providerDidDeactivateAudioSession($1)
        }
    }

    /// Logs that nobody fulfilled `action`, naming the services asked; the action fails.
    private func reportUnfulfilled(_ action: CallAction, asked services: [String]) {
        let who =
            services.isEmpty
            ? "no service adopts CallHandling (application-wide, or of a session that lives)"
            : "it was asked of \(services.joined(separator: ", "))"
        configuration.logger.error(
            """
            No service fulfilled the CallKit action \(action) (\(action.kind.callback)): \(who), and each answered \
            .notMine or had not answered at the deadline of \(configuration.deadlines.callAction). The action failed. \
            The service that manages the call answers .fulfilled (or .failed) from provider(_:perform:); the others \
            answer .notMine.
            """,
            metadata: [
                "callback": "\(action.kind.callback)", "callUUID": "\(action.callUUID.uuidString)",
                "services": "\(services)",
            ]
        )
    }
}

/// Asks a service to perform a call action. A service that throws fails the action; one
/// cancelled at the deadline is silent, which the gate counts as `unanswered`.
private struct PerformCallAction: FanOutCall {
    let action: CallAction
    let callback: AppCallback
    let logger: Logger

    @MainActor func callAsFunction(_ service: any CallHandling, _ context: AppContext) async throws -> CallAction.Answer
    {
        do {
            return try await service.provider(context, perform: action)
        } catch let error where !Task.isCancelled {
            CompletionGate<CallAction.Answer>.logFailure(
                of: context.serviceName ?? "A service",
                in: callback.name,
                error,
                logger: logger
            )
            return .failed
        }
    }
}
