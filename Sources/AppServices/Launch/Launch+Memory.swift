public import Foundation

/// What the launch remembers across launches: whether a node is due (migrations, throttled
/// initializers, safe mode), and what its outcome leaves in the history.
extension Launch {
    /// The history this launch found, once it has begun.
    public var history: LaunchHistory? { running.memory.history }

    /// When each throttled or repeating initializer is due again, by name: the time of its
    /// last success (this launch's or an earlier one's) plus its minimum interval (or the
    /// interval it repeats at). An initializer that never succeeded is due now and is not
    /// listed; one whose last success is later than now (the wall clock was set back) is due
    /// now, as the launch decides, and is listed with now.
    public var nextDueTimes: [String: Date] {
        let launch = running
        guard launch === self else { return launch.nextDueTimes }
        guard let record = memory.record() else { return [:] }
        let now = memory.memory.now()
        var due: [String: Date] = [:]
        for node in graph.nodes {
            guard let interval = node.dueInterval, let last = record.lastSuccesses[node.name] else { continue }
            let succeeded = Date(timeIntervalSince1970: last)
            due[node.name] = succeeded > now ? now : succeeded.addingTimeInterval(interval.seconds)
        }
        return due
    }

    /// Returns once every change to the launch history made so far is written. Changes after
    /// the launch began (a throttled initializer's success, the first frame) are written off
    /// the main thread; a process that ends on its own (a
    /// command-line tool, a server that winds down) waits for them here, so that the next
    /// launch finds them. `ApplicationHost` does at the end of its wind-down, once the
    /// initializers the wind-down cancelled have returned or been abandoned.
    public func waitUntilHistoryIsWritten() async {
        await running.memory.writesDone()
    }

    /// The application terminates in order: the launch is not one that stopped before its
    /// first frame (see ``LaunchHistory/launchesWithoutFirstFrame``), also when its plan
    /// failed (a server host winds down after a failed start). Then blocks until every
    /// change to the launch history made so far is written, after which the process ends.
    func terminateInOrder() {
        running.memory.terminatedInOrder()
        running.memory.waitForWrites()
    }

    /// The composite learned (more of) why the application was launched.
    func noteLaunchReason(_ reason: LaunchReason) {
        environment.launchReason.withLock { $0 = reason }
    }

    /// Adds to `report` the history, the next due times, and why each migration that ran
    /// ran.
    func addMemory(to report: inout LaunchReport) {
        guard let history = memory.history, let loaded = memory.loadedRecord() else { return }
        report.history = history
        report.nextDueTimes = nextDueTimes
        let migrations = Dictionary(
            graph.nodes.compactMap { node in node.migration.map { (node.name, $0.trigger) } },
            uniquingKeysWith: { first, _ in first }
        )
        for index in report.nodes.indices where report.nodes[index].start != nil {
            guard let trigger = migrations[report.nodes[index].name] else { continue }
            report.nodes[index].reason = Self.migrationReason(report.nodes[index].name, trigger, history, loaded)
        }
    }

    /// Why `node` need not run in this launch, or `nil` when it is due; checked on the first
    /// attempt only. A repetition's run is due: it was started when it was.
    func notDue(_ node: LaunchGraph.Node, attempt: Int, foregroundRun: Int) -> Machine.AttemptResult? {
        guard attempt == 1, let history = memory.history, let record = memory.record() else { return nil }
        if let safeModeOnly = node.safeMode, safeModeOnly != history.isSafeMode {
            return .notDue(
                safeModeOnly
                    ? "it runs in safe mode only"
                    : "safe mode runs instead (\(history.launchesWithoutFirstFrame) launches in a row without a first "
                        + "frame)"
            )
        }
        if let migration = node.migration {
            // The app's own record of a step done before it kept a launch history (a
            // user-defaults key of its own), asked until the history has the migration.
            if record.migrations[node.name] == nil, migration.doneBeforeHistory?() == true {
                return .notDue("the app's own record says it was done before the launch history was kept")
            }
            if let reason = Self.migrationNotDue(node.name, migration.trigger, history, record) {
                return .notDue(reason)
            }
        }
        if let interval = node.dueInterval, let last = record.lastSuccesses[node.name],
            !isRepetitionRun(of: node.name, foregroundRun)
        {
            let since = memory.memory.now().timeIntervalSince1970 - last
            if since >= 0, since < interval.seconds {
                return .notDue(
                    "it last succeeded \(Self.describe(seconds: since)) ago; due again \(interval) after that"
                )
            }
        }
        return nil
    }

