#if !canImport(UIKit)
public import AppServices
public import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitShim
#if CarPlay
import AppServicesCarPlayShim
#endif
import Foundation
import Synchronization

/// The `LifecycleTarget` steps, turned into the UIKit callbacks UIKit would send, with the
/// platform-neutral payloads turned into UIKit's.
extension SimulatedUIKit {
    /// Delivers `step` as UIKit (or UserNotifications, BackgroundTasks, PushKit, CarPlay)
    /// would: through the delegate protocols, after `responds(to:)` with the SDK's selector,
    /// with the platform's objects. A callback the delegate does not claim is not called, and
    /// the answer is what UIKit does then (`.noData` for a silent push, `false` for a URL,
    /// no presentation for a notification).
    ///
    /// Every step of `LifecycleSimulator.Step` is delivered: this `switch` has no default, so
    /// a new step is a compile error until UIKit's way of delivering it is written here.
    public func deliver(
        _ step: LifecycleSimulator.Step,
        answer: @escaping @MainActor (LifecycleSimulator.Answer?) -> Void
    ) {
        switch step {
        case .willFinishLaunching(let options): answer(.launch(willFinishLaunching(options)))
        case .didFinishLaunching(let options): answer(.launch(didFinishLaunching(options)))
        case .didBecomeActive:
            becomeActive()
            answer(nil)
        case .willResignActive:
            resignActive()
            answer(nil)
        case .didEnterBackground:
            enterBackground()
            answer(nil)
        case .willEnterForeground:
            enterForeground()
            answer(nil)
        case .willTerminate:
            terminate()
            answer(nil)
        case .didReceiveMemoryWarning:
            receiveMemoryWarning()
            answer(nil)
        case .systemPrefersReducedResourceUsageDidChange(let prefers):
            changeReducedResourceUsagePreference(to: prefers)
            answer(nil)
        case .openURL(let url, let options): answer(.handled(open(url, options: options)))
        case .continueUserActivity(let activity): answer(.handled(continueUserActivity(activity)))
        case .performShortcutItem(let item): performAction(for: item, in: nil) { answer(.handled($0)) }
        case .suspend, .launchBackgroundTask, .expireBackgroundTasks:
            // The system takes these itself, on the system the delegate registered with.
            answer(nil)
        case .expireBackgroundTime:
            application.backgroundTimeRemaining = 0
            answer(nil)
        case .remoteNotification(let notification):
            deliverRemoteNotification(notification) { answer(.fetch($0)) }
        case .backgroundFetch:
            deliverFetch { answer(.fetch($0)) }
        case .backgroundURLSession(let identifier):
            deliverURLSessionEvents(identifier) { answer(nil) }
        case .didDiscardSceneSessions(let sessions):
            discard(Set(sessions.map(discardedSession)))
            answer(nil)
        case .sceneWillConnect(let scene, let options):
            sceneWillConnect(scene, options: options)
            answer(nil)
        case .sceneWillEnterForeground(let scene):
            sceneWillEnterForeground(scene)
            answer(nil)
        case .sceneDidBecomeActive(let scene):
            sceneDidBecomeActive(scene)
            answer(nil)
        case .sceneWillResignActive(let scene):
            sceneWillResignActive(scene)
            answer(nil)
        case .sceneDidEnterBackground(let scene):
            sceneDidEnterBackground(scene)
            answer(nil)
        case .sceneDidDisconnect(let scene):
            sceneDidDisconnect(scene)
            answer(nil)
        case .sceneOpenURLContexts(let scene, let contexts):
            open(contexts, in: scene)
            answer(nil)
        case .sceneContinueUserActivity(let scene, let activity):
            continueUserActivity(activity, in: scene)
            answer(nil)
        case .scenePerformShortcutItem(let scene, let item):
            performAction(for: item, in: scene) { answer(.handled($0)) }
        case .sceneGeometryDidChange(let scene, let previous):
            changeGeometry(of: scene, previous: previous)
            answer(nil)
        case .sceneSupportedInterfaceOrientations(let scene):
            answer(.orientations(supportedInterfaceOrientations(of: scene)))
        #if CarPlay
        case .carPlayDidConnect(let scene, let connection):
            carPlayDidConnect(scene, connection: connection)
            answer(nil)
        case .carPlayDidDisconnect(let scene):
            let connection = interfaceControllerConnections[scene.identifier] ?? .templates
            carPlayDidDisconnect(scene, connection: connection)
            answer(nil)
        case .carPlayDidSelectNavigationAlert(let scene):
            carPlayDidSelectNavigationAlert(scene)
            answer(nil)
        case .carPlayDidSelectManeuver(let scene):
            carPlayDidSelectManeuver(scene)
            answer(nil)
        case .carPlayContentStyleDidChange(let scene, let style):
            carPlayContentStyleDidChange(scene, to: style)
            answer(nil)
        #else
        // Without the package's `CarPlay` trait the application has no CarPlay scene
        // delegate: no CarPlay scene connected (see `sceneWillConnect`), so CarPlay's steps
        // reach nothing.
        case .carPlayDidConnect, .carPlayDidDisconnect, .carPlayDidSelectNavigationAlert,
            .carPlayDidSelectManeuver, .carPlayContentStyleDidChange:
            answer(nil)
        #endif
        case .willPresentNotification(let notification):
            deliverPresentation(
                of: Self.platformNotification(notification, userInfo: nil),
                identifier: notification.identifier
            ) {
                answer(.presentation($0))
            }
        case .didReceiveNotificationResponse(let response):
            deliverToNotificationCenterDelegate(
                platformResponse(response, userInfo: nil),
                identifier: response.notification.identifier
            ) { answer(nil) }
        case .openNotificationSettings(let notification):
            openNotificationSettings(for: notification)
            answer(nil)
        case .didReceiveIncomingPush(let payload):
            didReceiveIncomingPush(payload) { answer(.incomingPush($0)) }
        case .didUpdatePushCredentials(let credentials):
            didUpdatePushCredentials(credentials)
            answer(nil)
        case .didInvalidatePushToken(let type):
            didInvalidatePushToken(for: type)
            answer(nil)
        case .callProviderDidBegin:
            beginCallProvider()
            answer(nil)
        case .callProviderDidReset:
            resetCallProvider()
            answer(nil)
        case .callAction(let action):
            performCallAction(action) { answer(.callAction($0)) }
        case .callActionTimedOut(let action):
            timeOutCallAction(action)
            answer(nil)
        case .callAudioSessionDidActivate:
            setCallAudioSession(active: true)
            answer(nil)
        case .callAudioSessionDidDeactivate:
            setCallAudioSession(active: false)
            answer(nil)
        case .beginSession, .endSession, .switchSession, .setGate:
            // The application's own steps, on its composite: no UIKit callback is involved.
            guard let composite = applicationComposite else { return answer(nil) }
            answer(step.perform(on: composite))
        }
    }

