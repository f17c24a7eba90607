import AppServicesTesting
import Configuration
import Foundation
import Testing

@testable import AppServices

enum FeedLoaded: AppMilestone {
    static var reachedBy: any AppService.Type { FeedOwner.self }
}

enum FeedLock: AppGate {
    static var openedBy: any AppService.Type { FeedOwner.self }
    static var isInitiallyOpen: Bool { false }
}

enum FeedSync: AppGate {
    static var openedBy: any AppService.Type { FeedOwner.self }
    static var isInitiallyOpen: Bool { false }
}

final class FeedOwner: AppService {}

struct Offline: Error {}

/// Repeating initializers: every interval after the last success, while the application is
/// active, once their conditions hold.
@MainActor
struct RepetitionTests {
    let install = SimulatedInstall()
    let clock = TestClock()
    let log = RunLog()
    let owner = FeedOwner()

    func launch(conditions: [Repetition.Condition] = []) throws -> (ServiceComposite, LifecycleSimulator) {
        let log = self.log
        let composite = try composite(clock: clock) {
            ClosureInitializer("refresh", repeats: .every(.seconds(60), when: conditions)) { _ in log.note("refresh") }
        }
        return (composite, LifecycleSimulator(driving: composite))
    }

    /// A composite of `owner` on `clock` whose launch plan, on this install's memory of
    /// version 1.0, runs `initializers`.
    func composite(
        clock: TestClock,
        @InitializerListBuilder _ initializers: () -> [any Initializer]
    ) throws -> ServiceComposite {
        var configuration = LaunchPlan.Configuration()
        configuration.memory = install.memory("1.0")
        let plan = try LaunchPlan(configuration: configuration, initializers: initializers())
        return ServiceComposite([owner], configuration: .init(clock: clock), launchPlan: plan)
    }

    /// Waits until the repetition sleeps until `offset` on the test clock.
    func repetitionSleeps(until offset: Duration) async {
        await clock.waitForSleepers(until: [TestClock.Instant(offset: offset)])
    }

    @Test("While active it runs every interval; in the background it does not; time away counts on the return")
    func everyIntervalWhileActive() async throws {
        let (composite, simulator) = try launch()
        try simulator.coldLaunch()
        await repetitionSleeps(until: .seconds(60))
        #expect(log.all == ["refresh"])
        #expect(composite.launch?.nextDueTimes["refresh"] == install.now.addingTimeInterval(60))

        clock.advance(by: .seconds(60))
        await repetitionSleeps(until: .seconds(120))
        #expect(log.all == ["refresh", "refresh"])
        let runs = try #require(composite.launch?.report.foregroundRuns)
        #expect(runs.map(\.name) == ["refresh"] && runs.first?.outcome == .succeeded)

        try simulator.enterBackground()
        #expect(clock.sleeperCount == 0, "the repetition stopped with the application active no more")
        clock.advance(by: .seconds(300))
        install.advanceClock(by: .seconds(300))
        #expect(log.all.count == 2)

        // Back after five minutes: overdue, so it runs at once, then every minute again.
        try simulator.enterForeground()
        await repetitionSleeps(until: .seconds(420))
        #expect(log.all.count == 3)
        #expect(composite.launch?.report.foregroundRuns.count == 2)
    }

    @Test(
        "In safe mode a plan's repeating initializer does not repeat, nor spin, while the application is active",
        .timeLimit(.minutes(1))
    )
    func notRepeatedInSafeMode() async throws {
        let log = self.log
        let refresh = ClosureInitializer("refresh", repeats: .every(.seconds(60))) { _ in log.note("refresh") }
        var configuration = LaunchPlan.Configuration()
        configuration.memory = install.memory("1.0")
        let first = ServiceComposite(
            [owner],
            configuration: .init(clock: clock),
            launchPlan: try LaunchPlan(configuration: configuration) { refresh }
        )
        let firstRun = LifecycleSimulator(driving: first)
        try firstRun.coldLaunch()
        await first.launch?.waitUntilHistoryIsWritten()
        #expect(log.all == ["refresh"])
        try firstRun.terminate()

        // An hour later, after a launch that crashed before its first frame: safe mode.
        install.advanceClock(by: .seconds(3600))
        install.launched("1.0", times: 1, reachingFirstFrame: false)
        let safeClock = TestClock()
        let safe = ServiceComposite(
            [FeedOwner()],
            configuration: .init(clock: safeClock),
            launchPlan: try LaunchPlan(
                configuration: configuration,
                safeMode: .init(after: 1) { ClosureInitializer("clear") { _ in log.note("clear") } }
            ) { refresh }
        )
        try LifecycleSimulator(driving: safe).coldLaunch()
        let launch = try #require(safe.launch)
        try await launch.waitUntilReady(.idle)
        for _ in 0..<200 { await Task.yield() }
        #expect(log.all == ["refresh", "clear"])
        #expect(launch.report.foregroundRuns.isEmpty, "no repetition run, not due over and over")
        #expect(safeClock.sleeperCount == 0)
    }

