#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import AppServicesUIKitShim
import Testing

/// The cover the documentation of `PrivacyCoverProviding` shows.
final class BlurredCoverViewController: UIViewController {}

final class PrivacyService: AppService, PrivacyCoverProviding {
    func privacyCover(for scene: UIWindowScene, context: AppContext) -> UIViewController? {
        BlurredCoverViewController()
    }
}

/// The privacy cover every window scene shows while it is not active.
@MainActor
struct PrivacyCoverTests {
    final class AppDelegate: ServiceOrientedAppDelegate {
        var services: [any AppService] = []
        override func makeServices() -> [any AppService] { services }
    }

    static func appDelegate(_ services: [any AppService]) -> AppDelegate {
        let delegate = AppDelegate()
        delegate.services = services
        return delegate
    }

    final class CoverService: AppService, PrivacyCoverProviding {
        var provided = 0
        func privacyCover(for scene: UIWindowScene, context: AppContext) -> UIViewController? {
            provided += 1
            return UIViewController()
        }
    }

    /// A cover that first asks the scene's delegate whether one is shown already.
    final class CheckingCoverService: AppService, PrivacyCoverProviding {
        var shownBefore: [Bool] = []
        func privacyCover(for scene: UIWindowScene, context: AppContext) -> UIViewController? {
            let delegate = scene.delegate as? ServiceOrientedSceneDelegate
            shownBefore.append(delegate?.privacyCoverWindow(over: scene) != nil)
            return UIViewController()
        }
    }

    /// An application delegate whose composite logs to `logs`.
    final class LoggingAppDelegate: ServiceOrientedAppDelegate {
        let services: [any AppService]
        let logs: LogCapture
        init(_ services: [any AppService], logs: LogCapture) {
            self.services = services
            self.logs = logs
            super.init()
        }
        override func makeServices() -> [any AppService] { services }
        override func makeConfiguration() -> ServiceComposite.Configuration { .init(logger: logs.logger()) }
    }

    @Test("An application without scenes is told, at launch, that its privacy cover is never shown")
    func coverWithoutScenesIsReported() {
        let logs = LogCapture()
        let uiKit = SimulatedUIKit(delegate: LoggingAppDelegate([CoverService()], logs: logs))
        uiKit.launch()
        let errors = logs.entries.map(\.description).filter { $0.contains("provides a privacy cover") }
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("[error] CoverService provides a privacy cover") == true)
        #expect(errors.first?.contains("declares no scenes") == true)

