import AppServices
import AppServicesLifecycle
import AppServicesTesting
import Foundation
import Logging
import ServiceLifecycle
import ServiceLifecycleTestKit
import Synchronization
import Testing
import UnixSignals

@MainActor
struct ApplicationHostTests {
    let clock = TestClock()
    let logs = LogCapture()
    let journal = CallJournal()

    func makeComposite(_ services: [any AppService], launchPlan: LaunchPlan? = nil) -> ServiceComposite {
        let configuration = ServiceComposite.Configuration(logger: logs.logger(), clock: clock)
        guard let launchPlan else { return ServiceComposite(services, configuration: configuration) }
        return ServiceComposite(services, configuration: configuration, launchPlan: launchPlan)
    }

    func makeHost(_ composite: ServiceComposite, launchOptions: LaunchOptions = LaunchOptions()) -> ApplicationHost {
        ApplicationHost(
            composite: composite,
            configuration: .init(launchOptions: launchOptions, logger: logs.logger(label: "host"))
        )
    }

    /// Runs a host of one service, `ShutsDown`, that triggers graceful shutdown while it
    /// hears `callback`; returns whether the host called `whenServing`.
    func runShuttingDown(during callback: AppCallback) async throws -> Bool {
        let served = Locked(false)
        let service = ShutsDown(journal: journal, during: callback)
        let host = ApplicationHost(
            composite: makeComposite([service]),
            configuration: .init(logger: logs.logger(label: "host"), whenServing: { served.withLock { $0 = true } })
        )
        try await runWithShutdownTrigger(host, handedTo: service.trigger)
        return served.withLock { $0 }
    }

    /// The journal as `Service.callback` lines.
    var calls: [String] { journal.calls.map { "\($0.service).\($0.callback)" } }

