#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import ShopApp
import Testing

/// An application built without the package's `CarPlay` and `PushKit` traits: it launches and
/// runs as any other; a VoIP service it cannot serve is an error at launch, naming it; pushes
/// and CarPlay's scenes reach nothing, as on a device where the application has no push
/// registry and no CarPlay scene delegate.
@MainActor
@Suite("An application without CarPlay and PushKit")
struct WithoutCarPlayOrPushKitTests {
    @Test("It launches and its services hear the application's callbacks")
    func launchesAndRuns() throws {
        let activity = ActivationService()
        let simulator = LifecycleSimulator(driving: SimulatedUIKit(delegate: ShopAppDelegate(services: [activity])))
        try simulator.coldLaunch()
        #expect(activity.activations == 1)
    }

    @Test("A VoIP service is an error at launch that names it and the PushKit trait")
    func voIPServiceIsReported() throws {
        let logs = LogCapture()
        let delegate = ShopAppDelegate(
            services: [ActivationService(), CallService()],
            configuration: .init(logger: logs.logger())
        )
        try LifecycleSimulator(driving: SimulatedUIKit(delegate: delegate)).coldLaunch()
        let errors = logs.messages(at: .error)
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("VoIPPushHandling services (CallService) will never be called") == true)
        #expect(errors.first?.contains("Add \"PushKit\" to the traits of the dependency on AppServices") == true)
    }

    @Test("Without an application service that needs them, launch logs no error")
    func nothingReportedWithoutSuchServices() throws {
        let logs = LogCapture()
        let delegate = ShopAppDelegate(services: [ActivationService()], configuration: .init(logger: logs.logger()))
        try LifecycleSimulator(driving: SimulatedUIKit(delegate: delegate)).coldLaunch()
        #expect(logs.messages(at: .error).isEmpty)
    }

    @Test("A push reaches no service and its completion is answered at once, as without a registry")
    func pushesReachNothing() async throws {
        let call = CallService()
        let logs = LogCapture()
        let uiKit = SimulatedUIKit(
            delegate: ShopAppDelegate(services: [call], configuration: .init(logger: logs.logger()))
        )
        let simulator = LifecycleSimulator(driving: uiKit)
        try simulator.coldLaunch()
        let report = try await simulator.deliverIncomingPush(
            PushPayload(type: .voIP, dictionaryPayload: ["caller": "Ada"])
        )
        #expect(report == nil)
        #expect(call.pushes == 0)
        #expect(
            uiKit.unclaimed.contains("pushRegistry:didReceiveIncomingPushWithPayload:forType:withCompletionHandler:")
        )
    }

    @Test("A CarPlay scene does not connect: the application has no CarPlay scene delegate")
    func carPlaySceneDoesNotConnect() throws {
        let uiKit = SimulatedUIKit(delegate: ShopAppDelegate(services: [ActivationService()]))
        let simulator = LifecycleSimulator(driving: uiKit)
        // A scene-based application: the phone's scene connects as it launches.
        try simulator.coldLaunch(connecting: SceneInfo(session: SceneSession(persistentIdentifier: "phone")))
        let deliveredAtLaunch = uiKit.delivered
        let car = SceneInfo(session: SceneSession(persistentIdentifier: "car", role: .carTemplateApplication))
        try simulator.connectCarPlay(car)
        // Not even the scene's life cycle, which a CarPlay scene delegate would hear.
        #expect(uiKit.delivered == deliveredAtLaunch)
        #expect(Array(uiKit.scenes.keys) == ["phone"])
    }
}
#endif
