import AppServices
import AppServicesTesting
import Foundation
import Testing

/// What a recording service records of the notification and background-task callbacks.
@MainActor
struct RecordingServiceTests {
    let message = UserNotification(identifier: "m1", categoryIdentifier: "message")

    static let responses: [(action: NotificationResponse.Action, detail: String)] = [
        (.open, "m1 open"),
        (.dismiss, "m1 dismiss"),
        (.custom(identifier: "archive", text: nil), "m1 archive"),
        (.custom(identifier: "reply", text: "On my way"), "m1 reply: On my way"),
    ]

    @Test("A response is recorded with the notification and the action", arguments: 0..<4)
    func recordsResponses(_ index: Int) async {
        #expect(Self.responses.count == 4, "the arguments cover every row of the table")
        let (action, detail) = Self.responses[index]
        let recorder = RecordingService()
        let composite = ServiceComposite([recorder])

        await composite.didReceiveNotificationResponse(NotificationResponse(notification: message, action: action))

        #expect(recorder.calls.map(\.description) == ["RecordingService.didReceiveNotificationResponse(\(detail))"])
    }

    @Test("It records every callback the coverage check can send, the authorization request's included")
    func recordsEveryCallback() async {
        let unheard = await CallbackCoverage.callbacks(
            AppCallback.all.filter { !CallbackCoverage.unsendable.contains($0) },
            notHeardBy: { RecordingService() },
            observing: { $0.calls.count }
        )
        #expect(unheard.map(\.callback).isEmpty)
    }

    @Test("willPresent and openSettingsFor are recorded with the notification, and willPresent answers as told")
    func recordsPresentationAndSettings() async {
        let recorder = RecordingService()
        recorder.answers.notificationPresentation = [.banner, .list]
        let composite = ServiceComposite([recorder])

        #expect(await composite.willPresentNotification(message) == [.banner, .list])
        composite.openSettings(for: message)
        composite.openSettings(for: nil)

        #expect(
            recorder.calls.map(\.description) == [
                "RecordingService.willPresentNotification(m1)", "RecordingService.openSettingsForNotification(m1)",
                "RecordingService.openSettingsForNotification",
            ]
        )
    }

    @Test("A recorder with categories hears only notifications of those categories")
    func categories() async {
        let recorder = RecordingService()
        recorder.notificationCategories = ["reminder"]
        let composite = ServiceComposite([recorder])

        #expect(await composite.willPresentNotification(message) == [])
        await composite.didReceiveNotificationResponse(NotificationResponse(notification: message))
        await composite.didReceiveNotificationResponse(
            NotificationResponse(notification: UserNotification(identifier: "r1", categoryIdentifier: "reminder"))
        )

        #expect(recorder.calls.map(\.description) == ["RecordingService.didReceiveNotificationResponse(r1 open)"])
    }

    @Test("A recorder declares no background task by default, and the ones it is given, with their kinds")
    func declarations() {
        #expect(ServiceComposite([RecordingService()]).declaredBackgroundTasks.isEmpty)

        let recorder = RecordingService()
        recorder.declaredTasks = [("com.example.refresh", .appRefresh), ("com.example.clean", .processing)]
        let declared = ServiceComposite([recorder]).declaredBackgroundTasks

        #expect(declared.map(\.identifier) == ["com.example.refresh", "com.example.clean"])
        #expect(declared.map(\.kind) == [.appRefresh, .processing])
        #expect(declared.map(\.service) == ["RecordingService", "RecordingService"])
    }

    @Test("A run of a declared task is recorded with its identifier and ends as the answers say")
    func recordsRuns() async {
        let recorder = RecordingService()
        recorder.declaredTasks = [("com.example.refresh", .appRefresh)]
        let composite = ServiceComposite([recorder])
        let scheduler = InProcessBackgroundTaskScheduler()
        composite.registerBackgroundTasks(with: scheduler)

        #expect(await scheduler.run("com.example.refresh"))
        recorder.answers.backgroundTask = .fail
        #expect(await scheduler.run("com.example.refresh") == false)

        #expect(
            recorder.calls.map(\.description) == [
                "RecordingService.runBackgroundTask(com.example.refresh)",
                "RecordingService.runBackgroundTask(com.example.refresh)",
            ]
        )
    }

    @Test("PushKit callbacks are recorded with the type, the token and the payload's keys; a push answers as told")
    func recordsPushKit() async {
        let recorder = RecordingService()
        let composite = ServiceComposite([recorder])
        #expect(recorder.voIPPushTypes == [.voIP], "VoIP pushes by default")

        composite.didUpdatePushCredentials(PushCredentials(token: Data([0x01, 0xAB]), type: .voIP))
        #expect(await composite.didReceiveIncomingPush(PushPayload(type: .voIP)) == .noCall)
        recorder.answers.incomingPush = .reportedCall
        let push = PushPayload(type: .voIP, dictionaryPayload: ["uuid": "5E1F", "caller": "Ada"])
        #expect(await composite.didReceiveIncomingPush(push) == .reportedCall)
        composite.didInvalidatePushToken(for: .voIP)
        composite.didInvalidatePushToken(for: .fileProvider)

        #expect(
            recorder.calls.map(\.description) == [
                "RecordingService.didUpdatePushCredentials(PKPushTypeVoIP 01ab)",
                "RecordingService.didReceiveIncomingPush(PKPushTypeVoIP)",
                "RecordingService.didReceiveIncomingPush(PKPushTypeVoIP caller,uuid)",
                "RecordingService.didInvalidatePushToken(PKPushTypeVoIP)",
            ]
        )
    }
}
