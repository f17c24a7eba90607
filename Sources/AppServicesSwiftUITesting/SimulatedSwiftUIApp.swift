#if !canImport(UIKit)
import AppServices
public import AppServicesSwiftUI
public import AppServicesTesting
import AppServicesUIKit
public import AppServicesUIKitTesting
import Foundation

/// A SwiftUI application on Linux, driven by a `LifecycleSimulator` as iOS would drive it:
/// its `App` is created before launch, its window scenes are ``SimulatedWindow``s showing the
/// `App`'s `WindowGroup` (the shim's `App` has one scene: an `App` with several does not
/// compile here), and everything UIKit does beside the windows (launch,
/// notifications, background tasks and time, PushKit, CarPlay) goes through a
/// `SimulatedUIKit` with SwiftUI's application delegate, on the same simulated system.
///
/// ```swift
/// let app = SimulatedSwiftUIApp { ShopApp() }
/// let simulator = LifecycleSimulator(driving: app)
///
/// try simulator.coldLaunch(connecting: main)
/// try simulator.openURL(URL(string: "shop://orders/17")!, in: main)
/// ```
///
/// The cold launch makes the `App` and shows its window; the URL reaches the window's
/// `onOpenURL`, and through `appServices(_:)` the services' `URLOpenHandling`.
///
/// **What SwiftUI does differently from a UIKit scene delegate**, and so these steps:
/// SwiftUI asks the application delegate (the adaptor's) for a new window session's
/// configuration, as UIKit does, and then connects the window itself; a window's view appears
/// when its scene first enters the foreground, and SwiftUI then hands it the URLs and user
/// activities the scene was connected with, through `onOpenURL` and
/// `onContinueUserActivity` (a UIKit scene delegate's composite delivers them right after
/// `sceneWillConnect`); a notification response that launched a scene reaches the services
/// through the notification center's delegate only; and SwiftUI gives a window no quick
/// action (`LifecycleSimulator.Step.scenePerformShortcutItem(_:_:)` answers `false`: a
/// SwiftUI application takes quick actions through a scene delegate of its own), nor the
/// window scene delegate's geometry changes and orientation question (SwiftUI's own scene
/// delegate answers them).
@MainActor
public final class SimulatedSwiftUIApp<Root: App>: LifecycleTarget {
    /// The simulated system the application runs on.
    public let system: SimulatedSystem
    /// UIKit beside the windows: the application object and its delegate (SwiftUI's own, or
    /// the one the `App` declares with `@UIApplicationDelegateAdaptor`).
    public let uiKit: SimulatedUIKit
    /// The `App`, once the application has begun launching.
    public private(set) var app: Root?
    /// The window of each connected window scene, by the scene's identifier.
    public private(set) var windows: [String: SimulatedWindow] = [:]

    private let makeApp: @MainActor () -> Root
    /// What each window's scene was connected with, until its view appears.
    private var pendingConnections: [String: SceneConnectionOptions] = [:]

    /// An application whose `App` `makeApp` makes as the application begins launching.
    ///
    /// - Parameters:
    ///   - system: The simulated system. Default: a new one.
    ///   - delegate: The application's delegate: the one the `App` declares with
    ///     `@UIApplicationDelegateAdaptor` (made as SwiftUI makes it, before the `App`), or
    ///     `nil` for SwiftUI's own, which handles nothing.
    ///   - makeApp: Makes the `App`, as SwiftUI does before launch, before UIKit has made the
    ///     application object (`UIApplication.shared` is no object yet on a device); it runs
    ///     on the simulated device, so a `SwiftUIApplicationHost` made in it registers its
    ///     background tasks and notification center there, and launches its composite as
    ///     UIKit has finished launching.
    public init(
        system: SimulatedSystem = SimulatedSystem(),
        delegate: (any UIApplicationDelegate)? = nil,
        _ makeApp: @escaping @MainActor () -> Root
    ) {
        self.system = system
        self.makeApp = makeApp
        uiKit = SimulatedUIKit(delegate: delegate ?? SwiftUIApplicationDelegate(), system: system)
        // A SwiftUI application is a scene-based UIKit one: Xcode writes the scene manifest
        // into its Info.plist, and its state follows its windows.
        uiKit.infoPlist = SimulatedUIKit.sceneManifest
        uiKit.windowStates = { [weak self] in
            guard let self else { return [] }
            return windows.values.filter(\.isShown).map { window in
                switch window.phase {
                case .active: .foregroundActive
                case .inactive: .foregroundInactive
                default: .background
                }
            }
        }
    }

