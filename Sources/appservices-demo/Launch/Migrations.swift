import AppServices

/// The demo's launch memory at work: two migrations the launch history remembers, the
/// crash the `--crash-before-first-frame` flag stands for, and the safe mode three such
/// crashes in a row start.
enum LaunchMemoryDemo {
    /// The migrations: one that runs once per install, and one that runs when upgrading
    /// from a 1.x version (run the demo with `--app-version 2.0` after a run of 1.0).
    static func migrations(log: EventLog) -> [any Initializer] {
        [
            Migration("move-drafts-into-store", when: .once, dependencies: [StoreInitializer.self]) { context in
                log.record(context, "moved 3 drafts into the store; done once per install")
            },
            Migration(
                "reindex-inbox",
                when: .whenUpgrading(from: "1.0"..<"2.0"),
                dependencies: [StoreInitializer.self]
            ) { context in
                for step in 1...4 { context.reportProgress(Double(step) / 4) }
                let from = context.history.previousVersion.map { "\($0)" } ?? "?"
                log.record(context, "reindexed the inbox, upgrading from \(from) to \(context.history.currentVersion)")
            },
        ]
    }

    /// Ends the process before the first frame, as a crash in `didFinishLaunching` would,
    /// unless the launch runs in safe mode.
    static func crash(log: EventLog) -> some Initializer {
        ClosureInitializer.beforeLaunchReturns("crash-before-first-frame") { context in
            if context.isSafeMode {
                log.record(context, "safe mode: the risky start-up work is left out, so no crash")
                return
            }
            let count = context.history.launchesWithoutFirstFrame + 1
            log.record(context, "crashing before the first frame (\(count) in a row; safe mode after 3)")
            CLibrary.endProcess(status: 70)
        }
    }

    /// What runs, in addition to the plan, after three launches in a row never reached
    /// their first frame.
    static func safeMode(log: EventLog) -> LaunchPlan.SafeMode {
        LaunchPlan.SafeMode(after: 3, replacesPlan: false) {
            ClosureInitializer("clear-image-cache") { context in
                let count = context.history.launchesWithoutFirstFrame
                log.record(context, "safe mode after \(count) launches without a first frame: cleared the image cache")
            }
        }
    }
}
