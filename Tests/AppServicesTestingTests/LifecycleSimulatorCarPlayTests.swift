import AppServices
import AppServicesTesting
import Testing

/// A CarPlay scene's own recorder.
final class CarSceneRecorder: RecordingSceneService {}

@MainActor
struct LifecycleSimulatorCarPlayTests {
    let phone = SceneInfo(session: SceneSession(persistentIdentifier: "phone"))
    let car = SceneInfo(session: SceneSession(persistentIdentifier: "car", role: .carTemplateApplication))

    func makeComposite(_ journal: CallJournal) throws -> ServiceComposite {
        let composite = ServiceComposite([journal, AppWideRecorder(journal: journal)])
        try composite.registerSceneServices([CarSceneRecorder.self])
        return composite
    }

    @Test("CarPlay launches the application alone, and the recorders hear its scene and CarPlay callbacks in order")
    func coldLaunchByCarPlay() throws {
        let journal = CallJournal()
        let composite = try makeComposite(journal)
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch(connectingCarPlay: car, connection: .window)
        #expect(simulator.state == .active)
        #expect(simulator.carPlayConnections == ["car": .window])
        #expect(composite.applicationState == .active)
        #expect(
            journal.calls(in: car).map(\.description) == [
                "AppWideRecorder.sceneWillConnect[car]", "CarSceneRecorder.sceneWillConnect[car]",
                "AppWideRecorder.carPlayDidConnectToWindow[car]", "CarSceneRecorder.carPlayDidConnectToWindow[car]",
                "AppWideRecorder.sceneWillEnterForeground[car]", "CarSceneRecorder.sceneWillEnterForeground[car]",
                "AppWideRecorder.sceneDidBecomeActive[car]", "CarSceneRecorder.sceneDidBecomeActive[car]",
            ]
        )
    }

    @Test(
        "A maneuver tapped while the CarPlay scene is in the background brings it forward; closing disconnects the controller first"
    )
    func selectionFromTheBackground() throws {
        let journal = CallJournal()
        let composite = try makeComposite(journal)
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch(connecting: phone)
        try simulator.connectCarPlay(car, connection: .window)
        try simulator.sceneToBackground(car)
        journal.clear()

        try simulator.selectManeuver(in: car)
        try simulator.selectNavigationAlert(in: car)
        try simulator.changeContentStyle(of: car, to: .light)
        try simulator.close(car)
        #expect(
            journal.calls.filter { $0.service == "AppWideRecorder" }.map(\.description) == [
                "AppWideRecorder.sceneWillEnterForeground[car]", "AppWideRecorder.carPlayDidSelectManeuver[car]",
                "AppWideRecorder.sceneDidBecomeActive[car]", "AppWideRecorder.carPlayDidSelectNavigationAlert[car]",
                "AppWideRecorder.carPlayContentStyleDidChange[car](light)",
                "AppWideRecorder.sceneWillResignActive[car]", "AppWideRecorder.sceneDidEnterBackground[car]",
                "AppWideRecorder.carPlayDidDisconnectFromWindow[car]", "AppWideRecorder.sceneDidDisconnect[car]",
            ]
        )
        #expect(simulator.carPlayConnections.isEmpty)
        #expect(composite.sceneService(CarSceneRecorder.self, in: car) == nil)
        #expect(composite.applicationState == .active, "the phone is still in front")
    }

    /// CarPlay steps UIKit never produces, each from a state reached legally.
    static let impossible:
        [(
            name: String, setUp: @MainActor (LifecycleSimulator) throws -> Void, step: LifecycleSimulator.Step,
            message: String
        )] = [
            (
                "CarPlay's callbacks in a scene that is not a CarPlay scene",
                { try $0.coldLaunch(connecting: SceneInfo(session: SceneSession(persistentIdentifier: "phone"))) },
                .carPlayDidConnect(SceneInfo(session: SceneSession(persistentIdentifier: "phone")), .templates),
                "UIKit never sends carPlayDidConnect(phone) while the application is active and scene phone is foregroundActive (not a CarPlay scene: its session's role is not CPTemplateApplicationSceneSessionRoleApplication). From there it sends: willTerminate, didReceiveMemoryWarning, systemPrefersReducedResourceUsageDidChange(true), didReceiveRemoteNotification, willPresentNotification, didReceiveNotificationResponse, openNotificationSettings, didReceiveIncomingPush, didUpdatePushCredentials, didInvalidatePushToken, callProviderDidBegin, callProviderDidReset, callAction(answer), callActionTimedOut(answer), callAudioSessionDidActivate, callAudioSessionDidDeactivate, sceneWillResignActive(phone), sceneOpenURLContexts(phone), sceneContinueUserActivity(phone, activity), scenePerformShortcutItem(phone, shortcut), sceneGeometryDidChange(phone), sceneSupportedInterfaceOrientations(phone)."
            ),
            (
                "a maneuver selected in an application that presents templates only",
                {
                    try $0.coldLaunch(
                        connectingCarPlay: SceneInfo(
                            session: SceneSession(persistentIdentifier: "car", role: .carTemplateApplication)
                        )
                    )
                },
                .carPlayDidSelectManeuver(
                    SceneInfo(session: SceneSession(persistentIdentifier: "car", role: .carTemplateApplication))
                ),
                "UIKit never sends carPlayDidSelectManeuver(car) while the application is active and scene car is foregroundActive and its interface controller is connected without a window (templates only). From there it sends: willTerminate, didReceiveMemoryWarning, systemPrefersReducedResourceUsageDidChange(true), didReceiveRemoteNotification, willPresentNotification, didReceiveNotificationResponse, openNotificationSettings, didReceiveIncomingPush, didUpdatePushCredentials, didInvalidatePushToken, callProviderDidBegin, callProviderDidReset, callAction(answer), callActionTimedOut(answer), callAudioSessionDidActivate, callAudioSessionDidDeactivate, sceneWillResignActive(car), carPlayDidDisconnect(car), carPlayContentStyleDidChange(car, dark)."
            ),
            (
                "a content style before the interface controller connected",
                {
                    try $0.coldLaunch()
                    try $0.sendNow(
                        .sceneWillConnect(
                            SceneInfo(
                                session: SceneSession(persistentIdentifier: "car", role: .carTemplateApplication)
                            ),
                            SceneConnectionOptions()
                        )
                    )
                },
                .carPlayContentStyleDidChange(
                    SceneInfo(session: SceneSession(persistentIdentifier: "car", role: .carTemplateApplication)),
                    .dark
                ),
                "UIKit never sends carPlayContentStyleDidChange(car, dark) while the application is active and scene car is unattached and its interface controller is not connected. From there it sends: willTerminate, didReceiveMemoryWarning, systemPrefersReducedResourceUsageDidChange(true), didReceiveRemoteNotification, willPresentNotification, didReceiveNotificationResponse, openNotificationSettings, didReceiveIncomingPush, didUpdatePushCredentials, didInvalidatePushToken, callProviderDidBegin, callProviderDidReset, callAction(answer), callActionTimedOut(answer), callAudioSessionDidActivate, callAudioSessionDidDeactivate, sceneWillEnterForeground(car), sceneDidEnterBackground(car), sceneDidDisconnect(car), carPlayDidConnect(car), carPlayDidConnectToWindow(car)."
            ),
            (
                "connecting the interface controller twice",
                {
                    try $0.coldLaunch(
                        connectingCarPlay: SceneInfo(
                            session: SceneSession(persistentIdentifier: "car", role: .carTemplateApplication)
                        )
                    )
                },
                .carPlayDidConnect(
                    SceneInfo(session: SceneSession(persistentIdentifier: "car", role: .carTemplateApplication)),
                    .window
                ),
                "UIKit never sends carPlayDidConnectToWindow(car) while the application is active and scene car is foregroundActive and its interface controller is connected without a window (templates only). From there it sends: willTerminate, didReceiveMemoryWarning, systemPrefersReducedResourceUsageDidChange(true), didReceiveRemoteNotification, willPresentNotification, didReceiveNotificationResponse, openNotificationSettings, didReceiveIncomingPush, didUpdatePushCredentials, didInvalidatePushToken, callProviderDidBegin, callProviderDidReset, callAction(answer), callActionTimedOut(answer), callAudioSessionDidActivate, callAudioSessionDidDeactivate, sceneWillResignActive(car), carPlayDidDisconnect(car), carPlayContentStyleDidChange(car, dark)."
            ),
        ]

    @Test(
        "CarPlay sequences UIKit never produces are rejected, naming the scene and its interface controller",
        arguments: 0..<4
    )
    func rejectsImpossibleSequences(_ index: Int) async throws {
        let journal = CallJournal()
        #expect(Self.impossible.count == 4, "the arguments cover every row of the table")
        let (_, setUp, step, message) = Self.impossible[index]
        let simulator = LifecycleSimulator(driving: try makeComposite(journal))
        try setUp(simulator)
        let before = journal.calls.count
        let error = await #expect(throws: LifecycleSimulatorError.self) { try await simulator.send(step) }
        #expect(error?.description == message)
        #expect(journal.calls.count == before, "nothing is sent for a rejected step")
    }
}
