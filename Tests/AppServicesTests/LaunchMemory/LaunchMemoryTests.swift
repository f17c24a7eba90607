import AppServicesTesting
import Foundation
import Logging
import Testing

@testable import AppServices

/// One install across the launches a test makes, through the test kit's
/// ``SimulatedInstall``: each launch a composite of its own, as each launch of an app is a
/// process of its own.
@MainActor
final class Device {
    let install = SimulatedInstall()
    let logs = LogCapture()

    var store: InMemoryLaunchHistoryStore { install.store }

    /// Moves the wall clock on.
    func advance(by duration: Duration) { install.advanceClock(by: duration) }

    /// Deletes the app: its history goes, the device's marker stays.
    func reinstall() { install.reinstall() }

    /// The memory a launch of `version` uses.
    func memory(_ version: AppVersion) -> LaunchMemory { install.memory(version) }

    /// Launches `version` with `options` and the plan `makePlan` makes, to its first frame
    /// and idle (or, with `reachesFirstFrame` false, to the end of its launch work: as far as
    /// a launch goes that crashes before its first frame, or a launch into the background
    /// the system ends), and waits for the history to be written.
    @discardableResult
    func launch(
        _ version: AppVersion,
        services: [any AppService] = [],
        options: LaunchOptions = LaunchOptions(),
        reachesFirstFrame: Bool = true,
        _ makePlan: (LaunchPlan.Configuration) throws -> LaunchPlan
    ) async throws -> (composite: ServiceComposite, report: LaunchReport) {
        var configuration = LaunchPlan.Configuration()
        configuration.memory = memory(version)
        let plan = try makePlan(configuration)
        let composite = ServiceComposite(
            services,
            configuration: .init(logger: logs.logger(), clock: TestClock()),
            launchPlan: plan
        )
        _ = composite.didFinishLaunching(options)
        let launch = try #require(composite.launch)
        if reachesFirstFrame {
            composite.reportFirstFrame()
            await launch.waitUntilIdle()
        } else {
            try? await launch.waitUntilReady(.critical)
        }
        launch.memory.waitForWrites()
        return (composite, launch.report)
    }
}

/// Records what ran, across launches.
final class RunLog: Sendable {
    private let runs = Locked<[String]>([])
    func note(_ name: String) { runs.withLock { $0.append(name) } }
    var all: [String] { runs.withLock { $0 } }
    func clear() { runs.withLock { $0 = [] } }
}

struct MigrationFailed: Error, CustomStringConvertible {
    var description: String { "the disk is full" }
}

@MainActor
@Suite struct LaunchHistoryTests {
    @Test("The first launch, then a relaunch and an upgrade: versions, counts and flags as each launch found them")
    func versionsAndCounts() async throws {
        let device = Device()
        let first = try await device.launch("1.0") { try LaunchPlan(configuration: $0) {} }.report.history
        #expect(first?.isFirstLaunch == true)
        #expect(first?.isFirstLaunchAfterReinstall == false)
        #expect(first?.previousVersion == nil)
        #expect(first?.launchCount == 1)

        let second = try await device.launch("1.0") { try LaunchPlan(configuration: $0) {} }.report.history
        #expect(second?.isFirstLaunch == false)
        #expect(second?.previousVersion == "1.0")
        #expect(second?.isUpgrade == false)
        #expect(second?.launchCount == 2)

        let thirdReport = try await device.launch("1.2") { try LaunchPlan(configuration: $0) {} }.report
        #expect(thirdReport.textTable.hasSuffix("History: version 1.2; launch 3, after version 1.0"))
        let third = thirdReport.history
        #expect(third?.previousVersion == "1.0")
        #expect(third?.currentVersion == "1.2")
        #expect(third?.isUpgrade == true)
        #expect(third?.launchCount == 3)
    }

    @Test("After the app is deleted and installed again, the first launch is a reinstall; on a new device it is not")
    func reinstall() async throws {
        let device = Device()
        try await device.launch("1.0") { try LaunchPlan(configuration: $0) {} }
        device.reinstall()
        let history = try await device.launch("1.0") { try LaunchPlan(configuration: $0) {} }.report.history
        #expect(history?.isFirstLaunch == true)
        #expect(history?.isFirstLaunchAfterReinstall == true)
        #expect(history?.launchCount == 1)

        let fresh = try await Device().launch("1.0") { try LaunchPlan(configuration: $0) {} }.report.history
        #expect(fresh?.isFirstLaunchAfterReinstall == false)
    }

