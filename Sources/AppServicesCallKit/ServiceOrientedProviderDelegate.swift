public import AppServices
import Logging

#if canImport(UIKit)
public import CallKit
public import AVFAudio
#else
public import AppServicesCallKitShim
#endif

/// CallKit's provider delegate as a thin host for services: every `CXProviderDelegate`
/// callback goes to a `ServiceComposite` and from there to each service that adopts
/// `CallHandling`.
///
/// Install it once, before launch returns (in `application(_:willFinishLaunchingWithOptions:)`,
/// so that a VoIP push that launched the application can report its call):
///
/// ```swift
/// final class AppDelegate: ServiceOrientedAppDelegate {
///     override func makeServices() -> [any AppService] { [CallService(), IncomingCallService()] }
///
///     override func application(
///         _ application: UIApplication,
///         willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
///     ) -> Bool {
///         ServiceOrientedProviderDelegate.install(on: composite, configuration: CXProviderConfiguration())
///         return super.application(application, willFinishLaunchingWithOptions: launchOptions)
///     }
/// }
/// ```
///
/// **What it owns.** ``install(on:configuration:)`` creates the application's `CXProvider`
/// when a service adopts `CallHandling` or handles VoIP pushes, and only then (an
/// application without call services gets no provider, and CallKit shows nothing of it); it
/// becomes the provider's delegate on the main queue, and the composite's incoming-call
/// reporter, so that `AppContext.reportIncomingCall(_:)` reports through the provider
/// (`reportNewIncomingCall(with:update:completion:)`). The composite keeps it from then on.
///
/// **Actions.** Each `CXCallAction` becomes a `CallAction`, dispatched with
/// `ServiceComposite.perform(_:platform:completion:)`; the action is fulfilled (`fulfill()`)
/// or failed (`fail()`) exactly once, from the services' merged answer, when every service
/// has answered or at the deadline (see `CallHandling` for the rule). An action CallKit has
/// timed out before the services answered (`provider(_:timedOutPerforming:)`, which
/// services hear too) is neither fulfilled nor failed afterwards, as CallKit requires.
/// Services reach the raw objects through `context.callKit`.
///
/// Its methods are `nonisolated`, as CallKit declares them; they run on the main actor, where
/// CallKit calls them (the delegate's queue is the main queue).
@MainActor
public final class ServiceOrientedProviderDelegate: NSObject, CXProviderDelegate, IncomingCallReporter {
    /// The composite the callbacks go to.
    public let composite: ServiceComposite
    /// The application's provider, whose delegate this is.
    public let provider: CXProvider
    /// The actions CallKit timed out (`provider(_:timedOutPerforming:)`) while the services
    /// still worked on them, by their `uuid`: CallKit says such an action must be neither
    /// fulfilled nor failed, and a timeout does not make it `isComplete`. Each leaves the
    /// set when the services' answer arrives and is dropped.
    private var timedOutActions: Set<UUID> = []

    /// Creates the application's provider with `configuration` and its delegate, for the
    /// services of `composite`, when a service adopts `CallHandling` or handles VoIP pushes
    /// (whose calls it reports through the provider, `AppContext.reportIncomingCall(_:)`);
    /// `nil` when none does (no provider is created).
    ///
    /// The delegate makes itself the provider's delegate, on the main queue, and the
    /// composite's incoming-call reporter (`ServiceComposite.useIncomingCallReporter(_:)`),
    /// which keeps it alive: the result need not be kept. Call it before launch returns; a
    /// second call returns the delegate installed first, with no second provider. It seals
    /// the composite (it asks which services handle calls).
    ///
    /// - Parameters:
    ///   - composite: The application's composite, such as `ServiceOrientedAppDelegate`'s
    ///     `composite`.
    ///   - configuration: The provider's configuration.
    /// - Returns: The delegate, or `nil` when no service adopts `CallHandling` or handles
    ///   VoIP pushes.
    @discardableResult
    public static func install(
        on composite: ServiceComposite,
        configuration: CXProviderConfiguration
    ) -> ServiceOrientedProviderDelegate? {
        // A VoIP push's service must report its call, and only a provider can: without one
        // `reportIncomingCall` throws, and iOS ends an app that does not report. (Driven by
        // the test kit on Linux, the composite always has a reporter.)
        guard composite.handles(.providerDidReset) || composite.desiredPushTypes.contains(.voIP) else { return nil }
        // Once per application: CallKit shows one provider's calls, and a second would not
        // hear the first one's actions.
        if let installed = composite.incomingCallReporter as? ServiceOrientedProviderDelegate { return installed }
        let delegate = ServiceOrientedProviderDelegate(
            composite: composite,
            provider: CXProvider(configuration: configuration)
        )
        delegate.provider.setDelegate(delegate, queue: nil)
        composite.useIncomingCallReporter(delegate)
        return delegate
    }

