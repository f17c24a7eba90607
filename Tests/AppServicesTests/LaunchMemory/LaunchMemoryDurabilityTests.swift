import AppServicesTesting
import Foundation
import Testing

@testable import AppServices

/// What the launch history must survive: records written by other versions of the library,
/// a process that stops right after a migration, the update that adopts the library, the
/// wall clock set back, and background launches that fail or come to the foreground.
@MainActor
@Suite struct LaunchMemoryDurabilityTests {
    @Test("A record missing fields (written before they existed) reads back whole, and the launch is no first launch")
    func recordMissingFields() async throws {
        let device = Device()
        let written =
            #"{"version":"1.0","launchCount":3,"launchesWithoutFirstFrame":0,"migrations":{"move-drafts":"1.0"}}"#
        device.store.replace(with: Data(written.utf8))
        let log = RunLog()
        let report = try await device.launch("1.1") {
            try LaunchPlan(configuration: $0) {
                Migration("move-drafts", when: .once) { _ in log.note("move-drafts") }
                Migration("welcome", when: .onFirstLaunch) { _ in log.note("welcome") }
            }
        }.report
        let history = try #require(report.history)
        #expect(history.problem == nil)
        #expect(history.isFirstLaunch == false)
        #expect(history.previousVersion == "1.0")
        #expect(history.launchCount == 4)
        #expect(history.completedMigrations == ["move-drafts": "1.0"])
        #expect(log.all.isEmpty, "nothing ran again")
    }

    /// The record as versions before 2026-11-28 declared it, its coding synthesized: what an
    /// app downgraded to one of them reads.
    private struct EarlierRecord: Codable, Equatable {
        var version: String?
        var launchCount = 0
        var launchesWithoutFirstFrame = 0
        var migrations: [String: String] = [:]
        var pending: [String: String] = [:]
        var lastSuccesses: [String: Double] = [:]
    }

