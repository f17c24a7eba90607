public import AppServices
import Foundation

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
///
/// try simulator.send(.didEnterBackground)         // from active: throws, UIKit resigns active first
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
/// (``backgroundTime``, which it can expire), and PushKit (a push, kept in
/// ``incomingPushes`` with the calls of its completion handler; a new token; a token taken
/// back):
///
/// ```swift
/// let simulator = LifecycleSimulator(driving: composite)
/// let succeeded = try await simulator.launchIntoBackground(forBackgroundTask: "com.example.refresh")
/// try simulator.enterForeground()
/// let shown = try await simulator.presentNotification(UserNotification(identifier: "n1"))
/// let report = try await simulator.deliverIncomingPush(PushPayload(type: .voIP))
/// ```
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
            case .launchBackgroundTask(let identifier): return "launchBackgroundTask(\(identifier))"
            case .expireBackgroundTasks: return "expireBackgroundTasks"
            case .expireBackgroundTime: return "expireBackgroundTime"
            case .didReceiveIncomingPush: return "didReceiveIncomingPush"
            case .didUpdatePushCredentials: return "didUpdatePushCredentials"
            case .didInvalidatePushToken: return "didInvalidatePushToken"
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
    }

    private let target: any LifecycleTarget
    /// The application's state.
    public private(set) var state: State = .notRunning
    /// Each connected scene's state, by identifier.
    public private(set) var sceneStates: [String: SceneState] = [:]
    /// How the interface controller of each CarPlay scene is connected, by scene identifier;
    /// a CarPlay scene whose interface controller is not connected has no entry.
    public private(set) var carPlayConnections: [String: CarPlayConnection] = [:]
    /// The identifiers of the connected CarPlay scenes (whose session's role is
    /// `SceneSessionRole.carTemplateApplication`).
    private var carPlayScenes: Set<String> = []
    /// Every step taken, in order.
    public private(set) var history: [String] = []
    /// The simulated `BGTaskScheduler`: the application registers its background tasks with
    /// it while it launches and submits its requests to it; ``Step/launchBackgroundTask(_:)``
    /// runs them.
    public let backgroundTaskScheduler = InProcessBackgroundTaskScheduler()
    /// Every background-task run the simulator launched, in order, each with its
    /// `setTaskCompleted(success:)` calls.
    public private(set) var backgroundTaskRuns: [InProcessBackgroundTask] = []
    /// The simulated background time (`beginBackgroundTask`), which records every assertion
    /// and which ``Step/expireBackgroundTime`` expires.
    public let backgroundTime = SimulatedBackgroundTime()
    /// Every PushKit push the simulator delivered, in order, each with the calls of its
    /// completion handler.
    public private(set) var incomingPushes: [SimulatedIncomingPush] = []

    /// Creates a simulator that drives `composite`.
    ///
    /// The composite registers its background tasks with ``backgroundTaskScheduler`` when it
    /// launches (before its services hear `willFinishLaunching`), and its
    /// `ServiceComposite/backgroundTime` becomes ``backgroundTime``, replacing any.
    public convenience init(driving composite: ServiceComposite) {
        self.init(driving: CompositeTarget(composite))
    }

    /// Creates a simulator that drives `target`, such as a wrapped platform adapter, and gives
    /// it the simulated system's ``backgroundTaskScheduler`` and ``backgroundTime``
    /// (`LifecycleTarget/install(backgroundTasks:backgroundTime:)`).
    public init(driving target: any LifecycleTarget) {
        self.target = target
        target.install(backgroundTasks: backgroundTaskScheduler, backgroundTime: backgroundTime)
    }

    /// Whether a scene has connected: UIKit then reports foreground and background through
    /// the scenes, not the application.
    public var usesScenes: Bool { !sceneStates.isEmpty }

    // MARK: - One step

    /// Takes one step, after checking that UIKit could take it now.
    ///
    /// - Returns: The step's answer, for launch steps, silent pushes and fetches.
    /// - Throws: ``LifecycleSimulatorError`` naming the step, the state, and the steps UIKit
    ///   could take instead; nothing is sent then.
    @discardableResult
    public func send(_ step: Step) async throws(LifecycleSimulatorError) -> Answer? {
        try check(step)
        return await perform(step)
    }

    /// Takes one synchronous step (anything but a silent push, a fetch, URL session events or
    /// a notification). A PushKit push is delivered without waiting for its completion: find
    /// it in ``incomingPushes``.
    @discardableResult
    public func sendNow(_ step: Step) throws(LifecycleSimulatorError) -> Answer? {
        try check(step)
        switch step {
        case .remoteNotification, .backgroundFetch, .backgroundURLSession, .willPresentNotification,
            .didReceiveNotificationResponse:
            preconditionFailure("\(step) is asynchronous; use send(_:).")
        default:
            return performSynchronously(step)
        }
    }

    // MARK: - Sequences

    /// Cold launch to the foreground: will/didFinishLaunching, then didBecomeActive.
    ///
    /// - Returns: Whether launch went ahead (the merged launch answer).
    @discardableResult
    public func coldLaunch(_ options: LaunchOptions = LaunchOptions()) throws(LifecycleSimulatorError) -> Bool {
        let will = try sendNow(.willFinishLaunching(options))
        let did = try sendNow(.didFinishLaunching(options))
        try sendNow(.didBecomeActive)
        return will == .launch(true) && did == .launch(true)
    }

    /// Cold launch of a scene-based application: will/didFinishLaunching, then `scene`
    /// connects, enters the foreground and becomes active.
    @discardableResult
    public func coldLaunch(
        connecting scene: SceneInfo,
        options: LaunchOptions = LaunchOptions(),
        connectionOptions: SceneConnectionOptions = SceneConnectionOptions()
    ) throws(LifecycleSimulatorError) -> Bool {
        let will = try sendNow(.willFinishLaunching(options))
        let did = try sendNow(.didFinishLaunching(options))
        try connect(scene, options: connectionOptions)
        return will == .launch(true) && did == .launch(true)
    }

    /// Launch into the background to deliver a silent push: will/didFinishLaunching in the
    /// background, then the notification.
    public func launchIntoBackground(
        for notification: RemoteNotification
    ) async throws(LifecycleSimulatorError)
        -> BackgroundFetchResult
    {
        try launchInBackground()
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
        guard case .fetch(let result) = try await send(.remoteNotification(notification)) else {
            preconditionFailure("a silent push always answers with a fetch result")
        }
        return result
    }

    /// Performs a background fetch (in the background or suspended).
    public func performBackgroundFetch() async throws(LifecycleSimulatorError) -> BackgroundFetchResult {
        guard case .fetch(let result) = try await send(.backgroundFetch) else {
            preconditionFailure("a background fetch always answers with a fetch result")
        }
        return result
    }

    /// Foreground to background: willResignActive, didEnterBackground (for a scene-based
    /// application, every foreground scene goes).
    public func enterBackground() throws(LifecycleSimulatorError) {
        guard usesScenes else {
            try sendNow(.willResignActive)
            try sendNow(.didEnterBackground)
            return
        }
        for scene in connectedScenes(in: [.foregroundActive, .foregroundInactive]) {
            try sceneToBackground(scene)
        }
    }

    /// Background (or suspended) to foreground: willEnterForeground, didBecomeActive (for a
    /// scene-based application, every background scene comes back).
    public func enterForeground() throws(LifecycleSimulatorError) {
        guard usesScenes else {
            try sendNow(.willEnterForeground)
            try sendNow(.didBecomeActive)
            return
        }
        if state == .suspended { state = .background }
        for scene in connectedScenes(in: [.background]) { try sceneToForeground(scene) }
    }

    /// An interruption such as an incoming call: willResignActive, then didBecomeActive,
    /// without a background transition.
    public func interrupt() throws(LifecycleSimulatorError) {
        try sendNow(.willResignActive)
        try sendNow(.didBecomeActive)
    }

    /// The system suspends the application (in the background; no callback).
    public func suspend() throws(LifecycleSimulatorError) {
        try sendNow(.suspend)
    }

    /// The application ends: willTerminate while it runs; a suspended application is ended
    /// without any callback.
    public func terminate() throws(LifecycleSimulatorError) {
        if state == .suspended {
            history.append("ended while suspended (no callback)")
            state = .terminated
            return
        }
        try sendNow(.willTerminate)
    }

    /// A scene connects, enters the foreground and becomes active.
    public func connect(
        _ scene: SceneInfo,
        options: SceneConnectionOptions = SceneConnectionOptions()
    )
        throws(LifecycleSimulatorError)
    {
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

    /// Launch into the background with nothing delivered yet: will/didFinishLaunching in the
    /// background, as for a background task or a notification action handled in the
    /// background.
    public func launchIntoBackground() throws(LifecycleSimulatorError) {
        try launchInBackground()
    }

    private func launchInBackground() throws(LifecycleSimulatorError) {
        let options = LaunchOptions(launchedInBackground: true)
        try sendNow(.willFinishLaunching(options))
        try sendNow(.didFinishLaunching(options))
    }

    private func connectedScenes(in states: [SceneState]) -> [SceneInfo] {
        sceneStates.filter { states.contains($0.value) }.keys.sorted().map { identifier in
            SceneInfo(session: SceneSession(persistentIdentifier: identifier))
        }
    }

    // MARK: - Transitions

    /// Every kind of step, for listing what UIKit could do from a state; scene and
    /// background-task steps with the scene and task of `step`.
    private func probes(like step: Step) -> [Step] {
        let scene = Self.scene(of: step) ?? SceneInfo(session: SceneSession(persistentIdentifier: "scene"))
        let notification = UserNotification(identifier: "notification")
        let task: String
        if case .launchBackgroundTask(let identifier) = step {
            task = identifier
        } else {
            task = backgroundTaskScheduler.registeredIdentifiers.min() ?? "task"
        }
        return [
            .willFinishLaunching(LaunchOptions()), .didFinishLaunching(LaunchOptions()), .didBecomeActive,
            .willResignActive, .didEnterBackground, .willEnterForeground, .willTerminate, .suspend,
            .remoteNotification(RemoteNotification(userInfo: [:])), .backgroundFetch, .backgroundURLSession("session"),
            .willPresentNotification(notification),
            .didReceiveNotificationResponse(NotificationResponse(notification: notification)),
            .launchBackgroundTask(task), .expireBackgroundTasks, .expireBackgroundTime,
            .didReceiveIncomingPush(PushPayload()), .didUpdatePushCredentials(PushCredentials(token: Data())),
            .didInvalidatePushToken(.voIP),
            .sceneWillConnect(scene, SceneConnectionOptions()), .sceneWillEnterForeground(scene),
            .sceneDidBecomeActive(scene), .sceneWillResignActive(scene), .sceneDidEnterBackground(scene),
            .sceneDidDisconnect(scene), .carPlayDidConnect(scene, .templates), .carPlayDidConnect(scene, .window),
            .carPlayDidDisconnect(scene), .carPlayDidSelectNavigationAlert(scene), .carPlayDidSelectManeuver(scene),
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
        switch step {
        case .launchBackgroundTask(let identifier) where !isRegistered(identifier):
            let registered = backgroundTaskScheduler.registeredIdentifiers.sorted()
            where_ +=
                " and background task \(identifier) is not registered (registered: "
                + "\(registered.isEmpty ? "none" : registered.joined(separator: ", ")))"
        case .expireBackgroundTasks where !hasRunningBackgroundTask:
            where_ += " and no background task is running"
        default:
            break
        }
        if Self.isCarPlayStep(step), let scene = Self.scene(of: step), sceneStates[scene.identifier] != nil {
            where_ += carPlayDetail(of: scene)
        }
        throw LifecycleSimulatorError(step: "\(step)", state: where_, possibleSteps: possible)
    }

    /// Whether the application registered `identifier` with the simulated `BGTaskScheduler`:
    /// the system launches no other task.
    private func isRegistered(_ identifier: String) -> Bool {
        backgroundTaskScheduler.registeredIdentifiers.contains(identifier)
    }

    /// Whether a background-task run the simulator launched has not completed yet.
    private var hasRunningBackgroundTask: Bool {
        backgroundTaskRuns.contains { !$0.isCompleted }
    }

    private static func scene(of step: Step) -> SceneInfo? {
        switch step {
        case .sceneWillConnect(let scene, _), .sceneWillEnterForeground(let scene), .sceneDidBecomeActive(let scene),
            .sceneWillResignActive(let scene), .sceneDidEnterBackground(let scene), .sceneDidDisconnect(let scene),
            .carPlayDidConnect(let scene, _), .carPlayDidDisconnect(let scene),
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

    /// Whether UIKit can take `step` now: the documented life cycle as a table.
    private func isPossible(_ step: Step) -> Bool {
        let running = state == .inactive || state == .active || state == .background
        if usesScenes && Self.isApplicationStateStep(step) { return false }
        switch step {
        case .willFinishLaunching: return state == .notRunning
        case .didFinishLaunching: return state == .launching
        case .didBecomeActive: return state == .inactive
        case .willResignActive: return state == .active
        case .didEnterBackground: return state == .inactive
        case .willEnterForeground: return state == .background || state == .suspended
        case .willTerminate: return running
        case .suspend: return state == .background
        case .remoteNotification: return running || state == .suspended
        case .backgroundFetch, .backgroundURLSession: return state == .background || state == .suspended
        case .sceneWillConnect(let scene, _):
            let current = sceneStates[scene.identifier]
            return running && (current == nil || current == .disconnected)
        case .sceneWillEnterForeground(let scene):
            let current = sceneStates[scene.identifier]
            return (running || state == .suspended) && (current == .unattached || current == .background)
        case .sceneDidBecomeActive(let scene): return sceneStates[scene.identifier] == .foregroundInactive
        case .sceneWillResignActive(let scene): return sceneStates[scene.identifier] == .foregroundActive
        case .sceneDidEnterBackground(let scene): return sceneStates[scene.identifier] == .foregroundInactive
        case .sceneDidDisconnect(let scene):
            let current = sceneStates[scene.identifier]
            return current == .background || current == .unattached
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
        case .willPresentNotification: return state == .active || state == .inactive
        case .didReceiveNotificationResponse: return running || state == .suspended
        case .launchBackgroundTask(let identifier):
            return (state == .background || state == .suspended) && isRegistered(identifier)
        case .expireBackgroundTasks: return hasRunningBackgroundTask
        case .expireBackgroundTime: return state == .background
        case .didReceiveIncomingPush: return running || state == .suspended
        case .didUpdatePushCredentials, .didInvalidatePushToken: return running
        }
    }

    private func perform(_ step: Step) async -> Answer? {
        switch step {
        case .remoteNotification(let notification):
            wake()
            history.append("\(step)")
            return .fetch(await target.didReceiveRemoteNotification(notification))
        case .backgroundFetch:
            wake()
            history.append("\(step)")
            return .fetch(await target.performFetch())
        case .backgroundURLSession(let identifier):
            wake()
            history.append("\(step)")
            await target.handleEventsForBackgroundURLSession(identifier)
            return nil
        case .willPresentNotification(let notification):
            history.append("\(step)")
            return .presentation(await target.willPresentNotification(notification))
        case .didReceiveNotificationResponse(let response):
            wake()
            history.append("\(step)")
            await target.didReceiveNotificationResponse(response)
            return nil
        case .didReceiveIncomingPush:
            _ = performSynchronously(step)
            guard let push = incomingPushes.last else {
                preconditionFailure("delivering a PushKit push always appends it to incomingPushes")
            }
            return .incomingPush(await push.completion())
        default:
            return performSynchronously(step)
        }
    }

    /// A suspended application woken for background work runs in the background.
    private func wake() {
        if state == .suspended { state = .background }
    }

    /// Whether `scene` is a connected CarPlay scene.
    private func isConnectedCarPlayScene(_ scene: SceneInfo) -> Bool {
        guard carPlayScenes.contains(scene.identifier), let current = sceneStates[scene.identifier] else {
            return false
        }
        return current != .disconnected
    }

    private func performSynchronously(_ step: Step) -> Answer? {
        history.append("\(step)")
        switch step {
        case .willFinishLaunching(let options):
            state = .launching
            return .launch(target.willFinishLaunching(options))
        case .didFinishLaunching(let options):
            state = options.launchedInBackground ? .background : .inactive
            return .launch(target.didFinishLaunching(options))
        case .didBecomeActive:
            state = .active
            target.didBecomeActive()
        case .willResignActive:
            target.willResignActive()
            state = .inactive
        case .didEnterBackground:
            state = .background
            target.didEnterBackground()
        case .willEnterForeground:
            wake()
            target.willEnterForeground()
            state = .inactive
        case .willTerminate:
            target.willTerminate()
            state = .terminated
        case .suspend:
            state = .suspended
        case .sceneWillConnect(let scene, let options):
            sceneStates[scene.identifier] = .unattached
            if scene.session.role == .carTemplateApplication {
                carPlayScenes.insert(scene.identifier)
            } else {
                carPlayScenes.remove(scene.identifier)
            }
            target.sceneWillConnect(scene, options: options)
        case .sceneWillEnterForeground(let scene):
            wake()
            sceneStates[scene.identifier] = .foregroundInactive
            target.sceneWillEnterForeground(scene)
        case .sceneDidBecomeActive(let scene):
            sceneStates[scene.identifier] = .foregroundActive
            target.sceneDidBecomeActive(scene)
        case .sceneWillResignActive(let scene):
            sceneStates[scene.identifier] = .foregroundInactive
            target.sceneWillResignActive(scene)
        case .sceneDidEnterBackground(let scene):
            sceneStates[scene.identifier] = .background
            target.sceneDidEnterBackground(scene)
        case .sceneDidDisconnect(let scene):
            sceneStates[scene.identifier] = .disconnected
            carPlayConnections[scene.identifier] = nil
            target.sceneDidDisconnect(scene)
        case .carPlayDidConnect(let scene, let connection):
            carPlayConnections[scene.identifier] = connection
            target.carPlayDidConnect(scene, connection: connection)
        case .carPlayDidDisconnect(let scene):
            let connection = carPlayConnections.removeValue(forKey: scene.identifier) ?? .templates
            target.carPlayDidDisconnect(scene, connection: connection)
        case .carPlayDidSelectNavigationAlert(let scene):
            target.carPlayDidSelectNavigationAlert(scene)
        case .carPlayDidSelectManeuver(let scene):
            target.carPlayDidSelectManeuver(scene)
        case .carPlayContentStyleDidChange(let scene, let style):
            target.carPlayContentStyleDidChange(scene, to: style)
        case .launchBackgroundTask(let identifier):
            wake()
            backgroundTaskRuns.append(backgroundTaskScheduler.start(identifier))
        case .expireBackgroundTasks:
            for run in backgroundTaskRuns where !run.isCompleted { run.expire() }
        case .expireBackgroundTime:
            backgroundTime.expireAll()
        case .didReceiveIncomingPush(let payload):
            wake()
            let push = SimulatedIncomingPush(payload: payload)
            incomingPushes.append(push)
            target.didReceiveIncomingPush(payload) { push.complete($0) }
        case .didUpdatePushCredentials(let credentials):
            target.didUpdatePushCredentials(credentials)
        case .didInvalidatePushToken(let type):
            target.didInvalidatePushToken(for: type)
        case .remoteNotification, .backgroundFetch, .backgroundURLSession, .willPresentNotification,
            .didReceiveNotificationResponse:
            preconditionFailure("\(step) is asynchronous and handled by perform(_:)")
        }
        if usesScenes { followScenes() }
        return nil
    }

    /// In a scene-based application the application's state follows its scenes.
    private func followScenes() {
        guard state == .inactive || state == .active || state == .background else { return }
        let states = sceneStates.values
        if states.contains(.foregroundActive) {
            state = .active
        } else if states.contains(.foregroundInactive) {
            state = .inactive
        } else if states.contains(.background) {
            state = .background
        }
    }
}