    @Test("Graceful shutdown winds down in reverse order: resign active, enter background, terminate")
    func reverseWindDown() async throws {
        let composite = makeComposite([Feed(journal: journal), Sync(journal: journal), Storage(journal: journal)])
        try await runInServiceGroup(makeHost(composite), logger: logs.logger(), shutdownAfter: .didBecomeActive)

        #expect(
            calls == [
                "Storage.willFinishLaunching", "Sync.willFinishLaunching", "Feed.willFinishLaunching",
                "Storage.didFinishLaunching", "Sync.didFinishLaunching", "Feed.didFinishLaunching",
                "Storage.didBecomeActive", "Sync.didBecomeActive", "Feed.didBecomeActive",
                "Feed.willResignActive", "Sync.willResignActive", "Storage.willResignActive",
                "Feed.didEnterBackground", "Sync.didEnterBackground", "Storage.didEnterBackground",
                "Feed.willTerminate", "Sync.willTerminate", "Storage.willTerminate",
            ]
        )
        #expect(composite.applicationState == .terminated)
        #expect(!logs.text.contains("Unexpected"), "every callback fitted the state it was sent in")
    }

    @Test("A hung wind-down handler is cut off at its step's budget, named in the log, and the next step runs")
    func hungHandlerCutOff() async throws {
        let uploader = Uploader(journal: journal)
        let composite = makeComposite([Storage(journal: journal), uploader])
        try await runInServiceGroup(makeHost(composite), logger: logs.logger(), shutdownAfter: .didBecomeActive) {
        } whileShuttingDown: {
            // The background step's budget (5 s by default) is the only thing on the clock.
            await clock.waitForSleepers(until: [.init(offset: .seconds(5))])
            #expect(journal.calls(of: .willTerminate).isEmpty, "the next step waits for the budget")
            clock.advance(by: .seconds(5))
        }

        #expect(journal.services(receiving: .willTerminate) == ["Uploader", "Storage"])
        #expect(clock.now == .init(offset: .seconds(5)), "the budget cut it off; terminate did not wait for it again")
        #expect(
            logs.messages(at: .warning).contains { $0.contains("Uploader: upload") && $0.contains("5.0 seconds") }
        )
        #expect(
            logs.entries.contains {
                $0.message == "The application has wound down." && $0.description.contains("Uploader: upload")
            }
        )
        uploader.gate.open()
    }

    @Test("Each wind-down step waits its own budget: resign active, enter background, terminate")
    func windDownBudgets() async throws {
        /// Begins work that never finishes as the application resigns active and again as it
        /// enters the background.
        final class Pauser: RecordingService {
            let gate = Gate()
            override func applicationWillResignActive(_ context: AppContext) {
                super.applicationWillResignActive(context)
                context.beginBackgroundWork(named: "pause") { [gate] in await gate.wait() }
            }
            override func applicationDidEnterBackground(_ context: AppContext) {
                super.applicationDidEnterBackground(context)
                context.beginBackgroundWork(named: "upload") { [gate] in await gate.wait() }
            }
        }
        let pauser = Pauser(journal: journal)
        let host = ApplicationHost(
            composite: makeComposite([pauser]),
            configuration: .init(
                launchOptions: LaunchOptions(),
                budgets: .init(resignActive: .seconds(1), enterBackground: .seconds(3), terminate: .seconds(7)),
                logger: logs.logger(label: "host")
            )
        )
        try await runInServiceGroup(host, logger: logs.logger(), shutdownAfter: .didBecomeActive) {
        } whileShuttingDown: {
            await clock.waitForSleepers(until: [.init(offset: .seconds(1))])
            #expect(journal.calls(of: .didEnterBackground).isEmpty, "the next step waits for the resign budget")
            clock.advance(by: .seconds(1))
            await clock.waitForSleepers(until: [.init(offset: .seconds(4))])
            #expect(journal.calls(of: .willTerminate).isEmpty, "the next step waits for the background budget")
            clock.advance(by: .seconds(3))
        }

        #expect(clock.now == .init(offset: .seconds(4)))
        let steps = logs.messages(at: .info).filter { $0.hasPrefix("Wind-down step") }
        #expect(
            steps == [
                "Wind-down step 1 of 3: willResignActive, then up to 1.0 seconds for background work.",
                "Wind-down step 2 of 3: didEnterBackground, then up to 3.0 seconds for background work.",
                "Wind-down step 3 of 3: willTerminate, then up to 7.0 seconds for background work.",
            ]
        )
        pauser.gate.open()
    }

    @Test("Graceful shutdown during the launch cancels it, winds down from inactive, and leaves a complete report")
    func shutdownMidLaunch() async throws {
        let clock = self.clock
        let plan = try LaunchPlan {
            ClosureInitializer("open-database") { _ in try await clock.sleep(for: .seconds(3600)) }
            ClosureInitializer("migrate", dependencyNames: ["open-database"]) { _ in }
            ClosureInitializer("prefetch", phase: .afterFirstFrame) { _ in }
        }
        let composite = makeComposite(
            [Feed(journal: journal), Sync(journal: journal), Storage(journal: journal)],
            launchPlan: plan
        )
        try await runInServiceGroup(makeHost(composite), logger: logs.logger(), shutdownAfter: .didFinishLaunching) {
            await clock.waitForSleepers(1)  // open-database is running
        }

        #expect(
            calls == [
                "Storage.willFinishLaunching", "Sync.willFinishLaunching", "Feed.willFinishLaunching",
                "Storage.didFinishLaunching", "Sync.didFinishLaunching", "Feed.didFinishLaunching",
                "Feed.didEnterBackground", "Sync.didEnterBackground", "Storage.didEnterBackground",
                "Feed.willTerminate", "Sync.willTerminate", "Storage.willTerminate",
            ],
            "no didBecomeActive, and no willResignActive UIKit would not send from inactive"
        )
        let report = try #require(composite.launch).report
        #expect(report.status == .cancelled)
        #expect(report.node(named: "open-database")?.outcome.kind == .cancelled)
        #expect(report.node(named: "migrate")?.outcome.kind == .skipped)
        #expect(report.node(named: "prefetch")?.outcome.kind == .skipped)
        #expect(report.nodes.allSatisfy { $0.outcome.kind != .running && $0.outcome.kind != .pending })
        #expect(!logs.text.contains("Unexpected"))
    }

    @Test("Shutdown while didFinishLaunching runs, with no plan, winds down from inactive and never serves")
    func shutdownDuringLaunchWithoutPlan() async throws {
        let served = try await runShuttingDown(during: .didFinishLaunching)

        #expect(
            calls == [
                "ShutsDown.willFinishLaunching", "ShutsDown.didFinishLaunching", "ShutsDown.didEnterBackground",
                "ShutsDown.willTerminate",
            ]
        )
        #expect(!served)
    }

    @Test("Shutdown while didBecomeActive runs winds down without serving: whenServing is not called")
    func shutdownWhileBecomingActive() async throws {
        let served = try await runShuttingDown(during: .didBecomeActive)

        #expect(journal.calls.last?.callback == .willTerminate)
        #expect(!served)
        #expect(!logs.text.contains("serving until graceful shutdown"))
        #expect(logs.text.contains("Shutdown arrived before the application began serving"))
    }

    @Test(
        "Cancelling the host cuts its wind-down short: every callback is sent, background work is cut off at once",
        .timeLimit(.minutes(1))
    )
    func cancellationCutsWindDownShort() async throws {
        let uploader = Uploader(journal: journal)
        let composite = makeComposite([Storage(journal: journal), uploader])
        try await runCancelled(makeHost(composite), after: .didBecomeActive)

        #expect(journal.services(receiving: .willTerminate) == ["Uploader", "Storage"])
        #expect(clock.now == TestClock.Instant(offset: .zero), "no step waited for its budget")
        #expect(logs.messages(at: .warning).contains { $0.contains("Uploader: upload") })
        uploader.gate.open()
    }

    @Test("An initializer that ignores the shutdown is abandoned after the plan's grace period, and the report says so")
    func stubbornInitializerAbandoned() async throws {
        let gate = Gate()
        let plan = try LaunchPlan {
            ClosureInitializer("open-database") { _ in await gate.wait() }
        }
        let composite = makeComposite([Storage(journal: journal)], launchPlan: plan)
        try await runInServiceGroup(makeHost(composite), logger: logs.logger(), shutdownAfter: .didFinishLaunching) {
        } whileShuttingDown: {
            await clock.waitForSleepers(until: [.init(offset: .milliseconds(100))])  // the grace period
            clock.advance(by: .milliseconds(100))
        }

        let node = try #require(composite.launch?.report.node(named: "open-database"))
        #expect(node.outcome.kind == .cancelled)
        #expect(node.abandoned)
        #expect(journal.calls.map(\.callback).suffix(2) == [.didEnterBackground, .willTerminate])
        gate.open()
    }

    @Test(
        "A cancelled host waits the grace period for the initializers it cancelled before it returns",
        .timeLimit(.minutes(1))
    )
    func cancelledHostWaitsForItsInitializers() async throws {
        let gate = Gate()
        let plan = try LaunchPlan {
            ClosureInitializer("open-database") { _ in await gate.wait() }
        }
        let composite = makeComposite([Storage(journal: journal)], launchPlan: plan)
        let host = makeHost(composite)
        let returned = Mutex(false)
        let run = Task {
            try await runCancelled(host, after: .didFinishLaunching)
            returned.withLock { $0 = true }
        }
        await clock.waitForSleepers(until: [.init(offset: .milliseconds(100))])  // the grace period
        // Before the grace period is over, run() has not returned (a bound only a failing
        // test's return ends early).
        for _ in 0..<10_000 where !returned.withLock({ $0 }) { await Task.yield() }
        #expect(!returned.withLock { $0 }, "run() waits for the initializer it cancelled")
        clock.advance(by: .milliseconds(100))
        try await run.value

        let node = try #require(composite.launch?.report.node(named: "open-database"))
        #expect(node.abandoned, "abandoned at the end of the grace period, before run() returned")
        #expect(node.outcome.kind == .cancelled)
        gate.open()
    }

    @Test("A failed launch is wound down, then ends the group with an error naming the initializer")
    func failedLaunch() async throws {
        struct DiskFull: Error, CustomStringConvertible { var description: String { "the disk is full" } }
        let plan = try LaunchPlan {
            ClosureInitializer("open-database") { _ in throw DiskFull() }
        }
        let composite = makeComposite([Storage(journal: journal)], launchPlan: plan)
        let group = ServiceGroup(services: [makeHost(composite)], logger: logs.logger())

        let error = await #expect(throws: ApplicationHostError.self) { try await group.run() }

        #expect(error?.code == .launchFailed)
        #expect(error?.initializer == "open-database")
        #expect(error?.message.contains("the disk is full") == true)
        #expect(journal.services(receiving: .didBecomeActive).isEmpty)
        #expect(journal.calls.suffix(2).map(\.callback) == [.didEnterBackground, .willTerminate])
    }

    @Test(
        "A required initializer failing after serving began ends serving, winds down, and ends the group with its error",
        .timeLimit(.minutes(1))
    )
    func failedAfterServingBegan() async throws {
        struct Unreachable: Error, CustomStringConvertible { var description: String { "discovery is unreachable" } }
        let plan = try LaunchPlan {
            ClosureInitializer("register-with-discovery", phase: .afterFirstFrame) { _ in throw Unreachable() }
        }
        let composite = makeComposite([Storage(journal: journal)], launchPlan: plan)
        let group = ServiceGroup(services: [makeHost(composite)], logger: logs.logger())

        let error = await #expect(throws: ApplicationHostError.self) { try await group.run() }

        #expect(error?.code == .launchFailed)
        #expect(error?.initializer == "register-with-discovery")
        #expect(journal.services(receiving: .didBecomeActive).count == 1, "it served first")
        #expect(
            journal.calls.suffix(3).map(\.callback) == [.willResignActive, .didEnterBackground, .willTerminate]
        )
        #expect(logs.text.contains("A required initializer failed after the application began serving"))
    }

    @Test("An application launched into the background serves there and winds down with willTerminate alone")
    func launchedInBackground() async throws {
        let composite = makeComposite([Storage(journal: journal)])
        let host = makeHost(composite, launchOptions: LaunchOptions(launchedInBackground: true))
        try await runInServiceGroup(host, logger: logs.logger(), shutdownAfter: .didFinishLaunching)

        #expect(journal.calls.map(\.callback) == [.willFinishLaunching, .didFinishLaunching, .willTerminate])
        #expect(!logs.text.contains("Unexpected"))
    }

    @Test("Services that cannot be ordered stop the host before any callback, with every problem")
    func invalidServices() async throws {
        let composite = makeComposite([Sync(journal: journal), Sync(journal: journal)])
        let host = makeHost(composite)

        let error = await #expect(throws: ServiceGraphError.self) { try await host.run() }

        #expect(error.map { "\($0)" }?.contains("Storage") == true, "the missing dependency is named")
        #expect(journal.calls.isEmpty)
    }

    @Test("A host runs its application once")
    func runsOnce() async throws {
        let host = makeHost(makeComposite([]))
        try await runInServiceGroup(host, logger: logs.logger(), shutdownAfter: .didBecomeActive)

        let error = await #expect(throws: ApplicationHostError.self) { try await host.run() }
        #expect(error?.code == .alreadyStarted)
    }
}

