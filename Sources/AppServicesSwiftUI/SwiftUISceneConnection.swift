import AppServices
import AppServicesUIKit
import Foundation
import Logging

#if canImport(UIKit)
import SwiftUI
import UIKit
#else
import AppServicesSwiftUIShim
#endif

/// One SwiftUI scene as the composite sees it: what the `appServices(_:)` modifier of the
/// scene's root view reports, turned into the scene callbacks UIKit would have made.
///
/// The modifier keeps one per scene (in its state, so it outlives the view's re-creation).
/// The scene's identifier is made here, since SwiftUI does not show its scene's session.
///
/// **One host per scene.** When a UIKit scene delegate (a `ServiceOrientedSceneDelegate`
/// that an app delegate behind `@UIApplicationDelegateAdaptor` configured) reports window
/// scenes to the composite, it reports this one too, with UIKit's identifier: the
/// connection then reports nothing, so services hear each callback once. A scene another
/// delegate reports, such as a CarPlay scene, does not stop it.
@MainActor
final class SwiftUISceneConnection {
    /// The scene, as services see it in `context.scene`.
    let scene: SceneInfo
    /// Whether `sceneWillConnect` was dispatched for the scene.
    private(set) var isConnected = false

    /// The composites whose services were checked for undeclared activity types, weakly:
    /// a composite released is not taken for a new one at the same address.
    private static var checkedForActivityTypes: [ObjectIdentifier: Checked] = [:]

    /// A composite checked for undeclared activity types.
    private struct Checked {
        weak var composite: ServiceComposite?
    }

    /// A connection for a scene SwiftUI is creating.
    init() {
        scene = SceneInfo(session: SceneSession(persistentIdentifier: "SwiftUI-\(UUID().uuidString)"))
    }

    /// The scene's phase changed (or was first read): launches the composite if nothing
    /// has, connects the scene the first time, and dispatches the scene callbacks that take
    /// it to `phase`.
    func phaseChanged(to phase: ScenePhase, in composite: ServiceComposite) {
        guard prepare(composite) else { return }
        composite.moveSceneState(scene, to: Self.sceneState(phase), platform: Self.platform())
    }

    /// The system opened `url` in the scene: dispatched to `URLOpenHandling`.
    func open(_ url: URL, in composite: ServiceComposite) {
        guard prepare(composite) else { return }
        composite.open([OpenURLContext(url: url)], scene: scene, platform: Self.platform())
    }

    /// The system continued `activity` in the scene: dispatched to `UserActivityHandling`;
    /// the objects services return restore their state from it.
    func continueUserActivity(_ activity: NSUserActivity, in composite: ServiceComposite) {
        guard prepare(composite) else { return }
        UserActivity.warnAboutDroppedUserInfo(of: activity, logger: composite.configuration.logger)
        _ = composite.continueUserActivity(
            UserActivity(activity),
            platform: Self.platform([.userActivity: activity]),
            scene: scene
        ) { objects in
            for case let object as any UIUserActivityRestoring in objects {
                object.restoreUserActivityState(activity)
            }
        }
    }

    /// The scene's root view went away: the scene disconnects, when it is in the
    /// background, where iOS disconnects scenes. A root view that goes away while its scene
    /// is in front is covered by another view (a full-screen cover presented over it: SwiftUI
    /// calls the covered view's `onDisappear`), and the scene stays connected and in front.
    func disconnect(from composite: ServiceComposite) {
        guard isConnected else { return }
        let state = composite.sceneState(for: scene.identifier)
        guard state != .foregroundActive, state != .foregroundInactive else { return }
        isConnected = false
        composite.sceneDidDisconnect(scene, platform: Self.platform())
    }

    /// Makes sure the composite is launched and the scene connected; `false` when a UIKit
    /// scene delegate reports the scenes instead. A scene this connection connected it goes
    /// on reporting to its end, whatever a scene delegate reports later: nobody else knows
    /// its identifier, and it would stay connected for good (a scene delegate reports this
    /// window before SwiftUI shows it, so one that reports later reports another scene).
    private func prepare(_ composite: ServiceComposite) -> Bool {
        if composite.applicationState == .notRunning { Self.launchLate(composite) }
        if isConnected { return true }
        guard deliversScenes(to: composite) else { return false }
        isConnected = true
        Self.warnAboutUndeclaredActivityTypes(of: composite)
        composite.sceneWillConnect(scene, platform: Self.platform())
        return true
    }

    /// What the scene's callbacks come with: the application, as a UIKit scene delegate's
    /// do (a service moved from an application delegate reads `context.uiKit.application`),
    /// and `values`.
    private static func platform(_ values: [PlatformObjects.Key: Any] = [:]) -> PlatformObjects {
        PlatformObjects(values.merging([.application: UIApplication.shared]) { given, _ in given })
    }

    /// Whether this connection reports its scene: not when a `ServiceOrientedSceneDelegate`
    /// reports the application's window scenes, as one does when the app delegate configures
    /// it for their role (`windowApplication`, the role of every SwiftUI window). Scenes of
    /// other roles do not count, whoever reports them: an external display's scene that a
    /// scene delegate reports, or a CarPlay scene.
    private func deliversScenes(to composite: ServiceComposite) -> Bool {
        !composite.connectedScenes.contains {
            $0.role == .windowApplication && ServiceOrientedSceneDelegate.reportedScenes.contains($0.identifier)
        }
    }

    /// Launches a composite that neither a `SwiftUIApplicationHost` nor an app delegate
    /// launched before its first scene, with a warning: it is too late to register
    /// background tasks or to become the notification center's delegate.
    private static func launchLate(_ composite: ServiceComposite) {
        composite.configuration.logger.warning(
            """
            appServices(_:): the composite was not launched before its first scene, so it is launched now, too late \
            to register background tasks or receive the notification that launched the application. Create a \
            SwiftUIApplicationHost in the App's initializer, or give the App a ServiceOrientedAppDelegate with \
            @UIApplicationDelegateAdaptor.
            """
        )
        let options = LaunchOptions()
        _ = composite.willFinishLaunching(options)
        _ = composite.didFinishLaunching(options)
    }

    /// Warns, once per composite, about each service that continues user activities but
    /// declares no activity type: a SwiftUI scene gives it none.
    private static func warnAboutUndeclaredActivityTypes(of composite: ServiceComposite) {
        let key = ObjectIdentifier(composite)
        guard checkedForActivityTypes[key]?.composite !== composite else { return }
        checkedForActivityTypes = checkedForActivityTypes.filter { $0.value.composite != nil }
        checkedForActivityTypes[key] = Checked(composite: composite)
        for case let service as any UserActivityHandling in composite.handlingServices(for: .continueUserActivity)
        where service.userActivityTypes.isEmpty {
            composite.configuration.logger.warning(
                """
                \(type(of: service)) adopts UserActivityHandling but declares no userActivityTypes: a SwiftUI scene \
                continues no activity for it. List the types it continues in userActivityTypes.
                """
            )
        }
    }

    /// The scene state a SwiftUI phase corresponds to.
    static func sceneState(_ phase: ScenePhase) -> SceneState {
        // Compared rather than switched over: SwiftUI's enum may gain cases.
        if phase == .active { return .foregroundActive }
        if phase == .background { return .background }
        return .foregroundInactive
    }
}
