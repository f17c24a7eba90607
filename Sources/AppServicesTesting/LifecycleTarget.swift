package import AppServices

/// What a ``LifecycleSimulator`` drives: an application that receives the platform's
/// life-cycle callbacks, on a simulated system.
///
/// Two requirements and no defaults: a target delivers every step, in one exhaustive
/// `switch`, so a step it does not handle is a compile error, never a test that stops. The
/// bare composite is a target (``LifecycleSimulator/init(driving:system:)``); a simulated
/// UIKit (`SimulatedUIKit` in `AppServicesUIKitTesting`) is another, which turns each step
/// into the UIKit callbacks UIKit would make, through the delegate protocols. Both run the
/// same steps, on the same kind of system, so the services hear the same callbacks (the test
/// kit's conformance suite checks it).
///
/// ```swift
/// @MainActor
/// final class MyHost: LifecycleTarget {
///     let system = SimulatedSystem()
///     func deliver(_ step: LifecycleSimulator.Step, answer: @escaping @MainActor (LifecycleSimulator.Answer?) -> Void) {
///         switch step {
///         case .didBecomeActive: host.becameActive(); answer(nil)
///         // ... every other step
///         }
///     }
/// }
/// ```
@MainActor
public protocol LifecycleTarget: AnyObject {
    /// The simulated system the application runs on: where it registers its background tasks
    /// and begins its background time, and what the simulator launches and expires them with.
    var system: SimulatedSystem { get }

    /// Delivers `step` as the platform would, and calls `answer` with the step's answer:
    /// synchronously for a step the platform answers on return (a launch's Boolean, or `nil`
    /// for a callback without one), later for a step with a completion handler (a silent
    /// push's fetch result, a notification's presentation, a PushKit push, a CallKit action),
    /// when its completion handler is called.
    ///
    /// `answer` is called once when the target behaves; the simulator keeps the first call
    /// and records a PushKit push's later ones in ``LifecycleSimulator/incomingPushes``, a
    /// CallKit action's in ``LifecycleSimulator/callActions``.
    /// Steps the system takes itself (``LifecycleSimulator/Step/suspend``, launching and
    /// expiring background tasks, expiring background time) are delivered before the system
    /// takes them, for what the platform does alongside (UIKit sets
    /// `backgroundTimeRemaining` to zero); a target with nothing to do answers `nil`.
    func deliver(_ step: LifecycleSimulator.Step, answer: @escaping @MainActor (LifecycleSimulator.Answer?) -> Void)
}

/// A target whose application says in its Info.plist whether it is scene-based (a
/// simulated UIKit): a launch that connects scenes makes it so first, as every application
/// that connects scenes on a device is.
@MainActor
package protocol SceneDeclaringTarget: LifecycleTarget {
    /// Declares that the application adopts scenes (its `UIApplicationSceneManifest`), if it
    /// does not yet.
    func declareScenes()
    /// Whether the application declares scenes: UIKit then runs it as scene-based from its
    /// launch, and connects scenes to no other.
    var declaresScenes: Bool { get }
}

/// A target that knows the notification categories its application registered with the
/// system, which decide which responses the system delivers (a dismissal only for a
/// category with its custom dismiss action).
@MainActor
package protocol NotificationCategoriesTarget: LifecycleTarget {
    /// The identifiers of the registered categories whose dismissals the system delivers
    /// (`customDismissAction`), and of all the registered categories.
    var registeredNotificationCategories: (all: Set<String>, deliveringDismissals: Set<String>) { get }
}

/// Drives a composite with no platform objects, on a simulated system.
@MainActor
final class CompositeTarget: LifecycleTarget, NotificationCategoriesTarget {
    let composite: ServiceComposite
    let system: SimulatedSystem
    /// How each CarPlay scene's interface controller is connected, for its disconnection.
    private var carPlayConnections: [String: CarPlayConnection] = [:]
    /// The scene sessions UIKit keeps (made at a first connection, kept until discarded),
    /// by persistent identifier.
    private var keptSessions: Set<String> = []

