import AppServicesTesting
import Foundation
import Logging
import Testing

@testable import AppServices

@MainActor
@Suite struct ThrottledInitializerTests {
    /// A plan with a refresh that runs at most every 15 minutes, at launch and on entering
    /// the foreground, and fails while `failing` says so.
    func plan(_ configuration: LaunchPlan.Configuration, log: RunLog, failing: Locked<Bool>) throws -> LaunchPlan {
        try LaunchPlan(configuration: configuration) {
            ClosureInitializer("refresh", rerunsOnForeground: true, minimumInterval: .seconds(15 * 60)) { _ in
                log.note("refresh")
                if failing.withLock({ $0 }) { throw MigrationFailed() }
            }
        }
    }

    @Test("A throttled initializer skips foregrounds inside its interval and runs after it, across a relaunch")
    func throttled() async throws {
        let device = Device()
        let log = RunLog()
        let failing = Locked(false)
        let (composite, first) = try await device.launch("1.0") { try plan($0, log: log, failing: failing) }
        #expect(first.nodes.first?.outcome == .succeeded)
        #expect(first.nextDueTimes["refresh"] == Date(timeIntervalSince1970: 1_800_000_000 + 900))
        #expect(
            first.textTable.hasSuffix("History: version 1.0; first launch\nNext due: refresh at 2027-01-15T08:15:00Z")
        )

        device.advance(by: .seconds(5 * 60))
        composite.willEnterForeground()
        await composite.launch?.waitUntilIdle()
        #expect(composite.launch?.report.foregroundRuns.last?.outcome.kind == .notDue)
        #expect(
            composite.launch?.report.foregroundRuns.last?.outcome.detail
                == "it last succeeded 5 min ago; due again 900.0 seconds after that"
        )

        device.advance(by: .seconds(11 * 60))
        composite.willEnterForeground()
        await composite.launch?.waitUntilIdle()
        composite.launch?.memory.waitForWrites()
        #expect(log.all == ["refresh", "refresh"])

        // Relaunched 4 minutes after that success: not due; 16 minutes after it: due.
        device.advance(by: .seconds(4 * 60))
        let relaunch = try await device.launch("1.0") { try plan($0, log: log, failing: failing) }.report
        #expect(relaunch.nodes.first?.outcome.kind == .notDue)
        device.advance(by: .seconds(12 * 60))
        try await device.launch("1.0") { try plan($0, log: log, failing: failing) }
        #expect(log.all == ["refresh", "refresh", "refresh"])
    }

    @Test("The interval counts from the last success: a failed run leaves the initializer due")
    func fromLastSuccess() async throws {
        let device = Device()
        let log = RunLog()
        let failing = Locked(false)
        try await device.launch("1.0") { try plan($0, log: log, failing: failing) }
        device.advance(by: .seconds(20 * 60))
        failing.withLock { $0 = true }
        let failed = try await device.launch("1.0") { try plan($0, log: log, failing: failing) }.report
        #expect(failed.nodes.first?.outcome.kind == .failed)
        device.advance(by: .seconds(60))
        failing.withLock { $0 = false }
        let again = try await device.launch("1.0") { try plan($0, log: log, failing: failing) }.report
        #expect(again.nodes.first?.outcome == .succeeded)
        #expect(log.all.count == 3)
    }
}

@MainActor
@Suite struct SafeModeTests {
    func plan(_ configuration: LaunchPlan.Configuration, log: RunLog, replacing: Bool = true) throws -> LaunchPlan {
        try LaunchPlan(
            configuration: configuration,
            safeMode: .init(after: 3, replacesPlan: replacing) {
                ClosureInitializer("reset-caches") { context in log.note("reset-caches safe=\(context.isSafeMode)") }
            }
        ) {
            ClosureInitializer("sync") { context in log.note("sync safe=\(context.isSafeMode)") }
        }
    }

    @Test("Three launches that never reach their first frame lead to safe mode on the fourth; reaching it ends it")
    func crashLoop() async throws {
        let device = Device()
        let log = RunLog()
        for _ in 0..<3 {
            try await device.launch("1.0", reachesFirstFrame: false) { try plan($0, log: log) }
        }
        #expect(log.all == Array(repeating: "sync safe=false", count: 3))
        log.clear()

        let safe = try await device.launch("1.0") { try plan($0, log: log) }.report
        #expect(safe.history?.isSafeMode == true)
        #expect(safe.history?.launchesWithoutFirstFrame == 3)
        #expect(
            safe.textTable.contains(
                "launch 4, after version 1.0; 3 launches in a row without a first frame before it; safe mode"
            )
        )
        #expect(log.all == ["reset-caches safe=true"])
        let sync = try #require(safe.nodes.first { $0.name == "sync" })
        #expect(sync.outcome == .notDue("safe mode runs instead (3 launches in a row without a first frame)"))
        log.clear()

