// The UIKit objects behind a callback: a service that gives each connecting scene its
// window, as the documentation of `AppContext.uiKit` shows.

import AppServices
import AppServicesUIKit

#if canImport(UIKit)
import UIKit
#else
import AppServicesUIKitShim
#endif

/// The root of the example's interface.
final class RootViewController: UIViewController {
    init() { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { nil }
}

/// Installs a window with the root view controller in every scene that connects.
final class WindowInstallingService: AppService, SceneHandling {
    func scene(_ context: AppContext, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
        guard let windowScene = context.uiKit.windowScene,
            let delegate = windowScene.delegate as? ServiceOrientedSceneDelegate
        else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = RootViewController()
        delegate.window = window
        window.makeKeyAndVisible()
    }
}

/// An app delegate with a launch plan, as `ServiceOrientedAppDelegate.makeLaunchPlan()`
/// documents it.
final class LaunchingAppDelegate: ServiceOrientedAppDelegate {
    let screen = Screen()

    override func makeLaunchPlan() throws -> LaunchPlan? {
        try LaunchPlan {
            LoggingInitializer()
            CrashReporterInitializer()
            DatabaseInitializer()
        } commands: {
            ApplyAppearanceCommand(screen: screen)
        }
    }
}