    @Test("A record is stored in the format of the synthesized coding: earlier versions read it, and it reads theirs")
    func recordFormat() throws {
        var record = LaunchRecord()
        record.version = "2.0 (7)"
        record.launchCount = 12
        record.launchesWithoutFirstFrame = 2
        record.migrations = ["move-drafts": "1.0", "a \"quoted\" name": "2.0 (7)"]
        record.pending = ["reindex": ""]
        record.lastSuccesses = ["refresh": 1_764_300_000.25, "sync": 0.5]
        let earlier = try JSONDecoder().decode(EarlierRecord.self, from: JSONEncoder().encode(record))
        #expect(
            earlier
                == EarlierRecord(
                    version: "2.0 (7)",
                    launchCount: 12,
                    launchesWithoutFirstFrame: 2,
                    migrations: record.migrations,
                    pending: record.pending,
                    lastSuccesses: record.lastSuccesses
                )
        )
        let read = try JSONDecoder().decode(LaunchRecord.self, from: JSONEncoder().encode(earlier))
        #expect(read == record)
        // A table written as `null`, or of another type, is as before: empty, or unreadable.
        let empty = try JSONDecoder().decode(LaunchRecord.self, from: Data(#"{"migrations":null}"#.utf8))
        #expect(empty == LaunchRecord())
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(LaunchRecord.self, from: Data(#"{"migrations":{"a":1}}"#.utf8))
        }
    }

    @Test("Counts a store holds beyond what a launch can add to are kept in range, not a trap")
    func absurdCounts() async throws {
        let device = Device()
        let written = #"{"version":"1.0","launchCount":\#(Int.max),"launchesWithoutFirstFrame":-5}"#
        device.store.replace(with: Data(written.utf8))
        let history = try #require(
            try await device.launch("1.0") { try LaunchPlan(configuration: $0) {} }.report.history
        )
        #expect(history.launchCount == Int(Int32.max) + 1)
        #expect(history.launchesWithoutFirstFrame == 0)
    }

    @Test("A migration's success is in the store before the initializers after it start")
    func migrationWrittenBeforeDependents() async throws {
        let store = SlowStore()
        let found = Locked<LaunchRecord?>(nil)
        var configuration = LaunchPlan.Configuration()
        configuration.memory = LaunchMemory(store: store, version: "1.0")
        let plan = try LaunchPlan(configuration: configuration) {
            Migration("rename-settings", when: .once) { _ in }
            // The process could stop here (a crash): what the store holds is all the
            // next launch finds, and the migration must not run again.
            ClosureInitializer("read-settings", dependencyNames: ["rename-settings"]) { _ in
                let data = try store.load()
                found.withLock { $0 = try? data.map { try JSONDecoder().decode(LaunchRecord.self, from: $0) } }
            }
        }
        let composite = ServiceComposite([], configuration: .init(clock: TestClock()), launchPlan: plan)
        _ = composite.didFinishLaunching()
        try await composite.launch?.waitUntilReady(.critical)
        let record = try #require(found.withLock { $0 })
        #expect(record.migrations["rename-settings"] == "1.0")
        #expect(record.pending["rename-settings"] == nil)
    }

    @Test(
        "A migration's success is written before the launch knows it succeeded, so before anything after it can start",
        .timeLimit(.minutes(1))
    )
    func migrationWrittenBeforeTheLaunchHearsIt() async throws {
        let launch = Locked<Launch?>(nil)
        // What the launch knew of the migration as its success was being written.
        let knownWhileSaving = Locked<[String]>([])
        let store = ObservedStore { record in
            guard record.migrations["rename-settings"] != nil, let launch = launch.withLock({ $0 }) else { return }
            let node = launch.report.nodes.first { $0.name == "rename-settings" }
            knownWhileSaving.withLock { $0.append(node.map { "\($0.outcome.kind)" } ?? "not in the report") }
        }
        var configuration = LaunchPlan.Configuration()
        configuration.memory = LaunchMemory(store: store, version: "1.0")
        let plan = try Self.gatedMigration(configuration, launch: launch)
        let composite = ServiceComposite([], configuration: .init(clock: TestClock()), launchPlan: plan)
        _ = composite.didFinishLaunching()
        launch.withLock { $0 = composite.launch }
        try await composite.launch?.waitUntilReady(.critical)
        // Another dependency of a node after it may end on another thread at any moment: once
        // the launch knows the migration succeeded, that thread may start the node.
        let known = knownWhileSaving.withLock { $0 }
        #expect(known.count == 1)
        #expect(known.allSatisfy { $0 != "\(LaunchReport.Outcome.Kind.succeeded)" }, "known: \(known)")
    }

    /// A migration that runs once the test holds the launch: made outside the main actor.
    nonisolated static func gatedMigration(
        _ configuration: LaunchPlan.Configuration,
        launch: Locked<Launch?>
    ) throws -> LaunchPlan {
        try LaunchPlan(configuration: configuration) {
            Migration("rename-settings", when: .once) { _ in
                for _ in 0..<1_000_000 where launch.withLock({ $0 }) == nil { await Task.yield() }
            }
        }
    }

    @Test(
        "An upgrade migration done once is not run again by a later upgrade its range also holds, nor after a downgrade"
    )
    func upgradeMigrationOnce() async throws {
        let device = Device()
        let log = RunLog()
        func plan(_ configuration: LaunchPlan.Configuration) throws -> LaunchPlan {
            try LaunchPlan(configuration: configuration) {
                Migration("move-drafts", when: .whenUpgrading(from: "1.0"..<"2.0")) { _ in log.note("move-drafts") }
            }
        }
        try await device.launch("1.0") { try LaunchPlan(configuration: $0) {} }
        try await device.launch("1.5", plan)
        #expect(log.all == ["move-drafts"])
        let later = try await device.launch("1.6", plan).report
        try await device.launch("1.5", plan)
        try await device.launch("1.6", plan)
        #expect(log.all == ["move-drafts"])
        #expect(later.nodes.first?.outcome == .notDue("it was done in version 1.5"))
    }

    @Test("The update that adopts the library reads the version that ran before from the app, and is no first launch")
    func versionBeforeHistory() async throws {
        let device = Device()
        let log = RunLog()
        func plan(_ configuration: LaunchPlan.Configuration, before: AppVersion?) throws -> LaunchPlan {
            var configuration = configuration
            configuration.memory.versionBeforeHistory = { before }
            return try LaunchPlan(configuration: configuration) {
                Migration("move-drafts", when: .whenUpgrading(from: "1.0"..<"2.0")) { _ in log.note("move-drafts") }
                Migration("onboarding", when: .onFirstLaunch) { _ in log.note("onboarding") }
            }
        }
        let history = try #require(try await device.launch("2.0") { try plan($0, before: "1.4") }.report.history)
        #expect(history.isFirstLaunch == false)
        #expect(history.previousVersion == "1.4")
        #expect(history.isUpgrade)
        #expect(history.launchCount == 2)
        #expect(log.all == ["move-drafts"])

        // Asked only while the store holds no history.
        let next = try #require(try await device.launch("2.0") { try plan($0, before: "0.1") }.report.history)
        #expect(next.previousVersion == "2.0")

        // A new install: the app knows of no earlier version.
        log.clear()
        let fresh = try #require(try await Device().launch("2.0") { try plan($0, before: nil) }.report.history)
        #expect(fresh.isFirstLaunch)
        #expect(log.all == ["onboarding"])
    }

    @Test("A step the app marked done itself before it kept a history is not due again; one it did not mark runs")
    func doneBeforeHistory() async throws {
        let device = Device()
        let log = RunLog()
        // The app's own done-keys from its releases before the library.
        let oldKeys = Locked<Set<String>>(["v7cRun", "v8DraftsMoved"])
        func plan(_ configuration: LaunchPlan.Configuration) throws -> LaunchPlan {
            var configuration = configuration
            configuration.memory.versionBeforeHistory = { "7.0" }
            return try LaunchPlan(configuration: configuration) {
                Migration("reset-auto-archive", when: .once) { _ in log.note("reset-auto-archive") }
                    .doneBeforeHistory { oldKeys.withLock { $0.contains("v7cRun") } }
                Migration("default-filters", when: .once) { _ in log.note("default-filters") }
                    .doneBeforeHistory { oldKeys.withLock { $0.contains("CreatedDefPlaylistsV2") } }
                Migration("move-drafts", when: .whenUpgrading(from: "7.0"..<"8.0")) { _ in log.note("move-drafts") }
                    .doneBeforeHistory { oldKeys.withLock { $0.contains("v8DraftsMoved") } }
            }
        }
        let adoption = try await device.launch("8.0", plan).report
        #expect(log.all == ["default-filters"])
        #expect(
            adoption.nodes.first { $0.name == "reset-auto-archive" }?.outcome
                == .notDue("the app's own record says it was done before the launch history was kept")
        )
        #expect(adoption.nodes.first { $0.name == "move-drafts" }?.outcome.kind == .notDue)

        // The next launch: the history has what ran; the rest is still the app's word.
        log.clear()
        try await device.launch("8.0", plan)
        #expect(log.all.isEmpty)
    }

