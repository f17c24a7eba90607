import Testing

@testable import AppServices

/// The launch's decisions, tested by feeding the state machine inputs and checking the
/// actions it returns: no tasks run and no clock moves; times are the `Duration`s passed in.
struct LaunchStateMachineTests {
    @Test("A chain starts each node as its dependency succeeds, and the phase is ready after the last")
    func chain() throws {
        var machine = try Machine.make([.init("A"), .init("B", after: ["A"]), .init("C", after: ["B"])])
        machine.launchToCritical()
        #expect(machine.started == ["A#1"])

        let afterA = machine.finish("A", at: .ms(10)).effects
        #expect(machine.names(afterA.starts) == ["B#1"])
        #expect(afterA.finishedRuns == [.init(node: 0, outcome: .succeeded, duration: .ms(10))])
        #expect(machine.names(machine.finish("B", at: .ms(30)).effects.starts) == ["C#1"])
        let afterC = machine.finish("C", at: .ms(35)).effects
        #expect(afterC.starts.isEmpty)
        #expect(afterC.readyPhases.map(\.phase) == [.critical])
        #expect(machine.state.report(commandNames: []).node(named: "C")?.start == .ms(30))
    }

    @Test("An expired budget cancels the task; after the grace period the node is abandoned and timed out")
    func budgetThenGrace() throws {
        var machine = try Machine.make([.init("Slow", budget: .ms(30), policy: .optional)], grace: .ms(50))
        machine.launchToCritical()
        let task = Task<Void, Never> {}
        #expect(machine.state.taskCreated(task, node: 0, token: machine.token("Slow")) == .none)
        #expect(machine.armed == .ms(30))

        let expiry = machine.fireTimer(at: .ms(30)).effects
        #expect(expiry.cancel == [task])
        #expect(expiry.logs.map(\.level) == [.warning])
        #expect(expiry.armTimer?.deadline == .ms(80))

        let grace = machine.fireTimer(at: .ms(80)).effects
        #expect(grace.finishedRuns == [.init(node: 0, outcome: .timedOut, duration: .ms(80))])
        let slow = try #require(machine.state.report(commandNames: []).node(named: "Slow"))
        #expect(slow.outcome == .timedOut)
        #expect(slow.abandoned)

        // What the abandoned task reports later is ignored.
        let late = machine.state.attemptFinished(node: 0, token: 1, .succeeded, now: .ms(90))
        guard case .ignore(let line) = late else { Issue.record("\(late)"); return }
        #expect(line.message == "Slow returned after it was abandoned; its result was ignored.")
    }

    @Test("A failed attempt is retried when its backoff timer fires")
    func retryWithBackoff() throws {
        let policy = FailurePolicy.retry(times: 2, backoff: .constant(.ms(100)))
        var machine = try Machine.make([.init("Remote", policy: policy)])
        machine.launchToCritical()

        let failure = machine.finish("Remote", .failed("offline"), at: .ms(10)).effects
        #expect(failure.starts.isEmpty)
        #expect(failure.logs.map(\.message) == ["Remote failed (attempt 1 of 3): offline. Retrying in 0.1 seconds."])
        #expect(failure.armTimer?.deadline == .ms(110))
        #expect(machine.state.waitUntilIdle(.ignored(1)).isSuspended, "waiting to retry is not idle")

        #expect(machine.names(machine.fireTimer(at: .ms(110)).effects.starts) == ["Remote#2"])
        _ = machine.finish("Remote", at: .ms(120))
        let remote = try #require(machine.state.report(commandNames: []).node(named: "Remote"))
        #expect(remote.outcome == .succeeded)
        #expect(remote.attempts.map(\.error) == ["offline", nil])
    }

