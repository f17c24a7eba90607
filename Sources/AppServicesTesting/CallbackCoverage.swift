public import AppServices
import Foundation
import Logging

/// Checks that a service hears the callbacks it means to: the test-kit side of the
/// `AppServicesLint` build plugin.
///
/// Every capability member has a default, so a member that nearly matches one
/// (`applicationDidBecomeActive(_ application: UIApplication)`, another argument label, a
/// typo) compiles and is never called. The plugin finds those in the source; this check
/// finds them in a test, by behaviour: each callback is sent, with neutral payloads, through
/// a composite that holds only a new instance of the service, and the service counts as
/// having heard it when what `observing` reads of it changed.
///
/// ```swift
/// @MainActor  // services, composites and the test kit are main-actor
/// @Test func analyticsHearsTheSession() async {
///     let unheard = await CallbackCoverage.callbacks(
///         [.didBecomeActive, .didEnterBackground],
///         notHeardBy: { SessionAnalytics() },  // a service with `private(set) var events: [String]`
///         observing: { $0.events }
///     )
///     #expect(unheard.isEmpty, "\(unheard)")
/// }
/// ```
///
/// Observe what the member does: a recorded event, a flag, a spy's calls. A member that
/// only answers (a Boolean for `openURL`) needs an observation of something it sets.
public enum CallbackCoverage {
    /// The callbacks of `callbacks` that a service made by `makeService` does not hear.
    ///
    /// For each callback, a new service and a composite holding only it are made, the
    /// composite is sealed with a launch where the callback is not itself a launch callback,
    /// `observe` reads the service, the callback is sent, and `observe` reads it again.
    ///
    /// - Parameters:
    ///   - callbacks: The callbacks the service means to handle.
    ///   - makeService: Makes a new service: one per callback, so that the callbacks do not
    ///     see each other's effects.
    ///   - observe: What changes when the service hears a callback.
    /// - Returns: One entry per callback not heard, in the order given; empty when the
    ///   service heard them all.
    @MainActor
    public static func callbacks<Service: AppService, Observation: Equatable>(
        _ callbacks: [AppCallback],
        notHeardBy makeService: () -> Service,
        observing observe: (Service) -> Observation
    ) async -> [UnheardCallback] {
        var unheard: [UnheardCallback] = []
        for callback in callbacks {
            let service = makeService()
            let name = String(describing: Service.self)
            guard callback.isHandled(by: service) else {
                unheard.append(UnheardCallback(callback: callback, service: name, reason: .notAdopted))
                continue
            }
            let composite = Self.quietComposite([service])
            if !Self.launchCallbacks.contains(callback) { _ = composite.didFinishLaunching() }
            let before = observe(service)
            guard await Self.send(callback, to: composite) else {
                unheard.append(UnheardCallback(callback: callback, service: name, reason: .notSent))
                continue
            }
            if observe(service) == before {
                unheard.append(UnheardCallback(callback: callback, service: name, reason: .noEffect))
            }
        }
        return unheard
    }

    /// A composite of `services` that logs nothing: neutral payloads arrive in whatever state
    /// the composite is in, and the state checks' warnings are not what this check is about.
    @MainActor
    static func quietComposite(_ services: [any AppService]) -> ServiceComposite {
        var configuration = ServiceComposite.Configuration()
        configuration.logger = Logger(label: "AppServicesTesting.CallbackCoverage") { _ in SwiftLogNoOpLogHandler() }
        return ServiceComposite(services, configuration: configuration)
    }

    /// The callbacks that launch, sent without a launch before them.
    static let launchCallbacks: Set<AppCallback> = [.willFinishLaunching, .didFinishLaunching]

    /// The callbacks this check cannot send with a neutral payload: a background task's work
    /// needs a registered task from a scheduler (``LifecycleSimulator`` runs it); a session
    /// ends only after it began, and a gate opens only after it closed, so the other callback
    /// of each pair would be heard too (``LifecycleSimulator`` drives sessions and gates).
    public static let unsendable: Set<AppCallback> = [
        .runBackgroundTask, .sessionDidBegin, .sessionWillEnd, .gateDidClose, .gateDidOpen,
    ]

