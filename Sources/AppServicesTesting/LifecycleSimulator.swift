public import AppServices
public import Foundation

/// Drives a composite (or an adapter) through the sequences UIKit produces, and refuses
/// the ones it never produces.
///
/// ```swift
/// let simulator = LifecycleSimulator(driving: composite)
/// try simulator.coldLaunch()                      // will/didFinishLaunching, didBecomeActive
/// try simulator.enterBackground()                 // willResignActive, didEnterBackground
/// let result = try await simulator.deliverSilentPush(push)
/// try simulator.enterForeground()
/// try simulator.terminate()
/// ```
///
/// A step UIKit never takes from the current state throws, and nothing is sent:
///
/// ```swift
/// try simulator.coldLaunch()
/// try simulator.sendNow(.didEnterBackground)      // from active: throws, UIKit resigns active first
/// ```
///
/// The simulator follows UIKit's documented life cycle (see the reference): cold launch to
/// the foreground, launch into the background for a silent push, a background fetch or a
/// background URL session, foreground and background cycles, interruptions (an incoming
/// call: resign active, then become active again), suspension, termination (only while
/// running; a suspended application is ended without a callback), and, for scene-based
/// applications, each scene's connect, foreground, active, background and disconnect.
///
/// It also plays the system's other parts: the notification center (a notification arriving
/// in the foreground, a person's response to one, a launch from one), `BGTaskScheduler`
/// (``backgroundTaskScheduler``: the application registers its background tasks with it
/// while it launches, and the simulator launches and expires their runs), background time
/// (``backgroundTime``, which it can expire), both parts of the target's ``system``, and
/// PushKit (a push, kept in ``incomingPushes`` with the calls of its completion handler; a new
/// token; a token taken back), and CallKit (the provider's actions, reset and audio session;
/// the incoming calls reported, in ``SimulatedSystem/calls``):
///
/// ```swift
/// let simulator = LifecycleSimulator(driving: composite)
/// let succeeded = try await simulator.launchIntoBackground(forBackgroundTask: "com.example.refresh")
/// try simulator.enterForeground()
/// let shown = try await simulator.presentNotification(UserNotification(identifier: "n1"))
/// let report = try await simulator.deliverIncomingPush(PushPayload(type: .voIP))
/// ```
///
/// **One path per step.** The simulator is the one driver and the one judge of which steps
/// are possible; its target (``LifecycleTarget``) only delivers them. The bare composite and
/// `SimulatedUIKit` (an application delegate and its scene delegates, called as UIKit calls
/// them) are targets of the same steps on the same kind of system, so what a test of the
/// services shows on one is what the other shows: the test kit's conformance suite runs one
/// scenario on both and compares what the services heard.
@MainActor
public final class LifecycleSimulator {
    /// The application's state as UIKit sees it.
    public enum State: String, Sendable, Hashable, CustomStringConvertible {
        /// Not launched.
        case notRunning
        /// Between will- and didFinishLaunching.
        case launching
        /// In the foreground, not receiving events.
        case inactive
        /// In the foreground and receiving events.
        case active
        /// Running in the background.
        case background
        /// In memory, not running.
        case suspended
        /// Ended.
        case terminated

        /// The state's name.
        public var description: String { rawValue }
    }

    /// One step UIKit can take.
    public enum Step: Sendable, CustomStringConvertible {
        /// `application(_:willFinishLaunchingWithOptions:)`.
        case willFinishLaunching(LaunchOptions)
        /// `application(_:didFinishLaunchingWithOptions:)`; `launchedInBackground` in the
        /// options decides the state it leaves.
        case didFinishLaunching(LaunchOptions)
        /// `applicationDidBecomeActive(_:)`.
        case didBecomeActive
        /// `applicationWillResignActive(_:)`.
        case willResignActive
        /// `applicationDidEnterBackground(_:)`.
        case didEnterBackground
        /// `applicationWillEnterForeground(_:)`.
        case willEnterForeground
        /// `applicationWillTerminate(_:)`.
        case willTerminate
        /// `applicationDidReceiveMemoryWarning(_:)`, while the application runs.
        case didReceiveMemoryWarning
        /// iOS 27's `systemPrefersReducedResourceUsageDidChangeNotification`: the system's
        /// preference for reduced resource usage changed to the value given, while the
        /// application runs.
        case systemPrefersReducedResourceUsageDidChange(Bool)
        /// `application(_:open:options:)`: a URL opened in an application without scenes, in
        /// the foreground (``LifecycleSimulator/openURL(_:options:)`` brings it there first).
        /// Answers ``Answer/handled(_:)``.
        case openURL(URL, OpenURLOptions)
        /// `application(_:continue:restorationHandler:)`: a user activity continued in an
        /// application without scenes, in the foreground. Answers ``Answer/handled(_:)``.
        case continueUserActivity(UserActivity)
        /// `application(_:performActionFor:completionHandler:)`: a quick action in an
        /// application without scenes, in the foreground. Answers ``Answer/handled(_:)`` once
        /// its completion handler is called.
        case performShortcutItem(ShortcutItem)
        /// The system suspends the application (no callback).
        case suspend
        /// A silent remote notification.
        case remoteNotification(RemoteNotification)
        /// A background fetch.
        case backgroundFetch
        /// Events for the background URL session with this identifier.
        case backgroundURLSession(String)
        /// `scene(_:willConnectTo:options:)`.
        case sceneWillConnect(SceneInfo, SceneConnectionOptions)
        /// `sceneWillEnterForeground(_:)`.
        case sceneWillEnterForeground(SceneInfo)
        /// `sceneDidBecomeActive(_:)`.
        case sceneDidBecomeActive(SceneInfo)
        /// `sceneWillResignActive(_:)`.
        case sceneWillResignActive(SceneInfo)
        /// `sceneDidEnterBackground(_:)`.
        case sceneDidEnterBackground(SceneInfo)
        /// `sceneDidDisconnect(_:)`.
        case sceneDidDisconnect(SceneInfo)
        /// `application(_:didDiscardSceneSessions:)`: the person closed these scenes in the
        /// application switcher; sent while the application runs.
        case didDiscardSceneSessions(Set<SceneSession>)
        /// `scene(_:openURLContexts:)`: URLs opened in a connected scene in the foreground
        /// (``LifecycleSimulator/openURL(_:in:options:)`` brings a background scene there
        /// first).
        case sceneOpenURLContexts(SceneInfo, Set<OpenURLContext>)
        /// `scene(_:continue:)`: a user activity (Handoff, Spotlight, a universal link)
        /// continued in a connected scene in the foreground.
        case sceneContinueUserActivity(SceneInfo, UserActivity)
        /// `windowScene(_:performActionFor:completionHandler:)`: a quick action in a connected
        /// scene in the foreground. Answers ``Answer/handled(_:)`` once its completion handler
        /// is called.
        case scenePerformShortcutItem(SceneInfo, ShortcutItem)
        /// `windowScene(_:didUpdateEffectiveGeometry:)`: a foreground window scene's geometry
        /// changed (rotated, resized); the change says what it was before.
        case sceneGeometryDidChange(SceneInfo, WindowSceneGeometryChange)
        /// The window scene delegate's `supportedInterfaceOrientations(for:)` (iOS 27): UIKit
        /// asks a foreground window scene which orientations it supports. Answers
        /// ``Answer/orientations(_:)``.
        case sceneSupportedInterfaceOrientations(SceneInfo)
        /// `templateApplicationScene(_:didConnect:to:)` (`.window`) or
        /// `templateApplicationScene(_:didConnect:)` (`.templates`): CarPlay connects the
        /// interface controller of a connected CarPlay scene (one whose session's role is
        /// `SceneSessionRole.carTemplateApplication`).
        case carPlayDidConnect(SceneInfo, CarPlayConnection)
        /// CarPlay disconnects the interface controller of a CarPlay scene, in the form it
        /// connected it in (`templateApplicationScene(_:didDisconnect:from:)` or
        /// `templateApplicationScene(_:didDisconnectInterfaceController:)`).
        case carPlayDidDisconnect(SceneInfo)
        /// `templateApplicationScene(_:didSelect:)` with a navigation alert: a person tapped
        /// the banner of one, in a navigation application (connected with a window) whose
        /// CarPlay scene is in the foreground.
        case carPlayDidSelectNavigationAlert(SceneInfo)
        /// `templateApplicationScene(_:didSelect:)` with a maneuver, as for a navigation alert.
        case carPlayDidSelectManeuver(SceneInfo)
        /// `contentStyleDidChange(_:)`: the car suggests another content style for a CarPlay
        /// scene whose interface controller is connected.
        case carPlayContentStyleDidChange(SceneInfo, UserInterfaceStyle)
        /// `userNotificationCenter(_:willPresent:withCompletionHandler:)`: a notification
        /// arrives while the application is in the foreground. Answers ``Answer/presentation(_:)``.
        case willPresentNotification(UserNotification)
        /// `userNotificationCenter(_:didReceive:withCompletionHandler:)`: a person opened,
        /// dismissed or chose an action on a notification (waking a suspended application).
        case didReceiveNotificationResponse(NotificationResponse)
        /// `userNotificationCenter(_:openSettingsFor:)`: a person asked, from the system's
        /// settings, for the application's notification settings, from `notification` if any.
        case openNotificationSettings(UserNotification?)
        /// The system launches a run of the background task with this identifier, registered
        /// with ``LifecycleSimulator/backgroundTaskScheduler``, in the background (waking a
        /// suspended application). The run is appended to
        /// ``LifecycleSimulator/backgroundTaskRuns``.
        case launchBackgroundTask(String)
        /// The system takes the time of every background-task run not completed yet back:
        /// each run's `expirationHandler` is called.
        case expireBackgroundTasks
        /// The application's background time runs out: the expiration handler of every open
        /// `beginBackgroundTask` assertion of ``LifecycleSimulator/backgroundTime`` is called.
        case expireBackgroundTime
        /// `pushRegistry(_:didReceiveIncomingPushWith:for:completion:)`: PushKit delivers a
        /// push (waking a suspended application). The push is appended to
        /// ``LifecycleSimulator/incomingPushes``; ``LifecycleSimulator/send(_:)`` waits for its
        /// completion and answers ``Answer/incomingPush(_:)``, ``LifecycleSimulator/sendNow(_:)``
        /// does not wait.
        case didReceiveIncomingPush(PushPayload)
        /// `pushRegistry(_:didUpdate:for:)`: PushKit gives a new token for a push type.
        case didUpdatePushCredentials(PushCredentials)
        /// `pushRegistry(_:didInvalidatePushTokenFor:)`: PushKit takes a push type's token back.
        case didInvalidatePushToken(PushType)
        /// `providerDidBegin(_:)`: CallKit's provider is ready.
        case callProviderDidBegin
        /// `providerDidReset(_:)`: CallKit reset the provider; every call ended.
        case callProviderDidReset
        /// `provider(_:perform:)`: CallKit asks the application to perform an action on a call
        /// (waking a suspended application). ``LifecycleSimulator/send(_:)`` waits until the
        /// action is fulfilled or failed and answers ``Answer/callAction(_:)``.
        case callAction(CallAction)
        /// `provider(_:timedOutPerforming:)`: CallKit gave up on an action.
        case callActionTimedOut(CallAction)
        /// `provider(_:didActivate:)`: CallKit activated the call's audio session.
        case callAudioSessionDidActivate
        /// `provider(_:didDeactivate:)`: CallKit deactivated the call's audio session.
        case callAudioSessionDidDeactivate
        /// The application begins a session (a sign-in): no system callback, the application's
        /// own step (`ServiceComposite.beginSession(_:makeCurrent:)`). Answers
        /// ``Answer/refused(_:)`` when the composite refuses it.
        case beginSession(SessionInfo)
        /// The application ends the session with the identifier (a sign-out). Answers
        /// ``Answer/refused(_:)`` when the composite refuses it.
        case endSession(String)
        /// The application switches to another session (an account switch). Answers
        /// ``Answer/refused(_:)`` when the composite refuses it.
        case switchSession(SessionInfo)
        /// A gate's owner closes it (`open: false`, a lock) or opens it (`open: true`, an
        /// unlock).
        case setGate(any AppGate.Type, open: Bool)

