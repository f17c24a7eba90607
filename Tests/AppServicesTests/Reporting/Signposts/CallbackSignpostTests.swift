import AppServices
import AppServicesTesting
import Testing

@MainActor
struct CallbackSignpostTests {
    let clock = TestClock()
    let probe = TrialProbe()
    let logs = LogCapture()
    let push = RemoteNotification(userInfo: ["aps": ["content-available": 1]])

    func composite(_ scripts: [FanOutScript], signposter: (any Signposter)?) -> ServiceComposite {
        var configuration = ServiceComposite.Configuration(logger: logs.logger(), clock: clock)
        configuration.signposter = signposter
        return ServiceComposite(makeScripted(scripts, clock: clock, probe: probe), configuration: configuration)
    }

    @Test("A callback a service never answers is one interval, closed once at the deadline, naming the service")
    func closedAtTheDeadline() async {
        let signposts = RecordingSignposter()
        let composite = composite([.answer(.newData), .stubborn(.noData)], signposter: signposts)
        let completion = CompletionRecorder<BackgroundFetchResult>(clock: clock)
        composite.didReceiveRemoteNotification(push) { completion.record($0) }
        await clock.waitForSleepers(1)
        #expect(signposts.openIntervals.count == 1, "open from dispatch until the completion")

        clock.advance(by: .seconds(25))
        await completion.waitUntilCalled()
        probe.release()  // S1 answers now, after the deadline: the interval stays closed
        await composite.waitForPendingWork()

        #expect(completion.count == 1)
        #expect(signposts.unmatchedEnds.isEmpty)
        #expect(signposts.openIntervals.isEmpty)
        #expect(
            signposts.intervals(named: "Callback").map(\.description) == [
                "Callback: didReceiveRemoteNotification to 2 services -> didReceiveRemoteNotification reached its "
                    + "deadline of 25.0 seconds; not answered: S1"
            ]
        )
    }

    @Test("A callback every service answers is one interval, closed once, whether they answer at once or later")
    func closedWhenAllAnswer() async {
        let signposts = RecordingSignposter()
        let prompt = composite([.answer(.newData), .answer(.noData)], signposter: signposts)
        let first = CompletionRecorder<BackgroundFetchResult>(clock: clock)
        prompt.didReceiveRemoteNotification(push) { first.record($0) }
        await first.waitUntilCalled()

        let waiting = composite([.answer(.newData), .after(.seconds(3), .noData)], signposter: signposts)
        let second = CompletionRecorder<BackgroundFetchResult>(clock: clock)
        waiting.didReceiveRemoteNotification(push) { second.record($0) }
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(3))
        await second.waitUntilCalled()
        await waiting.waitForPendingWork()

        #expect(signposts.unmatchedEnds.isEmpty)
        #expect(signposts.openIntervals.isEmpty)
        #expect(
            signposts.intervals(named: "Callback").compactMap(\.endMessage) == [
                "didReceiveRemoteNotification: all 2 services answered",
                "didReceiveRemoteNotification: all 2 services answered",
            ]
        )
    }

    @Test("Without a signposter, or with one that is off, a callback marks nothing")
    func nothingWhenOff() async {
        let off = RecordingSignposter(isEnabled: false)
        for signposter in [off, nil] as [(any Signposter)?] {
            let composite = composite([.answer(.newData), .never], signposter: signposter)
            let completion = CompletionRecorder<BackgroundFetchResult>(clock: clock)
            composite.didReceiveRemoteNotification(push) { completion.record($0) }
            await clock.waitForSleepers(2)
            clock.advance(by: .seconds(25))
            await completion.waitUntilCalled()
            await composite.waitForPendingWork()
            #expect(completion.values == [.newData])
        }
        #expect(off.signposts.isEmpty)
    }
}
