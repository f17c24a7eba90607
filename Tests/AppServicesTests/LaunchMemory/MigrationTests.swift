import AppServicesTesting
import Foundation
import Logging
import Testing

@testable import AppServices

@MainActor
@Suite struct MigrationTests {
    /// A plan with one migration, which notes that it ran and fails while `failing` says so.
    func plan(
        _ configuration: LaunchPlan.Configuration,
        _ trigger: Migration.Trigger,
        onFailure: Migration.OnFailure = .retryNextLaunch,
        log: RunLog,
        failing: Bool = false
    ) throws -> LaunchPlan {
        try LaunchPlan(configuration: configuration) {
            Migration("move-drafts", when: trigger, onFailure: onFailure) { _ in
                log.note("move-drafts")
                if failing { throw MigrationFailed() }
            }
            ClosureInitializer("open-drafts", dependencyNames: ["move-drafts"]) { _ in log.note("open-drafts") }
        }
    }

    @Test("A once migration runs on the first launch only; later launches list it as not due, and its dependents run")
    func once() async throws {
        let device = Device()
        let log = RunLog()
        for version in ["1.0", "1.0", "1.1"] {
            try await device.launch(AppVersion(version)) { try plan($0, .once, log: log) }
        }
        #expect(log.all == ["move-drafts", "open-drafts", "open-drafts", "open-drafts"])
        let report = try await device.launch("1.1") { try plan($0, .once, log: log) }.report
        let node = try #require(report.nodes.first { $0.name == "move-drafts" })
        #expect(node.outcome == .notDue("it was done in version 1.0"))
        #expect(report.history?.completedMigrations == ["move-drafts": "1.0"])
    }

    @Test("A migration that fails runs again on the next launch, and is remembered only when it succeeds")
    func failedRunsAgain() async throws {
        let device = Device()
        let log = RunLog()
        let failed = try await device.launch("1.0") { try plan($0, .once, log: log, failing: true) }.report
        #expect(failed.status == .succeeded)
        #expect(failed.nodes.map(\.outcome.kind) == [.failed, .skipped])
        #expect(failed.history?.completedMigrations == [:])

        let retried = try await device.launch("1.0") { try plan($0, .once, log: log) }.report
        #expect(retried.nodes.map(\.outcome.kind) == [.succeeded, .succeeded])
        #expect(retried.nodes.first?.reason == "it was due and did not succeed")
        try await device.launch("1.0") { try plan($0, .once, log: log) }
        #expect(log.all == ["move-drafts", "move-drafts", "open-drafts", "open-drafts"])
    }

    @Test("A migration that blocks the launch fails it, and runs again next launch")
    func blocksTheLaunch() async throws {
        let device = Device()
        let log = RunLog()
        let report = try await device.launch("1.0") {
            try plan($0, .once, onFailure: .blockLaunch, log: log, failing: true)
        }.report
        #expect(report.status == .failed)
        #expect(report.failure?.contains("move-drafts") == true)
        try await device.launch("1.0") { try plan($0, .once, onFailure: .blockLaunch, log: log) }
        #expect(log.all == ["move-drafts", "move-drafts", "open-drafts"])
    }

    @Test("A migration that skips on failure is remembered as done, and never runs again")
    func skipsForGood() async throws {
        let device = Device()
        let log = RunLog()
        try await device.launch("1.0") { try plan($0, .once, onFailure: .skip, log: log, failing: true) }
        let report = try await device.launch("1.0") { try plan($0, .once, onFailure: .skip, log: log) }.report
        #expect(log.all == ["move-drafts", "open-drafts"])
        #expect(report.nodes.first { $0.name == "move-drafts" }?.outcome.kind == .notDue)
    }

    @Test(
        "An upgrade migration runs only on an upgrade from a version in its range",
        arguments: [
            (nil, "2.0", false), ("1.5", "2.0", true), ("1.0", "2.0", true), ("0.9", "2.0", false),
            ("2.0", "2.1", false), ("1.5", "1.6", true), ("1.6", "1.5", false), ("1.5", "1.5", false),
        ] as [(String?, String, Bool)]
    )
    func upgradeRanges(previous: String?, current: String, runs: Bool) async throws {
        let device = Device()
        let log = RunLog()
        if let previous { try await device.launch(AppVersion(previous)) { try LaunchPlan(configuration: $0) {} } }
        let report = try await device.launch(AppVersion(current)) {
            try plan($0, .whenUpgrading(from: "1.0"..<"2.0"), log: log)
        }.report
        #expect(log.all.contains("move-drafts") == runs)
        if runs {
            let reason = "upgrading from version \(previous!) to \(current)"
            #expect(report.nodes.first?.reason == reason)
            #expect(report.textTable.contains("succeeded (\(reason))"))
            let decoded = try JSONDecoder().decode(LaunchReport.self, from: try report.jsonData())
            #expect(decoded.nodes.first?.reason == reason)
        }
    }