    @Test(
        "An optional repeating initializer whose configuration key lost its value is skipped once an interval",
        .timeLimit(.minutes(1))
    )
    func skippedForConfigurationOnceAnInterval() async throws {
        let log = self.log
        let install = self.install
        func plan(_ values: [AbsoluteConfigKey: ConfigValue]) throws -> LaunchPlan {
            var configuration = LaunchPlan.Configuration(
                reader: ConfigReader(provider: InMemoryProvider(values: values))
            )
            configuration.memory = install.memory("1.0")
            return try LaunchPlan(configuration: configuration) {
                ClosureInitializer(
                    "refresh",
                    requiredConfigurationKeys: ["feed.url"],
                    failurePolicy: .optional,
                    repeats: .every(.seconds(60))
                ) { _ in log.note("refresh") }
            }
        }
        let first = ServiceComposite(
            [owner],
            configuration: .init(clock: clock),
            launchPlan: try plan(["feed.url": "https://feed.example"])
        )
        let firstRun = LifecycleSimulator(driving: first)
        try firstRun.coldLaunch()
        await first.launch?.waitUntilHistoryIsWritten()
        try firstRun.terminate()

        // An hour later, the key has no value: each due run is skipped, once an interval.
        install.advanceClock(by: .seconds(3600))
        let laterClock = TestClock()
        let later = ServiceComposite([FeedOwner()], configuration: .init(clock: laterClock), launchPlan: try plan([:]))
        try LifecycleSimulator(driving: later).coldLaunch()
        await laterClock.waitForSleepers(until: [TestClock.Instant(offset: .seconds(60))])
        #expect(log.all == ["refresh"])
        #expect((later.launch?.report.foregroundRuns.count ?? 0) <= 1)
    }

    @Test(
        "A repeating initializer whose dependency did not succeed runs neither at launch nor at its interval",
        .timeLimit(.minutes(1))
    )
    func dependencyThatFailed() async throws {
        let log = self.log
        let composite = try composite(clock: clock) {
            ClosureInitializer("crashReporter", failurePolicy: .optional) { _ in throw Offline() }
            ClosureInitializer("upload", dependencyNames: ["crashReporter"], repeats: .every(.seconds(60))) { _ in
                log.note("upload")
            }
        }
        try LifecycleSimulator(driving: composite).coldLaunch()
        await repetitionSleeps(until: .seconds(60))
        clock.advance(by: .seconds(60))
        await repetitionSleeps(until: .seconds(120))
        #expect(log.all.isEmpty)
        #expect(composite.launch?.report.node(named: "upload")?.outcome.kind == .skipped)
    }

    @Test("A run that fails is tried again an interval after it began, not at once", .timeLimit(.minutes(1)))
    func failedRunWaitsAnInterval() async throws {
        let log = self.log
        let composite = try composite(clock: clock) {
            ClosureInitializer("refresh", failurePolicy: .optional, repeats: .every(.seconds(60))) { _ in
                log.note("refresh")
                // Succeeds at launch, fails from then on (offline, say).
                if log.all.count > 1 { throw Offline() }
            }
        }
        try LifecycleSimulator(driving: composite).coldLaunch()
        await repetitionSleeps(until: .seconds(60))
        clock.advance(by: .seconds(60))
        install.advanceClock(by: .seconds(60))
        // The run at one minute fails; the next is a minute after it began. (Before, the
        // last success was all it counted from: due at once, it ran again and again.)
        await repetitionSleeps(until: .seconds(120))
        #expect(log.all == ["refresh", "refresh"])
        clock.advance(by: .seconds(60))
        install.advanceClock(by: .seconds(60))
        await repetitionSleeps(until: .seconds(180))
        #expect(log.all.count == 3)
    }