    /// Sends `callback` with neutral payloads; `false` for a callback this check does not
    /// know how to send.
    @MainActor
    static func send(_ callback: AppCallback, to composite: ServiceComposite) async -> Bool {
        let scene = SceneInfo(session: SceneSession(persistentIdentifier: "callback-coverage"))
        let url = URL(string: "callback-coverage://check")!
        let coder = NSKeyedArchiver(requiringSecureCoding: true)
        let notification = UserNotification(identifier: "callback-coverage")
        switch callback {
        case .willFinishLaunching: _ = composite.willFinishLaunching()
        case .didFinishLaunching: _ = composite.didFinishLaunching()
        case .didBecomeActive: composite.didBecomeActive()
        case .willResignActive: composite.willResignActive()
        case .didEnterBackground: composite.didEnterBackground()
        case .willEnterForeground: composite.willEnterForeground()
        case .willTerminate: composite.willTerminate()
        case .didReceiveMemoryWarning: composite.didReceiveMemoryWarning()
        case .significantTimeChange: composite.significantTimeChange()
        case .protectedDataWillBecomeUnavailable: composite.protectedDataWillBecomeUnavailable()
        case .protectedDataDidBecomeAvailable: composite.protectedDataDidBecomeAvailable()
        case .systemPrefersReducedResourceUsageDidChange: composite.systemPrefersReducedResourceUsageDidChange(true)
        case .shouldRequestHealthAuthorization: composite.shouldRequestHealthAuthorization()
        case .shouldAutomaticallyLocalizeKeyCommands: _ = composite.shouldAutomaticallyLocalizeKeyCommands()
        case .openURL: _ = composite.open(url)
        case .didRegisterForRemoteNotifications: composite.didRegisterForRemoteNotifications(deviceToken: Data([1]))
        case .didFailToRegisterForRemoteNotifications:
            composite.didFailToRegisterForRemoteNotifications(error: CocoaError(.featureUnsupported))
        case .didReceiveRemoteNotification:
            _ = await composite.didReceiveRemoteNotification(RemoteNotification(userInfo: [:]))
        case .performFetch: _ = await composite.performFetch()
        case .handleEventsForBackgroundURLSession:
            await composite.handleEventsForBackgroundURLSession("callback-coverage")
        case .handleWatchKitExtensionRequest:
            await withCheckedContinuation { done in composite.handleWatchKitExtensionRequest(nil) { _ in done.resume() }
            }
        case .performActionForShortcutItem:
            let item = ShortcutItem(type: "callback-coverage", localizedTitle: "Check")
            await withCheckedContinuation { done in composite.performAction(for: item) { _ in done.resume() } }
        case .willContinueUserActivity: _ = composite.willContinueUserActivity(type: "callback-coverage")
        case .continueUserActivity: _ = composite.continueUserActivity(UserActivity(activityType: "callback-coverage"))
        case .didFailToContinueUserActivity:
            composite.didFailToContinueUserActivity(type: "callback-coverage", error: CocoaError(.userCancelled))
        case .didUpdateUserActivity: composite.didUpdateUserActivity(UserActivity(activityType: "callback-coverage"))
        case .supportedInterfaceOrientations: _ = composite.supportedInterfaceOrientations(for: nil)
        case .supportedInterfaceOrientationsForScene:
            _ = composite.supportedInterfaceOrientations(for: scene, window: nil)
        case .shouldAllowExtensionPointIdentifier:
            _ = composite.shouldAllowExtensionPoint(ExtensionPointIdentifier(rawValue: "callback-coverage"))
        case .userDidAcceptCloudKitShare:
            composite.userDidAcceptCloudKitShare(CloudKitShareMetadata(containerIdentifier: "callback-coverage"))
        case .handlerForIntent: _ = composite.handler(for: IntentRequest(intentName: "callback-coverage"))
        case .shouldSaveSecureApplicationState: _ = composite.shouldSaveSecureApplicationState(coder: coder)
        case .shouldRestoreSecureApplicationState: _ = composite.shouldRestoreSecureApplicationState(coder: coder)
        case .willEncodeRestorableState: composite.willEncodeRestorableState(coder: coder)
        case .didDecodeRestorableState: composite.didDecodeRestorableState(coder: coder)
        case .viewControllerWithRestorationIdentifierPath:
            _ = composite.viewController(restorationIdentifierPath: ["callback-coverage"], coder: coder)
        case .configurationForConnecting: _ = composite.configurationForConnecting(scene.session)
        case .didDiscardSceneSessions: composite.didDiscardSceneSessions([scene.session])
        case .sceneWillConnect: composite.sceneWillConnect(scene)
        case .sceneDidDisconnect: composite.sceneDidDisconnect(scene)
        case .sceneDidBecomeActive: composite.sceneDidBecomeActive(scene)
        case .sceneWillResignActive: composite.sceneWillResignActive(scene)
        case .sceneWillEnterForeground: composite.sceneWillEnterForeground(scene)
        case .sceneDidEnterBackground: composite.sceneDidEnterBackground(scene)
        case .stateRestorationActivity: _ = composite.stateRestorationActivity(for: scene)
        case .restoreInteractionState:
            composite.restoreInteractionState(scene, with: UserActivity(activityType: "callback-coverage"))
        case .windowSceneDidUpdateGeometry:
            composite.windowSceneDidUpdate(
                scene,
                previous: WindowSceneGeometryChange(previousInterfaceOrientation: .portrait)
            )
        case .windowSceneDidUpdateEffectiveGeometry:
            composite.windowSceneDidUpdateEffectiveGeometry(
                scene,
                previous: WindowSceneGeometryChange(previousInterfaceOrientation: .portrait)
            )
        case .willBecomeActive: composite.willBecomeActive()
        case .didResignActive: composite.didResignActive()
        case .willHide: composite.willHide()
        case .didHide: composite.didHide()
        case .willUnhide: composite.willUnhide()
        case .didUnhide: composite.didUnhide()
        case .shouldTerminate: _ = composite.shouldTerminate { _ in }
        case .shouldTerminateAfterLastWindowClosed: _ = composite.shouldTerminateAfterLastWindowClosed()
        case .shouldHandleReopen: _ = composite.shouldHandleReopen(hasVisibleWindows: false)
        case .supportsSecureRestorableState: _ = composite.supportsSecureRestorableState()
        case .willPresentNotification: _ = await composite.willPresentNotification(notification)
        case .didReceiveNotificationResponse:
            await composite.didReceiveNotificationResponse(NotificationResponse(notification: notification))
        case .openSettingsForNotification: composite.openSettings(for: notification)
        case .didRequestNotificationAuthorization: await composite.requestNotificationAuthorization()
        case .didUpdatePushCredentials: composite.didUpdatePushCredentials(PushCredentials(token: Data([1])))
        case .didReceiveIncomingPush: _ = await composite.didReceiveIncomingPush(PushPayload())
        case .didInvalidatePushToken: composite.didInvalidatePushToken(for: .voIP)
        case .carPlayDidConnect: composite.carPlayDidConnect(scene, connection: .templates)
        case .carPlayDidConnectToWindow: composite.carPlayDidConnect(scene, connection: .window)
        case .carPlayDidDisconnect: composite.carPlayDidDisconnect(scene, connection: .templates)
        case .carPlayDidDisconnectFromWindow: composite.carPlayDidDisconnect(scene, connection: .window)
        case .carPlayDidSelectNavigationAlert: composite.carPlayDidSelectNavigationAlert(scene)
        case .carPlayDidSelectManeuver: composite.carPlayDidSelectManeuver(scene)
        case .carPlayContentStyleDidChange: composite.carPlayContentStyleDidChange(scene, to: .dark)
        case .providerDidBegin: composite.providerDidBegin()
        case .providerDidReset: composite.providerDidReset()
        case .performStartCallAction, .performAnswerCallAction, .performEndCallAction, .performSetHeldCallAction,
            .performSetMutedCallAction, .performSetGroupCallAction, .performPlayDTMFCallAction:
            _ = await composite.perform(CallAction(callUUID: callUUID, kind: callActionKind(of: callback)))
        case .providerTimedOutPerformingAction:
            composite.providerTimedOut(performing: CallAction(callUUID: callUUID, kind: .answer))
        case .providerDidActivateAudioSession: composite.providerDidActivateAudioSession()
        case .providerDidDeactivateAudioSession: composite.providerDidDeactivateAudioSession()
        default: return false
        }
        return true
    }

