import AppServices
import AppServicesLifecycle
import Foundation
import ServiceLifecycle

/// One session of the example app, scripted: what UIKit and the user would do, sent to the
/// composite while the host runs it.
///
/// It runs beside the host in the service group and ends by returning, which (configured
/// with `successTerminationBehavior: .gracefullyShutdownGroup`) shuts the group down: the
/// host then winds the app down exactly as it would on SIGTERM.
struct ScriptedSession: Service {
    let app: DemoApplication
    let log: EventLog
    /// The application's life-cycle events, subscribed to before the host starts.
    let lifecycle: AsyncStream<LifecycleEvent>

    @MainActor
    init(app: DemoApplication, log: EventLog) {
        self.app = app
        self.log = log
        self.lifecycle = app.composite.lifecycleEvents(bufferingPolicy: .unbounded)
    }

    /// The heading of the first step, printed before the host starts launching.
    func begin() {
        log.heading("1. Launch: will/did finish launching, initializers and commands, then active")
    }

    func run() async throws {
        // Graceful shutdown (Ctrl-C) during the launch ends the wait, and the session.
        for await event in lifecycle.cancelOnGracefulShutdown() where event == .didBecomeActive {
            try await walk()
            return
        }
    }

    @MainActor
    private func walk() async throws {
        let composite = app.composite
        var storeGenerations = app.store.generations.makeAsyncIterator()
        // Let the launch finish (through its idle phase) before the user does anything.
        try await composite.launch?.waitUntilReady(.idle)
        if let history = composite.launch?.history {
            let what =
                history.isFirstLaunch
                ? "first launch of this install"
                : "after version \(history.previousVersion.map { "\($0)" } ?? "?")"
                    + (history.isSafeMode ? "; safe mode" : "")
            log.record("(launch history)", "launch \(history.launchCount), version \(history.currentVersion)", what)
        }

        log.heading("2. The system delivers a push token")
        composite.didRegisterForRemoteNotifications(
            deviceToken: Data([0x7a, 0x3f, 0x00, 0x42, 0x9c, 0x11, 0xe5, 0x08])
        )

        log.heading("3. A silent push announces two new messages")
        let push = RemoteNotification(userInfo: ["aps": ["content-available": 1], "inbox": 2])
        let result = await composite.didReceiveRemoteNotification(push)
        log.record("(system)", "fetch completion", "called once, with \(result)")

        log.heading("4. The user taps a link to a message")
        let opened = composite.open(URL(string: "appservices-demo://inbox/42")!)
        log.record("(system)", "open URL answer", "\(opened): analytics only watches links; no screen claimed it")

        log.heading("5. The user switches to another app")
        composite.willResignActive()
        composite.didEnterBackground()
        await composite.finishBackgroundWork(within: app.host.configuration.budgets.enterBackground)

        log.heading("6. The system runs the inbox's background refresh, through the host's scheduler")
        await runBackgroundRefresh()

        log.heading("7. The user comes back: the store initializer runs again")
        composite.willEnterForeground()
        composite.didBecomeActive()
        // The refresh runs beside the app; wait for it (the store's second generation), then
        // for the run to end, with its line printed: quitting must not cancel it, and the
        // next heading must come after what this step announced.
        while let generation = await storeGenerations.next(), generation < 2 {}
        await composite.launch?.waitUntilIdle()

        log.heading("8. The user taps the notification of a new message")
        await composite.didReceiveNotificationResponse(NotificationResponse(notification: Self.newMessage))
        log.record("(system)", "notification completion", "called once; ReminderService hears reminders only")

        log.heading("9. The user quits: the host winds down, as on SIGTERM")
    }

    /// The notification of a message, as the push server would send it.
    static let newMessage = UserNotification(
        identifier: "message-43",
        categoryIdentifier: "message",
        title: "Ana",
        body: "Lunch at noon?",
        userInfo: ["message": 43]
    )

    /// Runs the due background tasks as the system would (the inbox's refresh, requested at
    /// launch), and says how each was completed and what is pending now.
    @MainActor
    private func runBackgroundRefresh() async {
        for run in await app.host.runDueBackgroundTasks() {
            let completions = run.task?.completions ?? []
            let times = completions.count == 1 ? "once" : "\(completions.count) times"
            let flags = completions.map { "\($0)" }.joined(separator: ", ")
            log.record("(system)", "setTaskCompleted", "called \(times), success \(flags), for \(run.identifier)")
        }
        let pending = app.host.backgroundTaskScheduler.pendingRequestsNow.map(\.identifier)
        log.record("(system)", "pending task requests", pending.isEmpty ? "none" : pending.joined(separator: ", "))
    }
}