        /// The step's name, with the scene for scene steps.
        public var description: String {
            switch self {
            case .willFinishLaunching: return "willFinishLaunching"
            case .didFinishLaunching(let options):
                return options.launchedInBackground ? "didFinishLaunching(in background)" : "didFinishLaunching"
            case .didBecomeActive: return "didBecomeActive"
            case .willResignActive: return "willResignActive"
            case .didEnterBackground: return "didEnterBackground"
            case .willEnterForeground: return "willEnterForeground"
            case .willTerminate: return "willTerminate"
            case .didReceiveMemoryWarning: return "didReceiveMemoryWarning"
            case .systemPrefersReducedResourceUsageDidChange(let prefers):
                return "systemPrefersReducedResourceUsageDidChange(\(prefers))"
            case .openURL(let url, _): return "openURL(\(url.absoluteString))"
            case .continueUserActivity(let activity): return "continueUserActivity(\(activity.activityType))"
            case .performShortcutItem(let item): return "performShortcutItem(\(item.type))"
            case .suspend: return "suspend"
            case .remoteNotification: return "didReceiveRemoteNotification"
            case .backgroundFetch: return "performFetch"
            case .backgroundURLSession: return "handleEventsForBackgroundURLSession"
            case .sceneWillConnect(let scene, _): return "sceneWillConnect(\(scene.identifier))"
            case .sceneWillEnterForeground(let scene): return "sceneWillEnterForeground(\(scene.identifier))"
            case .sceneDidBecomeActive(let scene): return "sceneDidBecomeActive(\(scene.identifier))"
            case .sceneWillResignActive(let scene): return "sceneWillResignActive(\(scene.identifier))"
            case .sceneDidEnterBackground(let scene): return "sceneDidEnterBackground(\(scene.identifier))"
            case .sceneDidDisconnect(let scene): return "sceneDidDisconnect(\(scene.identifier))"
            case .didDiscardSceneSessions(let sessions):
                return
                    "didDiscardSceneSessions(\(sessions.map(\.persistentIdentifier).sorted().joined(separator: ", ")))"
            case .sceneOpenURLContexts(let scene, _): return "sceneOpenURLContexts(\(scene.identifier))"
            case .sceneContinueUserActivity(let scene, let activity):
                return "sceneContinueUserActivity(\(scene.identifier), \(activity.activityType))"
            case .scenePerformShortcutItem(let scene, let item):
                return "scenePerformShortcutItem(\(scene.identifier), \(item.type))"
            case .sceneGeometryDidChange(let scene, _): return "sceneGeometryDidChange(\(scene.identifier))"
            case .sceneSupportedInterfaceOrientations(let scene):
                return "sceneSupportedInterfaceOrientations(\(scene.identifier))"
            case .carPlayDidConnect(let scene, let connection):
                return (connection.hasWindow ? "carPlayDidConnectToWindow" : "carPlayDidConnect")
                    + "(\(scene.identifier))"
            case .carPlayDidDisconnect(let scene): return "carPlayDidDisconnect(\(scene.identifier))"
            case .carPlayDidSelectNavigationAlert(let scene):
                return "carPlayDidSelectNavigationAlert(\(scene.identifier))"
            case .carPlayDidSelectManeuver(let scene): return "carPlayDidSelectManeuver(\(scene.identifier))"
            case .carPlayContentStyleDidChange(let scene, let style):
                return "carPlayContentStyleDidChange(\(scene.identifier), \(style))"
            case .willPresentNotification: return "willPresentNotification"
            case .didReceiveNotificationResponse: return "didReceiveNotificationResponse"
            case .openNotificationSettings: return "openNotificationSettings"
            case .launchBackgroundTask(let identifier): return "launchBackgroundTask(\(identifier))"
            case .expireBackgroundTasks: return "expireBackgroundTasks"
            case .expireBackgroundTime: return "expireBackgroundTime"
            case .didReceiveIncomingPush: return "didReceiveIncomingPush"
            case .didUpdatePushCredentials: return "didUpdatePushCredentials"
            case .didInvalidatePushToken: return "didInvalidatePushToken"
            case .callProviderDidBegin: return "callProviderDidBegin"
            case .callProviderDidReset: return "callProviderDidReset"
            case .callAction(let action): return "callAction(\(action.kind))"
            case .callActionTimedOut(let action): return "callActionTimedOut(\(action.kind))"
            case .callAudioSessionDidActivate: return "callAudioSessionDidActivate"
            case .callAudioSessionDidDeactivate: return "callAudioSessionDidDeactivate"
            case .beginSession(let session): return "beginSession(\(session.identifier))"
            case .endSession(let identifier): return "endSession(\(identifier))"
            case .switchSession(let session): return "switchSession(\(session.identifier))"
            case .setGate(let gate, let open): return "\(open ? "openGate" : "closeGate")(\(gate))"
            }
        }
    }