    @Test("Launches into the background whose launch fails count no more than those that succeed")
    func failedBackgroundLaunches() async throws {
        let device = Device()
        struct ProtectedDataUnavailable: Error {}
        func plan(_ configuration: LaunchPlan.Configuration) throws -> LaunchPlan {
            try LaunchPlan(configuration: configuration, safeMode: .init(after: 3) {}) {
                ClosureInitializer("open-database") { _ in throw ProtectedDataUnavailable() }
            }
        }
        let push = LaunchOptions(remoteNotification: [:], launchedInBackground: true)
        for _ in 0..<3 {
            let report = try await device.launch("1.0", options: push, reachesFirstFrame: false, plan).report
            #expect(report.status != .succeeded)
        }
        let record = try #require(try device.store.load().map { try JSONDecoder().decode(LaunchRecord.self, from: $0) })
        #expect(record.launchesWithoutFirstFrame == 0)
    }

    @Test(
        "A launch into the background that comes to the foreground before its work is done counts until its first frame"
    )
    func backgroundLaunchForegroundedDuringItsWork() async throws {
        let device = Device()
        let (work, finishWork) = AsyncStream<Void>.makeStream()
        var configuration = LaunchPlan.Configuration()
        configuration.memory = device.memory("1.0")
        let plan = try LaunchPlan(configuration: configuration) {
            ClosureInitializer("migrate-database") { _ in for await _ in work {} }
        }
        let composite = ServiceComposite([], configuration: .init(clock: TestClock()), launchPlan: plan)
        _ = composite.didFinishLaunching(LaunchOptions(remoteNotification: [:], launchedInBackground: true))
        let launch = try #require(composite.launch)
        composite.willEnterForeground()
        finishWork.finish()
        try await launch.waitUntilReady(.critical)
        launch.memory.waitForWrites()
        let record = try #require(try device.store.load().map { try JSONDecoder().decode(LaunchRecord.self, from: $0) })
        #expect(record.launchesWithoutFirstFrame == 1, "in the foreground, a crash before the first frame counts")
    }