    /// The call every call action of this check concerns.
    static let callUUID = UUID(uuidString: "00000000-0000-0000-0000-00000000CA11")!

    /// A neutral action of the kind `callback` delivers.
    private static func callActionKind(of callback: AppCallback) -> CallAction.Kind {
        switch callback {
        case .performStartCallAction:
            .start(
                handle: CallHandle(kind: .generic, value: "callback-coverage"),
                isVideo: false,
                contactIdentifier: nil
            )
        case .performEndCallAction: .end
        case .performSetHeldCallAction: .setHeld(true)
        case .performSetMutedCallAction: .setMuted(true)
        case .performSetGroupCallAction: .setGroup(with: nil)
        case .performPlayDTMFCallAction: .playDTMF(digits: "1", kind: .singleTone)
        default: .answer
        }
    }
}

/// A callback a service did not hear, found by ``CallbackCoverage``.
public struct UnheardCallback: Sendable, Hashable, CustomStringConvertible {
    /// Why the service did not hear it.
    public struct Reason: Sendable, Hashable {
        private enum Base: Hashable { case notAdopted, noEffect, notSent }
        private let base: Base

        /// The service does not adopt the callback's capability.
        public static let notAdopted = Reason(base: .notAdopted)
        /// The service adopts the capability, but what the check observes of it did not
        /// change: its member may nearly match the requirement (the `AppServicesLint` build
        /// plugin names it), or do nothing the observation shows.
        public static let noEffect = Reason(base: .noEffect)
        /// ``CallbackCoverage`` cannot send this callback with a neutral payload
        /// (``CallbackCoverage/unsendable``).
        public static let notSent = Reason(base: .notSent)
    }

    /// The callback.
    public let callback: AppCallback
    /// The service's type name.
    public let service: String
    /// Why it was not heard.
    public let reason: Reason

    /// One sentence naming the service, the callback and what to do.
    public var description: String {
        switch reason {
        case .notAdopted:
            "\(service) does not hear \(callback): it does not adopt the capability that delivers it."
        case .notSent:
            "\(service) was not checked for \(callback): CallbackCoverage cannot send it; test it with "
                + "LifecycleSimulator."
        default:
            "\(service) adopts the capability of \(callback) but nothing observed changed when it was sent: its "
                + "member may nearly match the requirement and never be called (the AppServicesLint plugin names it)."
        }
    }
}