    /// What a step answered, for steps that answer.
    public enum Answer: Sendable, Hashable {
        /// A launch step's Boolean.
        case launch(Bool)
        /// A silent push's or background fetch's result.
        case fetch(BackgroundFetchResult)
        /// How a notification that arrived in the foreground is shown: the union of the
        /// options of the services that heard it.
        case presentation(NotificationPresentationOptions)
        /// What the services reported for a PushKit push, when its completion handler was
        /// called; `nil` when the target cannot tell (PushKit's completion handler carries no
        /// answer, so a platform adapter's does not say).
        case incomingPush(VoIPCallReport?)
        /// What the application told CallKit about an action: fulfilled or failed; `nil` when
        /// the target cannot tell (no provider received it).
        case callAction(CallAction.Outcome?)
        /// Whether a URL, a user activity or a quick action was handled.
        case handled(Bool)
        /// The orientations a window scene supports; `nil` when nothing answered and the
        /// Info.plist decides.
        case orientations(InterfaceOrientationMask?)
        /// The composite refused a session step, with its error: a session that lives
        /// already, or one that does not.
        case refused(ServiceCompositeError)
    }

    private let target: any LifecycleTarget
    /// The application's state.
    public private(set) var state: State = .notRunning
    /// Each connected scene's state, by identifier.
    public private(set) var sceneStates: [String: SceneState] = [:]
    /// Each scene as the last step that named it described it (its role, configuration and
    /// title), by identifier: the steps the simulator takes for the scenes themselves
    /// (``enterBackground()``, ``enterForeground()``) describe them so.
    private var sceneDescriptions: [String: SceneInfo] = [:]
    /// How the interface controller of each CarPlay scene is connected, by scene identifier;
    /// a CarPlay scene whose interface controller is not connected has no entry.
    public private(set) var carPlayConnections: [String: CarPlayConnection] = [:]
    /// The identifiers of the connected CarPlay scenes (whose session's role is
    /// `SceneSessionRole.carTemplateApplication`).
    private var carPlayScenes: Set<String> = []
    /// The notification responses delivered so far, to date those delivered again.
    var notificationDeliveries = NotificationDeliveries()
    /// Every step taken, in order.
    public private(set) var history: [String] = []
    /// Every PushKit push the simulator delivered, in order, each with the calls of its
    /// completion handler.
    public private(set) var incomingPushes: [SimulatedIncomingPush] = []
    /// Every CallKit action delivered (``Step/callAction(_:)``), in order, each with the
    /// outcomes the application gave it.
    public private(set) var callActions: [SimulatedCallAction] = []

    /// The simulated system the target's application runs on.
    public var system: SimulatedSystem { target.system }

    /// The simulated `BGTaskScheduler` (the ``system``'s): the application registers its
    /// background tasks with it while it launches and submits its requests to it;
    /// ``Step/launchBackgroundTask(_:)`` runs them.
    public var backgroundTaskScheduler: SimulatedTaskScheduler { system.backgroundTasks }

    /// Every background-task run the simulator launched, in order, each with its
    /// `setTaskCompleted(success:)` calls.
    public var backgroundTaskRuns: [SimulatedBackgroundTaskRun] { system.backgroundTasks.runs }

    /// The simulated background time (`beginBackgroundTask`, the ``system``'s), which records
    /// every assertion and which ``Step/expireBackgroundTime`` expires.
    public var backgroundTime: SimulatedBackgroundTime { system.backgroundTime }

    /// Creates a simulator that drives `composite` on `system`.
    ///
    /// The composite registers its background tasks with the system's scheduler when it
    /// launches (before its services hear `willFinishLaunching`), and its
    /// `ServiceComposite/backgroundTime` becomes the system's, replacing any.
    public convenience init(driving composite: ServiceComposite, system: SimulatedSystem = SimulatedSystem()) {
        self.init(driving: CompositeTarget(composite, system: system))
    }

    /// Creates a simulator that drives `target`, such as a simulated UIKit, on the target's
    /// ``LifecycleTarget/system``.
    public init(driving target: any LifecycleTarget) {
        self.target = target
    }

    /// Whether the application is scene-based: a scene has connected, or the target declares
    /// scenes (a simulated UIKit whose Info.plist has a `UIApplicationSceneManifest`), also
    /// before its first scene connects. UIKit then reports foreground and background through
    /// the scenes, not the application, and hands a URL, a user activity, a quick action or a
    /// notification tap to a scene: after a launch into the background, a scene connects
    /// with it in its connection options (``connect(_:options:)``).
    public var usesScenes: Bool {
        !sceneStates.isEmpty || (target as? any SceneDeclaringTarget)?.declaresScenes == true
    }

    /// Refuses `sequence`, a launch in front of the user without a scene, for an application
    /// that declares scenes: UIKit launches such an application into the background state
    /// and connects a scene, which brings it forward; nothing is sent then.
    func refuseSceneLessLaunch(_ sequence: String) throws(LifecycleSimulatorError) {
        guard (target as? any SceneDeclaringTarget)?.declaresScenes == true else { return }
        throw LifecycleSimulatorError(
            step: sequence,
            state: "the application declares scenes (a UIApplicationSceneManifest in its Info.plist), so UIKit "
                + "launches it with a scene",
            possibleSteps: ["coldLaunch(connecting:)", "coldLaunch(connecting:respondingTo:)"]
        )
    }

    /// Whether the target is one that says whether it declares scenes, and does not: UIKit
    /// connects no scene to such an application.
    private var declaresNoScenes: Bool { (target as? any SceneDeclaringTarget)?.declaresScenes == false }

    // MARK: - One step

    /// Takes one step, after checking that UIKit could take it now, and waits for its answer.
    ///
    /// - Returns: The step's answer, for steps that answer (launch steps, silent pushes and
    ///   fetches, notifications, pushes, URLs, activities and quick actions).
    /// - Throws: ``LifecycleSimulatorError`` naming the step, the state, and the steps UIKit
    ///   could take instead; nothing is sent then.
    @discardableResult
    public func send(_ step: Step) async throws(LifecycleSimulatorError) -> Answer? {
        try await start(step).value()
    }

    /// Takes one step, after checking that UIKit could take it now, and returns its answer
    /// to wait for later.
    func start(_ step: Step) throws(LifecycleSimulatorError) -> PendingAnswer {
        try check(step)
        let pending = PendingAnswer()
        take(step) { pending.resume($0) }
        return pending
    }

    /// ``start(_:)``, returning once the services' handlers have begun: for what UIKit does
    /// before a completion handler is called (a tap's response is delivered while the
    /// application is inactive, and it becomes active as the delegate method returns, not
    /// when the services finish). From iOS 26 the handlers begin within the delegate method
    /// (`Task.immediate`); before, on the main actor's next turn, which the simulator gives
    /// them before it takes the next step.
    func startAndLetBegin(_ step: Step) async throws(LifecycleSimulatorError) -> PendingAnswer {
        let pending = try start(step)
        await Task.yield()
        return pending
    }

    /// Takes one step without waiting for a completion handler, after checking that UIKit
    /// could take it now.
    ///
    /// - Returns: The step's answer when it has one at once (launch steps, URLs and
    ///   activities); `nil` for a step whose answer comes with a completion handler (a silent
    ///   push, a notification), which this does not wait for. A PushKit push's completion is
    ///   recorded in ``incomingPushes`` all the same.
    /// - Throws: ``LifecycleSimulatorError`` as ``send(_:)``.
    @discardableResult
    public func sendNow(_ step: Step) throws(LifecycleSimulatorError) -> Answer? {
        try check(step)
        var answer: Answer?
        take(step) { answer = answer ?? $0 }
        return answer
    }

    // MARK: - Sequences

