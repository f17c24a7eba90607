#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import AppServicesUIKitShim
import Logging
import Testing

/// Completion handlers UIKit passes through the adapter are called exactly once: when every
/// service has answered, at the deadline when one never does, at once when none handles
/// the callback, and never again when a late answer arrives.
@MainActor
struct CompletionHandlerTests {
    final class Quick: RecordingService {}

    /// An app delegate with a service that answers at once and one that never answers, on a
    /// manual clock.
    func makeUIKit(
        _ services: [any AppService],
        clock: TestClock,
        logs: LogCapture
    ) -> (SimulatedUIKit, TestAppDelegate) {
        let delegate = TestAppDelegate(services, configuration: .init(logger: logs.logger(), clock: clock))
        return (SimulatedUIKit(delegate: delegate), delegate)
    }

    @Test("A silent push is answered once, at the deadline, when a service never answers")
    func remoteNotificationAtDeadline() async {
        let clock = TestClock()
        let logs = LogCapture()
        let quick = Quick()
        quick.answers.remoteNotification = .newData
        let (uiKit, delegate) = makeUIKit([quick, SilentService()], clock: clock, logs: logs)
        let completions = Completions<UIBackgroundFetchResult>()

        uiKit.send("application:didReceiveRemoteNotification:fetchCompletionHandler:") {
            $0.application(
                $1,
                didReceiveRemoteNotification: ["aps": ["content-available": 1]],
                fetchCompletionHandler: completions.handler
            )
        }
        await clock.waitForSleepers(1)
        #expect(completions.values.isEmpty)
        clock.advance(by: .seconds(24))
        #expect(completions.values.isEmpty)
        clock.advance(by: .seconds(1))
        await delegate.composite.waitForPendingWork()

        #expect(completions.values == [.newData])
        #expect(logs.messages(at: .warning).contains { $0.contains("SilentService") })
    }

    @Test("A background fetch that no service finishes is reported failed, once")
    func fetchAtDeadline() async {
        let clock = TestClock()
        let (uiKit, delegate) = makeUIKit([SilentService()], clock: clock, logs: LogCapture())
        let completions = Completions<UIBackgroundFetchResult>()

        uiKit.send("application:performFetchWithCompletionHandler:") {
            $0.application($1, performFetchWithCompletionHandler: completions.handler)
        }
        await clock.waitForSleepers(1)
        #expect(clock.sleeperDeadlines == [.init(offset: .seconds(25))], "a background fetch's deadline is 25 s")
        clock.advance(by: .seconds(25))
        await delegate.composite.waitForPendingWork()

        #expect(completions.values == [.failed])
    }

    @Test("Background URL session events and quick actions complete once at their deadlines")
    func otherHandlersAtDeadline() async {
        let clock = TestClock()
        let (uiKit, delegate) = makeUIKit([SilentService()], clock: clock, logs: LogCapture())
        let sessionCompletions = Completions<Void>()
        let shortcutCompletions = Completions<Bool>()

        uiKit.send("application:performActionForShortcutItem:completionHandler:") {
            $0.application(
                $1,
                performActionFor: UIApplicationShortcutItem(type: "scan", localizedTitle: "Scan"),
                completionHandler: shortcutCompletions.handler
            )
        }
        await clock.waitForSleepers(1)
        #expect(
            clock.sleeperDeadlines.contains(clock.now.advanced(by: .seconds(10))),
            "a quick action's deadline is 10 s"
        )
        clock.advance(by: .seconds(10))
        await delegate.composite.waitForPendingWork()
        #expect(shortcutCompletions.values == [false])

        uiKit.send("application:handleEventsForBackgroundURLSession:completionHandler:") {
            $0.application($1, handleEventsForBackgroundURLSession: "com.example.sync") {
                sessionCompletions.handler(())
            }
        }
        await clock.waitForSleepers(1)
        #expect(
            clock.sleeperDeadlines.contains(clock.now.advanced(by: .seconds(25))),
            "a background URL session's deadline is 25 s"
        )
        clock.advance(by: .seconds(24))
        #expect(sessionCompletions.values.isEmpty)
        clock.advance(by: .seconds(1))
        await delegate.composite.waitForPendingWork()
        #expect(sessionCompletions.values.count == 1)
        #expect(shortcutCompletions.values == [false])
    }

    @Test("When every service answers, the handler is called once, before any deadline")
    func answersWhenAllHaveAnswered() async {
        let clock = TestClock()
        let quick = Quick()
        quick.answers.backgroundFetch = .newData
        let (uiKit, delegate) = makeUIKit([quick], clock: clock, logs: LogCapture())
        let completions = Completions<UIBackgroundFetchResult>()

        uiKit.send("application:performFetchWithCompletionHandler:") {
            $0.application($1, performFetchWithCompletionHandler: completions.handler)
        }
        await delegate.composite.waitForPendingWork()

        #expect(completions.values == [.newData])
        #expect(clock.now.offset == .zero)
    }

    @Test("A callback UIKit calls although no service handles it completes at once with the neutral answer")
    func completesAtOnceWithoutHandlers() {
        let delegate: any UIApplicationDelegate = TestAppDelegate([])
        let application = UIApplication()
        let fetches = Completions<UIBackgroundFetchResult>()
        let sessions = Completions<Void>()
        let shortcuts = Completions<Bool>()
        let replies = Completions<[AnyHashable: Any]?>()

        delegate.application(application, didReceiveRemoteNotification: [:], fetchCompletionHandler: fetches.handler)
        delegate.application(application, performFetchWithCompletionHandler: fetches.handler)
        delegate.application(application, handleEventsForBackgroundURLSession: "s") { sessions.handler(()) }
        delegate.application(
            application,
            performActionFor: UIApplicationShortcutItem(type: "scan", localizedTitle: "Scan"),
            completionHandler: shortcuts.handler
        )
        delegate.application(application, handleWatchKitExtensionRequest: nil, reply: replies.handler)

        #expect(fetches.values == [.noData, .noData])
        #expect(sessions.values.count == 1)
        #expect(shortcuts.values == [false])
        #expect(replies.values.count == 1)
        #expect(replies.values.first! == nil)
    }
}

#endif
