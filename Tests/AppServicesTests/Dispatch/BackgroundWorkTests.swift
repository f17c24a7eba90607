import AppServices
import AppServicesTesting
import Logging
import Testing

/// Starts background work in didEnterBackground: finishing after a delay on the test
/// clock, or never (ignoring cancellation until the test lets it go).
final class Flusher: AppService, ApplicationStateHandling {
    enum Behaviour { case finishes(after: Duration), hangs }
    let behaviour: Behaviour
    let clock: TestClock
    let probe: TrialProbe
    var finished = false

    init(_ behaviour: Behaviour, clock: TestClock, probe: TrialProbe) {
        self.behaviour = behaviour
        self.clock = clock
        self.probe = probe
    }

    func applicationDidEnterBackground(_ context: AppContext) {
        context.beginBackgroundWork(named: "flush") {
            switch self.behaviour {
            case .finishes(let delay):
                try await self.clock.sleep(for: delay)
                self.finished = true
            case .hangs:
                await self.probe.waitForRelease()
            }
        }
    }
}

@MainActor
struct BackgroundWorkTests {
    let clock = TestClock()
    let probe = TrialProbe()
    let logs = LogCapture()

    func background(_ behaviour: Flusher.Behaviour) -> (ServiceComposite, Flusher) {
        let flusher = Flusher(behaviour, clock: clock, probe: probe)
        let composite = ServiceComposite([flusher], configuration: .init(logger: logs.logger(), clock: clock))
        _ = composite.didFinishLaunching()
        composite.didEnterBackground()
        return (composite, flusher)
    }

    @Test("Background work that finishes within the budget is waited for, and nothing is left")
    func finishesWithinBudget() async {
        let (composite, flusher) = background(.finishes(after: .seconds(2)))
        #expect(composite.runningBackgroundWork == ["Flusher: flush"])
        async let unfinished = composite.finishBackgroundWork(within: .seconds(5))
        await clock.waitForSleepers(2)  // the work's sleep and the budget
        clock.advance(by: .seconds(2))
        #expect(await unfinished == [])
        #expect(flusher.finished)
        #expect(clock.now == .init(offset: .seconds(2)), "returned when the work finished, not at the budget")
        #expect(composite.runningBackgroundWork.isEmpty)
    }

    @Test("Background work still running at the budget is cut off, cancelled, named, and not waited for again")
    func cutOffAtBudget() async {
        let (composite, _) = background(.hangs)
        async let unfinished = composite.finishBackgroundWork(within: .seconds(5))
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(5))
        #expect(await unfinished == ["Flusher: flush"])
        #expect(
            logs.messages(at: .warning).contains {
                $0.contains("before Flusher: flush finished") && $0.contains("5.0 seconds")
            }
        )
        #expect(composite.runningBackgroundWork.isEmpty)
        #expect(await composite.finishBackgroundWork(within: .seconds(5)) == [], "returns at once, without the clock")
        probe.release()
        await composite.waitForPendingWork()
    }

    @Test("Work cut off at the budget leaves nothing pending, though it goes on, and its background time ends")
    func abandonedWorkIsNotPending() async {
        final class Time: BackgroundTimeProvider {
            private(set) var begun: [Int] = []
            private(set) var ended: [Int] = []
            func beginBackgroundTime(named name: String, expiration: @escaping @MainActor () -> Void) -> Int {
                begun.append(begun.count + 1)
                return begun.count
            }
            func endBackgroundTime(_ token: Int) { ended.append(token) }
        }
        let time = Time()
        let flusher = Flusher(.hangs, clock: clock, probe: probe)
        let composite = ServiceComposite([flusher], configuration: .init(logger: logs.logger(), clock: clock))
        composite.useBackgroundTime(time)
        _ = composite.didFinishLaunching()
        composite.didEnterBackground()
        async let unfinished = composite.finishBackgroundWork(within: .seconds(5))
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(5))
        #expect(await unfinished == ["Flusher: flush"])

        await composite.waitForPendingWork()
        #expect(composite.pendingWorkCount == 0)
        #expect(time.begun == [1])
        #expect(time.ended == [1], "the abandoned work's background time ended at the budget")
        probe.release()
    }

    @Test("Cancelled while it waits, finishing ends at once, as at the budget", .timeLimit(.minutes(1)))
    func cancelledWhileWaiting() async {
        let (composite, _) = background(.hangs)
        let finishing = Task { await composite.finishBackgroundWork(within: .seconds(5)) }
        await clock.waitForSleepers(1)  // the budget
        finishing.cancel()
        #expect(await finishing.value == ["Flusher: flush"])
        #expect(clock.now == TestClock.Instant(offset: .zero), "no budget elapsed")
        #expect(composite.runningBackgroundWork.isEmpty)
        #expect(logs.messages(at: .warning).contains { $0.contains("was cancelled with the task waiting for it") })
        probe.release()
    }

    @Test("Cooperative work still running at the budget is cancelled")
    func cancelledAtBudget() async {
        let (composite, flusher) = background(.finishes(after: .seconds(60)))
        async let unfinished = composite.finishBackgroundWork(within: .seconds(5))
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(5))
        #expect(await unfinished == ["Flusher: flush"])
        #expect(!flusher.finished)
        #expect(clock.sleeperCount == 0, "the work's 60-second sleep was cancelled at the budget")
    }

    @Test("With no background work, finishing returns at once")
    func nothingToFinish() async {
        let composite = ServiceComposite([], configuration: .init(clock: clock))
        #expect(await composite.finishBackgroundWork(within: .seconds(5)) == [])
    }
}

extension BackgroundWorkTests {
    @Test("Work cut off at the budget that ends later is logged as cancelled at its budget, not as an ignored answer")
    func lateEndIsCancellation() async {
        let (composite, _) = background(.hangs)
        async let unfinished = composite.finishBackgroundWork(within: .seconds(5))
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(5))
        #expect(await unfinished == ["Flusher: flush"])

        probe.release()
        await composite.waitForPendingWork()
        // The composite abandoned the work, so it waits for it no more: the work's own end
        // is waited for here.
        while !logs.text.contains("has now finished") { await Task.yield() }

        #expect(!logs.text.contains("was ignored"), "logs:\n\(logs.text)")
        #expect(
            logs.messages(at: .info).contains(
                "Background work Flusher: flush, cancelled (by its service, on returning to the foreground, at its budget, or when its background time expired), has now finished."
            )
        )
    }
}