    @Test("The application's termination returns once the history's queued changes are written")
    func terminationWritesTheHistory() async throws {
        let store = SlowStore()
        var configuration = LaunchPlan.Configuration()
        configuration.memory = LaunchMemory(store: store, version: "1.0")
        let composite = ServiceComposite(
            [],
            configuration: .init(clock: TestClock()),
            launchPlan: try LaunchPlan(configuration: configuration) {}
        )
        _ = composite.didFinishLaunching()
        composite.reportFirstFrame()
        composite.willTerminate()
        store.note("willTerminate returned")
        #expect(store.events == ["saved", "saved", "willTerminate returned"])
    }
}

/// A store in memory on a slow disk: every save after the first takes 50 ms, so a write
/// queued off the caller's thread is still under way when the caller goes on, unless it
/// waits for it. (The first, made as the launch begins, is fast, to keep the tests quick.)
/// A store in memory that tells `saving` each record it is about to save.
final class ObservedStore: LaunchHistoryStore {
    private let data = Locked<Data?>(nil)
    private let saving: @Sendable (LaunchRecord) -> Void
    init(saving: @escaping @Sendable (LaunchRecord) -> Void) { self.saving = saving }
    var description: String { "memory, observed" }
    func load() throws -> Data? { data.withLock { $0 } }
    func save(_ data: Data) throws {
        if let record = try? JSONDecoder().decode(LaunchRecord.self, from: data) { saving(record) }
        self.data.withLock { $0 = data }
    }
}

final class SlowStore: LaunchHistoryStore {
    private let state = Locked<(data: Data?, events: [String])>((nil, []))
    var description: String { "memory, slow" }
    var events: [String] { state.withLock { $0.events } }
    func note(_ event: String) { state.withLock { $0.events.append(event) } }
    func load() throws -> Data? { state.withLock { $0.data } }
    func save(_ data: Data) throws {
        if !events.isEmpty { Thread.sleep(forTimeInterval: 0.05) }
        state.withLock {
            $0.data = data
            $0.events.append("saved")
        }
    }
}

@MainActor
@Suite struct RepetitionClockTests {
    @Test(
        "After the wall clock is set back, a repeating initializer is due at once, not when the clock catches up",
        .timeLimit(.minutes(1))
    )
    func clockSetBack() async throws {
        let install = SimulatedInstall()
        let clock = TestClock()
        let log = RunLog()
        var configuration = LaunchPlan.Configuration()
        configuration.memory = install.memory("1.0")
        let plan = try LaunchPlan(configuration: configuration) {
            ClosureInitializer("refresh", repeats: .every(.seconds(60))) { _ in log.note("refresh") }
        }
        let composite = ServiceComposite([FeedOwner()], configuration: .init(clock: clock), launchPlan: plan)
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch()
        await clock.waitForSleepers(until: [TestClock.Instant(offset: .seconds(60))])
        try simulator.enterBackground()
        install.advanceClock(by: .seconds(-3600))
        try simulator.enterForeground()
        // Runs at once, then sleeps its interval (before: 61 minutes, until the clock caught up).
        await clock.waitForSleepers(until: [TestClock.Instant(offset: .seconds(60))])
        #expect(log.all == ["refresh", "refresh"])
    }

    @Test("After the wall clock is set back, the next due time says what the launch decides: now")
    func nextDueTimeAfterClockSetBack() async throws {
        let install = SimulatedInstall()
        install.launched("1.0")
        var configuration = LaunchPlan.Configuration()
        configuration.memory = install.memory("1.0")
        let plan = try LaunchPlan(configuration: configuration) {
            ClosureInitializer("refresh", minimumInterval: .seconds(900)) { _ in }
        }
        let composite = ServiceComposite([], configuration: .init(clock: TestClock()), launchPlan: plan)
        _ = composite.didFinishLaunching()
        let launch = try #require(composite.launch)
        await launch.waitUntilIdle()
        let succeeded = try #require(launch.nextDueTimes["refresh"])
        #expect(succeeded == install.now.addingTimeInterval(900))

        install.advanceClock(by: .seconds(-3600))
        #expect(launch.nextDueTimes["refresh"] == install.now, "due now, not in an hour and fifteen minutes")
    }
}
