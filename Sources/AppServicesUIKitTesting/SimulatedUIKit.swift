// A simulated UIKit needs the shim's hooks (creating sessions and connection options,
// setting the application's state), which the real UIKit does not offer; where UIKit exists
// this module is empty, and an app's delegate is tested in a host app instead.
#if !canImport(UIKit)
import AppServices
public import AppServicesTesting
public import AppServicesUIKit
public import AppServicesUIKitShim
public import AppServicesCallKitShim
#if CarPlay
public import AppServicesCarPlayShim
#endif
#if PushKit
import AppServicesPushKitShim
#endif

/// A stand-in for UIKit that drives a `ServiceOrientedAppDelegate` (or any app delegate) and
/// its scene delegates as UIKit does, so an app's delegate subclass can be tested on Linux.
///
/// It asks `responds(to:)` with the SDK's selector strings before every call, calls only what
/// is claimed, and always through the delegate protocols (`any UIApplicationDelegate`,
/// `any UIWindowSceneDelegate`), so a method whose signature does not match the SDK's
/// requirement is not called. Like UIKit, it posts the `UIApplication` notifications after
/// the matching callbacks, with the application as their object, to the process's
/// `NotificationCenter.default` and to its own ``notificationCenter``.
///
/// It is a `LifecycleTarget`: drive it with a `LifecycleSimulator`, which takes it through
/// UIKit's sequences and rejects the ones UIKit never produces. Every step of the simulator
/// is delivered here as UIKit delivers it (``deliver(_:answer:)``), on the same
/// ``system`` (`BGTaskScheduler.shared` and `beginBackgroundTask` go to it), so a test of
/// the services behaves the same on the bare composite and through the delegates:
///
/// ```swift
/// let uiKit = SimulatedUIKit(delegate: delegate)
/// let simulator = LifecycleSimulator(driving: uiKit)
/// let result = try await simulator.launchIntoBackground(for: RemoteNotification(userInfo: ["badge": 3]))
/// #expect(result == .newData)
/// #expect(uiKit.application.applicationState == .background)
/// ```
///
/// ``claimedCallbacks`` lists the callbacks UIKit would call, with the SDK's selectors.
///
/// **CarPlay.** A CarPlay scene connects through ``connectCarPlayScene(_:options:delegate:)``
/// with a `CPTemplateApplicationSceneDelegate` (a `ServiceOrientedCarPlaySceneDelegate` or a
/// subclass), and lives in the same application as the device's scenes; its interface
/// controller, selections and content style are steps of their own (see
/// ``connectInterfaceController(of:_:)``). A `LifecycleSimulator` connects one for a scene
/// whose session's role is `SceneSessionRole.carTemplateApplication`.
///
/// **Notifications and background tasks.** Each simulated device has its own notification
/// center (``userNotificationCenter``) and task scheduler (``taskScheduler``, whose system
/// side is the ``system``'s), which `UNUserNotificationCenter.current()` and
/// `BGTaskScheduler.shared` return while a step runs, so the delegate installs itself and
/// registers its tasks there, and devices simulated in parallel do not meet. The notification steps deliver through the center's delegate,
/// as the system does; the background-task steps launch and expire `BGTask`s through the
/// handlers the delegate registered; the background-time steps expire what the delegate
/// asked `UIApplication` for; the PushKit steps deliver pushes and tokens to the delegates of
/// the push registries the application created (``pushRegistries``). Each records what the
/// delegate did: completion handlers called, tasks registered, submitted and completed,
/// background time begun and ended.
///
/// **An app delegate's own callbacks.** UIKit calls a callback the app's subclass overrides
/// even when no service handles it. On Apple platforms the Objective-C runtime tells the
/// adapter which callbacks a class overrides; Swift on Linux cannot, so record them with
/// `ObjectiveCMethods.record(_:implementedBy:)` before asking (see the TestingYourServices
/// article).
@MainActor
public final class SimulatedUIKit: LifecycleTarget {
    /// The simulated system the application runs on: the background tasks its delegate
    /// registers through `BGTaskScheduler.shared` and the background time it begins through
    /// `beginBackgroundTask` are kept there.
    public let system: SimulatedSystem
    /// The application object the delegate receives.
    public let application: UIApplication
    /// The `ServiceOrientedAppDelegate` that hosts this application's composite when the
    /// application's delegate is not one (a SwiftUI host's, which the simulated SwiftUI app
    /// notes as it makes the `App`): the application's own steps (sessions, gates) go to its
    /// composite, not to that of another application a test running alongside made since.
    package weak var hostDelegate: ServiceOrientedAppDelegate?
    /// The activation states of the windows a simulated SwiftUI shows on this device, which
    /// are scenes of the application as its own are: its state follows them too
    /// (``followScenes()``).
    package var windowStates: @MainActor () -> [UIScene.ActivationState] = { [] }
    /// The application's delegate.
    public let delegate: any UIApplicationDelegate
    /// Where the `UIApplication` notifications are posted, after their callbacks.
    public let notificationCenter = NotificationCenter()
    /// The selectors UIKit would have called but the delegate did not claim, in order.
    public internal(set) var unclaimed: [String] = []
    /// The selectors of the callbacks delivered (claimed and called), app and scene
    /// delegates alike, in order.
    public internal(set) var delivered: [String] = []
    /// The connected scenes, by persistent identifier.
    public private(set) var scenes: [String: UIWindowScene] = [:]
    /// The scene sessions UIKit keeps, by persistent identifier: made when a scene first
    /// connects, kept when it disconnects, until the person discards them.
    private var keptSessions: [String: UISceneSession] = [:]
    #if CarPlay
    /// The connected CarPlay scenes, by persistent identifier.
    public internal(set) var carPlayScenes: [String: CPTemplateApplicationScene] = [:]
    /// How each CarPlay scene's interface controller is connected, by persistent identifier.
    var interfaceControllerConnections: [String: CarPlayConnection] = [:]
    #endif
    /// The notification responses delivered so far, to date those delivered again.
    var notificationDeliveries = NotificationDeliveries()
    /// The application's Info.plist, as the adapters read it during this simulated UIKit's
    /// steps; empty by default, as a Linux executable's. Give a scene-based application its
    /// `UIApplicationSceneManifest` (``sceneManifest``) to launch it as a device does; a
    /// `LifecycleSimulator` launch that connects a scene adds it when it is missing.
    public var infoPlist: [String: Any] = [:]