    /// A plan whose refresh repeats every minute and fails while `offline` says so.
    func failingLaunch(
        clock: TestClock,
        offline: Locked<Bool>
    ) throws -> (ServiceComposite, LifecycleSimulator) {
        let log = self.log
        let composite = try composite(clock: clock) {
            ClosureInitializer("refresh", failurePolicy: .optional, repeats: .every(.seconds(60))) { _ in
                log.note("refresh")
                if offline.withLock({ $0 }) { throw Offline() }
            }
        }
        return (composite, LifecycleSimulator(driving: composite))
    }

    @Test(
        "A launch run that fails, its last success long past, is tried again an interval after it began",
        .timeLimit(.minutes(1))
    )
    func failedLaunchRunWaitsAnInterval() async throws {
        let offline = Locked(false)
        let yesterdaysClock = TestClock()
        let (_, yesterday) = try failingLaunch(clock: yesterdaysClock, offline: offline)
        try yesterday.coldLaunch()
        // Its run succeeded once its repetition sleeps (off the main actor, the run may not
        // have started when the launch returns).
        await yesterdaysClock.waitForSleepers(until: [TestClock.Instant(offset: .seconds(60))])
        try yesterday.enterBackground()
        try yesterday.terminate()
        install.advanceClock(by: .seconds(86_400))

        offline.withLock { $0 = true }
        let (_, today) = try failingLaunch(clock: clock, offline: offline)
        try today.coldLaunch()
        // Its last success is a day old, so by that alone it is due at once; its launch run
        // began at zero, so the next is a minute after.
        await repetitionSleeps(until: .seconds(60))
        #expect(log.all == ["refresh", "refresh"])
    }

    @Test("After a failure, an interruption does not start a retry at once", .timeLimit(.minutes(1)))
    func interruptionDoesNotRetryAtOnce() async throws {
        let offline = Locked(false)
        let (_, simulator) = try failingLaunch(clock: clock, offline: offline)
        try simulator.coldLaunch()
        await repetitionSleeps(until: .seconds(60))
        offline.withLock { $0 = true }
        clock.advance(by: .seconds(60))
        install.advanceClock(by: .seconds(60))
        await repetitionSleeps(until: .seconds(120))
        #expect(log.all == ["refresh", "refresh"], "the run at one minute failed")

        try simulator.interrupt()
        // The loop begins again: its wait counts from the failed run's start, not from the
        // last success (due at once).
        await repetitionSleeps(until: .seconds(120))
        #expect(log.all == ["refresh", "refresh"])
    }

    @Test(
        "An on-demand initializer repeats once its run was asked for, whether or not others were",
        .timeLimit(.minutes(1))
    )
    func onDemandRepeatsAfterItsOwnRun() async throws {
        let log = self.log
        let composite = try composite(clock: clock) {
            ClosureInitializer("feed", phase: .onDemand, repeats: .every(.seconds(60))) { _ in log.note("feed") }
            ClosureInitializer("search", phase: .onDemand) { _ in log.note("search") }
        }
        try LifecycleSimulator(driving: composite).coldLaunch()
        await composite.launch?.waitUntilIdle()
        #expect(clock.sleeperCount == 0, "nobody asked for the feed: it has no launch run to repeat yet")

        try await composite.launch?.run(named: "feed")
        await repetitionSleeps(until: .seconds(60))
        clock.advance(by: .seconds(60))
        install.advanceClock(by: .seconds(60))
        await repetitionSleeps(until: .seconds(120))
        #expect(log.all == ["feed", "feed"])
    }