    /// Cold launch to the foreground of an application without scenes: will/didFinishLaunching,
    /// then what the launch options carry, as UIKit delivers it when launch answered `true`
    /// (the URL to `application(_:open:options:)`, the quick action to
    /// `application(_:performActionFor:completionHandler:)`, the user activity to
    /// `application(_:continue:restorationHandler:)`), then didBecomeActive.
    ///
    /// - Returns: Whether launch went ahead (the merged launch answer).
    @discardableResult
    public func coldLaunch(_ options: LaunchOptions = LaunchOptions()) throws(LifecycleSimulatorError) -> Bool {
        try refuseSceneLessLaunch("coldLaunch()")
        let will = try sendNow(.willFinishLaunching(options))
        let did = try sendNow(.didFinishLaunching(options))
        let launched = will == .launch(true) && did == .launch(true)
        if launched { try deliverLaunchItems(of: options) }
        try sendNow(.didBecomeActive)
        return launched
    }

    /// What `options` carry that a scene-based launch in front of the user never has in
    /// its launch options, and where UIKit puts it instead.
    private static func misplacedInSceneLaunch(_ options: LaunchOptions) -> (what: String, instead: String)? {
        let connection = "coldLaunch(connecting:options:connectionOptions:) with it in SceneConnectionOptions"
        if options.url != nil || options.sourceApplication != nil { return ("a URL", "\(connection)(urlContexts:)") }
        if options.shortcutItem != nil { return ("a quick action", "\(connection)(shortcutItem:)") }
        if options.userActivityType != nil { return ("a user activity", "\(connection)(userActivities:)") }
        if options.remoteNotification != nil {
            return (
                "a notification",
                "coldLaunch(connecting:respondingTo:) for a tap, launchIntoBackground(for:) for a silent push"
            )
        }
        if options.isLocationEvent { return ("a location event", "a launch into the background, without a scene") }
        return nil
    }

    /// What UIKit delivers after a launch that went ahead, from its launch options.
    private func deliverLaunchItems(of options: LaunchOptions) throws(LifecycleSimulatorError) {
        if let url = options.url {
            try sendNow(.openURL(url, OpenURLOptions(sourceApplication: options.sourceApplication)))
        }
        if let type = options.userActivityType { try sendNow(.continueUserActivity(UserActivity(activityType: type))) }
        if let item = options.shortcutItem { try sendNow(.performShortcutItem(item)) }
    }

    /// Cold launch of a scene-based application: will/didFinishLaunching, then `scene`
    /// connects (with `connectionOptions`, which the composite delivers to the services that
    /// handle them), enters the foreground and becomes active.
    ///
    /// As UIKit does for every scene-based launch, whatever launched it, the launch itself
    /// is in the background state (`options` are sent with
    /// `LaunchOptions.launchedInBackground` set): a service that reads the application's
    /// state or the launch reason during `didFinishLaunching` sees what it sees on a device,
    /// and the scene's connection says the launch was in front of the user.
    ///
    /// - Throws: ``LifecycleSimulatorError`` when `options` carry a URL, a quick action, a
    ///   user activity, a notification or a location event: UIKit hands a scene-based
    ///   application the first four in `connectionOptions`, and launches it into the
    ///   background for the last. The error says where to put it.
    @discardableResult
    public func coldLaunch(
        connecting scene: SceneInfo,
        options: LaunchOptions = LaunchOptions(),
        connectionOptions: SceneConnectionOptions = SceneConnectionOptions()
    ) throws(LifecycleSimulatorError) -> Bool {
        let launched = try launchBeforeScenes(options)
        try connect(scene, options: connectionOptions)
        return launched
    }

    /// will/didFinishLaunching of a scene-based application, which UIKit sends in the
    /// background state whatever launched it (its scenes connect after); whether launch
    /// went ahead (the merged launch answer).
    ///
    /// - Throws: ``LifecycleSimulatorError`` when `options` carry what UIKit hands a
    ///   scene-based application in its scene's connection options instead (a URL, a quick
    ///   action, a user activity, a notification), or what only a launch into the background
    ///   carries (a location event); nothing is sent then.
    func launchBeforeScenes(_ options: LaunchOptions) throws(LifecycleSimulatorError) -> Bool {
        if let misplaced = Self.misplacedInSceneLaunch(options) {
            throw LifecycleSimulatorError(
                step: "didFinishLaunching with \(misplaced.what) in its launch options",
                state: "launching a scene-based application in front of the user",
                possibleSteps: [misplaced.instead]
            )
        }
        var options = options
        options.launchedInBackground = true
        (target as? any SceneDeclaringTarget)?.declareScenes()
        let will = try sendNow(.willFinishLaunching(options))
        let did = try sendNow(.didFinishLaunching(options))
        return will == .launch(true) && did == .launch(true)
    }

    /// Launch into the background to deliver a silent push: will/didFinishLaunching in the
    /// background with the push's payload in their options (`LaunchOptions/remoteNotification`,
    /// so the launch's reason is `LaunchReason.silentPush`), then the notification.
    public func launchIntoBackground(
        for notification: RemoteNotification
    ) async throws(LifecycleSimulatorError)
        -> BackgroundFetchResult
    {
        try launchInBackground(LaunchOptions(remoteNotification: notification.userInfo, launchedInBackground: true))
        return try await deliverSilentPush(notification)
    }

    /// Launch into the background for a background fetch.
    public func launchIntoBackgroundForFetch() async throws(LifecycleSimulatorError) -> BackgroundFetchResult {
        try launchInBackground()
        return try await performBackgroundFetch()
    }

    /// Launch into the background for the events of a background URL session.
    public func launchIntoBackground(forURLSession identifier: String) async throws(LifecycleSimulatorError) {
        try launchInBackground()
        try await send(.backgroundURLSession(identifier))
    }

    /// Delivers a silent push in the current state (waking a suspended application).
    public func deliverSilentPush(
        _ notification: RemoteNotification
    ) async throws(LifecycleSimulatorError)
        -> BackgroundFetchResult
    {
        Self.fetchResult(try await send(.remoteNotification(notification)))
    }

    /// Performs a background fetch (in the background or suspended).
    public func performBackgroundFetch() async throws(LifecycleSimulatorError) -> BackgroundFetchResult {
        Self.fetchResult(try await send(.backgroundFetch))
    }

    /// A fetch-style answer's result; `.noData` for a target that answered nothing, as UIKit
    /// ends the background time of an application that does not claim the callback.
    private static func fetchResult(_ answer: Answer?) -> BackgroundFetchResult {
        guard case .fetch(let result) = answer else { return .noData }
        return result
    }

    /// Foreground to background: willResignActive, didEnterBackground (for a scene-based
    /// application, every foreground scene goes).
    ///
    /// - Throws: ``LifecycleSimulatorError`` when the application is not in the foreground
    ///   (for a scene-based application: no scene is); nothing is sent then.
    public func enterBackground() throws(LifecycleSimulatorError) {
        guard usesScenes else {
            try sendNow(.willResignActive)
            try sendNow(.didEnterBackground)
            return
        }
        let going = connectedScenes(in: [.foregroundActive, .foregroundInactive])
        guard !going.isEmpty else { throw noScene(for: "enterBackground()", in: "the foreground") }
        for scene in going { try sceneToBackground(scene) }
    }

    /// Background (or suspended) to foreground: willEnterForeground, didBecomeActive (for a
    /// scene-based application, every background scene comes back).
    ///
    /// - Throws: ``LifecycleSimulatorError`` when the application is not in the background
    ///   or suspended (for a scene-based application: no scene is in the background);
    ///   nothing is sent then.
    public func enterForeground() throws(LifecycleSimulatorError) {
        guard usesScenes else {
            try sendNow(.willEnterForeground)
            try sendNow(.didBecomeActive)
            return
        }
        let coming = connectedScenes(in: [.background])
        guard !coming.isEmpty else { throw noScene(for: "enterForeground()", in: "the background") }
        if state == .suspended { state = .background }
        for scene in coming { try sceneToForeground(scene) }
    }