    /// A minimal `UIApplicationSceneManifest`: the key that makes an application scene-based.
    public static let sceneManifest: [String: Any] = [
        "UIApplicationSceneManifest": ["UIApplicationSupportsMultipleScenes": false]
    ]

    /// The application's notification center: what `UNUserNotificationCenter.current()`
    /// returns during this simulated UIKit's steps. The notification steps deliver through
    /// its delegate.
    public let userNotificationCenter = UNUserNotificationCenter()
    /// The application's background-task scheduler: what `BGTaskScheduler.shared` returns
    /// during this simulated UIKit's steps; its registrations and requests are the
    /// ``system``'s.
    public let taskScheduler: BGTaskScheduler
    /// Connects the shim's frameworks to ``system``.
    let systemBridge: SimulatedSystemBridge
    /// The completion handlers of the notification center's delegate that were called.
    let notificationCompletionLog = NotificationCompletionLog()
    #if PushKit
    /// The push registries the application created during this simulated UIKit's steps.
    let pushRegistryRecord = SimulatedPushRegistries()
    /// The completion handlers of incoming pushes that the registries' delegates called.
    let pushCompletionLog = PushCompletionLog()
    #endif
    /// The CallKit providers the application created during this simulated UIKit's steps;
    /// their reports go to the ``system``'s calls.
    let callProviderRecord: SimulatedCallProviders
    /// The CallKit actions delivered to the providers' delegates, in order.
    public internal(set) var deliveredCallActions: [CXCallAction] = []
    let makeSceneDelegate: @MainActor () -> any UIWindowSceneDelegate
    #if CarPlay
    /// Makes the delegate of each CarPlay scene that connects through
    /// ``sceneWillConnect(_:options:)``.
    var makeCarPlaySceneDelegate: @MainActor () -> any CPTemplateApplicationSceneDelegate = {
        ServiceOrientedCarPlaySceneDelegate()
    }
    #endif

