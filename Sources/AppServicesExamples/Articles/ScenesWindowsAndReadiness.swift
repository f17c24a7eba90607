// The code of the "Scenes, windows and readiness" article.

import AppServices
import Foundation
import Logging

// MARK: The milestone and its owner

/// The screens of the application, built once the account store is open.
@MainActor
final class RootCoordinator {
    /// Every screen shown, with the scene it was shown in: "/orders/42 in main".
    private(set) var shown: [String] = []

    func show(_ path: String, in scene: SceneInfo) {
        shown.append("\(path) in \(scene.identifier)")
    }
}

enum RootCoordinatorReady: AppMilestone {
    static var reachedBy: any AppService.Type { CoordinatorService.self }
}

final class CoordinatorService: AppService, LaunchHandling {
    private(set) var root: RootCoordinator?

    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        // The root coordinator needs the account store, which the critical phase opens.
        context.whenReady(.critical, named: "build the root coordinator") { context in
            self.root = RootCoordinator()
            do {
                try context.reach(RootCoordinatorReady.self)
            } catch {
                context.logger.error("\(error)")
            }
        }
        return true
    }
}

// MARK: The deep link, per scene

final class DeepLinkRouter: SceneService, URLOpenHandling {
    static var dependencies: [any AppService.Type] { [CoordinatorService.self] }
    let scene: SceneInfo
    private(set) var routed: [String] = []

    init(scene: SceneInfo, context: AppContext) {
        self.scene = scene
    }

    // A cold launch (the URL in the scene's connection options) and a running application
    // (scene(_:openURLContexts:)) both arrive here, once.
    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        route(url, context)
        return true
    }

    private func route(_ url: URL, _ context: AppContext) {
        context.whenReached(RootCoordinatorReady.self, named: "open \(url.path)") { [weak self] context in
            // The scene may have disconnected while the link waited: then nobody shows it.
            guard let self, let root = context.service(CoordinatorService.self)?.root else { return }
            root.show(url.path, in: scene)
            routed.append(url.path)
        }
    }
}

// MARK: Waiting from a context

final class InboxSync: AppService, RemoteNotificationHandling {
    private(set) var errors: [ReadinessError] = []

    func application(
        _ context: AppContext,
        didReceiveRemoteNotification notification: RemoteNotification
    ) async throws -> BackgroundFetchResult {
        do {
            try await context.waitUntilReady(.critical)
            try await context.waitUntilReached(RootCoordinatorReady.self)
        } catch {
            // "InboxSync waited for milestone RootCoordinatorReady, which can never come: ..."
            errors.append(error)
            return .failed
        }
        return .newData
    }
}

// MARK: The launch

/// Opens the account store in the critical phase.
struct AccountStoreInitializer: Initializer {
    func perform(_ context: InitializerContext) async throws {
        context.logger.info("account store open")
    }
}

/// Installs crash reporting "first thing", before launch returns.
struct FirstThingCrashReporting: SynchronousInitializer {
    func performSynchronously(_ context: InitializerContext) throws {
        context.logger.info("crash reporting installed")
    }
}

@MainActor
func makeDeepLinkComposite() throws -> (composite: ServiceComposite, launch: Launch) {
    var configuration = LaunchPlan.Configuration()
    configuration.order = LaunchOrder(start: .willFinishLaunching)
    let plan = try LaunchPlan(configuration: configuration) {
        FirstThingCrashReporting()
        AccountStoreInitializer()
    }

    let composite = ServiceComposite([CoordinatorService(), InboxSync()])
    try composite.registerSceneServices([DeepLinkRouter.self])
    let launch = try composite.attachLaunchPlan(plan)
    return (composite, launch)
}