    /// The error of a sequence that moves the scenes in `place`, when none is there: it
    /// names the sequence, each scene's state, and the sequences that could be taken.
    private func noScene(for sequence: String, in place: String) -> LifecycleSimulatorError {
        let scenes = sceneStates.sorted { $0.key < $1.key }.map { "scene \($0.key) is \($0.value)" }
        var possible: [String] = []
        if !connectedScenes(in: [.foregroundActive, .foregroundInactive]).isEmpty {
            possible.append("enterBackground()")
        }
        if !connectedScenes(in: [.background]).isEmpty { possible.append("enterForeground()") }
        // With no scene connected (a launch into the background), the person opening the
        // application connects one.
        if state != .launching && state != .notRunning && state != .terminated,
            sceneStates.values.allSatisfy({ $0 == .disconnected })
        {
            possible.append("connect(_:options:)")
        }
        return LifecycleSimulatorError(
            step: sequence,
            state: "the application is \(state), no scene is in \(place) (\(scenes.joined(separator: ", ")))",
            possibleSteps: possible
        )
    }

    /// A stay in the background of `duration`: the application goes to the background (every
    /// foreground scene, for a scene-based application), `clock` (the composite's) advances
    /// by `duration`, and it comes back. A gate that closes after a time in the background
    /// (`AppGate.closesAfterBackground`) has closed before the services hear of the
    /// return.
    public func stayInBackground(for duration: Duration, advancing clock: TestClock) throws(LifecycleSimulatorError) {
        try enterBackground()
        clock.advance(by: duration)
        try enterForeground()
    }

    /// A sign-in: the application begins `session` (``Step/beginSession(_:)``).
    ///
    /// - Throws: ``LifecycleSimulatorError`` before launch; `ServiceCompositeError` when the
    ///   composite refuses it (a session with that identifier lives).
    public func beginSession(_ session: SessionInfo) throws {
        if case .refused(let error) = try sendNow(.beginSession(session)) { throw error }
    }

    /// A sign-out: the application ends the session named `identifier` (``Step/endSession(_:)``).
    ///
    /// - Throws: ``LifecycleSimulatorError`` before launch; `ServiceCompositeError` when the
    ///   composite refuses it (no such session lives).
    public func endSession(_ identifier: String) throws {
        if case .refused(let error) = try sendNow(.endSession(identifier)) { throw error }
    }

    /// An account switch: the application ends the current session and begins `session`
    /// (``Step/switchSession(_:)``).
    ///
    /// - Throws: ``LifecycleSimulatorError`` before launch; `ServiceCompositeError` when the
    ///   composite refuses it.
    public func switchSession(to session: SessionInfo) throws {
        if case .refused(let error) = try sendNow(.switchSession(session)) { throw error }
    }

    /// A lock: `gate`'s owner closes it (``Step/setGate(_:open:)``).
    public func close<Gate: AppGate>(_ gate: Gate.Type) throws(LifecycleSimulatorError) {
        try sendNow(.setGate(gate, open: false))
    }

    /// An unlock: `gate`'s owner opens it, and the work held for it runs.
    public func open<Gate: AppGate>(_ gate: Gate.Type) throws(LifecycleSimulatorError) {
        try sendNow(.setGate(gate, open: true))
    }

    /// An interruption such as an incoming call: willResignActive, then didBecomeActive,
    /// without a background transition.
    public func interrupt() throws(LifecycleSimulatorError) {
        try sendNow(.willResignActive)
        try sendNow(.didBecomeActive)
    }

    /// The system suspends the application (in the background; no callback).
    ///
    /// The system suspends an application only once its background time and its background
    /// tasks' runs have ended; this does not end them: expire them first
    /// (``expireBackgroundTime()``, ``expireBackgroundTasks()``) for a test of what the
    /// application does when they run out.
    public func suspend() throws(LifecycleSimulatorError) {
        try sendNow(.suspend)
    }

    /// The application ends: willTerminate while it runs; a suspended application is ended
    /// without any callback. UIKit never ends an application in the foreground: the app
    /// switcher, where a person ends it, takes it to the background first. From the
    /// foreground, so does this: willResignActive and didEnterBackground first (for a
    /// scene-based application, every foreground scene goes), then willTerminate.
    public func terminate() throws(LifecycleSimulatorError) {
        if state == .suspended {
            history.append("ended while suspended (no callback)")
            state = .terminated
            return
        }
        if usesScenes {
            for scene in connectedScenes(in: [.foregroundActive, .foregroundInactive]) { try sceneToBackground(scene) }
        } else {
            if state == .active { try sendNow(.willResignActive) }
            if state == .inactive { try sendNow(.didEnterBackground) }
        }
        try sendNow(.willTerminate)
    }

    /// The system warns of low memory while the application runs.
    public func receiveMemoryWarning() throws(LifecycleSimulatorError) {
        try sendNow(.didReceiveMemoryWarning)
    }

    /// The system starts or stops preferring reduced resource usage (iOS 27).
    public func setSystemPrefersReducedResourceUsage(_ prefers: Bool) throws(LifecycleSimulatorError) {
        try sendNow(.systemPrefersReducedResourceUsageDidChange(prefers))
    }

    /// A foreground window scene's geometry changes (it rotates, or a person resizes it).
    public func changeGeometry(
        of scene: SceneInfo,
        previous: WindowSceneGeometryChange
    ) throws(LifecycleSimulatorError) {
        try sendNow(.sceneGeometryDidChange(scene, previous))
    }

    /// UIKit asks a foreground window scene which orientations it supports (iOS 27).
    ///
    /// - Returns: The merged answer; `nil` when nothing answered and the Info.plist decides.
    public func supportedInterfaceOrientations(
        of scene: SceneInfo
    ) throws(LifecycleSimulatorError)
        -> InterfaceOrientationMask?
    {
        guard case .orientations(let mask) = try sendNow(.sceneSupportedInterfaceOrientations(scene)) else {
            return nil
        }
        return mask
    }

    /// A scene connects, enters the foreground and becomes active.
    public func connect(
        _ scene: SceneInfo,
        options: SceneConnectionOptions = SceneConnectionOptions()
    )
        throws(LifecycleSimulatorError)
    {
        var options = options
        options.notificationResponse = options.notificationResponse.map(delivery)
        try sendNow(.sceneWillConnect(scene, options))
        try sceneToForeground(scene)
    }

    /// A foreground scene resigns active and enters the background.
    public func sceneToBackground(_ scene: SceneInfo) throws(LifecycleSimulatorError) {
        if sceneStates[scene.identifier] == .foregroundActive { try sendNow(.sceneWillResignActive(scene)) }
        try sendNow(.sceneDidEnterBackground(scene))
    }

    /// A background (or just connected) scene enters the foreground and becomes active.
    public func sceneToForeground(_ scene: SceneInfo) throws(LifecycleSimulatorError) {
        try sendNow(.sceneWillEnterForeground(scene))
        try sendNow(.sceneDidBecomeActive(scene))
    }

    /// A scene is closed: it goes to the background if needed, then disconnects. A CarPlay
    /// scene's interface controller disconnects first, if it is connected.
    public func close(_ scene: SceneInfo) throws(LifecycleSimulatorError) {
        if let current = sceneStates[scene.identifier], current == .foregroundActive || current == .foregroundInactive {
            try sceneToBackground(scene)
        }
        if carPlayConnections[scene.identifier] != nil { try sendNow(.carPlayDidDisconnect(scene)) }
        try sendNow(.sceneDidDisconnect(scene))
    }

    /// The person removes scenes in the application switcher: their sessions are discarded.
    public func discardSceneSessions(_ sessions: Set<SceneSession>) throws(LifecycleSimulatorError) {
        try sendNow(.didDiscardSceneSessions(sessions))
    }

    /// Launch into the background with nothing delivered yet: will/didFinishLaunching in the
    /// background, as for a background task or a notification action handled in the
    /// background.
    public func launchIntoBackground() throws(LifecycleSimulatorError) {
        try launchInBackground()
    }

    private func launchInBackground(
        _ options: LaunchOptions = LaunchOptions(launchedInBackground: true)
    ) throws(LifecycleSimulatorError) {
        try sendNow(.willFinishLaunching(options))
        try sendNow(.didFinishLaunching(options))
    }

    func connectedScenes(in states: [SceneState]) -> [SceneInfo] {
        sceneStates.filter { states.contains($0.value) }.keys.sorted().map { identifier in
            sceneDescriptions[identifier] ?? SceneInfo(session: SceneSession(persistentIdentifier: identifier))
        }
    }