    /// Creates a simulated UIKit for `delegate`. A CarPlay scene that connects through
    /// ``sceneWillConnect(_:options:)`` (a scene whose session's role is
    /// `SceneSessionRole.carTemplateApplication`) gets a `ServiceOrientedCarPlaySceneDelegate`,
    /// with the package's `CarPlay` trait; without it, the application has no CarPlay scene
    /// delegate, and CarPlay's steps reach nothing.
    ///
    /// - Parameters:
    ///   - delegate: The application's delegate, as UIKit creates it.
    ///   - system: The simulated system the application runs on. Default: a new one.
    ///   - makeSceneDelegate: Makes the delegate of each scene that connects through
    ///     ``sceneWillConnect(_:options:)``, as the scene configuration's delegate class would.
    ///     Default: a `ServiceOrientedSceneDelegate`.
    public init(
        delegate: any UIApplicationDelegate,
        system: SimulatedSystem = SimulatedSystem(),
        makeSceneDelegate: @escaping @MainActor () -> any UIWindowSceneDelegate = { ServiceOrientedSceneDelegate() }
    ) {
        self.delegate = delegate
        self.system = system
        systemBridge = SimulatedSystemBridge(system)
        application = UIApplication(backgroundTime: systemBridge)
        taskScheduler = BGTaskScheduler(backend: systemBridge)
        callProviderRecord = SimulatedCallProviders(backend: SimulatedCallBridge(system.calls))
        self.makeSceneDelegate = makeSceneDelegate
        application.delegate = delegate
        system.frameworks = { [weak self] work in
            guard let self else { return work() }
            withSimulatedFrameworks(operation: work)
        }
    }

    #if CarPlay
    /// Creates a simulated UIKit for `delegate` whose CarPlay scenes get the delegates
    /// `makeCarPlaySceneDelegate` makes (with the package's `CarPlay` trait).
    ///
    /// - Parameters:
    ///   - delegate: The application's delegate, as UIKit creates it.
    ///   - system: The simulated system the application runs on. Default: a new one.
    ///   - makeSceneDelegate: Makes the delegate of each window scene that connects through
    ///     ``sceneWillConnect(_:options:)``. Default: a `ServiceOrientedSceneDelegate`.
    ///   - makeCarPlaySceneDelegate: Makes the delegate of each CarPlay scene that connects
    ///     through ``sceneWillConnect(_:options:)`` (a scene whose session's role is
    ///     `SceneSessionRole.carTemplateApplication`).
    public convenience init(
        delegate: any UIApplicationDelegate,
        system: SimulatedSystem = SimulatedSystem(),
        makeSceneDelegate: @escaping @MainActor () -> any UIWindowSceneDelegate = { ServiceOrientedSceneDelegate() },
        makeCarPlaySceneDelegate: @escaping @MainActor () -> any CPTemplateApplicationSceneDelegate
    ) {
        self.init(delegate: delegate, system: system, makeSceneDelegate: makeSceneDelegate)
        self.makeCarPlaySceneDelegate = makeCarPlaySceneDelegate
    }
    #endif

    /// Whether `object` claims `selector`, asked as UIKit asks (`responds(to:)` with the
    /// SDK's selector string, such as `application:openURL:options:`).
    public static func claims(_ object: any NSObjectProtocol, _ selector: String) -> Bool {
        guard let responder = object as? UIResponder else { return false }
        return responder.responds(to: Selector((selector)))
    }

