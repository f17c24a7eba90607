import AppServices
import AppServicesTesting

/// Drives a launch on a ``TestClock`` deterministically, with nothing but what any user of
/// the launch sees: its report, the scripted initializers' probe, its log and metrics, and
/// the clock.
///
/// Time moves only when nothing can happen without it: every initializer the report shows
/// running has entered `perform` and sleeps on the clock (or hangs at the gate) or waits to
/// retry, every return has been reported, and the launch's timer sleeps until the earliest
/// deadline that matters. That deadline follows from the report and the scripts: the
/// budget of a running initializer, the grace period of one over budget or stopped with
/// the launch, the backoff of one waiting to retry. So every start and end happens at an
/// exact, predictable time. While something is in flight the driver waits for the next
/// change the probe sees (a call, a return, a log message, a recorded run).
struct LaunchDriver {
    let clock: TestClock
    let launch: Launch
    let probe: Probe
    let scripts: [String: Script]
    let gracePeriod: Duration
    /// When the driver first saw the launch stopped (failed or cancelled), on the clock.
    private let stoppedAt = Locked<Duration?>(nil)

    init(clock: TestClock, launch: Launch, probe: Probe, scripts: [Script], gracePeriod: Duration) {
        precondition(clock.now.offset == .zero, "Attach the launch while the test clock is at zero.")
        self.clock = clock
        self.launch = launch
        self.probe = probe
        self.scripts = Dictionary(uniqueKeysWithValues: scripts.map { ($0.name, $0) })
        self.gracePeriod = gracePeriod
    }

    /// Waits until nothing can happen without the clock moving.
    func settle() async {
        while true {
            let version = probe.version
            guard let sleepers = expectedSleepers(now: clock.now.offset) else {
                await probe.waitForChange(after: version)
                continue
            }
            await clock.waitForSleepers(until: sleepers.map { .init(offset: $0) })
            if probe.version == version { return }
        }
    }

    /// Waits until `perform` of `name` has been called (started by another task, say).
    func waitUntilRunning(_ name: String) async {
        while true {
            let version = probe.version
            if !probe.calls(of: name).isEmpty { return }
            await probe.waitForChange(after: version)
        }
    }

    /// Settles, advances to the next deadline, and repeats until nothing sleeps on the clock.
    func runUntilIdle() async {
        while true {
            await settle()
            guard clock.advanceToNextDeadline() != nil else { return }
        }
    }

    /// Settles and advances until `time` (on the launch clock), then settles again.
    func run(until time: Duration) async {
        while true {
            await settle()
            guard let next = clock.nextDeadline, next.offset <= time else { break }
            clock.advance(to: next)
        }
        clock.advance(to: .init(offset: time))
        await settle()
    }

    // MARK: - What must be asleep

    /// The deadlines tasks must sleep until when nothing is in flight: the scripted steps
    /// under way and the launch's timer; `nil` while something is in flight.
    private func expectedSleepers(now: Duration) -> [Duration]? {
        let report = launch.report
        if report.status == .failed || report.status == .cancelled {
            stoppedAt.withLock { $0 = $0 ?? now }
        }
        let stopped = stoppedAt.withLock { $0 }
        var sleepers: [Duration] = []
        var timers: [Duration] = []
        for row in Self.currentRuns(report) where row.outcome == .running {
            guard let script = scripts[row.name] else { continue }
            guard expect(row, script, now: now, stopped: stopped, &sleepers, &timers) else { return nil }
        }
        if let timer = timers.min() {
            guard timer > now else { return nil }  // due: it fires now
            sleepers.append(timer)
        }
        return sleepers
    }

    /// Adds what the running initializer `row` sleeps until, and the launch's timers for it;
    /// returns `false` when it is in flight.
    private func expect(
        _ row: LaunchReport.Node,
        _ script: Script,
        now: Duration,
        stopped: Duration?,
        _ sleepers: inout [Duration],
        _ timers: inout [Duration]
    ) -> Bool {
        let attempt = row.attempts.count + 1
        let key = Probe.key(row.name, foregroundRun: row.foregroundRun, attempt: attempt)
        let budgetEnd = script.phase == .beforeLaunchReturns ? nil : script.budget.map { row.start! + $0 }
        guard let call = probe.call(key) else {
            // Waiting to retry, or starting (or finding its configuration missing).
            guard let failed = row.attempts.last, stopped == nil else { return false }
            let retry = failed.end + script.policy.backoff.delay(beforeRetry: row.attempts.count)
            guard retry > now else { return false }
            timers.append(retry)
            if let budgetEnd { timers.append(budgetEnd) }
            return true
        }
        if probe.hasReturned(key) { return false }  // its report is on its way
        let overBudget = budgetEnd.map { $0 <= (stopped ?? now) } ?? false
        switch script.step(foregroundRun: row.foregroundRun, attempt: attempt) {
        case .work(let duration, _):
            // Cancelled (budget or launch), it returns at once.
            guard !overBudget, stopped == nil, call.start + duration > now else { return false }
            sleepers.append(call.start + duration)
        case .stubborn(let duration):
            guard call.start + duration > now else { return false }
            sleepers.append(call.start + duration)
        case .hang:
            guard probe.isAtGate(key) else { return false }
        }
        if overBudget, let budgetEnd {
            timers.append(budgetEnd + gracePeriod)
        } else if let stopped {
            timers.append(stopped + gracePeriod)
        } else if let budgetEnd {
            timers.append(budgetEnd)
        }
        return true
    }

    /// Each initializer's current run: its launch run, or its latest foreground run.
    private static func currentRuns(_ report: LaunchReport) -> [LaunchReport.Node] {
        var runs: [String: LaunchReport.Node] = [:]
        for row in report.nodes where row.kind == .initializer { runs[row.name] = row }
        for row in report.foregroundRuns where row.foregroundRun >= runs[row.name]?.foregroundRun ?? 0 {
            runs[row.name] = row
        }
        return Array(runs.values)
    }
}
