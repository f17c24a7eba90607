import Foundation
import Logging

/// The loops that run repeating initializers again while the application is active
/// (``Repetition``).
struct Repetitions: Sendable {
    /// One loop per repeating initializer, while the application is active.
    var loops: [Task<Void, Never>] = []
    /// The number of the run each repeating initializer's loop last started, by name.
    var runs: [String: Int] = [:]
}

extension Launch {
    /// The application became active: each repeating initializer's loop starts (once), but
    /// for those of the other mode than this launch's (a plan's initializer in safe mode, a
    /// safe mode's outside it), which never run in it.
    func becameActive() {
        let history = memory.history
        let repeating = graph.repeating.filter { index in
            guard let history, let safeModeOnly = graph.nodes[index].safeMode else { return true }
            return safeModeOnly == history.isSafeMode
        }
        guard !repeating.isEmpty else { return }
        repetitions.withLock { state in
            guard state.loops.isEmpty else { return }
            state.loops = repeating.map { index in Task { [self] in await repeatWhileActive(index) } }
        }
    }

    /// The application resigned active, or the launch ended: the loops stop. A run already
    /// started goes on.
    func resignedActive() {
        let loops = repetitions.withLock { state in
            defer { state.loops = [] }
            return state.loops
        }
        for loop in loops { loop.cancel() }
    }

    /// Whether run number `run` of the initializer `name` is one its repetition started.
    func isRepetitionRun(of name: String, _ run: Int) -> Bool {
        run > 0 && repetitions.withLock { $0.runs[name] == run }
    }

    /// Runs `index` again each time it is due and its conditions hold, until cancelled.
    private func repeatWhileActive(_ index: Int) async {
        let node = graph.nodes[index]
        guard let repetition = node.repeats, let composite = environment.composite else { return }
        let waiter = "\(node.name) (repeating)"
        do {
            // Its launch run first: its phase is ready once that has finished. An on-demand
            // initializer's launch run is the one someone asked for; the phase would wait for
            // every on-demand initializer to be asked for.
            if node.phase == .onDemand {
                do {
                    try await waitForLaunchRun(of: index)
                } catch {
                    // Whatever its outcome, as a phase is ready whatever an optional member's
                    // outcome; unless the launch itself ended.
                    guard decide({ $0.launch.isRunning }) else { return }
                }
                try Task.checkCancellation()
            } else {
                try await waitUntilReady(node.phase)
            }
            var startedLast = true
            while true {
                // When the last turn started no run (one was still going), a whole interval.
                // Otherwise from its last success and, when its latest run did not succeed,
                // from that run's start, whoever started it (the launch, a foreground, an
                // earlier loop), so that a failure is not retried at once, also by a loop
                // that begins after an interruption. A latest run skipped for a configuration
                // key without a value would be skipped again: a whole interval. One not due
                // because its interval had not passed (a relaunch soon after a success) is
                // counted from that success like any other: overdue now, it runs at once. (The
                // other reasons not to be due, safe mode's, start no loop.)
                let (lastStart, ranLast) = decide { machine in
                    let latest = machine.nodes[index].record
                    return (latest.outcome.kind == .succeeded ? nil : latest.start, latest.outcome.kind != .skipped)
                }
                var wait =
                    startedLast
                    ? delay(of: node, interval: repetition.interval, lastStart: lastStart) : repetition.interval
                if !ranLast, wait == .zero { wait = repetition.interval }
                try await clock.sleep(clock.now() + wait)
                try await Repetition.Condition.waitForAll(repetition.conditions, on: composite, waiter: waiter)
                try Task.checkCancellation()
                let now = clock.now()
                let started = decide { machine in
                    let (run, action) = machine.repeatRun(of: index, now: now)
                    // Noted before the run's attempt can start, which asks whether it is due.
                    if let run { repetitions.withLock { $0.runs[node.name] = run } }
                    return (run != nil, action)
                }
                startedLast = started.0
                perform(started.1)
                // Its own run, whatever else the launch is doing (an on-demand run a user
                // started, another repetition's long run).
                guard await waitForCurrentRun(of: index) else { return }
            }
        } catch is CancellationError {
            return  // the application resigned active, or the launch ended
        } catch let error as ReadinessError where error.code == .cancelled {
            return
        } catch is LaunchError {
            return  // the launch failed or was cancelled, and has said why
        } catch {
            environment.logger.warning(
                "\(node.name) no longer repeats: \(error)",
                metadata: ["initializer": "\(node.name)"]
            )
        }
    }

    /// How long until `node` is due: `interval` after its last success and after the start
    /// of its latest run when that run failed (`lastStart`, on the launch's clock), so that
    /// a run that failed is tried again an interval after it began, not at once and over and
    /// over; an interval after now when there is neither.
    private func delay(of node: LaunchGraph.Node, interval: Duration, lastStart: Duration?) -> Duration {
        let success = memory.record()?.lastSuccesses[node.name]
        guard success != nil || lastStart != nil else { return interval }
        var wait = Duration.zero
        // A last success later than now (the wall clock was set back) leaves it due, as
        // ``notDue(_:attempt:foregroundRun:)`` decides: waiting for the clock to catch up
        // would stretch the interval by however far it went back.
        if let success, case let since = memory.memory.now().timeIntervalSince1970 - success, since >= 0 {
            wait = interval - .seconds(min(since, interval.seconds))
        }
        if let lastStart { wait = max(wait, interval - (clock.now() - lastStart)) }
        return max(.zero, wait)
    }
}