    /// Whether `object` claims `selector`, asked as ``claims(_:_:)`` asks, during a step of
    /// this simulated UIKit: a scene delegate that finds its composite as it answers finds
    /// this device's application delegate, not another test's.
    func claimsDuringStep(_ object: any NSObjectProtocol, _ selector: String) -> Bool {
        withSimulatedFrameworks { Self.claims(object, selector) }
    }

    /// The selectors of the app-delegate callbacks the adapter forwards that the delegate
    /// claims now, sorted: what UIKit would call.
    public var claimedCallbacks: [String] {
        ServiceOrientedAppDelegate.forwardedSelectors.filter { claimsDuringStep(delegate, $0) }.sorted()
    }

    /// Calls `body` with the delegate when it claims `selector`; `nil` when it does not.
    @discardableResult
    public func send<Answer>(
        _ selector: String,
        _ body: (any UIApplicationDelegate, UIApplication) -> Answer
    ) -> Answer? {
        guard claimsDuringStep(delegate, selector) else {
            unclaimed.append(selector)
            return nil
        }
        delivered.append(selector)
        return withSimulatedFrameworks { body(delegate, application) }
    }

    /// Runs `operation` as part of a step of this simulated UIKit: `UNUserNotificationCenter.current()`
    /// returns ``userNotificationCenter``, `BGTaskScheduler.shared` returns
    /// ``taskScheduler``, a `PKPushRegistry` created is one of `pushRegistries` (with the
    /// package's `PushKit` trait), and a `CXProvider` created is one of ``callProviders``. The
    /// steps run their callbacks in it; call the delegate in it when calling it directly.
    public func withSimulatedFrameworks<Result>(operation: () throws -> Result) rethrows -> Result {
        try withSimulatedFrameworks(applicationExists: true, operation: operation)
    }

    /// ``withSimulatedFrameworks(operation:)``; without `applicationExists`, as before
    /// `UIApplicationMain` has made the application object (a SwiftUI `App` is made then).
    package func withSimulatedFrameworks<Result>(
        applicationExists: Bool,
        operation: () throws -> Result
    ) rethrows -> Result {
        let frameworks = SimulatedFrameworks(
            notificationCenter: userNotificationCenter,
            taskScheduler: taskScheduler,
            application: application,
            infoDictionary: infoPlist,
            applicationExists: applicationExists
        )
        #if PushKit
        return try SimulatedPushKit.$current.withValue(pushRegistryRecord) {
            try SimulatedCallKit.$current.withValue(callProviderRecord) {
                try SimulatedFrameworks.with(frameworks, operation: operation)
            }
        }
        #else
        return try SimulatedCallKit.$current.withValue(callProviderRecord) {
            try SimulatedFrameworks.with(frameworks, operation: operation)
        }
        #endif
    }

    /// Posts the `UIApplication` notification `name`, with the application as its object, as
    /// UIKit does: to the process's notification center (where an adapter that is not the
    /// application's delegate observes it, as `SwiftUIApplicationHost` does), on the
    /// simulated device, and to ``notificationCenter``; with `userInfo`, the launch options
    /// `didFinishLaunchingNotification` carries, keyed by their raw values.
    func post(_ name: Notification.Name, userInfo: [UIApplication.LaunchOptionsKey: Any]? = nil) {
        let userInfo = userInfo.map {
            Dictionary(uniqueKeysWithValues: $0.map { (AnyHashable($0.key.rawValue), $0.value) })
        }
        withSimulatedFrameworks { NotificationCenter.default.post(name: name, object: application, userInfo: userInfo) }
        notificationCenter.post(name: name, object: application, userInfo: userInfo)
    }

    // MARK: - Application life cycle

