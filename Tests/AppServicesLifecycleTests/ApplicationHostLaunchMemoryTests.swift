import AppServicesLifecycle
import AppServicesTesting
import Foundation
import Logging
import Testing

@testable import AppServices

@MainActor
struct ApplicationHostLaunchMemoryTests {
    let logs = LogCapture()
    let directory = FileManager.default.temporaryDirectory
        .appending(path: "host-launch-memory-\(UUID().uuidString)", directoryHint: .isDirectory)

    /// Runs the host once, as version `version`, until the launch is idle; returns its report.
    func run(_ version: AppVersion, ran: Locked<[String]>) async throws -> LaunchReport {
        let plan = try LaunchPlan {
            Migration("move-settings", when: .once) { _ in ran.withLock { $0.append("move-settings \(version)") } }
            Migration("reindex", when: .whenUpgrading(from: "1.0"..<"2.0")) { _ in
                ran.withLock { $0.append("reindex \(version)") }
            }
        }
        let composite = ServiceComposite([], configuration: .init(logger: logs.logger()), launchPlan: plan)
        let host = ApplicationHost(
            composite: composite,
            configuration: .init(
                launchOptions: LaunchOptions(),
                logger: logs.logger(label: "host"),
                launchMemory: .directory(directory, version: version)
            )
        )
        let launch = try #require(composite.launch)
        try await runInServiceGroup(host, logger: logs.logger(), shutdownAfter: .didBecomeActive) {
            await launch.waitUntilIdle()
        }
        // No wait for the history's writes: the host's wind-down has waited for them.
        return launch.report
    }

    @Test(
        "The host keeps the history in its directory: a migration runs on the first run only, an upgrade's on the upgrade"
    )
    func historyAcrossRuns() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let ran = Locked<[String]>([])
        let first = try await run("1.0", ran: ran)
        #expect(first.history?.isFirstLaunch == true)
        #expect(FileManager.default.fileExists(atPath: directory.appending(path: "launch-history.json").path))
        let second = try await run("1.0", ran: ran)
        #expect(second.history?.launchCount == 2)
        #expect(second.nodes.first { $0.name == "move-settings" }?.outcome == .notDue("it was done in version 1.0"))
        let upgrade = try await run("2.0", ran: ran)
        #expect(upgrade.history?.previousVersion == "1.0")
        #expect(ran.withLock { $0 } == ["move-settings 1.0", "reindex 2.0"])
        #expect(logs.messages(at: .info).contains { $0.hasPrefix("The launch history is kept in the file ") })
    }

    @Test("A host whose composite has no launch plan says the history is not kept")
    func noPlan() async throws {
        let composite = ServiceComposite([], configuration: .init(logger: logs.logger()))
        let host = ApplicationHost(
            composite: composite,
            configuration: .init(
                logger: logs.logger(label: "host"),
                launchMemory: .directory(directory, version: "1.0")
            )
        )
        try await runInServiceGroup(host, logger: logs.logger(), shutdownAfter: .didBecomeActive)
        #expect(logs.messages(at: .warning).contains { $0.contains("the composite has no launch plan") })
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }
}

/// A store in memory on a slow disk: every save after the first takes half a second, so a
/// write queued off the caller's thread is still under way when the caller goes on, unless
/// it waits for it (which is the time this test takes; a shorter save could end before a
/// host that did not wait had torn down, and the test pass without the wait).
private final class SlowHistoryStore: LaunchHistoryStore {
    private let state = Locked<(data: Data?, saves: Int)>((nil, 0))
    var description: String { "memory, slow" }
    func load() throws -> Data? { state.withLock { $0.data } }
    func save(_ data: Data) throws {
        if state.withLock({ $0.saves }) > 0 { Thread.sleep(forTimeInterval: 0.5) }
        state.withLock {
            $0.data = data
            $0.saves += 1
        }
    }
}

@MainActor
struct ApplicationHostHistoryWriteTests {
    @Test(
        "A throttled success that comes within the grace period after the wind-down is written before run() returns",
        .timeLimit(.minutes(1))
    )
    func successWithinTheGracePeriodIsWritten() async throws {
        let logs = LogCapture()
        let store = SlowHistoryStore()
        let plan = try LaunchPlan(configuration: .init(gracePeriod: .seconds(30))) {
            ClosureInitializer("refresh", phase: .afterFirstFrame, minimumInterval: .seconds(900)) { _ in
                // Work that does not stop when cancelled, and returns once the host has
                // wound down: within the plan's grace period.
                while !logs.messages(at: .info).contains("The application has wound down.") { await Task.yield() }
            }
        }
        let composite = ServiceComposite([], configuration: .init(logger: logs.logger()), launchPlan: plan)
        let host = ApplicationHost(
            composite: composite,
            configuration: .init(
                launchOptions: LaunchOptions(),
                logger: logs.logger(label: "host"),
                launchMemory: LaunchMemory(store: store, version: "1.0")
            )
        )
        try await runInServiceGroup(host, logger: logs.logger(), shutdownAfter: .didBecomeActive)
        #expect(composite.launch?.report.nodes.first { $0.name == "refresh" }?.outcome == .succeeded)
        let record = try JSONDecoder().decode(LaunchRecord.self, from: try #require(try store.load()))
        #expect(record.lastSuccesses["refresh"] != nil)
    }
}
