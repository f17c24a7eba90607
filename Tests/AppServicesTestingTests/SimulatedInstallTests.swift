import AppServices
import AppServicesTesting
import Foundation
import Testing

/// The test kit's launch-memory steps, driven as a user's test would: a plan given the
/// install's memory, launched through the lifecycle simulator.
@MainActor
struct SimulatedInstallTests {
    let install = SimulatedInstall()
    let ran = RanLog()

    final class RanLog: Sendable {
        private let names = Locked<[String]>([])
        func note(_ name: String) { names.withLock { $0.append(name) } }
        var all: [String] { names.withLock { $0 } }
    }

    /// Launches `version` to idle through a simulator; the composite and the simulator.
    func launch(_ version: AppVersion) async throws -> (composite: ServiceComposite, simulator: LifecycleSimulator) {
        var configuration = LaunchPlan.Configuration()
        configuration.memory = install.memory(version)
        let ran = self.ran
        let plan = try LaunchPlan(
            configuration: configuration,
            safeMode: .init(after: 3, replacesPlan: false) { ClosureInitializer("reset") { _ in ran.note("reset") } }
        ) {
            Migration("reindex", when: .whenUpgrading(from: "1.0"..<"2.0")) { _ in ran.note("reindex") }
            Migration("restore", when: .afterReinstall) { _ in ran.note("restore") }
            ClosureInitializer("refresh", rerunsOnForeground: true, minimumInterval: .seconds(15 * 60)) { _ in
                ran.note("refresh")
            }
        }
        let composite = ServiceComposite([], configuration: .init(clock: TestClock()), launchPlan: plan)
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch()
        await composite.launch?.waitUntilIdle()
        return (composite, simulator)
    }

    @Test("A launch as version 2.0 after 1.0 is an upgrade, and runs the upgrade's migration")
    func asVersionAfterVersion() async throws {
        install.launched("1.0")
        let history = try #require(try await launch("2.0").composite.launch?.history)
        #expect(history.previousVersion == "1.0")
        #expect(history.isUpgrade)
        #expect(history.launchCount == 2)
        #expect(ran.all.contains("reindex"))
    }

    @Test("After a reinstall the launch is the first after one, and runs the reinstall's migration")
    func afterReinstall() async throws {
        install.launched("1.0", times: 2)
        install.reinstall()
        let history = try #require(try await launch("1.0").composite.launch?.history)
        #expect(history.isFirstLaunch && history.isFirstLaunchAfterReinstall)
        #expect(ran.all.contains("restore"))
    }

    @Test("After three launches that crashed before their first frame the launch runs in safe mode")
    func afterCrashedLaunches() async throws {
        install.launched("1.0")
        install.launched("1.0", times: 3, reachingFirstFrame: false)
        let history = try #require(try await launch("1.0").composite.launch?.history)
        #expect(history.launchesWithoutFirstFrame == 3)
        #expect(history.isSafeMode)
        #expect(ran.all.contains("reset"))
    }

    @Test("Moving the wall clock past a throttled initializer's interval makes it due again on the next foreground")
    func advanceClock() async throws {
        let (composite, simulator) = try await launch("1.0")
        install.advanceClock(by: .seconds(14 * 60))
        try simulator.enterBackground()
        try simulator.enterForeground()
        await composite.launch?.waitUntilIdle()
        #expect(ran.all.filter { $0 == "refresh" }.count == 1)
        install.advanceClock(by: .seconds(2 * 60))
        try simulator.enterBackground()
        try simulator.enterForeground()
        await composite.launch?.waitUntilIdle()
        #expect(ran.all.filter { $0 == "refresh" }.count == 2)
        #expect(install.now == Date(timeIntervalSince1970: 1_800_000_000 + 16 * 60))
    }
}