extension ApplicationHostTests {
    /// SIGWINCH, whose default action is to be ignored: raising it cannot end the tests'
    /// process, and no other test holds or traps it.
    @Test("A held signal that nothing traps gets its default action back when a host runs, and a held one is raised")
    func heldSignalNothingTraps() async throws {
        ApplicationHost.holdSignals([.sigwinch])
        kill(getpid(), SIGWINCH)  // recorded while held
        try await runInServiceGroup(makeHost(makeComposite([])), logger: logs.logger(), shutdownAfter: .didBecomeActive)

        var action = sigaction()
        sigaction(SIGWINCH, nil, &action)
        #expect(unsafeBitCast(action.__sigaction_handler.sa_handler, to: UInt.self) == 0, "SIG_DFL")
    }

    @Test("whenServing is called once, after the host logs that it serves; shutdown before the launch launches nothing")
    func readinessAndEarlyShutdown() async throws {
        let served = Locked<[Bool]>([])
        let logs = self.logs
        let serving = ApplicationHost(
            composite: makeComposite([Storage(journal: journal)]),
            configuration: .init(
                logger: logs.logger(label: "host"),
                whenServing: { served.withLock { $0.append(logs.text.contains("serving until graceful shutdown")) } }
            )
        )
        try await runInServiceGroup(serving, logger: logs.logger(), shutdownAfter: .didBecomeActive)
        #expect(served.withLock { $0 } == [true])

        let early = CallJournal()
        let host = ApplicationHost(
            composite: makeComposite([Storage(journal: early)]),
            configuration: .init(
                logger: logs.logger(label: "host"),
                whenServing: { served.withLock { $0.append(false) } }
            )
        )
        try await runWithShutdownTriggered(host)
        #expect(early.calls.isEmpty, "nothing was launched")
        #expect(served.withLock { $0 } == [true], "not called again")
        #expect(logs.text.contains("Shutdown arrived before the launch; nothing was launched"))
    }
}