    /// The composite of the application's `ServiceOrientedAppDelegate` (its own, or the one a
    /// SwiftUI host of this application keeps, ``hostDelegate``, or else the one made last);
    /// `nil` when it has none.
    private var applicationComposite: ServiceComposite? {
        ((delegate as? ServiceOrientedAppDelegate) ?? hostDelegate ?? ServiceOrientedAppDelegate.current)?.composite
    }

    /// `application(_:willFinishLaunchingWithOptions:)`, with the application's state set
    /// as UIKit sets it (background for a launch into the background).
    public func willFinishLaunching(_ options: LaunchOptions) -> Bool {
        application.applicationState = options.launchedInBackground ? .background : .inactive
        return send("application:willFinishLaunchingWithOptions:") {
            $0.application($1, willFinishLaunchingWithOptions: Self.dictionary(options))
        } ?? true
    }

    /// `application(_:didFinishLaunchingWithOptions:)`.
    public func didFinishLaunching(_ options: LaunchOptions) -> Bool {
        application.applicationState = options.launchedInBackground ? .background : .inactive
        let did = send("application:didFinishLaunchingWithOptions:") {
            $0.application($1, didFinishLaunchingWithOptions: Self.dictionary(options))
        }
        system.backgroundTasks.applicationDidFinishLaunching()
        // With the launch options, as UIKit posts it.
        post(UIApplication.didFinishLaunchingNotification, userInfo: Self.dictionary(options))
        return did ?? true
    }