    @Test("Another initializer's long run does not hold the repetition back", .timeLimit(.minutes(1)))
    func repeatsWhileOtherWorkRuns() async throws {
        let log = self.log
        let (release, go) = AsyncStream<Void>.makeStream()
        let composite = try composite(clock: clock) {
            ClosureInitializer("refresh", repeats: .every(.seconds(60))) { _ in log.note("refresh") }
            ClosureInitializer("export", phase: .onDemand) { _ in
                log.note("export")
                for await _ in release { break }
            }
        }
        try LifecycleSimulator(driving: composite).coldLaunch()
        await repetitionSleeps(until: .seconds(60))
        let export = Task { try await composite.launch?.run(named: "export") }
        while !log.all.contains("export") { await Task.yield() }

        clock.advance(by: .seconds(60))
        install.advanceClock(by: .seconds(60))
        await repetitionSleeps(until: .seconds(120))
        clock.advance(by: .seconds(60))
        install.advanceClock(by: .seconds(60))
        await repetitionSleeps(until: .seconds(180))
        #expect(log.all == ["refresh", "export", "refresh", "refresh"])
        go.yield()
        go.finish()
        try await export.value
    }

    /// A launch whose refresh runs, then a relaunch 20 s later, in which it is not due (its
    /// repetition waits for its 40 s left); returns the relaunch's simulator.
    func relaunchInsideTheInterval() async throws -> LifecycleSimulator {
        let (first, simulator) = try launch()
        try simulator.coldLaunch()
        await repetitionSleeps(until: .seconds(60))
        try simulator.enterBackground()
        first.willTerminate()
        install.advanceClock(by: .seconds(20))

        let (second, again) = try launch()
        try again.coldLaunch()
        await second.launch?.waitUntilIdle()
        #expect(second.launch?.report.nodes.first?.outcome.kind == .notDue)
        return again
    }

    @Test("A relaunch counts from the last success of the launch before")
    func countsFromLastSuccessAcrossLaunches() async throws {
        _ = try await relaunchInsideTheInterval()
        // 40 s left of its minute: the repetition sleeps that long, then runs it.
        await repetitionSleeps(until: .seconds(40))
        clock.advance(by: .seconds(40))
        await repetitionSleeps(until: .seconds(100))
        #expect(log.all == ["refresh", "refresh"])
    }

    @Test(
        "A relaunch inside the interval is not due; back after the interval has passed, the overdue run is at once",
        .timeLimit(.minutes(1))
    )
    func overdueAfterAThrottledRelaunch() async throws {
        let again = try await relaunchInsideTheInterval()
        await repetitionSleeps(until: .seconds(40))
        try again.enterBackground()
        clock.advance(by: .seconds(300))
        install.advanceClock(by: .seconds(300))
        try again.enterForeground()
        // 320 s after its last success: it runs on the return, then waits a whole interval.
        await repetitionSleeps(until: .seconds(360))
        #expect(log.all == ["refresh", "refresh"])
    }

    @Test("When due, it waits until its milestone is reached and its gate open")
    func waitsForConditions() async throws {
        let (composite, simulator) = try launch(conditions: [.reached(FeedLoaded.self), .open(FeedLock.self)])
        try simulator.coldLaunch()
        await repetitionSleeps(until: .seconds(60))
        clock.advance(by: .seconds(60))
        try await waitUntilTheRepetitionWaits(for: .milestone(FeedLoaded.self), on: composite)
        #expect(log.all == ["refresh"], "due, but the milestone is not reached")

        let context = AppContext(composite: composite, service: FeedOwner.self, callback: nil, origin: nil)
        try context.reach(FeedLoaded.self)
        try await waitUntilTheRepetitionWaits(for: FeedLock.point, on: composite)
        #expect(log.all == ["refresh"], "the gate is closed")
        try context.open(FeedLock.self)
        await repetitionSleeps(until: .seconds(120))
        #expect(log.all == ["refresh", "refresh"])
    }

    @Test("It runs only when every condition holds at once: one that stops holding while it waits is waited for again")
    func conditionsHoldTogether() async throws {
        let (composite, simulator) = try launch(conditions: [.open(FeedSync.self), .open(FeedLock.self)])
        try simulator.coldLaunch()
        await repetitionSleeps(until: .seconds(60))
        clock.advance(by: .seconds(60))
        try await waitUntilTheRepetitionWaits(for: FeedSync.point, on: composite)

        let context = AppContext(composite: composite, service: FeedOwner.self, callback: nil, origin: nil)
        try context.open(FeedSync.self)
        try await waitUntilTheRepetitionWaits(for: FeedLock.point, on: composite)
        try context.close(FeedSync.self)
        try context.open(FeedLock.self)
        try await waitUntilTheRepetitionWaits(for: FeedSync.point, on: composite)
        #expect(log.all == ["refresh"], "the first gate closed while it waited for the second")

        try context.open(FeedSync.self)
        await repetitionSleeps(until: .seconds(120))
        #expect(log.all == ["refresh", "refresh"])
    }

