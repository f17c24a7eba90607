#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKitShim
import AppServicesUIKitTesting
import Foundation
import Logging
import Testing

@testable import AppServicesUIKit

/// The iOS 26.0, 26.4 and 27 surface (the shim is the newest SDK): each new callback reaches
/// the capability it belongs to, through the delegate protocols, claimed with the SDK's
/// selector only when a service handles it, with its merge rule.
@MainActor
struct NewestSurfaceTests {
    static let orientations = "supportedInterfaceOrientationsForWindowScene:"
    /// What UIKit asks for a window scene's orientations: from iOS 27 its delegate, before
    /// (`APPSERVICES_BEFORE_IOS_27`) the application's delegate, for the scene's window.
    static var askedForOrientations: String {
        OlderSystemPaths.beforeIOS27 ? "application:supportedInterfaceOrientationsForWindow:" : orientations
    }
    static let effectiveGeometry = "windowScene:didUpdateEffectiveGeometry:"
    static let coordinateSpace = "windowScene:didUpdateCoordinateSpace:interfaceOrientation:traitCollection:"
    static let voIPWithMetadata = "pushRegistry:didReceiveIncomingVoIPPushWithPayload:metadata:withCompletionHandler:"

    let main = SceneInfo(session: SceneSession(persistentIdentifier: "main"))

    final class PortraitOnly: AppService, InterfaceOrientationHandling {
        func application(
            _ context: AppContext,
            supportedInterfaceOrientationsFor window: AnyObject?
        )
            -> InterfaceOrientationMask
        {
            context.scene == nil ? .all : [.portrait, .landscapeLeft]
        }
    }

    /// A scene service that narrows its own scene's orientations further.
    final class PlayerScene: SceneService, InterfaceOrientationHandling {
        init(scene: SceneInfo, context: AppContext) {}
        func application(
            _ context: AppContext,
            supportedInterfaceOrientationsFor window: AnyObject?
        )
            -> InterfaceOrientationMask
        {
            [.landscapeLeft, .landscapeRight]
        }
    }

    /// Records geometry changes and connection options with their payloads.
    final class Geometry: RecordingService {
        private(set) var geometry: WindowSceneGeometryChange?
        private(set) var connectionOptions: [SceneConnectionOptions] = []

        override func windowScene(_ context: AppContext, didUpdate previous: WindowSceneGeometryChange) {
            geometry = previous
            super.windowScene(context, didUpdate: previous)
        }

        override func scene(
            _ context: AppContext,
            willConnectTo session: SceneSession,
            options: SceneConnectionOptions
        ) {
            connectionOptions.append(options)
            super.scene(context, willConnectTo: session, options: options)
        }
    }
    final class Resources: RecordingService {}
    final class Calls: RecordingService {
        /// `mustReport` of the VoIP metadata each push came with, as the context gives it.
        private(set) var metadataMustReport: [Bool?] = []

        override func pushRegistry(
            _ context: AppContext,
            didReceiveIncomingPushWith payload: PushPayload
        ) async throws -> VoIPCallReport {
            metadataMustReport.append(context.uiKit.voIPPushMetadata?.mustReport)
            return try await super.pushRegistry(context, didReceiveIncomingPushWith: payload)
        }
    }

    /// A simulated UIKit whose delegate has `services` and `sceneServices`, driven by a
    /// simulator.
    func app(
        _ services: [any AppService],
        sceneServices: [any SceneService.Type] = [],
        logs: LogCapture = LogCapture()
    ) throws -> (LifecycleSimulator, SimulatedUIKit, ServiceComposite) {
        let composite = ServiceComposite(services, configuration: .init(logger: logs.logger()))
        try composite.registerSceneServices(sceneServices)
        let uiKit = SimulatedUIKit(delegate: HostingDelegate(composite))
        return (LifecycleSimulator(driving: uiKit), uiKit, composite)
    }

    final class HostingDelegate: ServiceOrientedAppDelegate {
        let made: ServiceComposite
        init(_ composite: ServiceComposite) {
            made = composite
            super.init()
        }
        override func makeComposite() -> ServiceComposite { made }
    }