    /// `applicationDidBecomeActive(_:)`.
    public func didBecomeActive() { becomeActive() }
    /// `applicationWillResignActive(_:)`.
    public func willResignActive() { resignActive() }
    /// `applicationDidEnterBackground(_:)`.
    public func didEnterBackground() { enterBackground() }
    /// `applicationWillEnterForeground(_:)`.
    public func willEnterForeground() { enterForeground() }
    /// `applicationWillTerminate(_:)`.
    public func willTerminate() { terminate() }

    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`; `.noData` when
    /// the delegate does not claim it (UIKit then ends the background time at once). The
    /// first call of the handler answers; a delegate that calls it again (a subclass that
    /// answers and then calls `super`) is a mistake UIKit does not stop the process for,
    /// and neither does this.
    public func didReceiveRemoteNotification(_ notification: RemoteNotification) async -> BackgroundFetchResult {
        await withCheckedContinuation { continuation in
            deliverRemoteNotification(notification) { continuation.resume(returning: $0) }
        }
    }

    /// `application(_:performFetchWithCompletionHandler:)`; `.noData` when not claimed. The
    /// first call of the handler answers, as for ``didReceiveRemoteNotification(_:)``.
    public func performFetch() async -> BackgroundFetchResult {
        await withCheckedContinuation { continuation in deliverFetch { continuation.resume(returning: $0) } }
    }

    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`; returns at
    /// the first call of the handler.
    public func handleEventsForBackgroundURLSession(_ identifier: String) async {
        await withCheckedContinuation { continuation in
            deliverURLSessionEvents(identifier) { continuation.resume() }
        }
    }

    /// UIKit asks the application delegate for the configuration of the session a window
    /// scene connects with, when the session is new: for a SwiftUI application's window,
    /// whose scene SwiftUI connects itself.
    package func configureConnectingWindowSession(_ scene: SceneInfo, options: SceneConnectionOptions) {
        let response = options.notificationResponse.map { platformResponse($0, userInfo: nil) }
        _ = connectingSession(
            scene.identifier,
            role: .windowApplication,
            options: Self.connectionOptions(options, notificationResponse: response)
        )
    }

    /// `scene(_:willConnectTo:options:)` for a new scene with the identifier of `scene`: a
    /// CarPlay scene, whose delegate the initializer's `makeCarPlaySceneDelegate` makes, when
    /// the session's role is `SceneSessionRole.carTemplateApplication`; otherwise a window
    /// scene, whose delegate `makeSceneDelegate` makes. Without the package's `CarPlay` trait
    /// a CarPlay scene does not connect: the application has no CarPlay scene delegate.
    public func sceneWillConnect(_ scene: SceneInfo, options: SceneConnectionOptions) {
        let response = options.notificationResponse.map { platformResponse($0, userInfo: nil) }
        let connectionOptions = Self.connectionOptions(options, notificationResponse: response)
        if scene.session.role == .carTemplateApplication {
            #if CarPlay
            _ = connectCarPlayScene(
                scene.identifier,
                options: connectionOptions,
                delegate: makeCarPlaySceneDelegate,
                beforeConnecting: { response?.targetScene = $0 }
            )
            #endif
            return
        }
        // The scene as described: its role, its configuration's name and its title.
        _ = connectScene(
            scene.identifier,
            options: connectionOptions,
            role: UISceneSession.Role(rawValue: scene.session.role.rawValue),
            configurationName: scene.session.configurationName,
            delegate: makeSceneDelegate,
            beforeConnecting: { connecting in
                connecting.title = scene.title
                response?.targetScene = connecting
            }
        )
    }

    /// `sceneWillEnterForeground(_:)`.
    public func sceneWillEnterForeground(_ scene: SceneInfo) { connectedScene(scene.identifier).map(enterForeground) }

    /// `sceneDidBecomeActive(_:)`.
    public func sceneDidBecomeActive(_ scene: SceneInfo) { connectedScene(scene.identifier).map(becomeActive) }

