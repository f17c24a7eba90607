import AppServices
import AppServicesTesting
import Configuration

/// What a scripted initializer does in one attempt.
enum Step: Sendable, Hashable {
    /// Sleeps `duration` on the test clock (returning at once when cancelled), then
    /// succeeds or throws.
    case work(Duration, succeeds: Bool = true)
    /// Waits, ignoring cancellation, until the test opens the script's gate.
    case hang
    /// Sleeps `duration` on the test clock ignoring cancellation, then succeeds.
    case stubborn(Duration)

    static func succeed(after duration: Duration) -> Step { .work(duration, succeeds: true) }
    static func fail(after duration: Duration) -> Step { .work(duration, succeeds: false) }
}

/// The error scripted initializers throw.
struct ScriptedFailure: Error, CustomStringConvertible {
    let name: String
    let attempt: Int
    var description: String { "\(name) failed on purpose (attempt \(attempt))" }
}

/// One call of `perform`, as a scripted initializer saw it.
struct Call: Sendable, Hashable {
    let name: String
    let foregroundRun: Int
    let attempt: Int
    /// The clock time when `perform` began.
    let start: Duration
    let onMainActor: Bool
}

/// Everything scripted initializers did, and the gate hanging ones wait on.
final class Probe: Sendable {
    private struct State {
        var calls: [Call] = []
        var called: Set<String> = []
        var atGate: Set<String> = []
        var gateIsOpen = false
        var gateWaiters: [CheckedContinuation<Void, Never>] = []
        /// Changes with every call and every arrival at the gate.
        var version = 0
        var changeWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var stoppedChangeWaiters: Set<Int> = []
        var nextWaiter = 0
    }

    private let state = Locked(State())

    static func key(_ name: String, foregroundRun: Int, attempt: Int) -> String {
        "\(name)#\(foregroundRun)#\(attempt)"
    }

    var allCalls: [Call] { state.withLock { $0.calls } }

    func calls(of name: String) -> [Call] { allCalls.filter { $0.name == name } }

    var version: Int { state.withLock { $0.version } }

    func hasCalled(_ key: String) -> Bool { state.withLock { $0.called.contains(key) } }

    func isAtGate(_ key: String) -> Bool { state.withLock { $0.atGate.contains(key) } }

    func record(_ call: Call) {
        changed { state in
            state.calls.append(call)
            state.called.insert(Self.key(call.name, foregroundRun: call.foregroundRun, attempt: call.attempt))
        }
    }