    /// will/didFinishLaunching; `inBackground` launches into the background state (silent
    /// push, background fetch), as UIKit also launches every scene-based application,
    /// whatever launched it: pass `true` before ``connectScene(_:options:role:delegate:)`` to
    /// launch a scene-based application as a device does. The launch's answer: `false` if
    /// either callback refused.
    @discardableResult
    public func launch(options: [UIApplication.LaunchOptionsKey: Any]? = nil, inBackground: Bool = false) -> Bool {
        application.applicationState = inBackground ? .background : .inactive
        let will = send("application:willFinishLaunchingWithOptions:") {
            $0.application($1, willFinishLaunchingWithOptions: options)
        }
        let did = finishLaunching(options: options)
        return (will ?? true) && did
    }

    private func finishLaunching(options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let did = send("application:didFinishLaunchingWithOptions:") {
            $0.application($1, didFinishLaunchingWithOptions: options)
        }
        system.backgroundTasks.applicationDidFinishLaunching()
        post(UIApplication.didFinishLaunchingNotification, userInfo: options)
        return did ?? true
    }

    /// applicationDidBecomeActive (after launch, or after willEnterForeground).
    public func becomeActive() {
        application.applicationState = .active
        send("applicationDidBecomeActive:") { $0.applicationDidBecomeActive($1) }
        post(UIApplication.didBecomeActiveNotification)
    }

    /// applicationWillResignActive (an incoming call, or on the way to the background).
    public func resignActive() {
        send("applicationWillResignActive:") { $0.applicationWillResignActive($1) }
        post(UIApplication.willResignActiveNotification)
        application.applicationState = .inactive
    }

    /// applicationDidEnterBackground.
    public func enterBackground() {
        application.applicationState = .background
        send("applicationDidEnterBackground:") { $0.applicationDidEnterBackground($1) }
        post(UIApplication.didEnterBackgroundNotification)
    }

    /// applicationWillEnterForeground.
    public func enterForeground() {
        send("applicationWillEnterForeground:") { $0.applicationWillEnterForeground($1) }
        post(UIApplication.willEnterForegroundNotification)
        returnToForeground()
    }

    /// The application leaves the background: inactive, with the very large background time
    /// UIKit reports in the foreground, whatever ran out before.
    private func returnToForeground() {
        application.applicationState = .inactive
        application.backgroundTimeRemaining = .greatestFiniteMagnitude
    }

    /// applicationWillTerminate, for an application that is running (not suspended).
    public func terminate() {
        send("applicationWillTerminate:") { $0.applicationWillTerminate($1) }
        post(UIApplication.willTerminateNotification)
    }

    /// applicationDidReceiveMemoryWarning.
    public func receiveMemoryWarning() {
        send("applicationDidReceiveMemoryWarning:") { $0.applicationDidReceiveMemoryWarning($1) }
        post(UIApplication.didReceiveMemoryWarningNotification)
    }

    // MARK: - Scenes

    /// Connects a window scene as UIKit does: asks the app delegate for its configuration
    /// (when claimed), creates the scene and its delegate, and sends willConnect. `nil`
    /// options are empty ones; `role` is the session's (an external display's scene has
    /// `windowExternalDisplayNonInteractive`).
    @discardableResult
    public func connectScene(
        _ identifier: String,
        options: UIScene.ConnectionOptions? = nil,
        role: UISceneSession.Role = .windowApplication,
        delegate makeDelegate: () -> any UIWindowSceneDelegate
    ) -> UIWindowScene {
        connectScene(identifier, options: options, role: role, delegate: makeDelegate, beforeConnecting: { _ in })
    }