    /// `sceneWillResignActive(_:)`.
    public func sceneWillResignActive(_ scene: SceneInfo) { connectedScene(scene.identifier).map(resignActive) }

    /// `sceneDidEnterBackground(_:)`.
    public func sceneDidEnterBackground(_ scene: SceneInfo) { connectedScene(scene.identifier).map(enterBackground) }

    /// `sceneDidDisconnect(_:)`.
    public func sceneDidDisconnect(_ scene: SceneInfo) { connectedScene(scene.identifier).map(disconnect) }

    #if CarPlay
    /// `templateApplicationScene(_:didConnect:to:)` or `templateApplicationScene(_:didConnect:)`
    /// for the CarPlay scene with the identifier of `scene`.
    public func carPlayDidConnect(_ scene: SceneInfo, connection: CarPlayConnection) {
        carPlayScenes[scene.identifier].map { connectInterfaceController(of: $0, connection) }
    }

    /// `templateApplicationScene(_:didDisconnect:from:)` or
    /// `templateApplicationScene(_:didDisconnectInterfaceController:)`.
    public func carPlayDidDisconnect(_ scene: SceneInfo, connection: CarPlayConnection) {
        carPlayScenes[scene.identifier].map { disconnectInterfaceController(of: $0, connection) }
    }

    /// `templateApplicationScene(_:didSelect:)` with a new navigation alert.
    public func carPlayDidSelectNavigationAlert(_ scene: SceneInfo) {
        if let carPlayScene = carPlayScenes[scene.identifier] { selectNavigationAlert(in: carPlayScene) }
    }

    /// `templateApplicationScene(_:didSelect:)` with a new maneuver.
    public func carPlayDidSelectManeuver(_ scene: SceneInfo) {
        carPlayScenes[scene.identifier].map { selectManeuver(CPManeuver(), in: $0) }
    }

    /// `contentStyleDidChange(_:)`, with the scene's `contentStyle` set first, as CarPlay does.
    public func carPlayContentStyleDidChange(_ scene: SceneInfo, to contentStyle: UserInterfaceStyle) {
        carPlayScenes[scene.identifier].map {
            changeContentStyle(of: $0, to: UIUserInterfaceStyle(rawValue: contentStyle.rawValue) ?? .unspecified)
        }
    }
    #endif

    // MARK: - Callbacks with completion handlers, and URLs, activities and quick actions

    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`; `completion`
    /// hears the first call of the handler, on the main actor, or `.noData` at once when the
    /// delegate does not claim it (UIKit then ends the background time at once).
    func deliverRemoteNotification(
        _ notification: RemoteNotification,
        completion: @escaping @MainActor (BackgroundFetchResult) -> Void
    ) {
        let once = MainActorOnce(completion)
        let claimed: Void? = send("application:didReceiveRemoteNotification:fetchCompletionHandler:") {
            $0.application($1, didReceiveRemoteNotification: notification.userInfo.propertyList) { result in
                once.call(BackgroundFetchResult(result))
            }
        }
        if claimed == nil { once.call(.noData) }
    }

    /// `application(_:performFetchWithCompletionHandler:)`, as ``deliverRemoteNotification(_:completion:)``.
    func deliverFetch(completion: @escaping @MainActor (BackgroundFetchResult) -> Void) {
        let once = MainActorOnce(completion)
        let claimed: Void? = send("application:performFetchWithCompletionHandler:") {
            $0.application($1) { result in once.call(BackgroundFetchResult(result)) }
        }
        if claimed == nil { once.call(.noData) }
    }

    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`.
    func deliverURLSessionEvents(_ identifier: String, completion: @escaping @MainActor () -> Void) {
        let once = MainActorOnce<Void> { completion() }
        let claimed: Void? = send("application:handleEventsForBackgroundURLSession:completionHandler:") {
            $0.application($1, handleEventsForBackgroundURLSession: identifier) { once.call(()) }
        }
        if claimed == nil { once.call(()) }
    }