    /// Waits, ignoring cancellation, until ``openGate()``.
    func waitAtGate(_ key: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            var open = false
            changed { state in
                state.atGate.insert(key)
                if state.gateIsOpen { open = true } else { state.gateWaiters.append(continuation) }
            }
            if open { continuation.resume() }
        }
    }

    /// Lets every hanging initializer return (they then report, and are ignored if abandoned).
    func openGate() {
        let waiting = state.withLock { state in
            state.gateIsOpen = true
            defer { state.gateWaiters = [] }
            return state.gateWaiters
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Returns once something was recorded after `version` (at once if it was), or when
    /// the waiting task is cancelled.
    func waitForChange(after version: Int) async {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let waiting = state.withLock { state in
                    guard state.version == version, state.stoppedChangeWaiters.remove(id) == nil else { return false }
                    state.changeWaiters[id] = continuation
                    return true
                }
                if !waiting { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                guard let waiter = state.changeWaiters.removeValue(forKey: id) else {
                    state.stoppedChangeWaiters.insert(id)
                    return nil as CheckedContinuation<Void, Never>?
                }
                return waiter
            }
            waiter?.resume()
        }
    }

    private func changed(_ update: (inout State) -> Void) {
        let waiters = state.withLock { state in
            update(&state)
            state.version += 1
            defer { state.changeWaiters = [:] }
            return Array(state.changeWaiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// A test initializer: its steps per attempt (the last one repeats), and its settings.
struct Script: Sendable {
    var name: String
    var phase: LaunchPhase = .critical
    var dependencies: [String] = []
    var steps: [Step] = [.succeed(after: .milliseconds(10))]
    /// Steps for foreground runs, by run number; missing runs use `steps`.
    var foregroundSteps: [Int: [Step]] = [:]
    var budget: Duration?
    var policy: FailurePolicy = .required
    var mainActor = false
    var rerunsOnForeground = false
    var requiredKeys: [ConfigKey] = []

    func step(foregroundRun: Int, attempt: Int) -> Step {
        let steps = foregroundSteps[foregroundRun] ?? steps
        return steps[min(attempt, steps.count) - 1]
    }

    func initializer(clock: TestClock, probe: Probe) -> ClosureInitializer {
        if mainActor {
            return ClosureInitializer(
                name,
                phase: phase,
                dependencyNames: dependencies,
                requiredConfigurationKeys: requiredKeys,
                budget: budget,
                failurePolicy: policy,
                rerunsOnForeground: rerunsOnForeground
            ) { @MainActor context in try await perform(context, clock: clock, probe: probe) }
        }
        return ClosureInitializer(
            name,
            phase: phase,
            dependencyNames: dependencies,
            requiredConfigurationKeys: requiredKeys,
            budget: budget,
            failurePolicy: policy,
            rerunsOnForeground: rerunsOnForeground
        ) { context in try await perform(context, clock: clock, probe: probe) }
    }

    /// Records the call, then does the attempt's step, on the caller's actor.
    nonisolated(nonsending) func perform(_ context: InitializerContext, clock: TestClock, probe: Probe) async throws {
        probe.record(
            Call(
                name: name,
                foregroundRun: context.foregroundRun,
                attempt: context.attempt,
                start: clock.now.offset,
                onMainActor: isOnMainActor()
            )
        )
        switch step(foregroundRun: context.foregroundRun, attempt: context.attempt) {
        case .work(let duration, let succeeds):
            if duration > .zero { try await clock.sleep(for: duration) }
            if !succeeds { throw ScriptedFailure(name: name, attempt: context.attempt) }
        case .hang:
            await probe.waitAtGate(Probe.key(name, foregroundRun: context.foregroundRun, attempt: context.attempt))
        case .stubborn(let duration):
            // A detached task is not cancelled with this one, so the sleep runs its course.
            await Task.detached { try? await clock.sleep(for: duration) }.value
        }
    }
}

/// Drives a launch on a ``TestClock`` deterministically: time moves only when every running
/// attempt is asleep on the clock (or hangs on the gate) and the launch's own timer sleeps,
/// so every start and end happens at an exact, predictable time.
struct LaunchDriver {
    let clock: TestClock
    let launch: Launch
    let probe: Probe
    let scripts: [String: Script]

    init(clock: TestClock, launch: Launch, probe: Probe, scripts: [Script]) {
        precondition(launch.now == clock.now.offset, "Attach the launch while the test clock is at zero.")
        self.clock = clock
        self.launch = launch
        self.probe = probe
        self.scripts = Dictionary(uniqueKeysWithValues: scripts.map { ($0.name, $0) })
    }

    /// Waits until nothing can happen without the clock moving: every running attempt has
    /// entered `perform` and sleeps on the clock (or hangs at the gate), and the launch's
    /// timer sleeps.
    func settle() async {
        while true {
            let activity = launch.activity()
            let probeVersion = probe.version
            let now = launch.now
            var expected: [TestClock.Instant] = []
            var inFlight = false
            if let timer = activity.timerDeadline {
                if timer > now { expected.append(.init(offset: timer)) } else { inFlight = true }
            }
            for attempt in activity.running {
                guard let script = scripts[attempt.name] else { continue }
                let key = Probe.key(attempt.name, foregroundRun: attempt.foregroundRun, attempt: attempt.attempt)
                // Not in `perform` yet (or never will be: configuration may be missing).
                guard probe.hasCalled(key) else {
                    inFlight = true
                    continue
                }
                switch script.step(foregroundRun: attempt.foregroundRun, attempt: attempt.attempt) {
                case .hang:
                    if !probe.isAtGate(key) { inFlight = true }
                case .stubborn(let duration):
                    let deadline = attempt.start + duration
                    if deadline <= now { inFlight = true } else { expected.append(.init(offset: deadline)) }
                case .work(let duration, _):
                    let deadline = attempt.start + duration
                    if attempt.isCancelled || deadline <= now {
                        inFlight = true
                    } else {
                        expected.append(.init(offset: deadline))
                    }
                }
            }
            if inFlight {
                await firstChange(launchVersion: activity.version, probeVersion: probeVersion)
                continue
            }
            await clock.waitForSleepers(until: expected)
            if launch.activity().version == activity.version { return }
        }
    }

    /// Returns when the launch or the probe has changed since the given versions.
    private func firstChange(launchVersion: Int, probeVersion: Int) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await launch.waitForChange(after: launchVersion) }
            group.addTask { await probe.waitForChange(after: probeVersion) }
            await group.next()
            group.cancelAll()
        }
    }

    /// Waits until an attempt of `name` is running (started by another task, say).
    func waitUntilRunning(_ name: String) async {
        while true {
            let activity = launch.activity()
            if activity.running.contains(where: { $0.name == name }) { return }
            await launch.waitForChange(after: activity.version)
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
}

/// A launch set up for a test: scripted initializers in a composite on a test clock.
@MainActor
struct ScriptedLaunch {
    let clock = TestClock()
    let probe = Probe()
    let logs = LogCapture()
    let composite: ServiceComposite
    let launch: Launch
    let driver: LaunchDriver

    init(
        _ scripts: [Script],
        configuration: LaunchPlan.Configuration = LaunchPlan.Configuration(),
        commands: [any StartupCommand] = [],
        services: [any AppService] = []
    ) throws {
        let (clock, probe) = (clock, probe)
        let initializers = scripts.map { $0.initializer(clock: clock, probe: probe) }
        let plan = try LaunchPlan(configuration: configuration, initializers: initializers, commands: commands)
        composite = ServiceComposite(services, configuration: .init(logger: logs.logger(), clock: clock))
        launch = try composite.attachLaunchPlan(plan)
        driver = LaunchDriver(clock: clock, launch: launch, probe: probe, scripts: scripts)
    }

    /// Dispatches `didFinishLaunching` and reports the first frame at once.
    func start(reportingFirstFrame: Bool = true) {
        _ = composite.didFinishLaunching()
        if reportingFirstFrame { composite.reportFirstFrame() }
    }

    /// Starts and runs until nothing sleeps on the clock, then returns the report.
    func run(reportingFirstFrame: Bool = true) async -> LaunchReport {
        start(reportingFirstFrame: reportingFirstFrame)
        await driver.runUntilIdle()
        return launch.report
    }
}

/// Whether the caller is isolated to the main actor.
///
/// Asked of the isolation itself (`#isolation`, which a `nonisolated(nonsending)` function
/// inherits from its caller), not of the thread: on Linux the main actor's queue is not
/// always drained by the process's first thread.
func isOnMainActor(_ isolation: isolated (any Actor)? = #isolation) -> Bool {
    isolation === MainActor.shared
}

extension Duration {
    static func ms(_ value: Int) -> Duration { .milliseconds(value) }
}
