import AppServices
import AppServicesTesting
import Logging
import Testing

/// Background time as a platform gives it: records every begin and end, and expires on
/// the test's word.
@MainActor
final class RecordedBackgroundTime: BackgroundTimeProvider {
    private(set) var begun: [String] = []
    private(set) var ended: [Int] = []
    private var expirations: [Int: @MainActor () -> Void] = [:]
    private var next = 1

    func beginBackgroundTime(named name: String, expiration: @escaping @MainActor () -> Void) -> Int {
        defer { next += 1 }
        begun.append(name)
        expirations[next] = expiration
        return next
    }

    func endBackgroundTime(_ token: Int) {
        ended.append(token)
    }

    /// The system takes back the time of every assertion.
    func expireAll() {
        for token in expirations.keys.sorted() { expirations[token]?() }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct BackgroundTimeTests {
    let clock = TestClock()
    let probe = TrialProbe()
    let logs = LogCapture()
    let time = RecordedBackgroundTime()

    func background(_ behaviour: Flusher.Behaviour) -> (ServiceComposite, Flusher) {
        let flusher = Flusher(behaviour, clock: clock, probe: probe)
        let composite = ServiceComposite([flusher], configuration: .init(logger: logs.logger(), clock: clock))
        composite.useBackgroundTime(time)
        _ = composite.didFinishLaunching()
        composite.didEnterBackground()
        return (composite, flusher)
    }

    @Test("Work begun in didEnterBackground holds background time, ended once when the work completes")
    func endsWhenWorkCompletes() async {
        let (composite, flusher) = background(.finishes(after: .seconds(2)))
        #expect(time.begun == ["Flusher: flush"])
        #expect(time.ended.isEmpty, "held while the work runs")
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(2))
        _ = await composite.finishBackgroundWork(within: .seconds(5))
        #expect(flusher.finished)
        #expect(time.ended == [1])

        time.expireAll()  // an expiration after the end changes nothing
        #expect(time.ended == [1])
    }

    @Test("At expiration the work is cancelled and the background time ended once, even if the work ends later")
    func expirationCancelsWork() async {
        let (composite, flusher) = background(.finishes(after: .seconds(60)))
        await clock.waitForSleepers(1)
        time.expireAll()
        #expect(time.ended == [1], "ended at the expiration")
        _ = await composite.finishBackgroundWork(within: .seconds(5))
        #expect(!flusher.finished, "the sleep was cancelled")
        #expect(composite.runningBackgroundWork.isEmpty)
        #expect(time.ended == [1], "the work's end did not end it again")
        #expect(
            logs.messages(at: .warning).contains("Background time for Flusher: flush expired; its work is cancelled.")
        )
    }

    @Test("Work that ignores its cancellation at expiration ends the time once, at the expiration")
    func expirationWithStubbornWork() async {
        let (composite, _) = background(.hangs)
        await Task.yield()
        time.expireAll()
        time.expireAll()
        #expect(time.ended == [1])
        probe.release()
        _ = await composite.finishBackgroundWork(within: .seconds(5))
        #expect(time.ended == [1])
    }

    @Test("Each piece of work holds its own background time")
    func onePerPiece() async {
        let pieces = TwoPieces()
        let composite = ServiceComposite([pieces], configuration: .init(logger: logs.logger(), clock: clock))
        composite.useBackgroundTime(time)
        _ = composite.didFinishLaunching()
        composite.didEnterBackground()
        #expect(time.begun == ["TwoPieces: a", "TwoPieces: b"])
        pieces.second.release()
        await composite.waitForBackgroundWork(count: 1)
        #expect(time.ended == [2])
        pieces.first.release()
        _ = await composite.finishBackgroundWork(within: .seconds(5))
        #expect(time.ended == [2, 1])
    }
}

/// Begins two pieces of work that end when the test says.
final class TwoPieces: AppService, ApplicationStateHandling {
    let first = TrialProbe()
    let second = TrialProbe()

    func applicationDidEnterBackground(_ context: AppContext) {
        context.beginBackgroundWork(named: "a") { await self.first.waitForRelease() }
        context.beginBackgroundWork(named: "b") { await self.second.waitForRelease() }
    }
}

extension ServiceComposite {
    /// Waits until `count` pieces of background work remain.
    func waitForBackgroundWork(count: Int) async {
        while runningBackgroundWork.count > count { await Task.yield() }
    }
}