/// Triggers graceful shutdown while it hears `didFinishLaunching` or `didBecomeActive`, the
/// one it is made for (a service that finds the process must stop).
private final class ShutsDown: RecordingService {
    /// The test's trigger, once the test has one.
    let trigger = Locked<GracefulShutdownTestTrigger?>(nil)
    /// The callback during which it triggers shutdown.
    let during: AppCallback

    init(journal: CallJournal, during: AppCallback) {
        self.during = during
        super.init(journal: journal)
    }

    override func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        if during == .didFinishLaunching { trigger.withLock { $0 }?.triggerGracefulShutdown() }
        return super.application(context, didFinishLaunchingWithOptions: options)
    }

    override func applicationDidBecomeActive(_ context: AppContext) {
        super.applicationDidBecomeActive(context)
        if during == .didBecomeActive { trigger.withLock { $0 }?.triggerGracefulShutdown() }
    }
}

/// Runs `host` until its composite announces `event`, then cancels its task, as a service
/// group does when graceful shutdown overruns its time, and waits for it to return.
private func runCancelled(_ host: ApplicationHost, after event: LifecycleEvent) async throws {
    let events = await host.composite.lifecycleEvents(bufferingPolicy: .unbounded)
    try await testGracefulShutdown { _ in
        let run = Task { try await host.run() }
        for await seen in events where seen == event { break }
        run.cancel()
        try await run.value
    }
}

/// Runs `host` with graceful shutdown triggered before it starts.
private func runWithShutdownTriggered(_ host: ApplicationHost) async throws {
    try await testGracefulShutdown { trigger in
        trigger.triggerGracefulShutdown()
        try await host.run()
    }
}

/// Runs `host` with a graceful-shutdown trigger that `box` holds, for a service to pull.
private func runWithShutdownTrigger(
    _ host: ApplicationHost,
    handedTo box: Locked<GracefulShutdownTestTrigger?>
) async throws {
    try await testGracefulShutdown { trigger in
        box.withLock { $0 = trigger }
        try await host.run()
    }
}