    /// The categories the composite's services define, which a host registers as one set.
    var registeredNotificationCategories: (all: Set<String>, deliveringDismissals: Set<String>) {
        let categories = composite.definedNotificationCategories
        return (
            Set(categories.map(\.identifier)),
            Set(categories.filter { $0.options.contains(.customDismissAction) }.map(\.identifier))
        )
    }

    /// Drives `composite` on `system`, whose background time the composite holds from now on.
    init(_ composite: ServiceComposite, system: SimulatedSystem) {
        self.composite = composite
        self.system = system
        composite.useBackgroundTime(system.backgroundTime)
        composite.useIncomingCallReporter(system.calls)
    }

    func deliver(_ step: LifecycleSimulator.Step, answer: @escaping @MainActor (LifecycleSimulator.Answer?) -> Void) {
        switch step {
        case .willFinishLaunching(let options):
            // Before the services hear of the launch, as an adapter registers with
            // BGTaskScheduler: a service may submit a request from willFinishLaunching on.
            composite.registerBackgroundTasks(with: system.backgroundTasks)
            answer(.launch(composite.willFinishLaunching(options)))
        case .didFinishLaunching(let options):
            let launched = composite.didFinishLaunching(options)
            system.backgroundTasks.applicationDidFinishLaunching()
            answer(.launch(launched))
        case .didBecomeActive:
            composite.didBecomeActive()
            answer(nil)
        case .willResignActive:
            composite.willResignActive()
            answer(nil)
        case .didEnterBackground:
            composite.didEnterBackground()
            answer(nil)
        case .willEnterForeground:
            composite.willEnterForeground()
            answer(nil)
        case .willTerminate:
            composite.willTerminate()
            answer(nil)
        case .didReceiveMemoryWarning:
            composite.didReceiveMemoryWarning()
            answer(nil)
        case .systemPrefersReducedResourceUsageDidChange(let prefers):
            composite.systemPrefersReducedResourceUsageDidChange(prefers)
            answer(nil)
        case .openURL(let url, let options): answer(.handled(composite.open(url, options: options)))
        case .continueUserActivity(let activity): answer(.handled(composite.continueUserActivity(activity)))
        case .performShortcutItem(let item):
            composite.performAction(for: item) { answer(.handled($0)) }
        case .remoteNotification(let notification):
            composite.didReceiveRemoteNotification(notification) { answer(.fetch($0)) }
        case .backgroundFetch:
            composite.performFetch { answer(.fetch($0)) }
        case .backgroundURLSession(let identifier):
            composite.handleEventsForBackgroundURLSession(identifier) { answer(nil) }
        case .didDiscardSceneSessions(let sessions):
            keptSessions.subtract(sessions.map(\.persistentIdentifier))
            composite.didDiscardSceneSessions(sessions)
            answer(nil)
        case .sceneWillConnect(let scene, let options):
            // UIKit asks the application for a new session's configuration before it connects
            // the scene, as SimulatedUIKit does through the app delegate; a session it kept
            // connects again as it was.
            if keptSessions.insert(scene.identifier).inserted {
                _ = composite.configurationForConnecting(scene.session, options: options)
            }
            composite.sceneWillConnect(scene, options: options)
            answer(nil)
        case .sceneWillEnterForeground(let scene):
            composite.sceneWillEnterForeground(scene)
            answer(nil)
        case .sceneDidBecomeActive(let scene):
            composite.sceneDidBecomeActive(scene)
            answer(nil)
        case .sceneWillResignActive(let scene):
            composite.sceneWillResignActive(scene)
            answer(nil)
        case .sceneDidEnterBackground(let scene):
            composite.sceneDidEnterBackground(scene)
            answer(nil)
        case .sceneDidDisconnect(let scene):
            carPlayConnections[scene.identifier] = nil
            composite.sceneDidDisconnect(scene)
            answer(nil)
        case .sceneOpenURLContexts(let scene, let contexts):
            composite.open(contexts, scene: scene)
            answer(nil)
        case .sceneContinueUserActivity(let scene, let activity):
            _ = composite.continueUserActivity(activity, scene: scene)
            answer(nil)
        case .scenePerformShortcutItem(let scene, let item):
            composite.performAction(for: item, scene: scene) { answer(.handled($0)) }
        case .sceneGeometryDidChange(let scene, let previous):
            composite.windowSceneDidUpdateEffectiveGeometry(scene, previous: previous)
            answer(nil)
        case .sceneSupportedInterfaceOrientations(let scene):
            answer(.orientations(composite.supportedInterfaceOrientations(for: scene, window: nil)))
        case .carPlayDidConnect(let scene, let connection):
            carPlayConnections[scene.identifier] = connection
            composite.carPlayDidConnect(scene, connection: connection)
            answer(nil)
        case .carPlayDidDisconnect(let scene):
            let connection = carPlayConnections.removeValue(forKey: scene.identifier) ?? .templates
            composite.carPlayDidDisconnect(scene, connection: connection)
            answer(nil)
        case .carPlayDidSelectNavigationAlert(let scene):
            composite.carPlayDidSelectNavigationAlert(scene)
            answer(nil)
        case .carPlayDidSelectManeuver(let scene):
            composite.carPlayDidSelectManeuver(scene)
            answer(nil)
        case .carPlayContentStyleDidChange(let scene, let style):
            composite.carPlayContentStyleDidChange(scene, to: style)
            answer(nil)
        case .willPresentNotification(let notification):
            composite.willPresentNotification(notification) { answer(.presentation($0)) }
        case .didReceiveNotificationResponse(let response):
            composite.didReceiveNotificationResponse(response) { answer(nil) }
        case .openNotificationSettings(let notification):
            composite.openSettings(for: notification)
            answer(nil)
        case .didReceiveIncomingPush(let payload):
            composite.didReceiveIncomingPush(payload) { answer(.incomingPush($0)) }
        case .didUpdatePushCredentials(let credentials):
            composite.didUpdatePushCredentials(credentials)
            answer(nil)
        case .didInvalidatePushToken(let type):
            composite.didInvalidatePushToken(for: type)
            answer(nil)
        case .callProviderDidBegin:
            composite.providerDidBegin()
            answer(nil)
        case .callProviderDidReset:
            composite.providerDidReset()
            answer(nil)
        case .callAction(let action):
            composite.perform(action) { answer(.callAction($0)) }
        case .callActionTimedOut(let action):
            composite.providerTimedOut(performing: action)
            answer(nil)
        case .callAudioSessionDidActivate:
            composite.providerDidActivateAudioSession()
            answer(nil)
        case .callAudioSessionDidDeactivate:
            composite.providerDidDeactivateAudioSession()
            answer(nil)
        case .beginSession, .endSession, .switchSession, .setGate:
            answer(step.perform(on: composite))
        case .suspend, .launchBackgroundTask, .expireBackgroundTasks, .expireBackgroundTime:
            // The system takes these itself; the composite hears of them through its tasks
            // and background time.
            answer(nil)
        }
    }
}

@MainActor
extension LifecycleSimulator.Step {
    /// Takes an application's own step (a session or a gate) on `composite`: every target
    /// takes these the same way, since no system callback is involved. Answers
    /// ``LifecycleSimulator/Answer/refused(_:)`` when the composite refuses a session step;
    /// `nil` otherwise, and for a step that is not the application's own.
    package func perform(on composite: ServiceComposite) -> LifecycleSimulator.Answer? {
        do {
            switch self {
            case .beginSession(let session): try composite.beginSession(session)
            case .endSession(let identifier): try composite.endSession(identifier)
            case .switchSession(let session): try composite.switchSession(to: session)
            case .setGate(let gate, let open): composite.setGate(gate, open: open)
            default: break
            }
        } catch {
            return .refused(error)
        }
        return nil
    }
}
