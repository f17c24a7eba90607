import AppServices
import AppServicesTesting
import Testing

/// Background work a service can stop: the handle `beginBackgroundWork` returns, work that
/// ends when the application returns to the foreground, and withdrawing every pending
/// background-task request.
@MainActor
struct BackgroundWorkHandleTests {
    let clock = TestClock()
    let logs = LogCapture()
    let time = RecordedBackgroundTime()

    /// Keeps the handle of the work it begins on entering the background.
    final class KeepAlive: AppService, ApplicationStateHandling {
        let endsOnForeground: Bool
        private(set) var work: BackgroundWork?
        private(set) var wasCancelled = false
        private(set) var heardForeground = false
        /// The background times ended when it heard the application enter the foreground.
        private(set) var endedWhenHeard: [Int]?
        let clock: TestClock
        let time: RecordedBackgroundTime

        init(endsOnForeground: Bool, clock: TestClock, time: RecordedBackgroundTime) {
            self.endsOnForeground = endsOnForeground
            self.clock = clock
            self.time = time
        }

        func applicationDidEnterBackground(_ context: AppContext) {
            work = context.beginBackgroundWork(named: "keep-alive", endsOnForeground: endsOnForeground) {
                do {
                    try await self.clock.sleep(for: .seconds(600))
                } catch {
                    self.wasCancelled = true
                    throw error
                }
            }
        }

        func applicationWillEnterForeground(_ context: AppContext) {
            heardForeground = true
            endedWhenHeard = time.ended
        }
    }

    func inBackground(endsOnForeground: Bool) -> (ServiceComposite, KeepAlive) {
        let service = KeepAlive(endsOnForeground: endsOnForeground, clock: clock, time: time)
        let composite = ServiceComposite([service], configuration: .init(logger: logs.logger(), clock: clock))
        composite.useBackgroundTime(time)
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        composite.willResignActive()
        composite.didEnterBackground()
        return (composite, service)
    }

    @Test("Cancelling the handle cancels the work and ends its background time once, at the cancel")
    func cancelEndsOnce() async throws {
        let (composite, service) = inBackground(endsOnForeground: false)
        let work = try #require(service.work)
        #expect(work.label == "KeepAlive: keep-alive")
        await clock.waitForSleepers(1)
        #expect(time.ended.isEmpty)

        work.cancel()
        #expect(time.ended == [1], "ended at the cancel, not when the work gets round to returning")
        await work.waitUntilFinished()
        #expect(service.wasCancelled)
        #expect(composite.runningBackgroundWork.isEmpty)
        work.cancel()
        time.expireAll()
        #expect(time.ended == [1], "neither a second cancel nor an expiration ends it again")
    }

    @Test("Work begun to end on the foreground is cancelled, its time ended, before the services hear it")
    func endsOnForeground() async {
        let (composite, service) = inBackground(endsOnForeground: true)
        await clock.waitForSleepers(1)
        composite.willEnterForeground()
        #expect(time.ended == [1])
        #expect(service.heardForeground)
        #expect(service.endedWhenHeard == [1], "its time had ended when the service heard the foreground")
        await service.work?.waitUntilFinished()
        #expect(service.wasCancelled)
        #expect(composite.runningBackgroundWork.isEmpty)
        #expect(time.ended == [1])
    }

    @Test("Other work goes on running when the application returns to the foreground")
    func otherWorkGoesOn() async {
        let (composite, service) = inBackground(endsOnForeground: false)
        await clock.waitForSleepers(1)
        composite.willEnterForeground()
        #expect(time.ended.isEmpty)
        #expect(composite.runningBackgroundWork == ["KeepAlive: keep-alive"])
        clock.advance(by: .seconds(600))
        await service.work?.waitUntilFinished()
        #expect(!service.wasCancelled)
        #expect(time.ended == [1])
    }

    /// Declares two background tasks.
    final class Refresher: AppService, BackgroundTaskHandling {
        var backgroundTasks: [BackgroundTaskDeclaration] {
            [.appRefresh("com.example.refresh") { _ in }, .processing("com.example.clean") { _ in }]
        }
    }

    @Test("Cancel-all withdraws every pending request")
    func cancelAll() async throws {
        let scheduler = InProcessBackgroundTaskScheduler()
        let composite = ServiceComposite([Refresher()], configuration: .init(logger: logs.logger(), clock: clock))
        composite.registerBackgroundTasks(with: scheduler)
        _ = composite.didFinishLaunching()
        try composite.backgroundTasks.submit(.appRefresh("com.example.refresh"))
        try composite.backgroundTasks.submit(.processing("com.example.clean"))
        #expect(await composite.backgroundTasks.pendingRequests().count == 2)
        composite.backgroundTasks.cancelAll()
        #expect(await composite.backgroundTasks.pendingRequests().isEmpty)
    }
}
