import AppServices
import AppServicesTesting
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    let onMainThread: Bool
}

/// Everything scripted initializers did, and the gate hanging ones wait on.
final class Probe: Sendable {
    private let calls = Mutex<[Call]>([])
    private let gate = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    func record(_ call: Call) { calls.withLock { $0.append(call) } }

    var allCalls: [Call] { calls.withLock { $0 } }

    func calls(of name: String) -> [Call] { allCalls.filter { $0.name == name } }

    /// Waits until ``openGate()``, ignoring cancellation.
    func waitAtGate() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let open = gate.withLock { state in
                if state.open { return true }
                state.waiting.append(continuation)
                return false
            }
            if open { continuation.resume() }
        }
    }

    /// Lets every hanging initializer return (they then report, and are ignored if abandoned).
    func openGate() {
        let waiting = gate.withLock { state in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
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
    var requiredKeys: [String] = []

    func step(foregroundRun: Int, attempt: Int) -> Step {
        let steps = foregroundSteps[foregroundRun] ?? steps
        return steps[min(attempt, steps.count) - 1]
    }

    func initializer(clock: TestClock, probe: Probe) -> ClosureInitializer {
        if mainActor {
            return .onMainActor(
                name,
                phase: phase,
                dependencyNames: dependencies,
                requiredConfigurationKeys: requiredKeys,
                budget: budget,
                failurePolicy: policy,
                rerunsOnForeground: rerunsOnForeground
            ) { context in try await perform(context, clock: clock, probe: probe) }
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
                onMainThread: MainThreadProbe.isOnMainThread
            )
        )
        switch step(foregroundRun: context.foregroundRun, attempt: context.attempt) {
        case .work(let duration, let succeeds):
            if duration > .zero { try await clock.sleep(for: duration) }
            if !succeeds { throw ScriptedFailure(name: name, attempt: context.attempt) }
        case .hang:
            await probe.waitAtGate()
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
    let scripts: [String: Script]

    init(clock: TestClock, launch: Launch, scripts: [Script]) {
        precondition(launch.now == clock.now.offset, "Attach the launch while the test clock is at zero.")
        self.clock = clock
        self.launch = launch
        self.scripts = Dictionary(uniqueKeysWithValues: scripts.map { ($0.name, $0) })
    }

    /// Waits until nothing can happen without the clock moving.
    func settle() async {
        while true {
            let activity = launch.activity()
            let now = launch.now
            var expected: [TestClock.Instant] = []
            var inFlight = false
            if let timer = activity.timerDeadline {
                if timer > now { expected.append(.init(offset: timer)) } else { inFlight = true }
            }
            for attempt in activity.running {
                guard let script = scripts[attempt.name] else { continue }
                switch script.step(foregroundRun: attempt.foregroundRun, attempt: attempt.attempt) {
                case .hang:
                    continue
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
                await launch.waitForChange(after: activity.version)
                continue
            }
            await clock.waitForSleepers(until: expected)
            if launch.activity().version == activity.version { return }
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
        driver = LaunchDriver(clock: clock, launch: launch, scripts: scripts)
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

/// Whether code runs on the main thread, which is where the main actor runs on Linux.
enum MainThreadProbe {
    private static let mainThread = Mutex<UInt?>(nil)

    /// Remembers the main actor's thread; call once from the main actor before probing.
    @MainActor static func calibrate() {
        mainThread.withLock { $0 = currentThread() }
    }

    static var isOnMainThread: Bool {
        guard let main = mainThread.withLock({ $0 }) else { return false }
        return currentThread() == main
    }

    private static func currentThread() -> UInt {
        #if canImport(Glibc)
        return UInt(pthread_self())
        #else
        return UInt(bitPattern: pthread_self())
        #endif
    }
}

/// SplitMix64: a small, fast, seedable generator, so random tests are reproducible.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Duration {
    static func ms(_ value: Int) -> Duration { .milliseconds(value) }
}