    /// `application(_:open:options:)`: a URL opened in an application without scenes.
    ///
    /// - Returns: The delegate's answer; `false` when it does not claim the callback.
    func open(_ url: URL, options: OpenURLOptions) -> Bool {
        var dictionary: [UIApplication.OpenURLOptionsKey: Any] = [.openInPlace: options.openInPlace]
        dictionary[.sourceApplication] = options.sourceApplication
        return send("application:openURL:options:") { $0.application($1, open: url, options: dictionary) } ?? false
    }

    /// `application(_:continue:restorationHandler:)`: a user activity continued in an
    /// application without scenes. As UIKit does, each object the delegate hands the
    /// restoration handler has `restoreUserActivityState(_:)` called with the activity.
    ///
    /// - Returns: The delegate's answer; `false` when it does not claim the callback.
    func continueUserActivity(_ activity: UserActivity) -> Bool {
        let platformActivity = NSUserActivity(activity)
        return send("application:continueUserActivity:restorationHandler:") {
            $0.application($1, continue: platformActivity) { objects in
                // The delegate calls it on the main thread, from the callback or later.
                MainActor.assumeIsolated {
                    for object in objects ?? [] { object.restoreUserActivityState(platformActivity) }
                }
            }
        } ?? false
    }

    /// `application(_:performActionFor:completionHandler:)`, or with `scene`
    /// `windowScene(_:performActionFor:completionHandler:)`; `completion` hears the first
    /// call of the handler, on the main actor, or `false` at once when the delegate does not
    /// claim the callback.
    func performAction(
        for item: ShortcutItem,
        in scene: SceneInfo?,
        completion: @escaping @MainActor (Bool) -> Void
    ) {
        let once = MainActorOnce(completion)
        let platformItem = Self.shortcutItem(item)
        let claimed: Void?
        if let scene {
            guard let windowScene = scenes[scene.identifier] else { return once.call(false) }
            claimed = sendScene(windowScene, "windowScene:performActionForShortcutItem:completionHandler:") {
                $0.windowScene(windowScene, performActionFor: platformItem) { once.call($0) }
            }
        } else {
            claimed = send("application:performActionForShortcutItem:completionHandler:") {
                $0.application($1, performActionFor: platformItem) { once.call($0) }
            }
        }
        if claimed == nil { once.call(false) }
    }

    /// `scene(_:openURLContexts:)` for the connected scene with the identifier of `scene`.
    func open(_ contexts: Set<OpenURLContext>, in scene: SceneInfo) {
        guard let connected = connectedScene(scene.identifier) else { return }
        let platformContexts = Set(contexts.map(Self.urlContext))
        sendSceneLifeCycle(connected, "scene:openURLContexts:") {
            $0.scene(connected, openURLContexts: platformContexts)
        }
    }

    /// `scene(_:continue:)` for the connected scene with the identifier of `scene`.
    func continueUserActivity(_ activity: UserActivity, in scene: SceneInfo) {
        guard let connected = connectedScene(scene.identifier) else { return }
        let platformActivity = NSUserActivity(activity)
        sendSceneLifeCycle(connected, "scene:continueUserActivity:") { $0.scene(connected, continue: platformActivity) }
    }

    /// The system's preference for reduced resource usage changes (iOS 27): the application's
    /// `systemPrefersReducedResourceUsage` takes `prefers`, then UIKit posts
    /// `systemPrefersReducedResourceUsageDidChangeNotification` (where the adapter observes
    /// it; see `post(_:)`).
    func changeReducedResourceUsagePreference(to prefers: Bool) {
        application.systemPrefersReducedResourceUsage = prefers
        post(UIApplication.systemPrefersReducedResourceUsageDidChangeNotification)
    }

