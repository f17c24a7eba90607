#if !canImport(UIKit)
import AppServices
import AppServicesPushKitShim
import AppServicesUIKitShim
import Dispatch
import Foundation
import Synchronization
import Testing

/// The shim's iOS 26 and 27 UIKit declarations and its smaller UIKit gaps behave as the
/// reference says: a conforming type's method is the witness only when its signature is the
/// SDK's, the defaults answer as UIKit does without the method, and the shim's state keeps
/// what the application set.
@MainActor
struct UIKitShimDeclarationTests {
    static func windowScene() -> UIWindowScene {
        let session = UISceneSession(
            persistentIdentifier: "main",
            role: .windowApplication,
            configuration: UISceneConfiguration(name: nil, sessionRole: .windowApplication)
        )
        return UIWindowScene(session: session, connectionOptions: UIScene.ConnectionOptions())
    }

    // MARK: - UIWindowSceneDelegate

    /// Implements the new window-scene methods with the SDK's signatures.
    final class ExactSceneDelegate: UIResponder, UIWindowSceneDelegate {
        var previousGeometries: [UIWindowScene.Geometry] = []

        func windowScene(
            _ windowScene: UIWindowScene,
            didUpdateEffectiveGeometry previousEffectiveGeometry: UIWindowScene.Geometry
        ) {
            previousGeometries.append(previousEffectiveGeometry)
        }

        func supportedInterfaceOrientations(for windowScene: UIWindowScene) -> UIInterfaceOrientationMask {
            .landscape
        }

        func preferredWindowingControlStyle(for windowScene: UIWindowScene) -> UIWindowScene.WindowingControlStyle {
            .minimal
        }

        func windowScene(
            _ windowScene: UIWindowScene,
            performActionFor shortcutItem: UIApplicationShortcutItem,
            completionHandler: @escaping (Bool) -> Void
        ) {
            completionHandler(shortcutItem.type == "compose")
        }
    }

    /// Implements them with near misses: another parameter type, another label.
    final class NearMissSceneDelegate: UIResponder, UIWindowSceneDelegate {
        func supportedInterfaceOrientations(for scene: UIScene) -> UIInterfaceOrientationMask { .landscape }
        func preferredWindowingControlStyle(forScene windowScene: UIWindowScene) -> UIWindowScene.WindowingControlStyle
        {
            .minimal
        }
    }

    @Test("The new window-scene methods with the SDK's signatures are the witnesses UIKit reaches")
    func exactMethodsAreTheWitnesses() async {
        let scene = Self.windowScene()
        let exact = ExactSceneDelegate()
        let delegate: any UIWindowSceneDelegate = exact

        #expect(delegate.supportedInterfaceOrientations(for: scene) == .landscape)
        #expect(delegate.preferredWindowingControlStyle(for: scene) == .minimal)
        delegate.windowScene(scene, didUpdateEffectiveGeometry: scene.effectiveGeometry)
        #expect(exact.previousGeometries == [scene.effectiveGeometry])
        // The `async` spelling reaches the completion-handler method, as the bridge does.
        let handled = await delegate.windowScene(
            scene,
            performActionFor: UIApplicationShortcutItem(type: "compose", localizedTitle: "Compose")
        )
        #expect(handled)
    }

    @Test("A near miss is not the witness: UIKit gets the Info.plist's orientations and the automatic style")
    func nearMissesGetTheDefaults() {
        let scene = Self.windowScene()
        let delegate: any UIWindowSceneDelegate = NearMissSceneDelegate()

        #expect(delegate.supportedInterfaceOrientations(for: scene) == .allButUpsideDown)
        #expect(delegate.preferredWindowingControlStyle(for: scene) == .automatic)
        #expect(UIWindowScene.WindowingControlStyle.automatic != .unified)
    }

    @Test("The connection options carry the scene accessory's user info")
    func connectionOptionsCarryTheAccessoryUserInfo() {
        #expect(UIScene.ConnectionOptions().sceneAccessoryUserInfo == nil)
        let options = UIScene.ConnectionOptions(sceneAccessoryUserInfo: ["widget": "timer"])
        #expect((options.sceneAccessoryUserInfo as? [String: String]) == ["widget": "timer"])
    }

    // MARK: - Views, colors, devices, activities

    final class PlainController: UIViewController {}

    @Test("A view controller, and a subclass with no initializer of its own, are created with init()")
    func viewControllersHaveInit() {
        let controller = PlainController()
        controller.overrideUserInterfaceStyle = .dark
        #expect(controller.overrideUserInterfaceStyle == .dark)
        #expect(UIViewController().overrideUserInterfaceStyle == .unspecified)
    }

    @Test("A view's tint is its own color until set to nil, then the system's default")
    func tintColorResets() {
        let window = UIWindow(frame: .zero)
        #expect(window.tintColor == .systemBlue)
        window.tintColor = .systemIndigo
        #expect(window.tintColor == .systemIndigo)
        window.tintColor = nil
        #expect(window.tintColor == .systemBlue)
        window.overrideUserInterfaceStyle = .light
        #expect(window.overrideUserInterfaceStyle == .light)
    }

    @Test("Colors are equal when their components and alpha are, within one color space")
    func colorEquality() {
        #expect(UIColor.black == UIColor(white: 0, alpha: 1))
        #expect(UIColor.red == UIColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(UIColor.red.withAlphaComponent(0.5) != .red)
        #expect(UIColor.black != UIColor(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(UIColor.clear == UIColor.black.withAlphaComponent(0))
    }