    // MARK: - iOS 27: a window scene's orientations

    @Test("A window scene's orientations: claimed with a service, the intersection with the scene's own services")
    func sceneOrientations() throws {
        let (simulator, uiKit, _) = try app([PortraitOnly()], sceneServices: [PlayerScene.self])
        try simulator.coldLaunch(connecting: main)
        let delegate = try #require(uiKit.scenes["main"]?.delegate as? ServiceOrientedSceneDelegate)

        #expect(SimulatedUIKit.claims(delegate, Self.orientations))
        #expect(try simulator.supportedInterfaceOrientations(of: main) == [.landscapeLeft])
        // Before iOS 27 (`APPSERVICES_BEFORE_IOS_27`), UIKit asks the application's delegate
        // for the scene's window instead, with the same answer.
        #expect(uiKit.delivered.last == Self.askedForOrientations)
    }

    @Test("Before iOS 27 UIKit asks the application delegate for a scene's window: the scene's services answer too")
    func sceneOrientationsBeforeIOS27() throws {
        let (simulator, uiKit, _) = try app([StateOnly()], sceneServices: [PlayerScene.self])
        try simulator.coldLaunch(connecting: main)
        let windowScene = try #require(uiKit.scenes["main"])
        let appDelegate = try #require(uiKit.application.delegate as? ServiceOrientedAppDelegate)

        #expect(SimulatedUIKit.claims(appDelegate, "application:supportedInterfaceOrientationsForWindow:"))
        #expect(uiKit.application.supportedInterfaceOrientations(for: UIWindow(windowScene: windowScene)) == .landscape)
        // A window of no scene hears the application-wide services only: none here, so the
        // Info.plist decides; and so it does for a scene without the scene services (its
        // delegate is the application's own).
        #expect(uiKit.application.supportedInterfaceOrientations(for: nil) == .allButUpsideDown)
        let other = uiKit.connectScene("settings") { OwnSceneDelegate() }
        #expect(
            uiKit.application.supportedInterfaceOrientations(for: UIWindow(windowScene: other)) == .allButUpsideDown
        )
    }

    final class OwnSceneDelegate: UIResponder, UIWindowSceneDelegate {}

    final class StateOnly: AppService, ApplicationStateHandling {}

    @Test("Without an orientation service the scene delegate does not claim it, and the Info.plist decides")
    func sceneOrientationsUnclaimed() throws {
        let (simulator, uiKit, _) = try app([StateOnly()])
        try simulator.coldLaunch(connecting: main)
        let delegate = try #require(uiKit.scenes["main"]?.delegate as? ServiceOrientedSceneDelegate)

        #expect(!SimulatedUIKit.claims(delegate, Self.orientations))
        #expect(try simulator.supportedInterfaceOrientations(of: main) == nil)
        #expect(uiKit.unclaimed.last == Self.askedForOrientations)
    }

    // MARK: - iOS 26: effective geometry

    /// An app delegate whose override of the orientation method calls `super`, with no
    /// service that handles orientations.
    final class LockingAppDelegate: ServiceOrientedAppDelegate {
        var locked = false
        override func application(
            _ application: UIApplication,
            supportedInterfaceOrientationsFor window: UIWindow?
        ) -> UIInterfaceOrientationMask {
            locked ? .portrait : super.application(application, supportedInterfaceOrientationsFor: window)
        }
    }

    @Test("An override that calls super without an orientation service gets the Info.plist's, not a recursion")
    func overrideCallingSuper() {
        ObjectiveCMethods.record(
            ["application:supportedInterfaceOrientationsForWindow:"],
            implementedBy: LockingAppDelegate.self
        )
        let delegate = LockingAppDelegate()
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch()

        #expect(uiKit.application.supportedInterfaceOrientations(for: nil) == .allButUpsideDown)
        #expect(uiKit.application.reenteredOrientationQueries == 0, "UIKit asks the delegate, which must not ask it")
        delegate.locked = true
        #expect(uiKit.application.supportedInterfaceOrientations(for: nil) == .portrait)
    }

    @Test("The Info.plist's orientations are read as UIKit reads them: an iPad's own list first, a default without")
    func infoPlistOrientations() {
        let info: [String: Any] = [
            "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"],
            "UISupportedInterfaceOrientations~ipad": [
                "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight",
            ],
        ]
        #expect(InfoPlistOrientations.mask(in: info, idiom: .phone) == .portrait)
        #expect(InfoPlistOrientations.mask(in: info, idiom: .pad) == [.landscapeLeft, .landscapeRight])
        #expect(InfoPlistOrientations.mask(in: [:], idiom: .phone) == .allButUpsideDown)
        #expect(InfoPlistOrientations.mask(in: nil, idiom: .pad) == .all)
        let phoneOnly: [String: Any] = [
            "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortraitUpsideDown"]
        ]
        #expect(InfoPlistOrientations.mask(in: phoneOnly, idiom: .pad) == .portraitUpsideDown)
    }

    @Test("The effective geometry reaches SceneHandling in place of the deprecated callback, which is not claimed")
    func effectiveGeometry() throws {
        let geometry = Geometry()
        let (simulator, uiKit, _) = try app([geometry])
        try simulator.coldLaunch(connecting: main)
        let delegate = try #require(uiKit.scenes["main"]?.delegate as? ServiceOrientedSceneDelegate)
        #expect(SimulatedUIKit.claims(delegate, Self.effectiveGeometry))
        #expect(!SimulatedUIKit.claims(delegate, Self.coordinateSpace), "heard once, through the new callback")
        // Claimed "no" by the adapter itself, not left to `UIResponder`, which on iOS claims
        // every method the delegate implements.
        let unclaimed = SelectorClaim.claims(
            Self.coordinateSpace,
            in: UIKitSelectors.sceneDelegate,
            isOverridden: { _ in false },
            composite: { delegate.composite }
        )
        #expect(unclaimed == false)
        #expect(
            SelectorClaim.claims(
                Self.coordinateSpace,
                in: UIKitSelectors.sceneDelegate,
                isOverridden: { _ in true },
                composite: { delegate.composite }
            ) == true,
            "a subclass that overrides it still hears it"
        )

        try simulator.changeGeometry(
            of: main,
            previous: WindowSceneGeometryChange(
                previousInterfaceOrientation: .landscapeRight,
                wasInterfaceOrientationLocked: true,
                wasInteractivelyResizing: false
            )
        )
        #expect(
            geometry.calls.last?.description == "Geometry.windowSceneDidUpdateEffectiveGeometry[main](landscapeRight)"
        )
        #expect(geometry.geometry?.wasInterfaceOrientationLocked == true)
        #expect(geometry.geometry?.wasInteractivelyResizing == false)
    }

    // MARK: - iOS 27: reduced resource usage

    @Test("The system's reduced-resource preference reaches SystemEventHandling with its value, from the notification")
    func reducedResourceUsage() throws {
        let resources = Resources()
        let (simulator, uiKit, _) = try app([resources])
        try simulator.coldLaunch(connecting: main)

        try simulator.setSystemPrefersReducedResourceUsage(true)
        try simulator.setSystemPrefersReducedResourceUsage(false)

        #expect(uiKit.application.systemPrefersReducedResourceUsage == false)
        #expect(
            resources.calls.filter { $0.callback == .systemPrefersReducedResourceUsageDidChange }.map(\.description)
                == [
                    "Resources.systemPrefersReducedResourceUsageDidChange(true)",
                    "Resources.systemPrefersReducedResourceUsageDidChange(false)",
                ]
        )
    }

    @Test("Another application's notification does not reach these services")
    func reducedResourceUsageOfAnotherApplication() throws {
        let resources = Resources()
        let (simulator, _, _) = try app([resources])
        try simulator.coldLaunch(connecting: main)
        let other = LifecycleSimulator(
            driving: SimulatedUIKit(delegate: HostingDelegate(ServiceComposite([Resources()])))
        )
        try other.coldLaunch()

        try other.setSystemPrefersReducedResourceUsage(true)

        #expect(!resources.callbacks.contains(.systemPrefersReducedResourceUsageDidChange))
    }

    // MARK: - iOS 26.4: VoIP push metadata

    @Test(
        "A VoIP push that must be reported and is not is an error; one that need not be is not",
        arguments: [true, false]
    )
    func voIPMetadata(mustReport: Bool) async throws {
        let calls = Calls()
        calls.answers.incomingPush = .noCall
        let logs = LogCapture()
        let (simulator, uiKit, composite) = try app([calls], logs: logs)
        try simulator.coldLaunch(connecting: main)
        let delegate = try #require(uiKit.delegate as? HostingDelegate)
        #expect(SimulatedUIKit.claims(delegate, Self.voIPWithMetadata))

        let report = try await simulator.deliverIncomingPush(PushPayload(type: .voIP, mustReport: mustReport))
        await composite.waitForPendingWork()

        #expect(report == nil, "PushKit's completion handler carries no answer")
        #expect(uiKit.delivered.last == Self.voIPWithMetadata)
        #expect(calls.calls.last?.callback == .didReceiveIncomingPush)
        #expect(calls.metadataMustReport == [mustReport], "the context gives the push's metadata")
        let errors = logs.messages(at: .error).filter { $0.contains("CallKit") }
        #expect(errors.count == (mustReport ? 1 : 0))
    }

    // MARK: - iOS 27: the scene accessory's user info

    @Test("The scene accessory's user info reaches the services with the connection options")
    func accessoryUserInfo() throws {
        let geometry = Geometry()
        let (simulator, _, _) = try app([geometry])
        try simulator.coldLaunch(
            connecting: main,
            connectionOptions: SceneConnectionOptions(accessoryUserInfo: ["dock": "kitchen"])
        )
        #expect(geometry.connectionOptions.last?.accessoryUserInfo == ["dock": "kitchen"])
    }

    // MARK: - iOS 27: submitting and waiting for the answer

    final class Refresher: AppService, BackgroundTaskHandling {
        var backgroundTasks: [BackgroundTaskDeclaration] { [.appRefresh("com.example.refresh") { _ in }] }
    }

    @Test("A request submitted with submitRequest reaches the system; a refusal is an error naming the task")
    func submitRequest() async throws {
        let (simulator, uiKit, composite) = try app([Refresher()])
        try simulator.coldLaunch(connecting: main)

        try await composite.backgroundTasks.submitRequest(.appRefresh("com.example.refresh"))
        #expect(uiKit.submittedBackgroundTasks == [.appRefresh("com.example.refresh")])
        #expect(uiKit.backgroundTaskMisuse.isEmpty, "submitted off the main thread, as Apple says")

        uiKit.refuseBackgroundTaskSubmissions(with: .tooManyPendingTaskRequests)
        let error = await #expect(throws: BackgroundTaskError.self) {
            try await composite.backgroundTasks.submitRequest(.appRefresh("com.example.refresh"))
        }
        #expect(error?.code == .tooManyPendingRequests)
        #expect(error?.message.contains("com.example.refresh") == true)
    }

    @Test("submitRequest takes iOS 27's method unless the environment asks for the path of iOS 18 to 26")
    func submitRequestTakesThePathTheEnvironmentAsksFor() async throws {
        let backend = FrameworkShimDeclarationTests.PermittingBackend()
        let scheduler = UIKitBackgroundTaskScheduler(BGTaskScheduler(backend: backend))

        try await scheduler.submitRequest(.appRefresh("refresh"))

        // Read here, not through `OlderSystemPaths`, so that a switch that is never read
        // fails in CI's run with the variable set.
        let older = OlderSystemPaths.asksForOlderPath(ProcessInfo.processInfo.environment["APPSERVICES_BEFORE_IOS_27"])
        #expect(backend.accepted.withLock { $0 } == ["refresh"])
        #expect(backend.callsOfIOS27Method.withLock { $0 } == (older ? 0 : 1))
    }
}

#endif