    // MARK: - URLs, activities, quick actions

    /// A URL opened in an application without scenes: from the background (or suspended) it
    /// comes to the foreground first and the URL arrives while it is inactive, as UIKit does
    /// (`willEnterForeground`, the URL, `didBecomeActive`); in the foreground it arrives at
    /// once.
    ///
    /// - Returns: Whether a service opened it.
    @discardableResult
    public func openURL(_ url: URL, options: OpenURLOptions = OpenURLOptions()) throws(LifecycleSimulatorError) -> Bool
    {
        try inForeground("openURL(_:options:)") { () throws(LifecycleSimulatorError) in
            try sendNow(.openURL(url, options))
        } == .handled(true)
    }

    /// A URL opened in `scene`: a background scene comes to the foreground first and the URL
    /// arrives while it is inactive (`sceneWillEnterForeground`, `scene(_:openURLContexts:)`,
    /// `sceneDidBecomeActive`), as UIKit does for a warm link.
    public func openURL(
        _ url: URL,
        in scene: SceneInfo,
        options: OpenURLOptions = OpenURLOptions()
    ) throws(LifecycleSimulatorError) {
        try inForeground(scene) { () throws(LifecycleSimulatorError) in
            try sendNow(.sceneOpenURLContexts(scene, [OpenURLContext(url: url, options: options)]))
        }
    }

    /// A user activity continued in an application without scenes, brought to the foreground
    /// as for ``openURL(_:options:)``.
    ///
    /// - Returns: Whether a service handled it.
    @discardableResult
    public func continueUserActivity(_ activity: UserActivity) throws(LifecycleSimulatorError) -> Bool {
        try inForeground("continueUserActivity(_:)") { () throws(LifecycleSimulatorError) in
            try sendNow(.continueUserActivity(activity))
        } == .handled(true)
    }

    /// A user activity continued in `scene`, brought to the foreground as for
    /// ``openURL(_:in:options:)``.
    public func continueUserActivity(_ activity: UserActivity, in scene: SceneInfo) throws(LifecycleSimulatorError) {
        try inForeground(scene) { () throws(LifecycleSimulatorError) in
            try sendNow(.sceneContinueUserActivity(scene, activity))
        }
    }

    /// A quick action chosen for an application without scenes, brought to the foreground as
    /// for ``openURL(_:options:)``; becomes active as the delegate method returns, then waits
    /// for its completion handler.
    ///
    /// - Returns: Whether a service handled it.
    @discardableResult
    public func performShortcut(_ item: ShortcutItem) async throws(LifecycleSimulatorError) -> Bool {
        try bringToForeground(for: "performShortcut(_:)")
        let answer = try await startAndLetBegin(.performShortcutItem(item))
        try becomeActiveIfInactive()
        return await answer.value() == .handled(true)
    }

    /// A quick action chosen for `scene`, brought to the foreground as for
    /// ``openURL(_:in:options:)``; becomes active as the delegate method returns, then waits
    /// for its completion handler.
    ///
    /// - Returns: Whether a service handled it.
    @discardableResult
    public func performShortcut(_ item: ShortcutItem, in scene: SceneInfo) async throws(LifecycleSimulatorError) -> Bool
    {
        try bringToForeground(scene)
        let answer = try await startAndLetBegin(.scenePerformShortcutItem(scene, item))
        try becomeActiveIfInactive(scene)
        return await answer.value() == .handled(true)
    }

    /// Runs `deliver` with the application in the foreground: from the background it enters
    /// the foreground first and becomes active after.
    private func inForeground(
        _ step: String,
        _ deliver: () throws(LifecycleSimulatorError) -> Answer?
    ) throws(LifecycleSimulatorError) -> Answer? {
        try bringToForeground(for: step)
        let answer = try deliver()
        try becomeActiveIfInactive()
        return answer
    }

    /// Runs `deliver` with `scene` in the foreground, as ``inForeground(_:)``.
    private func inForeground(
        _ scene: SceneInfo,
        _ deliver: () throws(LifecycleSimulatorError) -> Void
    ) throws(LifecycleSimulatorError) {
        try bringToForeground(scene)
        try deliver()
        try becomeActiveIfInactive(scene)
    }

    /// Brings an application without scenes to the foreground for `step`; a scene-based one
    /// in the background is refused: UIKit brings it forward through a scene, with the item
    /// in that scene's callback or connection options.
    private func bringToForeground(for step: String) throws(LifecycleSimulatorError) {
        guard state == .background || state == .suspended else { return }
        if usesScenes {
            let background = connectedScenes(in: [.background]).map(\.identifier)
            throw LifecycleSimulatorError(
                step: step,
                state: "the application uses scenes and is \(state): UIKit brings it forward through a scene, "
                    + "with the item in that scene's callback",
                possibleSteps: background.isEmpty
                    ? ["connect(_:options:) with the item in its connection options"]
                    : background.map { "the same step in scene \($0)" }
            )
        }
        try sendNow(.willEnterForeground)
    }

    private func becomeActiveIfInactive() throws(LifecycleSimulatorError) {
        if state == .inactive { try sendNow(.didBecomeActive) }
    }

    private func bringToForeground(_ scene: SceneInfo) throws(LifecycleSimulatorError) {
        if sceneStates[scene.identifier] == .background { try sendNow(.sceneWillEnterForeground(scene)) }
    }

    private func becomeActiveIfInactive(_ scene: SceneInfo) throws(LifecycleSimulatorError) {
        if sceneStates[scene.identifier] == .foregroundInactive { try sendNow(.sceneDidBecomeActive(scene)) }
    }

    // MARK: - Which steps are possible

    /// Every kind of step, for listing what UIKit could do from a state; scene and
    /// background-task steps with the scene and task of `step`.
    private func probes(like step: Step) -> [Step] {
        let scene = Self.scene(of: step) ?? SceneInfo(session: SceneSession(persistentIdentifier: "scene"))
        let notification = UserNotification(identifier: "notification")
        let url = URL(string: "app:")!
        let activity = UserActivity(activityType: "activity")
        let item = ShortcutItem(type: "shortcut", localizedTitle: "Shortcut")
        let task: String
        if case .launchBackgroundTask(let identifier) = step {
            task = identifier
        } else {
            task = system.backgroundTasks.registeredIdentifiers.min() ?? "task"
        }
        return [
            .willFinishLaunching(LaunchOptions()), .didFinishLaunching(LaunchOptions()), .didBecomeActive,
            .willResignActive, .didEnterBackground, .willEnterForeground, .willTerminate, .didReceiveMemoryWarning,
            .systemPrefersReducedResourceUsageDidChange(true),
            .openURL(url, OpenURLOptions()), .continueUserActivity(activity), .performShortcutItem(item), .suspend,
            .remoteNotification(RemoteNotification(userInfo: [:])), .backgroundFetch, .backgroundURLSession("session"),
            .willPresentNotification(notification),
            .didReceiveNotificationResponse(NotificationResponse(notification: notification)),
            .openNotificationSettings(nil), .launchBackgroundTask(task), .expireBackgroundTasks,
            .expireBackgroundTime, .didReceiveIncomingPush(PushPayload()),
            .didUpdatePushCredentials(PushCredentials(token: Data())), .didInvalidatePushToken(.voIP),
            .callProviderDidBegin, .callProviderDidReset, .callAction(CallAction(callUUID: UUID(), kind: .answer)),
            .callActionTimedOut(CallAction(callUUID: UUID(), kind: .answer)), .callAudioSessionDidActivate,
            .callAudioSessionDidDeactivate,
            .didDiscardSceneSessions([scene.session]),
            .sceneWillConnect(scene, SceneConnectionOptions()), .sceneWillEnterForeground(scene),
            .sceneDidBecomeActive(scene), .sceneWillResignActive(scene), .sceneDidEnterBackground(scene),
            .sceneDidDisconnect(scene), .sceneOpenURLContexts(scene, [OpenURLContext(url: url)]),
            .sceneContinueUserActivity(scene, activity), .scenePerformShortcutItem(scene, item),
            .sceneGeometryDidChange(scene, WindowSceneGeometryChange(previousInterfaceOrientation: .portrait)),
            .sceneSupportedInterfaceOrientations(scene),
            .carPlayDidConnect(scene, .templates), .carPlayDidConnect(scene, .window), .carPlayDidDisconnect(scene),
            .carPlayDidSelectNavigationAlert(scene), .carPlayDidSelectManeuver(scene),
            .carPlayContentStyleDidChange(scene, .dark),
        ]
    }