    @Test("The device answers an iPhone's values, and a user activity keeps its persistent identifier")
    func deviceAndActivity() {
        let device = UIDevice.current
        #expect(device.userInterfaceIdiom == .phone)
        #expect(device.systemName == "iOS")
        #expect(device.identifierForVendor != nil)

        let activity = NSUserActivity(activityType: "com.example.compose")
        #expect(activity.persistentIdentifier == nil)
        activity.persistentIdentifier = "draft-1"
        #expect(activity.persistentIdentifier == "draft-1")
    }
}

/// The shim's PushKit (iOS 26.4), BackgroundTasks (iOS 27) and UserNotifications
/// declarations: the VoIP method is the witness PushKit reaches, and the scheduler and the
/// notification center record what the application asked for and answer as they were told.
/// Not isolated, as these frameworks are used from any thread.
struct FrameworkShimDeclarationTests {
    // MARK: - PushKit

    /// Implements the VoIP method with the SDK's signature.
    final class VoIPDelegate: NSObject, PKPushRegistryDelegate {
        var mustReport: [Bool] = []

        func pushRegistry(
            _ registry: PKPushRegistry,
            didUpdate pushCredentials: PKPushCredentials,
            for type: PKPushType
        ) {}

        func pushRegistry(
            _ registry: PKPushRegistry,
            didReceiveIncomingVoIPPushWith payload: PKPushPayload,
            metadata: PKVoIPPushMetadata,
            withCompletionHandler completion: @escaping @Sendable () -> Void
        ) {
            mustReport.append(metadata.mustReport)
            completion()
        }
    }

    @Test("The VoIP metadata method is the witness, and its async spelling reaches it", arguments: [true, false])
    func voIPMetadataReachesTheDelegate(mustReport: Bool) async {
        let voIP = VoIPDelegate()
        let delegate: any PKPushRegistryDelegate = voIP
        let payload = PKPushPayload(type: .voIP, dictionaryPayload: [:])

        await delegate.pushRegistry(
            PKPushRegistry(queue: nil),
            didReceiveIncomingVoIPPushWith: payload,
            metadata: PKVoIPPushMetadata(mustReport: mustReport)
        )
        #expect(voIP.mustReport == [mustReport])
    }

    // MARK: - BackgroundTasks

    /// A system side that permits one identifier, keeps what it accepted and counts the calls
    /// of iOS 27's `submitTaskRequest(_:completionHandler:)`. Locked with `Locked`, which
    /// ThreadSanitizer sees: the adapter submits off the main thread.
    final class PermittingBackend: SimulatedTaskSchedulerBackend {
        let accepted = Locked<[String]>([])
        let callsOfIOS27Method = Locked(0)
        func register(identifier: String, queue: DispatchQueue?, launchHandler: @escaping (BGTask) -> Void) -> Bool {
            false
        }
        func submit(_ request: BGTaskRequest) throws {
            guard request.identifier == "refresh" else { throw BGTaskScheduler.Error(.notPermitted) }
            accepted.withLock { $0.append(request.identifier) }
        }
        func submittingTaskRequest(_ request: BGTaskRequest) { callsOfIOS27Method.withLock { $0 += 1 } }
        func cancel(identifier: String) {}
        func cancelAll() {}
        func pendingRequests() -> [BGTaskRequest] { [] }
    }

    @Test("submitTaskRequest accepts and refuses as submit does, in both spellings")
    func submitTaskRequestMatchesSubmit() async throws {
        let backend = PermittingBackend()
        let scheduler = BGTaskScheduler(backend: backend)
        let accepted = BGAppRefreshTaskRequest(identifier: "refresh")
        let refused = BGAppRefreshTaskRequest(identifier: "unlisted")

        try await scheduler.submitTaskRequest(accepted)
        await #expect(throws: BGTaskScheduler.Error(.notPermitted)) {
            try await scheduler.submitTaskRequest(refused)
        }
        let errors = Mutex<[(any Error)?]>([])
        scheduler.submitTaskRequest(accepted) { error in errors.withLock { $0.append(error) } }
        scheduler.submitTaskRequest(refused) { error in errors.withLock { $0.append(error) } }

        let received = errors.withLock { $0 }
        #expect(received.count == 2)
        #expect(received.first.map { $0 == nil } == true)
        #expect(received.last.flatMap { $0 as? BGTaskScheduler.Error } == BGTaskScheduler.Error(.notPermitted))
        #expect(backend.accepted.withLock { $0 } == ["refresh", "refresh"])
    }

    // MARK: - UserNotifications

    struct Declined: Error, Equatable {}

    @Test("requestAuthorization records the options and answers with the answer the shim was given")
    func requestAuthorizationRecordsAndAnswers() async throws {
        let center = UNUserNotificationCenter()
        let answers = Mutex<[String]>([])

        center.requestAuthorization(options: [.alert, .badge]) { granted, error in
            answers.withLock { $0.append("\(granted) \(error == nil)") }
        }
        #expect(try await center.requestAuthorization(options: .provisional))

        center.answerAuthorizationRequests(with: .failure(Declined()))
        center.requestAuthorization { granted, error in
            answers.withLock { $0.append("\(granted) \(error is Declined)") }
        }
        await #expect(throws: Declined()) { try await center.requestAuthorization(options: .sound) }

        #expect(answers.withLock { $0 } == ["true true", "false true"])
        #expect(center.authorizationRequests == [[.alert, .badge], .provisional, [], .sound])
    }

    @Test("setBadgeCount records the count in both spellings")
    func setBadgeCountRecordsTheCount() async throws {
        let center = UNUserNotificationCenter()
        #expect(center.badgeCount == 0)

        let completed = Mutex(false)
        center.setBadgeCount(3) { error in completed.withLock { $0 = error == nil } }
        #expect(center.badgeCount == 3)
        #expect(completed.withLock { $0 })

        try await center.setBadgeCount(0)
        #expect(center.badgeCount == 0)
    }
}

#endif
