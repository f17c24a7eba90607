import AppServices
import AppServicesTesting
import Foundation
import Testing

@testable import AppServicesExamples

/// The article's notes app, launched on one simulated install as its users would: a first
/// launch, an upgrade, a reinstall, a crash loop, and the feed refresh while active.
@MainActor
struct LaunchMemoryArticleTests {
    let install = SimulatedInstall()
    let clock = TestClock()

    /// Launches `version` through the simulator to idle; the database, the composite, the
    /// services and the simulator.
    func launch(
        _ version: AppVersion
    ) async throws -> (
        database: NotesDatabase, composite: ServiceComposite, progress: MigrationProgressService,
        banner: SafeModeBanner, simulator: LifecycleSimulator
    ) {
        let database = NotesDatabase()
        let progress = MigrationProgressService()
        let banner = SafeModeBanner()
        let composite = ServiceComposite(
            [NotesService(), progress, banner],
            configuration: .init(clock: clock),
            launchPlan: try notesLaunchPlan(database: database, memory: install.memory(version))
        )
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch()
        // Through the work after the first frame, which the main queue's next turn reports.
        try await composite.launch?.waitUntilReady(.afterFirstFrame)
        return (database, composite, progress, banner, simulator)
    }

    @Test("A first launch moves the drafts; an upgrade from 3.0 rebuilds the index, showing its progress")
    func firstLaunchThenUpgrade() async throws {
        let first = try await launch("3.0")
        // The feed refresh runs after the first frame, which need not wait for the drafts.
        #expect(Set(await first.database.log) == ["open", "move drafts", "refresh feed"])
        first.composite.willTerminate()

        install.advanceClock(by: .seconds(20 * 60))
        let upgrade = try await launch("3.1")
        #expect(
            await upgrade.database.log.filter { $0 != "refresh feed" } == [
                "open", "index 1", "index 2", "index 3", "index 4",
            ]
        )
        #expect(
            upgrade.progress.shown == [
                "rebuild-search-index 25%", "rebuild-search-index 50%",
                "rebuild-search-index 75%", "rebuild-search-index 100%",
            ]
        )
        let report = try #require(upgrade.composite.launch?.report)
        #expect(report.node(named: "rebuild-search-index")?.reason == "upgrading from version 3.0 to 3.1")
        #expect(report.node(named: "move-legacy-drafts")?.outcome == .notDue("it was done in version 3.0"))
    }

    @Test("A reinstall offers the backup; a relaunch within 15 minutes does not refresh the feed")
    func reinstallAndThrottle() async throws {
        install.launched("3.0")
        install.reinstall()
        let reinstalled = try await launch("3.0")
        #expect(await reinstalled.database.log.contains("offer restore"))
        reinstalled.composite.willTerminate()

        install.advanceClock(by: .seconds(5 * 60))
        let relaunch = try await launch("3.0")
        #expect(!(await relaunch.database.log.contains("refresh feed")))
        let due = try #require(relaunch.composite.launch?.nextDueTimes["FeedRefreshInitializer"])
        #expect(due == install.now.addingTimeInterval(10 * 60))
    }

    @Test("While active the feed refreshes every 15 minutes, once the notes have loaded")
    func repeatsWhileActive() async throws {
        let app = try await launch("3.0")
        #expect(await app.database.log.filter { $0 == "refresh feed" }.count == 1)
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(15 * 60))
        await clock.waitForSleepers(1)
        #expect(await app.database.log.filter { $0 == "refresh feed" }.count == 2)
    }

    @Test("After three launches that crashed before their first frame, safe mode clears the caches and says so")
    func safeMode() async throws {
        install.launched("3.0")
        install.launched("3.0", times: 3, reachingFirstFrame: false)
        let app = try await launch("3.0")
        #expect(await app.database.log.contains("clear caches"))
        #expect(app.banner.isShown)
    }

    @Test("The article's steps: a launch as 3.1 after 3.0 and three crashed launches is an upgrade in safe mode")
    func articleSteps() throws {
        let install = SimulatedInstall()
        install.launched("3.0")
        install.launched("3.0", times: 3, reachingFirstFrame: false)
        let plan = try notesLaunchPlan(database: NotesDatabase(), memory: install.memory("3.1"))
        let composite = ServiceComposite([NotesService()], configuration: .init(clock: TestClock()), launchPlan: plan)
        _ = composite.didFinishLaunching()
        let history = try #require(composite.launch?.history)
        #expect(history.isUpgrade && history.previousVersion == "3.0")
        #expect(history.isSafeMode && history.launchesWithoutFirstFrame == 3)
        composite.willTerminate()
    }
}
