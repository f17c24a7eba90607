import AppServices
import AppServicesTesting
import AppServicesUIKit
import Configuration
import Foundation
import Logging
import Testing

@testable import AppServicesExamples

#if !canImport(UIKit)
import AppServicesUIKitShim
#endif

@MainActor
struct ClassicPatternTests {
    @Test("The command list: commands run in order inside didFinishLaunching, as the builder lists them")
    func commandList() throws {
        let screen = Screen()
        let composite = ServiceComposite([], launchPlan: try makeShopLaunchPlan(screen: screen, isDebug: false))
        _ = composite.didFinishLaunching()
        #expect(screen.rootView == "TabBar(Shop, Orders, Profile)")
        #expect(screen.tintColor == "indigo")
        #expect(screen.registeredTasks == ["com.example.shop.refresh"])
        #expect(
            composite.launch?.report.nodes.filter { $0.kind == .command }.map(\.name) == [
                "SetRootViewCommand", "ApplyAppearanceCommand", "RegisterBackgroundTasksCommand",
            ]
        )

        let debugScreen = Screen()
        let debug = ServiceComposite([], launchPlan: try makeShopLaunchPlan(screen: debugScreen, isDebug: true))
        _ = debug.didFinishLaunching()
        #expect(debugScreen.registeredTasks.isEmpty)
    }

    @Test("The composite delegate: a module's composite takes part in ordering and lookup like a flat list")
    func compositeDelegate() throws {
        let composite = makeApplicationComposite()
        #expect(
            try composite.orderedServices().map { "\(type(of: $0))" } == [
                "AnalyticsService", "PaymentsAPI", "ApplePayService",
            ]
        )
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        #expect(composite.service(PaymentsModule.ApplePayService.self)?.isReady == true)
        #expect(composite.service(AnalyticsService.self)?.events == ["payments-ready", "session-start"])
    }

    @Test("The lifecycle mediator: listeners hear the life cycle, and not once released")
    func lifecycleMediator() {
        let center = NotificationCenter()
        let composite = ServiceComposite([], configuration: .init(notificationCenter: center))
        let player = VideoPlayer()
        let cache = ImageCache()
        var mediator: LifecycleMediator? = makeMediator(player: player, cache: cache, center: center)
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        composite.willResignActive()
        composite.didEnterBackground()
        #expect(!player.isPlaying)
        composite.didReceiveMemoryWarning()
        #expect(cache.images.isEmpty)
        mediator = nil
        composite.willEnterForeground()
        #expect(!player.isPlaying, "a released mediator tells nobody")
        _ = mediator  // released above; the order after the services is LifecycleMediatorTests
    }

    @Test("Initializers read the configuration: one is skipped for a missing key, one re-runs on foreground")
    func configuredInitializers() async throws {
        let logs = LogCapture()
        let refreshes = Refreshes()
        let plan = try makeConfiguredLaunchPlan(values: ["store.region": "us"], refreshes: refreshes)
        let composite = ServiceComposite([], configuration: .init(logger: logs.logger()), launchPlan: plan)
        _ = composite.didFinishLaunching()
        try await composite.launch?.waitUntilReady(.critical)

        let report = try #require(composite.launch?.report)
        #expect(report.node(named: "CrashReporterInitializer")?.outcome.kind == .skipped)
        #expect(logs.messages(at: .warning).filter { $0.contains("crashReporter.dsn") }.count == 1)
        var regions = refreshes.regions.makeAsyncIterator()
        #expect(await regions.next() == "us")

        composite.didBecomeActive()
        composite.willResignActive()
        composite.didEnterBackground()
        composite.willEnterForeground()
        #expect(await regions.next() == "us", "the store refreshed again on entering the foreground")
        #expect(composite.launch?.report.foregroundRuns.map(\.name) == ["StoreInitializer"])
    }
}

#if !canImport(UIKit)
/// Drives the app delegate as UIKit does, through the protocol; the shim's `UIApplication`
/// can be created, the real one cannot, so this runs where the shim stands in for UIKit.
@MainActor
struct ServiceOrientedAppDelegateTests {
    @Test("The service-oriented app delegate: a push service registers, keeps its token and handles silent pushes")
    func serviceOrientedAppDelegate() async {
        let application = UIApplication()
        let delegate: any UIApplicationDelegate = ShopAppDelegate()
        #expect(delegate.application(application, didFinishLaunchingWithOptions: nil))
        #expect(application.isRegisteredForRemoteNotifications)

        delegate.application(application, didRegisterForRemoteNotificationsWithDeviceToken: Data([0xAB, 0x01]))
        let result = await withCheckedContinuation { continuation in
            delegate.application(
                application,
                didReceiveRemoteNotification: ["aps": ["content-available": 1], "message": "Your order shipped"],
                fetchCompletionHandler: { continuation.resume(returning: $0) }
            )
        }
        let composite = (delegate as! ShopAppDelegate).composite
        #expect(composite.service(PushNotificationService.self)?.deviceToken == "ab01")
        #expect(result == .newData)
        #expect(composite.service(InboxService.self)?.messages == ["Your order shipped"])
    }
}
#endif