    /// A window scene's geometry changes: the scene's `effectiveGeometry` takes the new
    /// orientation (UIKit sets it first), then its delegate hears
    /// `windowScene(_:didUpdateEffectiveGeometry:)` with the previous geometry, when it
    /// claims it.
    func changeGeometry(of scene: SceneInfo, previous change: WindowSceneGeometryChange) {
        guard let windowScene = scenes[scene.identifier] else { return }
        let current = windowScene.effectiveGeometry
        let previous = UIWindowScene.Geometry(
            coordinateSpace: current.coordinateSpace,
            interfaceOrientation: UIInterfaceOrientation(rawValue: change.previousInterfaceOrientation.rawValue)
                ?? .unknown,
            isInterfaceOrientationLocked: change.wasInterfaceOrientationLocked ?? false,
            isInteractivelyResizing: change.wasInteractivelyResizing ?? false
        )
        sendScene(windowScene, "windowScene:didUpdateEffectiveGeometry:") {
            $0.windowScene(windowScene, didUpdateEffectiveGeometry: previous)
        }
    }

    /// UIKit asks the delegate of the window scene with the identifier of `scene` which
    /// orientations it supports (iOS 27's `supportedInterfaceOrientations(for:)`); `nil` when
    /// the delegate does not claim it (the Info.plist decides).
    func supportedInterfaceOrientations(of scene: SceneInfo) -> InterfaceOrientationMask? {
        guard let windowScene = scenes[scene.identifier] else { return nil }
        // Before iOS 27, UIKit asks the application's delegate, for each window: here the
        // scene delegate's, or one of the scene's (`APPSERVICES_BEFORE_IOS_27` takes that
        // path, as on an older system).
        if OlderSystemPaths.beforeIOS27 {
            let own = (windowScene.delegate as? any UIWindowSceneDelegate)?.window ?? nil
            let window = own ?? UIWindow(windowScene: windowScene)
            let mask = send("application:supportedInterfaceOrientationsForWindow:") {
                $0.application($1, supportedInterfaceOrientationsFor: window)
            }
            return mask.map { InterfaceOrientationMask(rawValue: $0.rawValue) }
        }
        let mask = sendScene(windowScene, "supportedInterfaceOrientationsForWindowScene:") {
            $0.supportedInterfaceOrientations(for: windowScene)
        }
        return mask.map { InterfaceOrientationMask(rawValue: $0.rawValue) }
    }

    /// The session a discarded scene had: the connected scene's, else one UIKit would have
    /// kept for it.
    private func discardedSession(_ session: SceneSession) -> UISceneSession {
        if let connected = connectedScene(session.persistentIdentifier) { return connected.session }
        let role = UISceneSession.Role(rawValue: session.role.rawValue)
        return UISceneSession(
            persistentIdentifier: session.persistentIdentifier,
            role: role,
            configuration: UISceneConfiguration(name: session.configurationName, sessionRole: role)
        )
    }

    // MARK: - Payloads as UIKit passes them

    /// The launch-options dictionary UIKit would pass for `options`.
    static func dictionary(_ options: LaunchOptions) -> [UIApplication.LaunchOptionsKey: Any]? {
        var dictionary: [UIApplication.LaunchOptionsKey: Any] = [:]
        dictionary[.url] = options.url
        dictionary[.sourceApplication] = options.sourceApplication
        dictionary[.remoteNotification] = options.remoteNotification?.propertyList
        dictionary[.shortcutItem] = options.shortcutItem.map(Self.shortcutItem)
        if let type = options.userActivityType {
            dictionary[.userActivityDictionary] = [UIApplication.LaunchOptionsKey.userActivityType.rawValue: type]
        }
        if options.isLocationEvent { dictionary[Self.locationKey] = true }
        return dictionary.isEmpty ? nil : dictionary
    }

    /// `UIApplication.LaunchOptionsKey.location`, which the shim does not declare (the key
    /// belongs to Core Location's launches).
    private static let locationKey = UIApplication.LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsLocationKey")

    /// The connection options UIKit would pass for `options`, with `notificationResponse`
    /// for its notification response.
    static func connectionOptions(
        _ options: SceneConnectionOptions,
        notificationResponse: UNNotificationResponse?
    ) -> UIScene.ConnectionOptions {
        UIScene.ConnectionOptions(
            urlContexts: Set(options.urlContexts.map(Self.urlContext)),
            sourceApplication: options.sourceApplication,
            handoffUserActivityType: options.handoffUserActivityType,
            userActivities: Set(options.userActivities.map(NSUserActivity.init)),
            notificationResponse: notificationResponse,
            shortcutItem: options.shortcutItem.map(Self.shortcutItem),
            cloudKitShareMetadata: options.cloudKitShareMetadata.map {
                CKShare.Metadata(containerIdentifier: $0.containerIdentifier, share: CKShare(url: $0.shareURL))
            },
            sceneAccessoryUserInfo: options.accessoryUserInfo?.propertyList
        )
    }

