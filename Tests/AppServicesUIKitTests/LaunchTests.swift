#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import AppServicesUIKitShim
import Logging
import Testing

@MainActor
struct LaunchTests {
    final class First: RecordingService {}
    final class Second: RecordingService {}

    @Test("Launch answers true when no service objects, with services and without")
    func launchesWhenNoServiceObjects() {
        #expect(SimulatedUIKit(delegate: TestAppDelegate([])).launch())
        #expect(SimulatedUIKit(delegate: TestAppDelegate([First(), Second()])).launch())
    }

    @Test("Launch answers false when one service objects, and every service is still called")
    func refusesWhenOneObjects() {
        let journal = CallJournal()
        let first = First(journal: journal)
        first.answers.launch = false
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([first, Second(journal: journal)]))
        #expect(!uiKit.launch())
        #expect(journal.services(receiving: .willFinishLaunching) == ["First", "Second"])
        #expect(journal.services(receiving: .didFinishLaunching) == ["First", "Second"])
    }

    @Test("The launch-options dictionary becomes LaunchOptions, and the raw dictionary stays reachable")
    func convertsLaunchOptions() throws {
        let recorder = Recorder()
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([recorder]))
        let item = UIApplicationShortcutItem(type: "com.example.scan", localizedTitle: "Scan")
        let options: [UIApplication.LaunchOptionsKey: Any] = [
            .url: URL(string: "shop://cart")!,
            .sourceApplication: "com.example.mail",
            .remoteNotification: ["orderID": "A-17"] as [AnyHashable: Any],
            .shortcutItem: item,
            .userActivityDictionary: [
                UIApplication.LaunchOptionsKey.userActivityType.rawValue: "com.example.order"
            ] as [AnyHashable: Any],
        ]
        uiKit.launch(options: options)
        let launched = try #require(recorder.launchOptions.first)
        #expect(
            launched
                == LaunchOptions(
                    url: URL(string: "shop://cart"),
                    sourceApplication: "com.example.mail",
                    remoteNotification: ["orderID": "A-17"],
                    shortcutItem: ShortcutItem(type: "com.example.scan", localizedTitle: "Scan"),
                    userActivityType: "com.example.order",
                    launchedInBackground: false
                )
        )
        let context = try #require(recorder.contexts[.didFinishLaunching])
        #expect(context.uiKit.launchOptions?[.shortcutItem] as? UIApplicationShortcutItem === item)
        #expect(context.uiKit.application === uiKit.application)
    }

    @Test("An application launched into the background tells its services so")
    func launchesIntoBackground() throws {
        let recorder = Recorder()
        let delegate = TestAppDelegate([recorder])
        SimulatedUIKit(delegate: delegate).launch(inBackground: true)
        #expect(try #require(recorder.launchOptions.first).launchedInBackground)
        #expect(delegate.composite.applicationState == .background)
    }

    @Test("A cold launch to the foreground, a trip to the background and back, and termination reach services in order")
    func followsTheLifeCycle() {
        let recorder = Recorder()
        let delegate = TestAppDelegate([recorder])
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch()
        uiKit.becomeActive()
        #expect(delegate.composite.applicationState == .active)
        uiKit.resignActive()
        uiKit.enterBackground()
        #expect(delegate.composite.applicationState == .background)
        uiKit.enterForeground()
        uiKit.becomeActive()
        uiKit.resignActive()
        uiKit.enterBackground()
        uiKit.terminate()
        #expect(
            recorder.callbacks == [
                .willFinishLaunching, .didFinishLaunching, .didBecomeActive, .willResignActive, .didEnterBackground,
                .willEnterForeground, .didBecomeActive, .willResignActive, .didEnterBackground, .willTerminate,
            ]
        )
        #expect(delegate.composite.applicationState == .terminated)
    }

    @Test("The composite is made once, from the overridable factories, and does not post what UIKit posts")
    func makesTheCompositeOnce() {
        let delegate = TestAppDelegate([Recorder()])
        #expect(delegate.composite === delegate.composite)
        #expect(delegate.composite.configuration.lifecycleNotifications == .never)
        #expect(delegate.composite.service(Recorder.self) != nil)
    }

    @Test("An overridden makeComposite that extends the default keeps UIKit's notifications to UIKit")
    func extendsTheDefaultComposite() throws {
        final class ExtendingDelegate: ServiceOrientedAppDelegate {
            override func makeServices() -> [any AppService] { [First()] }
            override func makeComposite() -> ServiceComposite {
                let composite = super.makeComposite()
                try? composite.register(Second())
                return composite
            }
        }
        let delegate = ExtendingDelegate()
        #expect(delegate.composite.configuration.lifecycleNotifications == .never)
        let names = try delegate.composite.orderedServices().map { String(describing: type(of: $0)) }
        #expect(names == ["First", "Second"])
    }

    @Test("An overridden makeComposite that posts lifecycle notifications is used, with a warning")
    func warnsAboutDoublePosting() {
        final class PostingDelegate: ServiceOrientedAppDelegate {
            let logs: LogCapture
            init(logs: LogCapture) {
                self.logs = logs
                super.init()
            }
            override func makeComposite() -> ServiceComposite {
                ServiceComposite([], configuration: .init(logger: logs.logger()))
            }
        }
        let logs = LogCapture()
        let delegate = PostingDelegate(logs: logs)
        #expect(delegate.composite.configuration.lifecycleNotifications != .never)
        #expect(logs.messages(at: .warning).contains { $0.contains("PostingDelegate.makeComposite()") })
    }

    @Test("Every life-cycle event is named as UIKit names its notification")
    func lifecycleNotificationNames() {
        let uiKit: [AppCallback: NSNotification.Name] = [
            .didFinishLaunching: UIApplication.didFinishLaunchingNotification,
            .didBecomeActive: UIApplication.didBecomeActiveNotification,
            .willResignActive: UIApplication.willResignActiveNotification,
            .didEnterBackground: UIApplication.didEnterBackgroundNotification,
            .willEnterForeground: UIApplication.willEnterForegroundNotification,
            .willTerminate: UIApplication.willTerminateNotification,
            .didReceiveMemoryWarning: UIApplication.didReceiveMemoryWarningNotification,
            .significantTimeChange: UIApplication.significantTimeChangeNotification,
            .protectedDataWillBecomeUnavailable: UIApplication.protectedDataWillBecomeUnavailableNotification,
            .protectedDataDidBecomeAvailable: UIApplication.protectedDataDidBecomeAvailableNotification,
        ]
        #expect(Set(LifecycleEvent.allCases.map(\.callback)) == Set(uiKit.keys))
        for event in LifecycleEvent.allCases {
            #expect(event.notificationName == uiKit[event.callback], "\(event)")
        }
    }

    @Test("Lifecycle listeners hear each UIKit notification once, after the services")
    func mediatorHearsUIKitOnce() {
        final class Listener: LifecycleListener {
            var heard: [String] = []
            func applicationDidFinishLaunching() { heard.append("didFinishLaunching") }
            func applicationDidBecomeActive() { heard.append("didBecomeActive") }
            func applicationWillResignActive() { heard.append("willResignActive") }
            func applicationDidEnterBackground() { heard.append("didEnterBackground") }
            func applicationDidReceiveMemoryWarning() { heard.append("didReceiveMemoryWarning") }
        }
        let listener = Listener()
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([Recorder()]))
        let mediator = LifecycleMediator(listeners: [listener], notificationCenter: uiKit.notificationCenter)
        uiKit.launch()
        uiKit.becomeActive()
        uiKit.receiveMemoryWarning()
        uiKit.resignActive()
        uiKit.enterBackground()
        #expect(
            listener.heard == [
                "didFinishLaunching", "didBecomeActive", "didReceiveMemoryWarning", "willResignActive",
                "didEnterBackground",
            ]
        )
        withExtendedLifetime(mediator) {}
    }
}

#endif
