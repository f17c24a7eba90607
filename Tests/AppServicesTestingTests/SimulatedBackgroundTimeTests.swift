import AppServices
import AppServicesTesting
import Testing

/// Background time: the simulator's expiration step, and what the simulated background time
/// records.
@MainActor
struct SimulatedBackgroundTimeTests {
    /// Begins background work when entering the background: an upload that runs until it
    /// is cancelled, or one that finishes at once.
    final class Uploader: RecordingService {
        var finishesAtOnce = false
        private(set) var uploads: [String] = []

        override func applicationDidEnterBackground(_ context: AppContext) {
            super.applicationDidEnterBackground(context)
            context.beginBackgroundWork(named: "upload") { [self] in
                if finishesAtOnce {
                    uploads.append("finished")
                    return
                }
                let (never, continuation) = AsyncStream<Never>.makeStream()
                for await _ in never {}
                continuation.finish()
                uploads.append(Task.isCancelled ? "cancelled" : "ended")
            }
        }
    }

    let uploader = Uploader()

    func launchAndLeave() throws -> (LifecycleSimulator, ServiceComposite) {
        let composite = ServiceComposite([uploader])
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch()
        try simulator.enterBackground()
        return (simulator, composite)
    }

    @Test("Background time running out cancels the work and ends its assertion exactly once")
    func expiration() async throws {
        let (simulator, composite) = try launchAndLeave()
        let time = simulator.backgroundTime
        #expect(time.open.map(\.name) == ["Uploader: upload"])

        let expired = try simulator.expireBackgroundTime()

        #expect(expired.map(\.name) == ["Uploader: upload"])
        #expect(time.open.isEmpty, "ended from its expiration handler")
        #expect(time.overdueAtExpiration.isEmpty)
        #expect(await composite.finishBackgroundWork(within: .seconds(5)).isEmpty, "the work has stopped")
        #expect(uploader.uploads == ["cancelled"])
        #expect(time.ended == expired.map(\.token), "the work stopping later ends nothing again")
        #expect(time.endedTwice.isEmpty)
    }

    @Test("Work that finishes ends its assertion once, and nothing is left to expire")
    func completion() async throws {
        uploader.finishesAtOnce = true
        let (simulator, composite) = try launchAndLeave()
        #expect(await composite.finishBackgroundWork(within: .seconds(5)).isEmpty)

        #expect(uploader.uploads == ["finished"])
        #expect(simulator.backgroundTime.begun.map(\.token) == simulator.backgroundTime.ended)
        #expect(try simulator.expireBackgroundTime().isEmpty)
    }

    @Test("Background time expires only in the background")
    func onlyInBackground() throws {
        let simulator = LifecycleSimulator(driving: ServiceComposite([uploader]))
        try simulator.coldLaunch()

        let error = #expect(throws: LifecycleSimulatorError.self) { try simulator.expireBackgroundTime() }
        #expect(error?.step == "expireBackgroundTime")
        #expect(simulator.backgroundTime.expired.isEmpty)
    }

    @Test("An assertion left open by its expiration handler, and one ended twice, are both reported")
    func reportsMisuse() {
        let time = SimulatedBackgroundTime()
        let careless = time.beginBackgroundTime(named: "careless") {}
        let twice = time.beginBackgroundTime(named: "twice") {}
        time.endBackgroundTime(twice)
        time.endBackgroundTime(twice)

        let expired = time.expireAll()

        #expect(expired.map(\.token) == [careless])
        #expect(time.overdueAtExpiration.map(\.name) == ["careless"])
        #expect(time.endedTwice == [twice])
        #expect(time.open.map(\.token) == [careless])
    }
}