    /// ``connectScene(_:options:role:delegate:)``, calling `prepare` with the new scene
    /// before its delegate hears of it (to target a notification response at it, as UIKit
    /// does).
    func connectScene(
        _ identifier: String,
        options: UIScene.ConnectionOptions?,
        role: UISceneSession.Role = .windowApplication,
        configurationName: String? = nil,
        delegate makeDelegate: () -> any UIWindowSceneDelegate,
        beforeConnecting prepare: (UIWindowScene) -> Void
    ) -> UIWindowScene {
        let options = options ?? UIScene.ConnectionOptions()
        let connected = connectingSession(
            identifier,
            role: role,
            configurationName: configurationName,
            options: options
        )
        let scene = UIWindowScene(session: connected, connectionOptions: options)
        scene.title = "Scene \(identifier)"
        scene.delegate = makeDelegate()
        scenes[identifier] = scene
        prepare(scene)
        sendScene(scene, "scene:willConnectToSession:options:") {
            $0.scene(scene, willConnectTo: connected, options: options)
        }
        return scene
    }

    /// The session of a scene connecting with `role`, as UIKit makes it: with the
    /// configuration the app delegate returns (when claimed), else the Info.plist's, named
    /// `configurationName` when given, else `Default Configuration` for a window scene and
    /// `CarPlay Configuration` for a CarPlay scene.
    ///
    /// A session UIKit kept (its scene disconnected, and the person did not discard it) is
    /// connected again as it was: UIKit asks for a configuration only for a new session.
    func connectingSession(
        _ identifier: String,
        role: UISceneSession.Role,
        configurationName: String? = nil,
        options: UIScene.ConnectionOptions
    ) -> UISceneSession {
        if let kept = keptSessions[identifier], kept.role == role { return kept }
        let made = newSession(identifier, role: role, configurationName: configurationName, options: options)
        keptSessions[identifier] = made
        return made
    }

    private func newSession(
        _ identifier: String,
        role: UISceneSession.Role,
        configurationName: String?,
        options: UIScene.ConnectionOptions
    ) -> UISceneSession {
        let isCarPlay = role.rawValue == SceneSessionRole.carTemplateApplication.rawValue
        let name = configurationName ?? (isCarPlay ? "CarPlay Configuration" : "Default Configuration")
        let manifest = UISceneConfiguration(name: name, sessionRole: role)
        let session = UISceneSession(persistentIdentifier: identifier, role: role, configuration: manifest)
        let configuration = send("application:configurationForConnectingSceneSession:options:") {
            $0.application($1, configurationForConnecting: session, options: options)
        }
        return UISceneSession(persistentIdentifier: identifier, role: role, configuration: configuration ?? manifest)
    }

    /// Calls `body` with the scene's delegate when it claims `selector`; `nil` when not.
    @discardableResult
    public func sendScene<Answer>(
        _ scene: UIWindowScene,
        _ selector: String,
        _ body: (any UIWindowSceneDelegate) -> Answer
    ) -> Answer? {
        guard let delegate = scene.delegate as? any UIWindowSceneDelegate, claimsDuringStep(delegate, selector) else {
            unclaimed.append(selector)
            return nil
        }
        delivered.append(selector)
        return withSimulatedFrameworks { body(delegate) }
    }

    /// Calls `body` with the delegate of `scene`, a window scene or a CarPlay scene, as a
    /// `UISceneDelegate`, when it claims `selector`: the scene life cycle, which every kind of
    /// scene delegate implements; `nil` when not claimed.
    @discardableResult
    public func sendSceneLifeCycle<Answer>(
        _ scene: UIScene,
        _ selector: String,
        _ body: (any UISceneDelegate) -> Answer
    ) -> Answer? {
        guard let delegate = scene.delegate, claimsDuringStep(delegate, selector) else {
            unclaimed.append(selector)
            return nil
        }
        delivered.append(selector)
        return withSimulatedFrameworks { body(delegate) }
    }

    /// The connected scene, window or CarPlay, with the persistent identifier `identifier`.
    func connectedScene(_ identifier: String) -> UIScene? {
        #if CarPlay
        scenes[identifier] ?? carPlayScenes[identifier]
        #else
        scenes[identifier]
        #endif
    }