    /// Delivers `step` as SwiftUI and UIKit would (see the type's documentation).
    public func deliver(
        _ step: LifecycleSimulator.Step,
        answer: @escaping @MainActor (LifecycleSimulator.Answer?) -> Void
    ) {
        switch step {
        case .willFinishLaunching:
            if app == nil {
                // SwiftUI makes the `App` before `UIApplicationMain` has made the application
                // object: a host made in the `App`'s initializer finds none, and launches the
                // composite as UIKit has finished launching.
                let madeBefore = ServiceOrientedAppDelegate.current
                app = uiKit.withSimulatedFrameworks(applicationExists: false) { makeApp() }
                // A `SwiftUIApplicationHost` made by the `App` hosts this application's
                // composite, whatever other application is made later.
                if let made = ServiceOrientedAppDelegate.current, made !== madeBefore { uiKit.hostDelegate = made }
            }
            uiKit.deliver(step, answer: answer)
        case .sceneWillConnect(let scene, let options) where isWindow(scene):
            guard let app else { return uiKit.deliver(step, answer: answer) }
            uiKit.configureConnectingWindowSession(scene, options: options)
            windows[scene.identifier] = uiKit.withSimulatedFrameworks {
                SimulatedWindow(windowOf: app.body, phase: .inactive)
            }
            pendingConnections[scene.identifier] = options
            answer(nil)
        case .sceneWillEnterForeground(let scene) where windows[scene.identifier] != nil:
            inWindow(scene) { window in
                guard window.isShown else { return appear(window, scene) }
                window.move(to: .inactive)
            }
            answer(nil)
        case .sceneDidBecomeActive(let scene) where windows[scene.identifier] != nil:
            inWindow(scene) { $0.move(to: .active) }
            answer(nil)
        case .sceneWillResignActive(let scene) where windows[scene.identifier] != nil:
            inWindow(scene) { $0.move(to: .inactive) }
            answer(nil)
        case .sceneDidEnterBackground(let scene) where windows[scene.identifier] != nil:
            inWindow(scene) { $0.move(to: .background) }
            answer(nil)
        case .sceneDidDisconnect(let scene) where windows[scene.identifier] != nil:
            inWindow(scene) { $0.remove() }
            windows[scene.identifier] = nil
            answer(nil)
        case .sceneOpenURLContexts(let scene, let contexts) where windows[scene.identifier] != nil:
            inWindow(scene) { window in
                for context in contexts.sorted(by: { $0.url.absoluteString < $1.url.absoluteString }) {
                    window.open(context.url)
                }
            }
            answer(nil)
        case .sceneContinueUserActivity(let scene, let activity) where windows[scene.identifier] != nil:
            inWindow(scene) { $0.continueUserActivity(NSUserActivity(activity)) }
            answer(nil)
        case .scenePerformShortcutItem(let scene, _) where windows[scene.identifier] != nil:
            answer(.handled(false))
        case .sceneGeometryDidChange(let scene, _) where windows[scene.identifier] != nil:
            // SwiftUI reports a window's size to its views, not to a scene delegate.
            answer(nil)
        case .sceneSupportedInterfaceOrientations(let scene) where windows[scene.identifier] != nil:
            // SwiftUI's own scene delegate answers; the Info.plist decides.
            answer(.orientations(nil))
        default:
            // The application's own callbacks, and scenes that are not windows (CarPlay), go
            // through UIKit as in any application.
            uiKit.deliver(step, answer: answer)
        }
    }

    /// Whether a connecting scene is one of the application's windows, which SwiftUI shows:
    /// every scene but a CarPlay one, which UIKit connects to a CarPlay scene delegate.
    private func isWindow(_ scene: SceneInfo) -> Bool {
        scene.session.role != .carTemplateApplication
    }

    /// Runs `body` with the window of `scene` on the simulated device; then the
    /// application's state follows its windows, as UIKit moves it and posts its
    /// notifications.
    private func inWindow(_ scene: SceneInfo, _ body: (SimulatedWindow) -> Void) {
        guard let window = windows[scene.identifier] else { return }
        uiKit.withSimulatedFrameworks { body(window) }
        uiKit.followScenes()
    }

    /// The window's view appears, as its scene first comes to the foreground, and receives
    /// the URLs and activities the scene was connected with.
    private func appear(_ window: SimulatedWindow, _ scene: SceneInfo) {
        window.show()
        guard let options = pendingConnections.removeValue(forKey: scene.identifier) else { return }
        for context in options.urlContexts.sorted(by: { $0.url.absoluteString < $1.url.absoluteString }) {
            window.open(context.url)
        }
        for activity in options.userActivities { window.continueUserActivity(NSUserActivity(activity)) }
    }
}

/// SwiftUI's own application delegate, for an `App` that declares none: it implements no
/// callback, so UIKit calls nothing on it.
final class SwiftUIApplicationDelegate: UIResponder, UIApplicationDelegate {}
#endif