    private init(composite: ServiceComposite, provider: CXProvider) {
        self.composite = composite
        self.provider = provider
        super.init()
    }

    /// The selectors (the SDK's strings, such as `provider:performAnswerCallAction:`) of every
    /// `CXProviderDelegate` method this class implements.
    public nonisolated static var forwardedSelectors: [String] {
        AppCallback.callCallbacks.compactMap(\.platformSelectors.provider)
    }

    #if !canImport(ObjectiveC)
    /// Whether the method `aSelector` names is one this class implements (`NSObject`'s
    /// `responds(to:)`, which CallKit asks before it calls an optional delegate method).
    /// Where the Objective-C runtime exists it answers from the methods themselves.
    public nonisolated func responds(to aSelector: Selector!) -> Bool {
        Self.forwardedSelectors.contains(NSStringFromSelector(aSelector))
    }
    #endif

    // MARK: - Reporting incoming calls

    /// Reports `call` through the provider (`reportNewIncomingCall(with:update:completion:)`),
    /// and returns when the system has accepted it.
    ///
    /// - Throws: The system's error when it refuses the call.
    public func reportIncomingCall(_ call: IncomingCall) async throws {
        let update = CXCallUpdate()
        update.remoteHandle = call.handle.map { CXHandle(type: CXHandle.HandleType($0.kind), value: $0.value) }
        update.localizedCallerName = call.localizedCallerName
        update.hasVideo = call.hasVideo
        update.supportsHolding = call.supportsHolding
        update.supportsGrouping = call.supportsGrouping
        update.supportsUngrouping = call.supportsUngrouping
        update.supportsDTMF = call.supportsDTMF
        let provider = self.provider
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            provider.reportNewIncomingCall(with: call.uuid, update: update) { error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume()
                }
            }
        }
    }

    // MARK: - CXProviderDelegate

    /// Dispatches `providerDidReset(_:)`: every call ended.
    public nonisolated func providerDidReset(_ provider: CXProvider) {
        MainActorHop.run(handingOver: provider) { [self] provider in
            composite.providerDidReset(platform: platform(provider))
        }
    }

    /// Dispatches `providerDidBegin(_:)`.
    public nonisolated func providerDidBegin(_ provider: CXProvider) {
        MainActorHop.run(handingOver: provider) { [self] provider in
            composite.providerDidBegin(platform: platform(provider))
        }
    }

    /// Dispatches a start-call action, and fulfils or fails it once.
    public nonisolated func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
        perform(action, on: provider)
    }

    /// Dispatches an answer-call action, and fulfils or fails it once.
    public nonisolated func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        perform(action, on: provider)
    }

    /// Dispatches an end-call action, and fulfils or fails it once.
    public nonisolated func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        perform(action, on: provider)
    }

    /// Dispatches a set-held action, and fulfils or fails it once.
    public nonisolated func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) {
        perform(action, on: provider)
    }

    /// Dispatches a set-muted action, and fulfils or fails it once.
    public nonisolated func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
        perform(action, on: provider)
    }

    /// Dispatches a set-group action, and fulfils or fails it once.
    public nonisolated func provider(_ provider: CXProvider, perform action: CXSetGroupCallAction) {
        perform(action, on: provider)
    }

    /// Dispatches a play-DTMF action, and fulfils or fails it once.
    public nonisolated func provider(_ provider: CXProvider, perform action: CXPlayDTMFCallAction) {
        perform(action, on: provider)
    }

    /// Dispatches `provider(_:timedOutPerforming:)` for a call action. Another action (iOS
    /// 26's translation action, which the adapter does not forward, so leave the
    /// configuration's `supportsAudioTranslation` off, or one CallKit adds later) is logged
    /// and not dispatched.
    public nonisolated func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) {
        let converted = (action as? CXCallAction).flatMap(Self.callAction(from:))
        MainActorHop.run(handingOver: (provider, action)) { [self] delivered in
            let (provider, action) = delivered
            if !action.isComplete { timedOutActions.insert(action.uuid) }
            guard let converted else {
                return composite.configuration.logger.notice(
                    "CallKit timed out an action of a kind AppServices does not know (\(type(of: action))); no service was told.",
                    metadata: ["callback": "\(AppCallback.providerTimedOutPerformingAction)"]
                )
            }
            composite.providerTimedOut(performing: converted, platform: platform(provider, action: action))
        }
    }

    /// Dispatches `provider(_:didActivate:)`; the session is `context.callKit.audioSession`.
    public nonisolated func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        MainActorHop.run(handingOver: provider) { [self] provider in
            composite.providerDidActivateAudioSession(platform: platform(provider, audioSession: audioSession))
        }
    }

    /// Dispatches `provider(_:didDeactivate:)`; the session is `context.callKit.audioSession`.
    public nonisolated func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession) {
        MainActorHop.run(handingOver: provider) { [self] provider in
            composite.providerDidDeactivateAudioSession(platform: platform(provider, audioSession: audioSession))
        }
    }

    // MARK: - Actions

    /// Dispatches `action` and completes it exactly once from the merged answer.
    private nonisolated func perform(_ action: CXCallAction, on provider: CXProvider) {
        let converted = Self.callAction(from: action)
        MainActorHop.run(handingOver: (provider, action)) { [self] delivered in
            let (provider, action) = delivered
            guard let converted else {
                // Not one of the seven: no service can be asked, and CallKit waits for an answer.
                composite.configuration.logger.error(
                    "CallKit asked for an action of a kind AppServices does not know (\(type(of: action))); it failed.",
                    metadata: ["callUUID": "\(action.callUUID.uuidString)"]
                )
                return action.fail()
            }
            composite.perform(converted, platform: platform(provider, action: action)) { [self] outcome in
                // CallKit timed it out meanwhile (or it was completed): it must not be
                // completed now.
                guard timedOutActions.remove(action.uuid) == nil, !action.isComplete else {
                    return composite.configuration.logger.notice(
                        "The CallKit action \(converted) timed out in CallKit before the services answered; it was not completed again.",
                        metadata: ["callback": "\(converted.kind.callback)"]
                    )
                }
                switch outcome {
                case .fulfilled: action.fulfill()
                case .failed: action.fail()
                }
            }
        }
    }

    /// The core's form of `action`; `nil` for a kind this SDK does not declare.
    nonisolated static func callAction(from action: CXCallAction) -> CallAction? {
        let kind: CallAction.Kind
        switch action {
        case let start as CXStartCallAction:
            kind = .start(
                handle: CallHandle(start.handle),
                isVideo: start.isVideo,
                contactIdentifier: start.contactIdentifier
            )
        case is CXAnswerCallAction: kind = .answer
        case is CXEndCallAction: kind = .end
        case let held as CXSetHeldCallAction: kind = .setHeld(held.isOnHold)
        case let muted as CXSetMutedCallAction: kind = .setMuted(muted.isMuted)
        case let group as CXSetGroupCallAction: kind = .setGroup(with: group.callUUIDToGroupWith)
        case let tones as CXPlayDTMFCallAction:
            kind = .playDTMF(digits: tones.digits, kind: CallAction.DTMFKind(tones.type))
        default: return nil
        }
        return CallAction(callUUID: action.callUUID, kind: kind)
    }

    /// The raw objects of a callback: the provider, and the action or audio session present.
    private func platform(
        _ provider: CXProvider,
        action: CXAction? = nil,
        audioSession: AVAudioSession? = nil
    ) -> PlatformObjects {
        var objects: [PlatformObjects.Key: Any] = [.callProvider: provider]
        objects[.callAction] = action
        objects[.audioSession] = audioSession
        return PlatformObjects(objects)
    }
}