    @Test("A damaged store is reported once, the launch counts as a first launch, and a new history is written")
    func damagedStore() async throws {
        let device = Device()
        try await device.launch("1.0") { try LaunchPlan(configuration: $0) {} }
        device.store.replace(with: Data("{\"launchCount\": \"many\"".utf8))
        let history = try #require(
            try await device.launch("1.1") { try LaunchPlan(configuration: $0) {} }.report.history
        )
        #expect(history.isFirstLaunch)
        #expect(!history.isFirstLaunchAfterReinstall, "the install placed its marker: the history is its own")
        #expect(history.problem?.contains("could not be read") == true)
        let errors = device.logs.entries.filter { $0.level == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("The launch history in memory could not be read") == true)

        let next = try await device.launch("1.1") { try LaunchPlan(configuration: $0) {} }.report.history
        #expect(next?.isFirstLaunch == false)
        #expect(next?.problem == nil)
        #expect(next?.launchCount == 2)
    }

    @Test("The user-defaults store, Apple platforms' default, keeps the history, and says what it holds instead")
    func userDefaultsStore() async throws {
        let suite = "AppServicesTests-\(UUID().uuidString)"
        defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        let store = UserDefaultsLaunchHistoryStore(suiteName: suite)
        func launch(_ version: AppVersion) async throws -> LaunchHistory? {
            var configuration = LaunchPlan.Configuration()
            configuration.memory = LaunchMemory(store: store, version: version)
            let composite = ServiceComposite(
                [],
                configuration: .init(logger: .quiet, clock: TestClock()),
                launchPlan: try LaunchPlan(configuration: configuration) {}
            )
            _ = composite.didFinishLaunching()
            let launch = try #require(composite.launch)
            composite.reportFirstFrame()
            await launch.waitUntilIdle()
            launch.memory.waitForWrites()
            return launch.report.history
        }

        #expect(try await launch("1.0")?.isFirstLaunch == true)
        let second = try await launch("1.1")
        #expect(second?.isFirstLaunch == false)
        #expect(second?.previousVersion == "1.0")
        #expect(second?.launchCount == 2)
        #expect(try store.load() != nil)

        UserDefaults(suiteName: suite)?.set("not a history", forKey: store.key)
        #expect {
            _ = try store.load()
        } throws: { error in
            "\(error)".hasPrefix("user defaults \(suite), key AppServices.launchHistory holds ")
                && "\(error)".hasSuffix(", not the data of a launch history")
        }
        let afterDamage = try await launch("1.1")
        #expect(afterDamage?.problem != nil, "the damaged store is reported")
        #expect(afterDamage?.isFirstLaunch == true)
    }

    @Test("A store that says it is locked is never written; the launch keeps its changes for its own process")
    func lockedStore() throws {
        final class LockedStore: LaunchHistoryStore {
            let saves = Locked(0)
            var description: String { "a locked file" }
            func load() throws -> Data? { throw LaunchHistoryUnavailableError("a locked file is locked") }
            func save(_ data: Data) throws { saves.withLock { $0 += 1 } }
        }
        let store = LockedStore()
        let marker = InMemoryInstallMarker()
        let keeper = LaunchMemoryKeeper(
            memory: LaunchMemory(store: store, installMarker: marker, version: "2.0"),
            logger: .init(label: "test")
        )
        let history = keeper.begin(safeModeAfter: 1, migrations: [("welcome", .onFirstLaunch)])
        #expect(!history.isAvailable)
        #expect(history.problem?.contains("a locked file is locked") == true)
        keeper.change(writingNow: true) { $0.lastSuccesses["refresh"] = 60 }
        keeper.firstFrameReached()
        keeper.waitForWrites()
        #expect(store.saves.withLock { $0 } == 0)
        #expect(keeper.record()?.lastSuccesses == ["refresh": 60])
        #expect(keeper.record()?.pending == [:], "no migration is marked due")
        #expect(try !marker.isPlaced(), "the install is not marked by a launch that knows nothing of it")
    }

    @Test(
        "A history that still reads as empty after the unlock is not believed: nothing is written, waiters are released",
        .timeLimit(.minutes(1))
    )
    func emptyAfterTheUnlock() async throws {
        /// The keychain marker of an install: locked until the device is unlocked.
        final class Marker: InstallMarker {
            let locked = Locked(true)
            var description: String { "a keychain item" }
            func isPlaced() throws -> Bool {
                if locked.withLock({ $0 }) { throw LaunchHistoryUnavailableError("a keychain item is locked") }
                return true
            }
            func place() throws {}
        }
        // User defaults first read before the unlock, which stay empty for the process.
        let store = InMemoryLaunchHistoryStore()
        let marker = Marker()
        let keeper = LaunchMemoryKeeper(
            memory: LaunchMemory(store: store, installMarker: marker, version: "2.0"),
            logger: .init(label: "test")
        )
        let migrations: [(name: String, trigger: Migration.Trigger)] = [("welcome", .onFirstLaunch)]
        #expect(keeper.begin(safeModeAfter: nil, migrations: migrations).isAvailable == false)
        let waiter = Task { await keeper.historyAvailable() }
        marker.locked.withLock { $0 = false }
        #expect(keeper.readAgain(migrations: migrations) == nil, "no first launch after a reinstall")
        await waiter.value
        #expect(keeper.history?.isAvailable == false)
        keeper.firstFrameReached()
        keeper.waitForWrites()
        #expect(try store.load() == nil, "nothing was written over the history the store could not show")
    }

    @Test("A new install's history is written before the install is marked: a stop in between is no reinstall")
    func historyBeforeTheMarker() throws {
        /// Notes whether the store held a history when the install was marked.
        final class Marker: InstallMarker {
            let store: InMemoryLaunchHistoryStore
            let historyWhenPlaced = Locked<Bool?>(nil)
            init(store: InMemoryLaunchHistoryStore) { self.store = store }
            var description: String { "a marker" }
            func isPlaced() throws -> Bool { historyWhenPlaced.withLock { $0 != nil } }
            func place() throws { try historyWhenPlaced.withLock { $0 = try store.load() != nil } }
        }
        let store = InMemoryLaunchHistoryStore()
        let marker = Marker(store: store)
        let keeper = LaunchMemoryKeeper(
            memory: LaunchMemory(store: store, installMarker: marker, version: "1.0"),
            logger: .init(label: "test")
        )
        #expect(keeper.begin(safeModeAfter: nil, migrations: []).isFirstLaunch)
        #expect(marker.historyWhenPlaced.withLock { $0 } == true)
    }

    @Test("A history still damaged when read again after the unlock is left alone, and logged as such only")
    func damagedAfterTheUnlock() throws {
        /// A file protected until the first unlock, which then cannot be decoded.
        final class Store: LaunchHistoryStore {
            let locked = Locked(true)
            var description: String { "a protected file" }
            func load() throws -> Data? {
                if locked.withLock({ $0 }) { throw LaunchHistoryUnavailableError("the file is protected") }
                return Data("not a history".utf8)
            }
            func save(_ data: Data) throws { Issue.record("wrote over the history it could not read") }
        }
        let store = Store()
        let logs = LogCapture()
        let keeper = LaunchMemoryKeeper(
            memory: LaunchMemory(store: store, installMarker: InMemoryInstallMarker(), version: "2.0"),
            logger: logs.logger()
        )
        #expect(keeper.begin(safeModeAfter: nil, migrations: []).isAvailable == false)
        store.locked.withLock { $0 = false }
        #expect(keeper.readAgain(migrations: []) == nil)
        keeper.waitForWrites()
        #expect(!logs.messages(at: .error).contains { $0.contains("writes a new history") })
        #expect(logs.messages(at: .warning).contains { $0.contains("a protected file could not be read") })
    }

    @Test("Two launches in one process writing one file at once leave a history that reads")
    func concurrentWritesToOneFile() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "launch-history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let keepers = (0..<2).map { index in
            LaunchMemoryKeeper(
                memory: .directory(directory, version: AppVersion("1.\(index)")),
                logger: .init(label: "test")
            )
        }
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let keeper = keepers[index]
            _ = keeper.begin(safeModeAfter: nil)
            for step in 0..<50 {
                keeper.change { $0.lastSuccesses["job-\(index)"] = Double(step) }
            }
            keeper.waitForWrites()
        }
        let data = try #require(try FileLaunchHistoryStore(directory: directory).load())
        let record = try JSONDecoder().decode(LaunchRecord.self, from: data)
        // Whichever wrote last, it wrote a whole record: its launch (the second to begin read
        // the first's, at whatever point the first had reached) and its own last change.
        #expect((1...2).contains(record.launchCount))
        let writer = try #require(["1.0": "job-0", "1.1": "job-1"][record.version ?? ""])
        #expect(record.lastSuccesses[writer] == 49)
        #expect(record.lastSuccesses.values.allSatisfy { (0...49).contains($0) })
    }

    @Test(
        "Versions compare number by number",
        arguments: [
            ("2.9", "2.10", true), ("2", "2.0.1", true), ("3.1 (42)", "3.2", true), ("1.0", "1", false),
            ("1.0-beta", "1.0.1", true), ("release", "0.1", true),
        ] as [(String, String, Bool)]
    )
    func versionOrder(lower: String, higher: String, isBefore: Bool) {
        #expect((AppVersion(lower) < AppVersion(higher)) == isBefore)
    }

    @Test("Equal versions are equal whatever zeros they end with")
    func versionEquality() {
        #expect(AppVersion("2") == AppVersion("2.0.0"))
        #expect(Set([AppVersion("2"), AppVersion("2.0")]).count == 1)
        #expect(("1.0"..<"2.0").contains(AppVersion("1.9.9")))
    }
}