    /// The plan's migrations that a launch alone makes due (an upgrade, a first launch, a
    /// reinstall), for the history to mark those due in this launch as pending when it begins
    /// (``LaunchMemoryKeeper/begin(safeModeAfter:migrations:)``). A
    /// ``Migration/Trigger/once`` migration stays due until done anyway.
    var migrationsDueByLaunch: [(name: String, trigger: Migration.Trigger)] {
        graph.nodes.compactMap { node in
            guard let migration = node.migration else { return nil }
            if case .once = migration.trigger.base { return nil }
            // Done before the history was kept: not due, so not marked pending either.
            if migration.doneBeforeHistory?() == true { return nil }
            return (node.name, migration.trigger)
        }
    }

    /// Why the migration `name` need not run, or `nil` when it is due.
    static func migrationNotDue(
        _ name: String,
        _ trigger: Migration.Trigger,
        _ history: LaunchHistory,
        _ record: LaunchRecord
    ) -> String? {
        guard history.isAvailable else {
            return "the launch history cannot be read before the device's first unlock"
        }
        // One that was due and failed stays due until it succeeds, whatever this launch is.
        if record.pending[name] != nil { return nil }
        let done = record.migrations[name].map { "it was done in version \($0)" }
        switch trigger.base {
        case .once:
            return done
        case .firstLaunch:
            return done
                ?? (history.isFirstLaunch ? nil : "this is not the first launch (launch \(history.launchCount))")
        case .reinstall:
            if history.isFirstLaunchAfterReinstall { return done }
            return history.isFirstLaunch ? "this is a new install, not a reinstall" : "this is not a reinstall"
        case .upgrading(let versions):
            if let done { return done }
            guard let previous = history.previousVersion else { return "this is a first launch, not an upgrade" }
            guard previous < history.currentVersion else {
                return "this is not an upgrade (version \(history.currentVersion) after \(previous))"
            }
            guard versions.contains(previous) else {
                return
                    "the upgrade is from version \(previous), not one of \(versions.lowerBound)..<\(versions.upperBound)"
            }
            return nil
        }
    }

    /// Why the migration `name` ran, for the report.
    static func migrationReason(
        _ name: String,
        _ trigger: Migration.Trigger,
        _ history: LaunchHistory,
        _ record: LaunchRecord
    ) -> String {
        if let since = record.pending[name] {
            return "it was due and did not succeed\(since.isEmpty ? "" : " (upgrading from version \(since))")"
        }
        switch trigger.base {
        case .once: return "it had not run in this install"
        case .firstLaunch: return "this is the first launch"
        case .reinstall: return "this is the first launch after a reinstall"
        case .upgrading:
            return "upgrading from version \(history.previousVersion?.text ?? "?") to \(history.currentVersion)"
        }
    }

    /// Writes that the migration `index` succeeded, before this returns: its attempt calls
    /// this before the state machine hears of it, so before any node after it starts (a node
    /// with another dependency may be started by another thread as soon as the machine
    /// knows), and a migration done is not done again because the process stopped soon after.
    func rememberMigrationDone(_ index: Int) {
        guard let history = memory.history else { return }
        let name = graph.nodes[index].name
        memory.change(writingNow: true) { record in
            record.migrations[name] = history.currentVersion.text
            record.pending[name] = nil
        }
    }

    /// Writes into the history what the runs that just ended leave there: migrations that
    /// failed for good (with ``Migration/OnFailure/skip``: done), migrations that failed and
    /// stay due, throttled initializers' successes. (A migration's success was written as
    /// its attempt returned: ``rememberMigrationDone(_:)``.) A migration's outcome is written
    /// before this returns, so before the nodes after it start.
    func remember(_ runs: [Machine.FinishedRun]) {
        guard let history = memory.history else { return }
        let version = history.currentVersion.text
        for run in runs {
            let node = graph.nodes[run.node]
            let succeeded = run.outcome == .succeeded
            // A migration this launch makes due was marked pending as the launch began
            // (``migrationsDueByLaunch``); one that fails keeps that mark.
            if let migration = node.migration, !succeeded {
                let failed = run.outcome == .failed || run.outcome == .timedOut
                memory.change(writingNow: true) { record in
                    if failed && migration.onFailure == .skip {
                        record.migrations[node.name] = version
                        record.pending[node.name] = nil
                    } else if failed, record.pending[node.name] == nil,
                        // Not when its attempt succeeded after all, too late for the launch
                        // (past its budget): its work is done, and was written then.
                        record.migrations[node.name] != version
                    {
                        // Due again next launch; an upgrade keeps the version it was from.
                        let upgrade = if case .upgrading = migration.trigger.base { true } else { false }
                        record.pending[node.name] = upgrade ? history.previousVersion?.text ?? "" : ""
                    }
                }
            }
            if node.dueInterval != nil, succeeded {
                let now = memory.memory.now().timeIntervalSince1970
                memory.change { $0.lastSuccesses[node.name] = now }
            }
        }
    }

    /// `seconds` as the report says it: `4 min`, `2 h 5 min`, `12 s`.
    static func describe(seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min" }
        return "\(whole / 3600) h \(whole % 3600 / 60) min"
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    package var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