    @Test(
        "A condition on a session's milestone follows an account switch: the next session's milestone lets it run",
        .timeLimit(.minutes(1))
    )
    func sessionConditionFollowsASwitch() async throws {
        let (composite, simulator) = try launch(conditions: [.reached(InboxLoaded.self)])
        try composite.registerSessionServices([InboxLoader.self])
        try simulator.coldLaunch()
        try composite.beginSession(SessionInfo(identifier: "alice"))
        await repetitionSleeps(until: .seconds(60))
        clock.advance(by: .seconds(60))
        try await waitUntilTheRepetitionWaits(for: .milestone("InboxLoaded of session alice"), on: composite)

        try composite.switchSession(to: SessionInfo(identifier: "bob"))
        try await waitUntilTheRepetitionWaits(for: .milestone("InboxLoaded of session bob"), on: composite)
        #expect(log.all == ["refresh"], "due, but bob's inbox has not loaded")
        try #require(composite.sessionService(InboxLoader.self)).finishLoading()
        await repetitionSleeps(until: .seconds(120))
        #expect(log.all == ["refresh", "refresh"])
    }

    @Test(
        "A repeating initializer's session condition follows the session made current, the earlier one still living",
        .timeLimit(.minutes(1))
    )
    func sessionConditionFollowsMakeCurrent() async throws {
        let (composite, simulator) = try launch(conditions: [.reached(InboxLoaded.self)])
        try composite.registerSessionServices([InboxLoader.self])
        try simulator.coldLaunch()
        try composite.beginSession(SessionInfo(identifier: "alice"))
        try composite.beginSession(SessionInfo(identifier: "bob"), makeCurrent: false)
        try #require(composite.sessionService(InboxLoader.self, in: SessionInfo(identifier: "bob"))).finishLoading()
        await repetitionSleeps(until: .seconds(60))
        clock.advance(by: .seconds(60))
        try await waitUntilTheRepetitionWaits(for: .milestone("InboxLoaded of session alice"), on: composite)

        // An account switch that keeps alice signed in: bob's inbox has loaded already.
        try composite.makeCurrentSession("bob")
        await repetitionSleeps(until: .seconds(120))
        #expect(log.all == ["refresh", "refresh"], "ran for bob without waiting for alice")
    }

    @Test(
        "A repeating initializer's session condition survives a switch there and back in one turn",
        .timeLimit(.minutes(1))
    )
    func sessionConditionSurvivesASwitchBack() async throws {
        let (composite, simulator) = try launch(conditions: [.reached(InboxLoaded.self)])
        try composite.registerSessionServices([InboxLoader.self])
        try simulator.coldLaunch()
        try composite.beginSession(SessionInfo(identifier: "alice"))
        try composite.beginSession(SessionInfo(identifier: "bob"), makeCurrent: false)
        await repetitionSleeps(until: .seconds(60))
        clock.advance(by: .seconds(60))
        try await waitUntilTheRepetitionWaits(for: .milestone("InboxLoaded of session alice"), on: composite)

        try composite.makeCurrentSession("bob")
        try composite.makeCurrentSession("alice")
        try await waitUntilTheRepetitionWaits(for: .milestone("InboxLoaded of session alice"), on: composite)
        try #require(composite.sessionService(InboxLoader.self)).finishLoading()
        await repetitionSleeps(until: .seconds(120))
        #expect(log.all == ["refresh", "refresh"], "still repeating, for alice")
    }

    /// Returns once the repetition's loop waits for `point` (on another task, so this yields
    /// until it does, for at most 1,000,000 turns, a bound only a failing test reaches).
    func waitUntilTheRepetitionWaits(for point: ReadinessPoint, on composite: ServiceComposite) async throws {
        for _ in 0..<1_000_000 {
            if composite.state.readiness.waiting.contains(where: { $0 == ("refresh (repeating)", point) }) { return }
            await Task.yield()
        }
        Issue.record("The repetition never waited for \(point); it waits for \(composite.state.readiness.waiting)")
    }
}