    private func check(_ step: Step) throws(LifecycleSimulatorError) {
        guard !isPossible(step) else { return }
        let possible = probes(like: step).filter(isPossible).map { "\($0)" }
        var where_ = "the application is \(state)"
        if let scene = Self.scene(of: step) {
            where_ +=
                sceneStates[scene.identifier].map { " and scene \(scene.identifier) is \($0)" }
                ?? " and scene \(scene.identifier) is not connected"
        }
        if usesScenes, Self.isApplicationStateStep(step) {
            where_ += " (a scene-based application hears scene callbacks instead)"
        }
        if case .sceneWillConnect = step, declaresNoScenes {
            where_ +=
                " and it declares no scenes (no UIApplicationSceneManifest in its Info.plist), so UIKit connects "
                + "none: declare them before the launch (SimulatedUIKit.infoPlist = SimulatedUIKit.sceneManifest), "
                + "or launch with coldLaunch(connecting:)"
        }
        switch step {
        case .launchBackgroundTask(let identifier) where !isRegistered(identifier):
            let registered = system.backgroundTasks.registeredIdentifiers.sorted()
            where_ +=
                " and background task \(identifier) is not registered with the target's system (registered: "
                + "\(registered.isEmpty ? "none" : registered.joined(separator: ", ")))"
        case .expireBackgroundTasks where !system.backgroundTasks.hasRunningTask:
            where_ += " and no background task is running"
        case .didReceiveNotificationResponse(let response) where isUndeliveredDismissal(response):
            let category = response.notification.categoryIdentifier
            where_ +=
                " and notification category \(category.isEmpty ? "(none)" : category) has no customDismissAction option: "
                + "the system delivers a dismissal only for a category registered with it"
        default:
            break
        }
        if Self.isCarPlayStep(step), let scene = Self.scene(of: step), sceneStates[scene.identifier] != nil {
            where_ += carPlayDetail(of: scene)
        }
        throw LifecycleSimulatorError(step: "\(step)", state: where_, possibleSteps: possible)
    }

    /// Whether `response` is a dismissal the system would not deliver: the target knows the
    /// categories its application registered, and the notification's is not one registered
    /// with `customDismissAction`.
    private func isUndeliveredDismissal(_ response: NotificationResponse) -> Bool {
        guard response.action == .dismiss,
            let categories = (target as? any NotificationCategoriesTarget)?.registeredNotificationCategories
        else { return false }
        return !categories.deliveringDismissals.contains(response.notification.categoryIdentifier)
    }

    /// Whether the application registered `identifier` with the system's scheduler: the
    /// system launches no other task.
    private func isRegistered(_ identifier: String) -> Bool {
        BackgroundTaskDeclaration.pattern(among: system.backgroundTasks.registeredIdentifiers, naming: identifier)
            != nil
    }

    private static func scene(of step: Step) -> SceneInfo? {
        switch step {
        case .sceneWillConnect(let scene, _), .sceneWillEnterForeground(let scene), .sceneDidBecomeActive(let scene),
            .sceneWillResignActive(let scene), .sceneDidEnterBackground(let scene), .sceneDidDisconnect(let scene),
            .sceneOpenURLContexts(let scene, _), .sceneContinueUserActivity(let scene, _),
            .scenePerformShortcutItem(let scene, _), .sceneGeometryDidChange(let scene, _),
            .sceneSupportedInterfaceOrientations(let scene), .carPlayDidConnect(let scene, _),
            .carPlayDidDisconnect(let scene),
            .carPlayDidSelectNavigationAlert(let scene), .carPlayDidSelectManeuver(let scene),
            .carPlayContentStyleDidChange(let scene, _):
            return scene
        default:
            return nil
        }
    }

    private static func isCarPlayStep(_ step: Step) -> Bool {
        switch step {
        case .carPlayDidConnect, .carPlayDidDisconnect, .carPlayDidSelectNavigationAlert, .carPlayDidSelectManeuver,
            .carPlayContentStyleDidChange:
            return true
        default:
            return false
        }
    }

    /// What a rejected CarPlay step's message adds about the connected scene `scene`.
    private func carPlayDetail(of scene: SceneInfo) -> String {
        guard carPlayScenes.contains(scene.identifier) else {
            return
                " (not a CarPlay scene: its session's role is not \(SceneSessionRole.carTemplateApplication.rawValue))"
        }
        guard let connection = carPlayConnections[scene.identifier] else {
            return " and its interface controller is not connected"
        }
        return connection.hasWindow
            ? " and its interface controller is connected with a window"
            : " and its interface controller is connected without a window (templates only)"
    }

    private static func isApplicationStateStep(_ step: Step) -> Bool {
        switch step {
        case .didBecomeActive, .willResignActive, .didEnterBackground, .willEnterForeground: return true
        default: return false
        }
    }

    /// The core's callback for an application or scene life-cycle step, whose transition
    /// (`AppCallback`'s table, the one the composite tracks its state with) says which states
    /// the step fits.
    private static func lifeCycleCallback(of step: Step) -> AppCallback? {
        switch step {
        case .willFinishLaunching: .willFinishLaunching
        case .didFinishLaunching: .didFinishLaunching
        case .didBecomeActive: .didBecomeActive
        case .willResignActive: .willResignActive
        case .didEnterBackground: .didEnterBackground
        case .willEnterForeground: .willEnterForeground
        case .willTerminate: .willTerminate
        case .sceneWillConnect: .sceneWillConnect
        case .sceneWillEnterForeground: .sceneWillEnterForeground
        case .sceneDidBecomeActive: .sceneDidBecomeActive
        case .sceneWillResignActive: .sceneWillResignActive
        case .sceneDidEnterBackground: .sceneDidEnterBackground
        case .sceneDidDisconnect: .sceneDidDisconnect
        default: nil
        }
    }

    /// The core's application state for the simulator's (a suspended application is in the
    /// background).
    private var applicationState: ApplicationState {
        switch state {
        case .notRunning: .notRunning
        case .launching: .launching
        case .inactive: .inactive
        case .active: .active
        case .background, .suspended: .background
        case .terminated: .terminated
        }
    }