    /// The `UIOpenURLContext` UIKit would pass for `context`.
    static func urlContext(_ context: OpenURLContext) -> UIOpenURLContext {
        UIOpenURLContext(
            url: context.url,
            options: UIScene.OpenURLOptions(
                sourceApplication: context.options.sourceApplication,
                openInPlace: context.options.openInPlace
            )
        )
    }

    static func shortcutItem(_ item: ShortcutItem) -> UIApplicationShortcutItem {
        UIApplicationShortcutItem(
            type: item.type,
            localizedTitle: item.localizedTitle,
            localizedSubtitle: item.localizedSubtitle,
            icon: nil,
            userInfo: item.userInfo.isEmpty ? nil : item.userInfo.mapValues(secureCoding)
        )
    }

    /// `value` as the Foundation object a quick action's user info holds.
    private static func secureCoding(_ value: UserInfoValue) -> any NSSecureCoding {
        switch value {
        case .string(let string): NSString(string: string)
        case .int(let int): NSNumber(value: int)
        case .double(let double): NSNumber(value: double)
        case .bool(let bool): NSNumber(value: bool)
        case .data(let data): NSData(data: data)
        case .date(let date): NSDate(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)
        case .array(let values): NSArray(array: values.map(secureCoding))
        case .dictionary(let values): NSDictionary(dictionary: values.mapValues(secureCoding))
        case .null: NSNull()
        }
    }
}

/// Calls a completion the first time only, on the main actor: UIKit's completion handlers
/// may be called from any thread, and more than once by a delegate that misbehaves (what the
/// delegate did is recorded elsewhere; the step's answer is the first call).
final class MainActorOnce<Value: Sendable>: Sendable {
    private let completion: Mutex<(@MainActor (Value) -> Void)?>

    init(_ completion: @escaping @MainActor (Value) -> Void) {
        self.completion = Mutex(completion)
    }

    /// Calls the completion with `value`, unless it was called already: at once on the main
    /// actor, else as its next job.
    func call(_ value: Value) {
        guard
            let completion = self.completion.withLock({ stored in
                defer { stored = nil }; return stored
            })
        else {
            return
        }
        if SelectorClaim.isOnMainActor {
            MainActor.assumeIsolated { completion(value) }
        } else {
            Task { @MainActor in completion(value) }
        }
    }
}

extension BackgroundFetchResult {
    /// The merged result for UIKit's `UIBackgroundFetchResult`.
    init(_ result: UIBackgroundFetchResult) {
        switch result {
        case .newData: self = .newData
        case .noData: self = .noData
        case .failed: self = .failed
        }
    }
}

extension SimulatedUIKit: NotificationCategoriesTarget {
    /// The categories last registered with ``userNotificationCenter``.
    package var registeredNotificationCategories: (all: Set<String>, deliveringDismissals: Set<String>) {
        let categories = userNotificationCenter.categoryRegistrations.last ?? []
        return (
            Set(categories.map(\.identifier)),
            Set(categories.filter { $0.options.contains(.customDismissAction) }.map(\.identifier))
        )
    }
}

extension SimulatedUIKit: SceneDeclaringTarget {
    /// Adds ``sceneManifest`` to ``infoPlist`` when it has no `UIApplicationSceneManifest`:
    /// an application that connects scenes declares them, and the adapters read it (the
    /// application delegate then asks for no window of its own).
    package func declareScenes() {
        guard !declaresScenes else { return }
        infoPlist.merge(Self.sceneManifest) { current, _ in current }
    }

    /// Whether ``infoPlist`` has a `UIApplicationSceneManifest`.
    package var declaresScenes: Bool { infoPlist["UIApplicationSceneManifest"] != nil }
}

#endif