    /// sceneWillEnterForeground, then sceneDidBecomeActive, for a window or CarPlay scene.
    public func bringToForeground(_ scene: UIScene) {
        enterForeground(scene)
        becomeActive(scene)
    }

    /// sceneWillResignActive, then sceneDidEnterBackground, for a window or CarPlay scene.
    public func sendToBackground(_ scene: UIScene) {
        resignActive(scene)
        enterBackground(scene)
    }

    // A scene's "did" callbacks see its new activation state, its "will" callbacks the one
    // it leaves, as the application's callbacks see the application's state. After each, the
    // application's state follows the scenes' (`followScenes()`).

    func enterForeground(_ scene: UIScene) {
        sendSceneLifeCycle(scene, "sceneWillEnterForeground:") { $0.sceneWillEnterForeground(scene) }
        scene.activationState = .foregroundInactive
        followScenes()
    }

    /// sceneDidBecomeActive, for a window or CarPlay scene in the foreground (after
    /// ``resignActive(_:)``: Control Center pulled down and put back).
    public func becomeActive(_ scene: UIScene) {
        scene.activationState = .foregroundActive
        sendSceneLifeCycle(scene, "sceneDidBecomeActive:") { $0.sceneDidBecomeActive(scene) }
        followScenes()
    }

    /// sceneWillResignActive, for a window or CarPlay scene that stays in the foreground
    /// (Control Center pulled down, an alert, the app switcher).
    public func resignActive(_ scene: UIScene) {
        sendSceneLifeCycle(scene, "sceneWillResignActive:") { $0.sceneWillResignActive(scene) }
        scene.activationState = .foregroundInactive
        followScenes()
    }

    func enterBackground(_ scene: UIScene) {
        scene.activationState = .background
        sendSceneLifeCycle(scene, "sceneDidEnterBackground:") { $0.sceneDidEnterBackground(scene) }
        followScenes()
    }

    /// sceneDidDisconnect, for a window or CarPlay scene; the session stays until the user
    /// discards it.
    public func disconnect(_ scene: UIScene) {
        sendSceneLifeCycle(scene, "sceneDidDisconnect:") { $0.sceneDidDisconnect(scene) }
        scene.activationState = .unattached
        scenes[scene.session.persistentIdentifier] = nil
        #if CarPlay
        carPlayScenes[scene.session.persistentIdentifier] = nil
        #endif
        followScenes()
    }

    /// In an application with scenes UIKit calls none of the application delegate's state
    /// callbacks: the application's state is that of its most active scene (background when
    /// none is in the foreground), and when it changes UIKit posts the application's
    /// notifications as it would have called those callbacks (`UIApplication`'s
    /// `didBecomeActiveNotification` and the others), through the states between.
    package func followScenes() {
        var states: [UIScene.ActivationState] = scenes.values.map(\.activationState) + windowStates()
        #if CarPlay
        states += carPlayScenes.values.map(\.activationState)
        #endif
        let target: UIApplication.State =
            states.contains(.foregroundActive)
            ? .active : states.contains(.foregroundInactive) ? .inactive : .background
        while application.applicationState != target {
            switch (application.applicationState, target) {
            case (.background, _):
                post(UIApplication.willEnterForegroundNotification)
                returnToForeground()
            case (.inactive, .active):
                application.applicationState = .active
                post(UIApplication.didBecomeActiveNotification)
            case (.inactive, _):
                application.applicationState = .background
                post(UIApplication.didEnterBackgroundNotification)
            default:
                post(UIApplication.willResignActiveNotification)
                application.applicationState = .inactive
            }
        }
    }

    /// application(_:didDiscardSceneSessions:).
    public func discard(_ sessions: Set<UISceneSession>) {
        for session in sessions { keptSessions[session.persistentIdentifier] = nil }
        send("application:didDiscardSceneSessions:") { $0.application($1, didDiscardSceneSessions: sessions) }
    }
}
#endif