    @Test("An upgrade migration that failed stays due on the next launch, though that launch is no upgrade")
    func failedUpgradeStaysDue() async throws {
        let device = Device()
        let log = RunLog()
        let trigger = Migration.Trigger.whenUpgrading(from: "1.0"..<"2.0")
        try await device.launch("1.5") { try LaunchPlan(configuration: $0) {} }
        try await device.launch("2.0") { try plan($0, trigger, log: log, failing: true) }
        let report = try await device.launch("2.0") { try plan($0, trigger, log: log) }.report
        #expect(report.nodes.first?.reason == "it was due and did not succeed (upgrading from version 1.5)")
        try await device.launch("2.0") { try plan($0, trigger, log: log) }
        #expect(log.all == ["move-drafts", "move-drafts", "open-drafts", "open-drafts"])
    }

    @Test(
        "An upgrade migration that did not get to run in the upgrade launch stays due: its phase never came, or the launch ended in safe mode"
    )
    func upgradeNotRunStaysDue() async throws {
        let device = Device()
        let log = RunLog()
        /// A plan with a safe mode after `crashes`, and one upgrade migration, `name`, from
        /// `versions`, after the first frame.
        func plan(
            _ name: String,
            from versions: Range<AppVersion>,
            safeModeAfter crashes: Int
        ) -> (LaunchPlan.Configuration) throws -> LaunchPlan {
            { configuration in
                try LaunchPlan(
                    configuration: configuration,
                    safeMode: .init(after: crashes) {
                        ClosureInitializer("reset-caches") { _ in log.note("reset-caches") }
                    }
                ) {
                    Migration(name, when: .whenUpgrading(from: versions), phase: .afterFirstFrame) { _ in log.note(name)
                    }
                }
            }
        }
        let upgradeTo2 = plan("rebuild-index", from: "1.0"..<"2.0", safeModeAfter: 2)
        try await device.launch("1.0", upgradeTo2)
        // The first launch of 2.0 is into the background: no first frame, so the phase of
        // the migration never starts before the system ends the process.
        let background = LaunchOptions(launchedInBackground: true)
        try await device.launch("2.0", options: background, reachesFirstFrame: false, upgradeTo2)
        #expect(log.all.isEmpty)
        let next = try await device.launch("2.0", upgradeTo2).report
        #expect(log.all == ["rebuild-index"])
        #expect(next.nodes.first?.reason == "it was due and did not succeed (upgrading from version 1.0)")

        // The first launch of 3.0 stops before its first frame (its migration's phase never
        // starts), and the next runs safe mode instead of the plan: the one after that is no
        // upgrade, and the migration is still due.
        log.clear()
        let upgradeTo3 = plan("move-drafts", from: "2.0"..<"3.0", safeModeAfter: 1)
        try await device.launch("3.0", reachesFirstFrame: false, upgradeTo3)
        let safe = try await device.launch("3.0", upgradeTo3).report
        #expect(safe.history?.isSafeMode == true)
        #expect(log.all == ["reset-caches"])
        try await device.launch("3.0", upgradeTo3)
        #expect(log.all == ["reset-caches", "move-drafts"])
    }