    /// Whether UIKit can take `step` now.
    ///
    /// Life-cycle steps follow the core's transition table (``lifeCycleCallback(of:)``), with
    /// what UIKit adds: didFinishLaunching comes after willFinishLaunching, a suspended
    /// application hears nothing but what wakes it, a scene connects to a running
    /// application, and a scene disconnects from the background or while inactive (closed in
    /// the app switcher). The other steps have their rules here.
    private func isPossible(_ step: Step) -> Bool {
        let running = state == .inactive || state == .active || state == .background
        let foreground = state == .inactive || state == .active
        if usesScenes && Self.isApplicationStateStep(step) { return false }
        if let callback = Self.lifeCycleCallback(of: step) {
            if let scene = Self.scene(of: step), let transition = callback.sceneTransition {
                let current = sceneStates[scene.identifier]
                guard transition.fits(current) else { return false }
                switch step {
                // Suspended too: UIKit resumes the process to connect a scene (the person
                // opens the application, a car is plugged in).
                case .sceneWillConnect: return (running || state == .suspended) && !declaresNoScenes
                case .sceneWillEnterForeground: return running || state == .suspended
                // Inactive too: a scene the user closes in the app switcher resigns active
                // and disconnects, without entering the background.
                case .sceneDidDisconnect:
                    return current == .background || current == .unattached
                        || current == .foregroundInactive
                default: return true
                }
            }
            guard let transition = callback.applicationTransition else { return false }
            switch step {
            case .didFinishLaunching: return state == .launching
            case .willEnterForeground: return state == .background || state == .suspended
            default: return state != .suspended && transition.fits(applicationState)
            }
        }
        switch step {
        case .didReceiveMemoryWarning, .systemPrefersReducedResourceUsageDidChange:
            return running
        case .didDiscardSceneSessions(let sessions):
            // UIKit discards only the sessions of scenes that are not connected.
            return running
                && sessions.allSatisfy { session in
                    let current = sceneStates[session.persistentIdentifier]
                    return current == nil || current == .disconnected
                }
        case .openURL, .continueUserActivity, .performShortcutItem: return !usesScenes && foreground
        case .sceneOpenURLContexts(let scene, _), .sceneContinueUserActivity(let scene, _),
            .scenePerformShortcutItem(let scene, _), .sceneGeometryDidChange(let scene, _),
            .sceneSupportedInterfaceOrientations(let scene):
            let current = sceneStates[scene.identifier]
            return !carPlayScenes.contains(scene.identifier)
                && (current == .foregroundInactive || current == .foregroundActive)
        case .suspend: return state == .background
        case .remoteNotification: return running || state == .suspended
        case .backgroundFetch, .backgroundURLSession: return state == .background || state == .suspended
        case .carPlayDidConnect(let scene, _):
            return isConnectedCarPlayScene(scene) && carPlayConnections[scene.identifier] == nil
        case .carPlayDidDisconnect(let scene), .carPlayContentStyleDidChange(let scene, _):
            return isConnectedCarPlayScene(scene) && carPlayConnections[scene.identifier] != nil
        case .carPlayDidSelectNavigationAlert(let scene), .carPlayDidSelectManeuver(let scene):
            // Only navigation applications post alerts and maneuvers; CarPlay brings the scene
            // to the foreground before it delivers the selection.
            let current = sceneStates[scene.identifier]
            return isConnectedCarPlayScene(scene) && carPlayConnections[scene.identifier] == .window
                && (current == .foregroundInactive || current == .foregroundActive)
        case .willPresentNotification: return foreground
        case .didReceiveNotificationResponse(let response):
            // A response that targets a scene targets a connected one; a dismissal, one of a
            // category that asks for dismissals.
            let target = response.targetScene.map { sceneStates[$0.identifier] }
            return (running || state == .suspended) && target.map { $0 != nil && $0 != .disconnected } ?? true
                && !isUndeliveredDismissal(response)
        case .openNotificationSettings: return running
        case .launchBackgroundTask(let identifier):
            // A continued-processing task starts in the foreground, where it was submitted.
            let isJob = system.backgroundTasks.pendingRequestsNow.contains {
                $0.identifier == identifier && $0.kind == .continuedProcessing
            }
            return (state == .background || state == .suspended || (foreground && isJob)) && isRegistered(identifier)
        case .expireBackgroundTasks: return system.backgroundTasks.hasRunningTask
        case .expireBackgroundTime: return state == .background
        case .didReceiveIncomingPush: return running || state == .suspended
        case .didUpdatePushCredentials, .didInvalidatePushToken: return running
        case .callAction: return running || state == .suspended
        case .callProviderDidBegin, .callProviderDidReset, .callActionTimedOut, .callAudioSessionDidActivate,
            .callAudioSessionDidDeactivate:
            return running
        case .beginSession, .endSession, .switchSession, .setGate: return running || state == .suspended
        default: return false
        }
    }

    /// Whether `scene` is a connected CarPlay scene.
    private func isConnectedCarPlayScene(_ scene: SceneInfo) -> Bool {
        guard carPlayScenes.contains(scene.identifier), let current = sceneStates[scene.identifier] else {
            return false
        }
        return current != .disconnected
    }

    // MARK: - Taking a step

    /// Takes `step`: records it, moves the simulated states as UIKit does around the
    /// callback, delivers it to the target, and takes the system's part (launching or
    /// expiring background tasks and time). `answer` hears the target's answer.
    private func take(_ step: Step, answer: @escaping @MainActor (Answer?) -> Void) {
        history.append("\(step)")
        if let scene = Self.scene(of: step) { sceneDescriptions[scene.identifier] = scene }
        switch step {
        case .willFinishLaunching:
            state = .launching
        case .didFinishLaunching(let options):
            state = options.launchedInBackground ? .background : .inactive
        case .didBecomeActive:
            state = .active
        case .didEnterBackground:
            state = .background
        case .suspend:
            state = .suspended
        case .remoteNotification, .backgroundFetch, .backgroundURLSession, .didReceiveNotificationResponse,
            .launchBackgroundTask, .didReceiveIncomingPush, .callAction, .willEnterForeground:
            wake()
        case .sceneWillConnect(let scene, _):
            wake()
            sceneStates[scene.identifier] = .unattached
            if scene.session.role == .carTemplateApplication {
                carPlayScenes.insert(scene.identifier)
            } else {
                carPlayScenes.remove(scene.identifier)
            }
        case .sceneWillEnterForeground(let scene):
            wake()
            sceneStates[scene.identifier] = .foregroundInactive
        case .sceneDidBecomeActive(let scene):
            sceneStates[scene.identifier] = .foregroundActive
        case .sceneWillResignActive(let scene):
            sceneStates[scene.identifier] = .foregroundInactive
        case .sceneDidEnterBackground(let scene):
            sceneStates[scene.identifier] = .background
        case .sceneDidDisconnect(let scene):
            sceneStates[scene.identifier] = .disconnected
            sceneDescriptions[scene.identifier] = nil
            carPlayConnections[scene.identifier] = nil
        case .carPlayDidConnect(let scene, let connection):
            carPlayConnections[scene.identifier] = connection
        case .carPlayDidDisconnect(let scene):
            carPlayConnections[scene.identifier] = nil
        default:
            break
        }
        var deliverAnswer = answer
        if case .callActionTimedOut(let action) = step {
            callActions.last { $0.action == action && !$0.isCompleted }?.timeOut()
        }
        if case .callAction(let action) = step {
            let record = SimulatedCallAction(action: action)
            callActions.append(record)
            deliverAnswer = { reply in
                // A target that cannot tell the outcome answers something else: recorded as
                // unknown, and the step still ends.
                if case .callAction(let outcome) = reply { record.complete(outcome) } else { record.complete(nil) }
                answer(reply)
            }
        }
        if case .didReceiveIncomingPush(let payload) = step {
            let push = SimulatedIncomingPush(payload: payload)
            incomingPushes.append(push)
            deliverAnswer = { reply in
                if case .incomingPush(let report) = reply { push.complete(report) } else { push.complete(nil) }
                answer(reply)
            }
        }
        target.deliver(step, answer: deliverAnswer)
        switch step {
        case .willResignActive:
            state = .inactive
        case .willEnterForeground:
            state = .inactive
        case .willTerminate:
            state = .terminated
        case .launchBackgroundTask(let identifier):
            system.act { system.backgroundTasks.start(identifier) }
        case .expireBackgroundTasks:
            system.act { system.backgroundTasks.expireAll() }
        case .expireBackgroundTime:
            system.act { system.backgroundTime.expireAll() }
        default:
            break
        }
        if usesScenes {
            if case .sceneDidDisconnect = step { followScenes(afterDisconnect: true) } else { followScenes() }
        }
    }

    /// A suspended application woken for background work runs in the background.
    private func wake() {
        if state == .suspended { state = .background }
    }

    /// In a scene-based application the application's state follows its scenes, by the
    /// core's rules (`ApplicationState.implied(byScenes:)`, and after a disconnection
    /// `ApplicationState.afterSceneDisconnected(implied:)`).
    private func followScenes(afterDisconnect: Bool = false) {
        guard state == .inactive || state == .active || state == .background else { return }
        let implied = ApplicationState.implied(byScenes: sceneStates.values)
        switch afterDisconnect ? ApplicationState.afterSceneDisconnected(implied: implied) : implied {
        case .active: state = .active
        case .inactive: state = .inactive
        case .background: state = .background
        default: break
        }
    }
}

/// A step's answer, which may come before or after someone waits for it; the first answer
/// only: a target that calls a completion handler twice (which the simulator records where it
/// matters) cannot crash the test that waits for it.
@MainActor
final class PendingAnswer {
    private var answer: LifecycleSimulator.Answer??
    private var continuation: CheckedContinuation<LifecycleSimulator.Answer?, Never>?

    func resume(_ answer: LifecycleSimulator.Answer?) {
        guard self.answer == nil else { return }
        self.answer = .some(answer)
        continuation?.resume(returning: answer)
        continuation = nil
    }

    /// The answer, once it has come.
    func value() async -> LifecycleSimulator.Answer? {
        if let answer { return answer }
        return await withCheckedContinuation { continuation = $0 }
    }
}