    @Test("An optional failure skips its dependents, directly or not, with a reason naming it")
    func optionalFailureSkipsDependents() throws {
        var machine = try Machine.make([
            .init("Flaky", policy: .optional), .init("Needs", after: ["Flaky"]), .init("NeedsNeeds", after: ["Needs"]),
        ])
        machine.launchToCritical()
        let effects = machine.finish("Flaky", .failed("boom"), at: .ms(5)).effects
        #expect(effects.starts.isEmpty)
        #expect(
            effects.logs.filter { $0.level != .debug }.map(\.message) == [
                "Flaky (optional) failed: boom; the launch goes on without it and its dependents.",
                "Needs was skipped: its dependency Flaky failed.",
                "NeedsNeeds was skipped: its dependency Needs was skipped because Flaky failed.",
            ]
        )
        #expect(effects.readyPhases.map(\.phase) == [.critical])
        #expect(machine.state.launch.isRunning)
    }

    @Test("A required failure fails the launch, stops the rest, and resumes phase waiters with the error")
    func requiredFailureFailsLaunch() throws {
        var machine = try Machine.make([.init("Database"), .init("Store", after: ["Database"]), .init("Slow")])
        machine.launchToCritical()
        let waiter = Recorder()
        #expect(machine.state.waitForPhase(.critical, waiter.waiter(1)).isSuspended)

        let effects = machine.finish("Database", .failed("disk full"), at: .ms(5)).effects
        let message = "The launch failed: Database failed: disk full"
        #expect(effects.resume.map(\.waiter.id) == [1])
        #expect(effects.resume.first.map { Recorder.message($0.result) } == message)
        #expect(effects.logs.contains(.init(level: .error, message: message, node: "Database")))
        #expect(effects.armTimer?.deadline == .ms(105), "Slow has the grace period to return")
        let report = machine.state.report(commandNames: [])
        #expect(report.status == .failed)
        #expect(report.node(named: "Store")?.outcome == .skipped("the launch failed: Database failed"))
    }

    @Test("Demanding an on-demand node starts its dependencies first, then it, then resumes the caller")
    func demandStartsDependencies() throws {
        var machine = try Machine.make([
            .init("Index", phase: .onDemand, after: ["Store"]), .init("Store", phase: .idle),
        ])
        machine.launchToCritical()
        #expect(machine.started.isEmpty)
        let caller = Recorder()
        guard case .perform(let demand) = machine.demand("Index", caller.waiter(7), at: .ms(1)) else {
            Issue.record("the demand should start work")
            return
        }
        #expect(machine.names(demand.starts) == ["Store#1"])
        #expect(machine.names(machine.finish("Store", at: .ms(6)).effects.starts) == ["Index#1"])
        let done = machine.finish("Index", at: .ms(16)).effects
        #expect(done.resume.map(\.waiter.id) == [7])
        #expect(done.resume.first.map { Recorder.message($0.result) } == "success")
    }

    @Test("Cancelling cancels running tasks, skips pending nodes, and tells waiters")
    func cancel() throws {
        var machine = try Machine.make([.init("Running"), .init("Pending", after: ["Running"])])
        machine.launchToCritical()
        let task = Task<Void, Never> {}
        _ = machine.state.taskCreated(task, node: 0, token: machine.token("Running"))
        let waiter = Recorder()
        _ = machine.state.waitForPhase(.idle, waiter.waiter(3))

        let effects = machine.state.cancel(now: .ms(20)).effects
        #expect(effects.cancel == [task])
        #expect(effects.resume.first.map { Recorder.message($0.result) } == "The launch was cancelled.")
        #expect(effects.armTimer?.deadline == .ms(120))
        #expect(machine.state.cancel(now: .ms(21)).effects.isEmpty, "cancelling twice does nothing")

        _ = machine.finish("Running", .failed("CancellationError()"), at: .ms(22))
        let report = machine.state.report(commandNames: [])
        #expect(report.status == .cancelled)
        #expect(report.node(named: "Running")?.outcome == .cancelled)
        #expect(report.node(named: "Pending")?.outcome == .skipped("the launch was cancelled"))
    }

    @Test("Entering the foreground runs again what asks for it, after its re-run dependencies")
    func foregroundRerun() throws {
        var machine = try Machine.make([
            .init("Session", reruns: true), .init("Feed", after: ["Session"], reruns: true), .init("Once"),
        ])
        machine.launchToCritical()
        for name in ["Session", "Once", "Feed"] { _ = machine.finish(name, at: .ms(10)) }

        let entering = machine.enterForeground(at: .ms(100))
        #expect(entering.logs.map(\.message) == ["Entering the foreground: running Session, Feed again."])
        #expect(machine.names(entering.starts) == ["Session#1"])
        #expect(entering.starts.map(\.foregroundRun) == [1])
        #expect(machine.names(machine.finish("Session", at: .ms(110)).effects.starts) == ["Feed#1"])
    }

    @Test("Before-launch-returns work retries at once in the launch, after its backoff in the foreground")
    func foregroundRetryOfSynchronousWorkBacksOff() throws {
        var machine = try Machine.make([
            .init(
                "Refresh",
                phase: .beforeLaunchReturns,
                policy: .retry(times: 2, backoff: .constant(.seconds(1)), whenExhausted: .optional),
                reruns: true
            )
        ])
        machine.launchToCritical()
        #expect(machine.names(machine.finish("Refresh", .failed("no"), at: .zero).effects.starts) == ["Refresh#2"])
        _ = machine.finish("Refresh", at: .zero)

        #expect(machine.names(machine.enterForeground(at: .seconds(10)).starts) == ["Refresh#1"])
        #expect(machine.finish("Refresh", .failed("no"), at: .seconds(10)).effects.starts.isEmpty)
        #expect(machine.armed == .seconds(11))
        #expect(machine.names(machine.fireTimer(at: .seconds(11)).effects.starts) == ["Refresh#2"])
    }

    @Test("Handing the launch over resumes every waiter, and later ones at once, with handedOver")
    func handOver() throws {
        var machine = try Machine.make([.init("A"), .init("Later", phase: .onDemand)])
        let recorder = Recorder()
        #expect(machine.state.waitForPhase(.critical, recorder.waiter(1)).isSuspended)
        guard case .perform = machine.state.demand(node: 1, recorder.waiter(2), now: .zero) else {
            Issue.record("a demand before the launch begins waits")
            return
        }
        #expect(machine.state.handOver()?.resume.map(\.id).sorted() == [1, 2])
        guard case .resume(_, .failure(let error)) = machine.state.waitForPhase(.idle, recorder.waiter(3)) else {
            Issue.record("a waiter after the hand-over is sent on at once")
            return
        }
        #expect(error.code == .handedOver)

        // Cancelled from another thread as it is handed over: nothing to hand over, no trap.
        var cancelled = try Machine.make([.init("A")])
        _ = cancelled.state.cancel(now: .zero)
        let late = cancelled.state.handOver()
        #expect(late == nil)
    }

    @Test("waitUntilIdle returns at once when nothing runs, else when the last running node finishes")
    func waitUntilIdle() throws {
        var machine = try Machine.make([.init("A"), .init("B")])
        #expect(!machine.state.waitUntilIdle(.ignored(1)).isSuspended, "idle before the launch begins")
        machine.launchToCritical()
        let recorder = Recorder()
        #expect(machine.state.waitUntilIdle(recorder.waiter(2)).isSuspended)
        #expect(machine.state.waitUntilIdle(recorder.waiter(3)).isSuspended)
        guard case .resume(let stopped, let error) = machine.state.stopWaiting(id: 3) else {
            Issue.record("a registered waiter is resumed when its task is cancelled")
            return
        }
        #expect(stopped.id == 3 && error.code == .cancelled)

        #expect(machine.finish("A", at: .ms(5)).effects.resume.isEmpty)
        #expect(machine.finish("B", at: .ms(6)).effects.resume.map(\.waiter.id) == [2])
    }

    /// A launch of the one node `node` whose attempt, started as the critical phase began,
    /// has just ended with `result` at 1 ms, its effects not carried out yet: the machine,
    /// the node's position and those effects.
    static func attemptJustEnded(
        _ node: Machine.Node,
        _ result: LaunchStateMachine.AttemptResult
    ) throws -> (state: LaunchStateMachine, node: Int, finished: LaunchStateMachine.Effects) {
        var state = try Machine.make([node]).state
        for effects in [state.begin(now: .zero).effects, state.startPhase(.critical, now: .zero).effects]
        where effects.reportsCarriedOut {
            _ = state.effectsCarriedOut()
        }
        let index = try #require(state.graph.positions[.named(node.name)])
        guard case .running(let attempt) = state.nodes[index].status else {
            throw Failure("\(node.name) runs once the critical phase starts")
        }
        guard
            case .perform(let finished) = state.attemptFinished(node: index, token: attempt.token, result, now: .ms(1))
        else { throw Failure("an attempt that ends is carried out") }
        return (state, index, finished)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test("A waiter on another thread is not resumed before the last decided log line is written")
    func idleWaitsForItsLogs() throws {
        // A's attempt ends: the machine is idle at once, but its warning is not written yet.
        var (state, _, finished) = try Self.attemptJustEnded(
            .init("A", policy: .optional),
            .missingConfiguration(["a.key"])
        )
        #expect(finished.reportsCarriedOut && !finished.logs.isEmpty)
        #expect(state.isIdle)
        #expect(state.waitUntilIdle(.ignored(7)).isSuspended, "idle only once the warning is written")

        #expect(state.effectsCarriedOut().map(\.id) == [7])
        #expect(!state.waitUntilIdle(.ignored(8)).isSuspended)
    }

    @Test("A wait for a run that has just finished lasts until its effects are carried out")
    func currentRunWaitsForItsEffects() throws {
        // A's run ends on one thread: its success is not remembered yet when a repetition's
        // loop, on another, asks about its run.
        var (state, node, finished) = try Self.attemptJustEnded(.init("A"), .succeeded)
        #expect(finished.reportsCarriedOut && !finished.finishedRuns.isEmpty)
        #expect(state.waitForCurrentRun(of: node, .ignored(7)).isSuspended, "until the run's effects are carried out")
        #expect(state.effectsCarriedOut().map(\.id) == [7])
        #expect(!state.waitForCurrentRun(of: node, .ignored(8)).isSuspended)
    }

    @Test("A wait for a ready phase lasts until the run that made it ready has its effects carried out")
    func readyPhaseWaitsForItsEffects() throws {
        // A is the critical phase's only member: its run's end makes the phase ready, on a
        // thread that has not yet remembered its success when a repetition's loop asks.
        var (state, _, finished) = try Self.attemptJustEnded(.init("A"), .succeeded)
        #expect(finished.readyPhases.contains { $0.phase == .critical })
        #expect(state.waitForPhase(.critical, .ignored(7)).isSuspended, "until the run's effects are carried out")
        #expect(state.effectsCarriedOut().map(\.id) == [7])
        #expect(!state.waitForPhase(.critical, .ignored(8)).isSuspended)
    }

    @Test("A phase made ready while another run's effects are being carried out holds its waiters until they are")
    func phaseWaitersWaitForEarlierEffects() throws {
        var state = try Machine.make([.init("R"), .init("S")]).state
        for effects in [state.begin(now: .zero).effects, state.startPhase(.critical, now: .zero).effects]
        where effects.reportsCarriedOut {
            _ = state.effectsCarriedOut()
        }
        func finish(_ name: String, at now: Duration) throws -> LaunchStateMachine.Effects {
            let index = try #require(state.graph.positions[.named(name)])
            guard case .running(let attempt) = state.nodes[index].status,
                case .perform(let effects) = state.attemptFinished(
                    node: index,
                    token: attempt.token,
                    .succeeded,
                    now: now
                )
            else { throw Failure("\(name) runs in the critical phase and its end is carried out") }
            return effects
        }
        // R's run ends on one thread, which has not yet remembered its success...
        let first = try finish("R", at: .ms(1))
        #expect(first.reportsCarriedOut && first.readyPhases.isEmpty)
        #expect(state.waitForPhase(.critical, .ignored(7)).isSuspended)
        // ...when S's, on another, makes the phase ready.
        let second = try finish("S", at: .ms(2))
        #expect(second.readyPhases.contains { $0.phase == .critical })
        #expect(!second.resume.contains { $0.waiter.id == 7 }, "R's success is not remembered yet")
        #expect(state.effectsCarriedOut().isEmpty, "S's batch is carried out; R's is not")
        #expect(state.effectsCarriedOut().map(\.id) == [7])
    }

    @Test("A queued before-launch-returns attempt the grace period settled while it waited never runs")
    func queuedAttemptSettledByTheGracePeriod() throws {
        var machine = try Machine.make([
            .init("A", phase: .beforeLaunchReturns), .init("B", phase: .beforeLaunchReturns),
        ])
        let begun = machine.state.begin(now: .zero).effects
        let starts = begun.starts
        #expect(machine.names(starts) == ["A#1", "B#1"])
        // A runs on the spot; B waits behind it. The launch is cancelled from another thread.
        let aRuns = machine.state.mayRunQueued(starts[0], now: .zero)
        #expect(aRuns)
        let cancelled = machine.state.cancel(now: .ms(1)).effects
        let grace = try #require(cancelled.armTimer)
        // The grace period runs out before A returns: B never ran, and is not abandoned.
        let fired = machine.state.timerFired(generation: grace.generation, now: grace.deadline).effects
        let bRuns = machine.state.mayRunQueued(starts[1], now: grace.deadline)
        #expect(!bRuns)
        let logs = (cancelled.logs + fired.logs).map(\.message)
        #expect(logs.contains { $0.hasPrefix("A did not return within") })
        #expect(!logs.contains { $0.hasPrefix("B ") }, "\(logs)")
        let report = machine.state.report(commandNames: [])
        let b = try #require(report.node(named: "B"))
        #expect(b.start == nil)
        #expect(!b.abandoned)
        #expect(b.outcome.kind == .skipped, "B is \(b.outcome)")
        #expect(try #require(report.node(named: "A")).abandoned)
    }

    @Test("A timer task no longer wanted is cancelled as soon as it exists")
    func staleTimerTask() throws {
        var machine = try Machine.make([.init("A", budget: .ms(30))])
        machine.launchToCritical()
        let generation = try #require(machine.lastArm?.generation)
        _ = machine.finish("A", at: .ms(5))  // the budget no longer matters
        let task = Task<Void, Never> {}
        #expect(machine.state.timerCreated(task, generation: generation) == .cancel(task))
        #expect(machine.state.timerFired(generation: generation, now: .ms(30)).effects.isEmpty)
    }
}