        let after = try await device.launch("1.0") { try plan($0, log: log) }.report
        #expect(after.history?.isSafeMode == false)
        #expect(after.history?.launchesWithoutFirstFrame == 0)
        #expect(log.all == ["sync safe=false"])
        #expect(after.nodes.first { $0.name == "reset-caches" }?.outcome == .notDue("it runs in safe mode only"))
    }

    @Test("A launch counts as one without a first frame before any of its work runs, so a crash at once still counts")
    func countedBeforeWork() throws {
        let device = Device()
        let stored = Locked<LaunchRecord?>(nil)
        var configuration = LaunchPlan.Configuration()
        configuration.memory = device.memory("1.0")
        let plan = try LaunchPlan(configuration: configuration) {
            ClosureInitializer.beforeLaunchReturns("crash-at-once") { _ in
                // The process would end here; what the store holds now is all the next launch finds.
                let data = try device.store.load()
                stored.withLock { $0 = try? data.map { try JSONDecoder().decode(LaunchRecord.self, from: $0) } }
            }
        }
        let composite = ServiceComposite([], configuration: .init(clock: TestClock()), launchPlan: plan)
        _ = composite.didFinishLaunching()
        let record = try #require(stored.withLock { $0 })
        #expect(record.launchCount == 1)
        #expect(record.launchesWithoutFirstFrame == 1)
    }

    @Test("A first frame reported before the launch began counts: the launch is not one without a first frame")
    func firstFrameBeforeTheLaunch() throws {
        let device = Device()
        var configuration = LaunchPlan.Configuration()
        configuration.memory = device.memory("1.0")
        let plan = try LaunchPlan(configuration: configuration) { ClosureInitializer("sync") { _ in } }
        let composite = ServiceComposite([], configuration: .init(clock: TestClock()), launchPlan: plan)
        composite.reportFirstFrame()
        _ = composite.didFinishLaunching()
        try #require(composite.launch).memory.waitForWrites()
        let record = try #require(try stored(device))
        #expect(record.launchCount == 1)
        #expect(record.launchesWithoutFirstFrame == 0)
    }

    /// What the store holds now, as the next launch would find it.
    func stored(_ device: Device) throws -> LaunchRecord? {
        try device.store.load().map { try JSONDecoder().decode(LaunchRecord.self, from: $0) }
    }

    @Test("Launches into the background that do their launch work neither count nor end a count of crashes")
    func backgroundLaunches() async throws {
        let device = Device()
        let log = RunLog()
        let background = LaunchOptions(remoteNotification: [:], launchedInBackground: true)
        for _ in 0..<2 {
            try await device.launch("1.0", reachesFirstFrame: false) { try plan($0, log: log) }
        }
        for _ in 0..<5 {
            try await device.launch("1.0", options: background, reachesFirstFrame: false) { try plan($0, log: log) }
        }
        #expect(try stored(device)?.launchesWithoutFirstFrame == 2)
        let next = try await device.launch("1.0") { try plan($0, log: log) }.report
        #expect(next.history?.launchesWithoutFirstFrame == 2)
        #expect(next.history?.isSafeMode == false)
        #expect(log.all.last == "sync safe=false")
    }

    @Test("A launch that terminates in order before its first frame does not count: no crash loop from routine stops")
    func orderlyTerminations() async throws {
        let device = Device()
        let log = RunLog()
        try await device.launch("1.0", reachesFirstFrame: false) { try plan($0, log: log) }
        for _ in 0..<3 {
            // A server stopped during its start: the host winds down, willTerminate last.
            let (composite, _) = try await device.launch("1.0", reachesFirstFrame: false) { try plan($0, log: log) }
            #expect(try stored(device)?.launchesWithoutFirstFrame == 2, "counted while it runs")
            composite.willTerminate()
            #expect(try stored(device)?.launchesWithoutFirstFrame == 1, "written before willTerminate returns")
        }
        let next = try await device.launch("1.0") { try plan($0, log: log) }.report
        #expect(next.history?.launchesWithoutFirstFrame == 1, "the one that stopped without terminating still counts")
        #expect(next.history?.isSafeMode == false)
    }

    @Test("A failed launch that terminates in order does not count: a server's failed starts are retried, not rescued")
    func failedLaunchesInOrderDoNotCount() async throws {
        let device = Device()
        let log = RunLog()
        func failingPlan(_ configuration: LaunchPlan.Configuration) throws -> LaunchPlan {
            try LaunchPlan(
                configuration: configuration,
                safeMode: .init(after: 3) { ClosureInitializer("clear-caches") { _ in log.note("clear-caches") } }
            ) {
                ClosureInitializer("open-database") { _ in throw MigrationFailed() }
            }
        }
        for _ in 0..<3 {
            let (composite, report) = try await device.launch("1.0", reachesFirstFrame: false, failingPlan)
            #expect(report.status == .failed)
            // The host winds down after the failure: willTerminate last.
            composite.willTerminate()
        }
        let next = try await device.launch("1.0", reachesFirstFrame: false, failingPlan).report
        #expect(next.history?.launchesWithoutFirstFrame == 0)
        #expect(next.history?.isSafeMode == false)
        #expect(log.all.isEmpty)
    }

    @Test("A launch into the background counts until its launch work is done, and again from the foreground on")
    func backgroundLaunchCountsWhileItMayCrash() async throws {
        let device = Device()
        let (work, finishWork) = AsyncStream<Void>.makeStream()
        var configuration = LaunchPlan.Configuration()
        configuration.memory = device.memory("1.0")
        let plan = try LaunchPlan(configuration: configuration) {
            ClosureInitializer("open-database") { _ in for await _ in work {} }
        }
        let composite = ServiceComposite([], configuration: .init(clock: TestClock()), launchPlan: plan)
        _ = composite.didFinishLaunching(LaunchOptions(launchedInBackground: true))
        let launch = try #require(composite.launch)
        // The launch's work runs: a crash now is a crash in the launch.
        launch.memory.waitForWrites()
        #expect(try stored(device)?.launchesWithoutFirstFrame == 1)

        finishWork.finish()
        try await launch.waitUntilReady(.critical)
        launch.memory.waitForWrites()
        #expect(try stored(device)?.launchesWithoutFirstFrame == 0)

        // Written before the services hear it: the foreground may crash as a launch does.
        composite.willEnterForeground()
        #expect(try stored(device)?.launchesWithoutFirstFrame == 1)
        composite.reportFirstFrame()
        launch.memory.waitForWrites()
        #expect(try stored(device)?.launchesWithoutFirstFrame == 0)
    }

    @Test("A launch into the background counts again when a scene connects")
    func backgroundLaunchCountsWhenASceneConnects() async throws {
        let device = Device()
        var configuration = LaunchPlan.Configuration()
        configuration.memory = device.memory("1.0")
        let plan = try LaunchPlan(configuration: configuration) {}
        let composite = ServiceComposite([], configuration: .init(clock: TestClock()), launchPlan: plan)
        _ = composite.didFinishLaunching(LaunchOptions(launchedInBackground: true))
        let launch = try #require(composite.launch)
        try await launch.waitUntilReady(.critical)
        launch.memory.waitForWrites()
        #expect(try stored(device)?.launchesWithoutFirstFrame == 0)

        composite.sceneWillConnect(SceneInfo(session: SceneSession(persistentIdentifier: "main")))
        #expect(try stored(device)?.launchesWithoutFirstFrame == 1)
    }

    @Test("A scene the system connects and moves to the background leaves a background launch set aside")
    func sceneConnectedInTheBackground() async throws {
        let device = Device()
        var configuration = LaunchPlan.Configuration()
        configuration.memory = device.memory("1.0")
        let plan = try LaunchPlan(configuration: configuration) {}
        let logs = LogCapture()
        let composite = ServiceComposite(
            [],
            configuration: .init(logger: logs.logger(), clock: TestClock()),
            launchPlan: plan
        )
        // A silent push launches the application; the system connects its scene to handle it.
        _ = composite.didFinishLaunching(LaunchOptions(remoteNotification: [:], launchedInBackground: true))
        let launch = try #require(composite.launch)
        let main = SceneInfo(session: SceneSession(persistentIdentifier: "main"))
        composite.sceneWillConnect(main)
        #expect(try stored(device)?.launchesWithoutFirstFrame == 1, "counted while the scene connects")
        composite.sceneDidEnterBackground(main)
        #expect(composite.sceneState(for: "main") == .background)
        #expect(composite.applicationState == .background)
        try await launch.waitUntilReady(.critical)
        launch.memory.waitForWrites()
        #expect(try stored(device)?.launchesWithoutFirstFrame == 0, "set aside once the launch's work is done")

        // Once done, a second scene the system moves to the background sets it aside at once.
        let other = SceneInfo(session: SceneSession(persistentIdentifier: "other"))
        composite.sceneWillConnect(other)
        #expect(try stored(device)?.launchesWithoutFirstFrame == 1)
        composite.sceneDidEnterBackground(other)
        launch.memory.waitForWrites()
        #expect(try stored(device)?.launchesWithoutFirstFrame == 0)

        // The person opens the application: it counts until its first frame.
        composite.sceneWillEnterForeground(main)
        #expect(try stored(device)?.launchesWithoutFirstFrame == 1)
        #expect(logs.messages(at: .warning).filter { $0.hasPrefix("Unexpected") }.isEmpty)
    }

    @Test("A wake that says nothing of its reason, whose scene the system moves to the background, is set aside too")
    func sceneConnectedInTheBackgroundForAnUnknownReason() async throws {
        let device = Device()
        let clock = TestClock()
        var configuration = LaunchPlan.Configuration()
        configuration.memory = device.memory("1.0")
        let plan = try LaunchPlan(configuration: configuration) {
            ClosureInitializer("open-database") { _ in try await clock.sleep(for: .seconds(1)) }
        }
        let composite = ServiceComposite([], configuration: .init(clock: clock), launchPlan: plan)
        // Launched into the background with nothing in its options (a HealthKit delivery):
        // the scene connects while the launch's work runs, which settles it as a user launch.
        _ = composite.didFinishLaunching(LaunchOptions(launchedInBackground: true))
        let launch = try #require(composite.launch)
        let main = SceneInfo(session: SceneSession(persistentIdentifier: "main"))
        composite.sceneWillConnect(main)
        composite.sceneDidEnterBackground(main)
        launch.memory.waitForWrites()
        #expect(try stored(device)?.launchesWithoutFirstFrame == 1, "its work still runs")

        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        try await launch.waitUntilReady(.critical)
        launch.memory.waitForWrites()
        #expect(try stored(device)?.launchesWithoutFirstFrame == 0)
    }

    @Test("Only the write as the launch begins is made before it goes on; the first frame's does not hold its caller")
    func laterWritesDoNotBlock() async throws {
        let store = HoldingStore()
        var configuration = LaunchPlan.Configuration()
        configuration.memory = LaunchMemory(store: store, version: "1.0")
        let composite = ServiceComposite(
            [],
            configuration: .init(clock: TestClock()),
            launchPlan: try LaunchPlan(configuration: configuration) {}
        )
        _ = composite.didFinishLaunching()
        #expect(store.events == ["saved"], "written before didFinishLaunching returned")
        store.holdSaves()
        composite.reportFirstFrame()
        store.note("reportFirstFrame returned")
        store.release()
        await composite.launch?.waitUntilHistoryIsWritten()
        #expect(store.events == ["saved", "reportFirstFrame returned", "saved"])
    }

    @Test("A safe mode in addition runs the plan and its own initializers")
    func inAddition() async throws {
        let device = Device()
        let log = RunLog()
        for _ in 0..<3 {
            try await device.launch("1.0", reachesFirstFrame: false) { try plan($0, log: log, replacing: false) }
        }
        log.clear()
        try await device.launch("1.0") { try plan($0, log: log, replacing: false) }
        #expect(Set(log.all) == ["sync safe=true", "reset-caches safe=true"])
    }

    @Test("Nothing may depend on a safe-mode initializer; a replacing safe mode's depend on each other only")
    func validation() {
        #expect {
            try LaunchPlan(safeMode: .init { ClosureInitializer("reset") { _ in } }) {
                ClosureInitializer("sync", dependencyNames: ["reset"]) { _ in }
            }
        } throws: { error in
            "\(error)".contains("sync depends on reset, which runs in safe mode only")
        }
        #expect {
            try LaunchPlan(safeMode: .init { ClosureInitializer("reset", dependencyNames: ["sync"]) { _ in } }) {
                ClosureInitializer("sync") { _ in }
            }
        } throws: { error in
            "\(error)".contains("Safe-mode initializer reset depends on sync, which the safe mode replaces")
        }
    }
}

/// A store in memory whose saves can be held until released (for at most 5 seconds, so
/// that a save made on the caller's thread shows as a wrong order rather than a hang).
final class HoldingStore: LaunchHistoryStore {
    private let state = Locked<(data: Data?, events: [String], gate: DispatchSemaphore?)>((nil, [], nil))
    var description: String { "memory, holding saves" }
    var events: [String] { state.withLock { $0.events } }
    func note(_ event: String) { state.withLock { $0.events.append(event) } }
    func holdSaves() { state.withLock { $0.gate = DispatchSemaphore(value: 0) } }
    func release() { state.withLock { $0.gate }?.signal() }
    func load() throws -> Data? { state.withLock { $0.data } }
    func save(_ data: Data) throws {
        _ = state.withLock { $0.gate }?.wait(timeout: .now() + 5)
        state.withLock {
            $0.data = data
            $0.events.append("saved")
        }
    }
}