        let withScenes = LogCapture()
        let sceneBased = SimulatedUIKit(delegate: LoggingAppDelegate([CoverService()], logs: withScenes))
        sceneBased.infoPlist = SimulatedUIKit.sceneManifest
        sceneBased.launch()
        #expect(!withScenes.text.contains("provides a privacy cover"))
    }

    @Test("A scene sent to the background before it became active is covered too, for the app switcher's snapshot")
    func coveredWithoutResigning() throws {
        let cover = CoverService()
        let uiKit = SimulatedUIKit(delegate: Self.appDelegate([cover]))
        uiKit.infoPlist = SimulatedUIKit.sceneManifest
        let simulator = LifecycleSimulator(driving: uiKit)
        let main = SceneInfo(session: SceneSession(persistentIdentifier: "main"))
        try simulator.launchIntoBackground()
        try simulator.sendNow(.sceneWillConnect(main, SceneConnectionOptions()))
        try simulator.sendNow(.sceneWillEnterForeground(main))
        // Home before it became active: UIKit sends no sceneWillResignActive.
        try simulator.sendNow(.sceneDidEnterBackground(main))
        let scene = try #require(uiKit.scenes["main"])
        let delegate = try #require(scene.delegate as? ServiceOrientedSceneDelegate)
        let coverWindow = try #require(delegate.privacyCoverWindow(over: scene))
        #expect(!coverWindow.isHidden)
        #expect(cover.provided == 1)

        try simulator.sceneToForeground(main)
        #expect(delegate.privacyCoverWindow(over: scene) == nil)
    }

    @Test("A service asked for a cover can ask the scene's delegate for the cover window meanwhile")
    func coverProviderReadsTheCoverWindow() throws {
        let cover = CheckingCoverService()
        let uiKit = SimulatedUIKit(delegate: Self.appDelegate([cover]))
        uiKit.launch()
        let scene = uiKit.connectScene("main") { ServiceOrientedSceneDelegate() }
        uiKit.bringToForeground(scene)
        uiKit.resignActive(scene)
        let delegate = try #require(scene.delegate as? ServiceOrientedSceneDelegate)
        #expect(cover.shownBefore == [false])
        #expect(delegate.privacyCoverWindow(over: scene) != nil)
    }

    @Test(
        "With two scenes, each shows one cover above its windows while it is not active, and none once it is active again"
    )
    func coverComesAndGoes() throws {
        let cover = CoverService()
        let appDelegate = Self.appDelegate([cover])
        let uiKit = SimulatedUIKit(delegate: appDelegate)
        uiKit.launch()
        let a = uiKit.connectScene("A") { ServiceOrientedSceneDelegate() }
        let b = uiKit.connectScene("B") { ServiceOrientedSceneDelegate() }
        uiKit.bringToForeground(a)
        uiKit.bringToForeground(b)
        let delegateA = try #require(a.delegate as? ServiceOrientedSceneDelegate)
        let delegateB = try #require(b.delegate as? ServiceOrientedSceneDelegate)
        #expect(delegateA.privacyCoverWindow(over: a) == nil)

        uiKit.resignActive(a)
        let coverA = try #require(delegateA.privacyCoverWindow(over: a))
        #expect(!coverA.isHidden)
        #expect(coverA.windowScene === a)
        #expect(coverA.windowLevel.rawValue > UIWindow.Level.alert.rawValue)
        #expect(delegateB.privacyCoverWindow(over: b) == nil, "B is still active")

        // Resigning again, then going to the background, keeps the one cover.
        uiKit.resignActive(a)
        uiKit.sendToBackground(b)
        #expect(delegateA.privacyCoverWindow(over: a) === coverA)
        #expect(delegateB.privacyCoverWindow(over: b) != nil)
        #expect(cover.provided == 2)

        uiKit.becomeActive(a)
        #expect(delegateA.privacyCoverWindow(over: a) == nil)
        #expect(coverA.isHidden, "never left on screen once the scene is active")
        uiKit.bringToForeground(b)
        #expect(delegateB.privacyCoverWindow(over: b) == nil)

        uiKit.resignActive(b)
        uiKit.disconnect(b)
        #expect(delegateB.privacyCoverWindow(over: b) == nil, "removed with its scene")
    }

    @Test("The documentation's service covers a scene with its view controller")
    func documentedService() throws {
        let uiKit = SimulatedUIKit(delegate: Self.appDelegate([PrivacyService()]))
        uiKit.launch()
        let a = uiKit.connectScene("A") { ServiceOrientedSceneDelegate() }
        uiKit.bringToForeground(a)
        uiKit.resignActive(a)
        let window = try #require((a.delegate as? ServiceOrientedSceneDelegate)?.privacyCoverWindow(over: a))
        #expect(window.rootViewController is BlurredCoverViewController)
    }

    /// A cover per account: a session service, asked with its session in the context.
    final class AccountCover: SessionService, PrivacyCoverProviding {
        let session: SessionInfo
        init(session: SessionInfo, context: AppContext) { self.session = session }
        func privacyCover(for scene: UIWindowScene, context: AppContext) -> UIViewController? {
            context.session == session ? BlurredCoverViewController() : nil
        }
    }

    @Test("The current session's services are asked for a cover too, with their session in the context")
    func sessionServiceCover() throws {
        let appDelegate = Self.appDelegate([])
        let uiKit = SimulatedUIKit(delegate: appDelegate)
        try appDelegate.composite.registerSessionServices([AccountCover.self])
        uiKit.launch()
        let a = uiKit.connectScene("A") { ServiceOrientedSceneDelegate() }
        uiKit.bringToForeground(a)
        uiKit.resignActive(a)
        let delegate = try #require(a.delegate as? ServiceOrientedSceneDelegate)
        #expect(delegate.privacyCoverWindow(over: a) == nil, "no session lives")

        uiKit.becomeActive(a)
        try appDelegate.composite.beginSession(SessionInfo(identifier: "alice"))
        uiKit.resignActive(a)
        let window = try #require(delegate.privacyCoverWindow(over: a))
        #expect(window.rootViewController is BlurredCoverViewController)
    }

    @Test("Without a cover service no cover window is made")
    func noCoverWithoutAService() throws {
        let appDelegate = Self.appDelegate([])
        let uiKit = SimulatedUIKit(delegate: appDelegate)
        uiKit.launch()
        let a = uiKit.connectScene("A") { ServiceOrientedSceneDelegate() }
        uiKit.bringToForeground(a)
        uiKit.resignActive(a)
        #expect((a.delegate as? ServiceOrientedSceneDelegate)?.privacyCoverWindow(over: a) == nil)
    }
}
#endif