    @Test("A first-launch migration runs on a new install and on a reinstall; a reinstall one only on a reinstall")
    func firstLaunchAndReinstall() async throws {
        let device = Device()
        let log = RunLog()
        func plan(_ configuration: LaunchPlan.Configuration) throws -> LaunchPlan {
            try LaunchPlan(configuration: configuration) {
                Migration("welcome", when: .onFirstLaunch) { _ in log.note("welcome") }
                Migration("restore", when: .afterReinstall) { _ in log.note("restore") }
            }
        }
        let first = try await device.launch("1.0", plan).report
        #expect(first.nodes.map(\.outcome) == [.succeeded, .notDue("this is a new install, not a reinstall")])
        let second = try await device.launch("1.0", plan).report
        #expect(
            second.nodes.map(\.outcome) == [
                .notDue("it was done in version 1.0"), .notDue("this is not a reinstall"),
            ]
        )
        device.reinstall()
        try await device.launch("1.0", plan)
        // The two run in parallel on the third launch, so only their set is fixed.
        #expect(log.all.first == "welcome")
        #expect(log.all.dropFirst().sorted() == ["restore", "welcome"])
    }

    @Test("Progress a migration reports reaches the services as events, in order, and the launch keeps the latest")
    func progress() async throws {
        final class ProgressView: AppService {
            var seen: [Double] = []
            func subscribe(to events: inout EventSubscriptions) {
                events.on(LaunchProgress.self) { [unowned self] progress, _ in seen.append(progress.fractionCompleted) }
            }
        }
        let view = ProgressView()
        let device = Device()
        let (composite, _) = try await device.launch("1.0", services: [view]) { configuration in
            try LaunchPlan(configuration: configuration) {
                Migration("reindex", when: .once) { context in
                    for step in 1...4 { context.reportProgress(Double(step) / 4) }
                }
            }
        }
        // The events go through the main actor; let it run them (a bounded number of turns).
        for _ in 0..<1_000 where view.seen.count < 4 { await Task.yield() }
        #expect(view.seen == [0.25, 0.5, 0.75, 1])
        #expect(composite.launch?.progress == ["reindex": 1])
    }

    @Test("A migration that runs before launch returns is remembered when it succeeds, and does not run again")
    func beforeLaunchReturnsIsRemembered() async throws {
        let device = Device()
        let log = RunLog()
        for _ in 0..<2 {
            try await device.launch("1.0") { configuration in
                try LaunchPlan(configuration: configuration) {
                    Migration.beforeLaunchReturns("rename-settings", when: .once) { _ in log.note("rename-settings") }
                    Migration.beforeLaunchReturns("defaults", when: .onFirstLaunch) { _ in log.note("defaults") }
                }
            }
        }
        #expect(log.all == ["rename-settings", "defaults"])
        let record = try #require(try device.store.load().map { try JSONDecoder().decode(LaunchRecord.self, from: $0) })
        #expect(record.migrations == ["rename-settings": "1.0", "defaults": "1.0"])
        #expect(record.pending.isEmpty)
    }

    /// A plan of an upgrade from 1.0: a synchronous migration, a first-launch one, and an
    /// upgrade migration with a dependent, each noted in `log` as it runs.
    func unlockPlan(_ configuration: LaunchPlan.Configuration, log: RunLog) throws -> LaunchPlan {
        try LaunchPlan(configuration: configuration) {
            Migration.beforeLaunchReturns("rename-settings", when: .whenUpgrading(from: "1.0"..<"2.0")) { _ in
                log.note("rename-settings")
            }
            Migration("welcome", when: .onFirstLaunch) { _ in log.note("welcome") }
            Migration("move-drafts", when: .whenUpgrading(from: "1.0"..<"2.0")) { _ in log.note("move-drafts") }
            ClosureInitializer("open-drafts", dependencyNames: ["move-drafts"]) { _ in log.note("open-drafts") }
        }
    }

    /// Launches 2.0 into the background on `device`, restarted and locked: a VoIP push
    /// before the first unlock.
    func launchLocked(_ device: Device, log: RunLog) throws -> ServiceComposite {
        device.install.restartDevice()
        var configuration = LaunchPlan.Configuration()
        configuration.memory = device.memory("2.0")
        let composite = ServiceComposite(
            [],
            configuration: .init(logger: device.logs.logger(), clock: TestClock()),
            launchPlan: try unlockPlan(configuration, log: log)
        )
        _ = composite.didFinishLaunching(LaunchOptions(launchedInBackground: true))
        return composite
    }

    @Test(
        "Before the first unlock the history is left alone and migrations wait; the unlock reads it, and they run",
        .timeLimit(.minutes(1))
    )
    func launchBeforeFirstUnlock() async throws {
        let device = Device()
        let log = RunLog()
        try await device.launch("1.0") { try unlockPlan($0, log: log) }
        #expect(log.all.sorted() == ["open-drafts", "welcome"])
        log.clear()
        let kept = try device.store.load()

        let composite = try launchLocked(device, log: log)
        let launch = try #require(composite.launch)
        let history = try #require(launch.history)
        #expect(!history.isAvailable)
        #expect(!history.isFirstLaunch && !history.isUpgrade && !history.isSafeMode)
        #expect(history.launchCount == 0)
        #expect(history.problem?.contains("locked until the device is first unlocked") == true)
        #expect(launch.report.textTable.contains("History: version 2.0; earlier launches unknown; The launch history"))
        // The synchronous migration cannot wait: not due, it stays due for the next launch.
        let syncNode = launch.report.nodes.first { $0.name == "rename-settings" }
        #expect(syncNode?.outcome == .notDue("the launch history cannot be read before the device's first unlock"))
        #expect(try device.store.load() == kept, "nothing is written over the history")

        // The person unlocks the device: the history is read, this launch counts in it,
        // and the waiting migrations decide by it: an upgrade from 1.0.
        device.install.unlock()
        composite.protectedDataDidBecomeAvailable()
        #expect(launch.history?.previousVersion == "1.0")
        #expect(launch.history?.launchCount == 2)
        try await launch.waitUntilReady(.critical)
        #expect(log.all == ["move-drafts", "open-drafts"])
        let outcomes = Dictionary(uniqueKeysWithValues: launch.report.nodes.map { ($0.name, $0.outcome) })
        #expect(outcomes["welcome"] == .notDue("it was done in version 1.0"))
        #expect(outcomes["move-drafts"] == .succeeded)
        composite.reportFirstFrame()
        await launch.waitUntilIdle()
        launch.memory.waitForWrites()

        // The next launch finds this one counted, and runs the synchronous migration it
        // left due.
        let next = try await device.launch("2.0") { try unlockPlan($0, log: log) }.report
        #expect(next.history?.launchCount == 3)
        #expect(next.history?.launchesWithoutFirstFrame == 0)
        #expect(log.all == ["move-drafts", "open-drafts", "rename-settings", "open-drafts"])
        #expect(device.logs.messages(at: .notice).contains { $0.contains("The launch history cannot be read yet") })
    }

    @Test(
        "Coming to the foreground after the unlock reads the history, with or without the protected-data callback",
        .timeLimit(.minutes(1))
    )
    func foregroundReadsTheHistory() async throws {
        let device = Device()
        let log = RunLog()
        try await device.launch("1.0") { try unlockPlan($0, log: log) }
        let composite = try launchLocked(device, log: log)
        let launch = try #require(composite.launch)
        composite.willEnterForeground()
        #expect(launch.history?.isAvailable == false, "still locked: nothing to read")
        composite.didEnterBackground()
        device.install.unlock()
        composite.willEnterForeground()
        #expect(launch.history?.isAvailable == true)
        #expect(launch.history?.previousVersion == "1.0")
        try await launch.waitUntilReady(.critical)
        #expect(log.all.suffix(2) == ["move-drafts", "open-drafts"])
    }

    @Test(
        "A launch that ends before the first unlock wrote nothing: the next launch decides as if it never ran",
        .timeLimit(.minutes(1))
    )
    func launchEndedBeforeFirstUnlock() async throws {
        let device = Device()
        let log = RunLog()
        try await device.launch("1.0") { try unlockPlan($0, log: log) }
        log.clear()
        let kept = try device.store.load()

        let composite = try launchLocked(device, log: log)
        let launch = try #require(composite.launch)
        composite.willTerminate()
        await launch.waitUntilIdle()
        #expect(log.all.isEmpty, "the waiting migrations were cancelled, not run")
        let outcomes = Dictionary(uniqueKeysWithValues: launch.report.nodes.map { ($0.name, $0.outcome.kind) })
        #expect(outcomes["move-drafts"] != .notDue && outcomes["move-drafts"] != .succeeded)
        #expect(outcomes["open-drafts"] != .succeeded)
        #expect(try device.store.load() == kept)

        device.install.unlock()
        let next = try await device.launch("2.0") { try unlockPlan($0, log: log) }.report
        #expect(next.history?.previousVersion == "1.0")
        #expect(next.history?.launchCount == 2)
        #expect(log.all == ["rename-settings", "move-drafts", "open-drafts"])
    }

    @Test(
        "A migration whose budget runs out while it waits for the history fails, and what depends on it does not run",
        .timeLimit(.minutes(1))
    )
    func budgetRunsOutBeforeTheUnlock() async throws {
        let device = Device()
        let log = RunLog()
        func plan(_ configuration: LaunchPlan.Configuration, budget: Duration?) throws -> LaunchPlan {
            try LaunchPlan(configuration: configuration) {
                Migration("move-drafts", when: .whenUpgrading(from: "1.0"..<"2.0"), budget: budget) { _ in
                    log.note("move-drafts")
                }
                ClosureInitializer("open-drafts", dependencyNames: ["move-drafts"]) { _ in log.note("open-drafts") }
            }
        }
        try await device.launch("1.0") { try plan($0, budget: nil) }
        log.clear()

        device.install.restartDevice()
        var configuration = LaunchPlan.Configuration()
        configuration.memory = device.memory("2.0")
        let clock = TestClock()
        let composite = ServiceComposite(
            [],
            configuration: .init(logger: device.logs.logger(), clock: clock),
            launchPlan: try plan(configuration, budget: .seconds(2))
        )
        _ = composite.didFinishLaunching(LaunchOptions(launchedInBackground: true))
        let launch = try #require(composite.launch)
        clock.advance(by: .seconds(3))
        await launch.waitUntilIdle()
        #expect(log.all.isEmpty)
        let outcomes = Dictionary(uniqueKeysWithValues: launch.report.nodes.map { ($0.name, $0.outcome.kind) })
        #expect(outcomes["move-drafts"] == .timedOut)
        #expect(outcomes["open-drafts"] == .skipped)

        device.install.unlock()
        try await device.launch("2.0") { try plan($0, budget: nil) }
        #expect(log.all == ["move-drafts", "open-drafts"], "the next launch, unlocked, upgrades")
    }
}
