// The code of the "Migrations, throttled work and safe mode" article.

import AppServices
import Foundation

/// A stand-in for the app's notes database.
actor NotesDatabase {
    private(set) var log: [String] = []

    func open() { log.append("open") }
    func moveLegacyDrafts() { log.append("move drafts") }
    func rebuildSearchIndex(step: Int) { log.append("index \(step)") }
    func offerRestoreFromBackup() { log.append("offer restore") }
    func refreshFeed() { log.append("refresh feed") }
    func clearCaches() { log.append("clear caches") }
}

// MARK: The plan

/// Opens the database; the migrations depend on it.
struct OpenNotesDatabase: Initializer {
    let database: NotesDatabase

    func perform(_ context: InitializerContext) async throws {
        await database.open()
    }
}

/// The signed-in account's notes have loaded.
enum NotesLoaded: AppMilestone {
    static var reachedBy: any AppService.Type { NotesService.self }
}

/// Reaches ``NotesLoaded`` once the launch is past its critical phase.
final class NotesService: AppService, LaunchHandling {
    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        context.whenReady(.critical, named: "notes loaded") { context in
            try? context.reach(NotesLoaded.self)
        }
        return true
    }
}

/// Refreshes the feed every 15 minutes while the app is active, once the notes have loaded,
/// and at most that often at launch or on returning to the foreground.
struct FeedRefreshInitializer: Initializer {
    let database: NotesDatabase

    var phase: LaunchPhase { .afterFirstFrame }
    var failurePolicy: FailurePolicy { .optional }
    var repeats: Repetition? { .every(.seconds(15 * 60), when: [.reached(NotesLoaded.self)]) }

    func perform(_ context: InitializerContext) async throws {
        await database.refreshFeed()
    }
}

/// A run-once step that releases before the library did under a user-defaults key of their
/// own: not due again on the installs that did it.
func searchIndexMigration(database: NotesDatabase) -> Migration {
    Migration("rebuild-search-index", when: .once) { _ in await database.rebuildSearchIndex(step: 1) }
        .doneBeforeHistory { UserDefaults.standard.bool(forKey: "SearchIndexRebuiltV2") }
}

/// The notes app's launch plan: its migrations, its throttled feed refresh, and what runs
/// in safe mode.
func notesLaunchPlan(database: NotesDatabase, memory: LaunchMemory = .standard) throws -> LaunchPlan {
    var configuration = LaunchPlan.Configuration()
    configuration.memory = memory
    let safeMode = LaunchPlan.SafeMode(after: 3, replacesPlan: false) {
        ClosureInitializer("clear-caches") { _ in await database.clearCaches() }
    }
    return try LaunchPlan(configuration: configuration, safeMode: safeMode) {
        OpenNotesDatabase(database: database)
        Migration("move-legacy-drafts", when: .once, dependencies: [OpenNotesDatabase.self]) { _ in
            await database.moveLegacyDrafts()
        }
        Migration(
            "rebuild-search-index",
            when: .whenUpgrading(from: "3.0"..<"3.2"),
            onFailure: .retryNextLaunch,
            dependencies: [OpenNotesDatabase.self]
        ) { context in
            for step in 1...4 {
                await database.rebuildSearchIndex(step: step)
                context.reportProgress(Double(step) / 4)
            }
        }
        Migration("offer-restore", when: .afterReinstall, phase: .afterFirstFrame) { _ in
            await database.offerRestoreFromBackup()
        }
        FeedRefreshInitializer(database: database)
    }
}

// MARK: Showing progress

/// Shows the progress of long migrations over the launch screen.
final class MigrationProgressService: AppService {
    private(set) var shown: [String] = []

    func subscribe(to events: inout EventSubscriptions) {
        events.on(LaunchProgress.self) { [unowned self] progress, _ in
            shown.append("\(progress.name) \(Int(progress.fractionCompleted * 100))%")
        }
    }
}

// MARK: Safe mode

/// Offers to send a diagnostic report when the app starts in safe mode.
final class SafeModeBanner: AppService, ApplicationStateHandling {
    private(set) var isShown = false

    func applicationDidBecomeActive(_ context: AppContext) {
        isShown = context.isSafeMode
    }
}
