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

/// Everything scripted initializers did, and the gate hanging ones wait on; also the signal
/// the driver waits on: it changes with every call, return and arrival at the gate, and
/// with every message the launch logs and every run it records (``noteChange()``).
final class Probe: Sendable {
    private struct State {
        var calls: [Call] = []
        var called: [String: Call] = [:]
        var returned: Set<String> = []
        var atGate: Set<String> = []
        var gateIsOpen = false
        var gateWaiters: [CheckedContinuation<Void, Never>] = []
        var version = 0
        var changeWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    static func key(_ name: String, foregroundRun: Int, attempt: Int) -> String {
        "\(name)#\(foregroundRun)#\(attempt)"
    }

    var allCalls: [Call] { state.withLock { $0.calls } }

    func calls(of name: String) -> [Call] { allCalls.filter { $0.name == name } }

    var version: Int { state.withLock { $0.version } }

    /// The call of `key`, if `perform` was called for it.
    func call(_ key: String) -> Call? { state.withLock { $0.called[key] } }

    /// Whether the call of `key` has returned from `perform`.
    func hasReturned(_ key: String) -> Bool { state.withLock { $0.returned.contains(key) } }

    func isAtGate(_ key: String) -> Bool { state.withLock { $0.atGate.contains(key) && !$0.gateIsOpen } }

    func record(_ call: Call) {
        changed { state in
            state.calls.append(call)
            state.called[Self.key(call.name, foregroundRun: call.foregroundRun, attempt: call.attempt)] = call
        }
    }

    func recordReturn(_ key: String) {
        changed { $0.returned.insert(key) }
    }

    /// Something the driver may be waiting for happened.
    func noteChange() {
        changed { _ in }
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

    /// Returns once something changed after `version` (at once if it has).
    func waitForChange(after version: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiting = state.withLock { state in
                guard state.version == version else { return false }
                state.changeWaiters.append(continuation)
                return true
            }
            if !waiting { continuation.resume() }
        }
    }

    private func changed(_ update: (inout State) -> Void) {
        let waiters = state.withLock { state in
            update(&state)
            state.version += 1
            defer { state.changeWaiters = [] }
            return state.changeWaiters
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
        defer { probe.recordReturn(Probe.key(name, foregroundRun: context.foregroundRun, attempt: context.attempt)) }
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
        services: [any AppService] = [],
        signposter: (any Signposter)? = nil
    ) throws {
        let (clock, probe) = (clock, probe)
        let initializers = scripts.map { $0.initializer(clock: clock, probe: probe) }
        // What the launch logs and records wakes the driver.
        var configuration = configuration
        configuration.logger = configuration.logger.map { NoticingLogHandler.logger(wrapping: $0, probe: probe) }
        configuration.metricsFactory = NoticingMetrics(wrapping: configuration.metricsFactory, probe: probe)
        let plan = try LaunchPlan(configuration: configuration, initializers: initializers, commands: commands)
        let logger = NoticingLogHandler.logger(wrapping: logs.logger(), probe: probe)
        var compositeConfiguration = ServiceComposite.Configuration(logger: logger, clock: clock)
        compositeConfiguration.signposter = signposter
        composite = ServiceComposite(services, configuration: compositeConfiguration)
        launch = try composite.attachLaunchPlan(plan)
        driver = LaunchDriver(
            clock: clock,
            launch: launch,
            probe: probe,
            scripts: scripts,
            gracePeriod: configuration.gracePeriod
        )
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
