import AppServices
import AppServicesTesting
import Configuration
import Testing

@MainActor
struct LaunchBeforeLaunchReturnsTests {
    final class LaunchListener: AppService, LaunchHandling {
        let journal: Journal
        init(journal: Journal) { self.journal = journal }
        func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
            journal.append("service didFinishLaunching")
            return true
        }
    }

    struct InstallRootView: StartupCommand {
        let journal: Journal
        func execute(_ context: InitializerContext) { journal.append("command \(context.name)") }
    }

    struct Setup: SynchronousInitializer {
        let journal: Journal
        func performSynchronously(_ context: InitializerContext) throws { journal.append("initializer \(name)") }
    }

    struct LateSetup: SynchronousInitializer {
        static let dependencies: [any Initializer.Type] = [Setup.self]
        let journal: Journal
        func performSynchronously(_ context: InitializerContext) throws { journal.append("initializer \(name)") }
    }

    @Test("Before-launch-returns initializers, services, then commands run inside didFinishLaunching, in that order")
    func order() async throws {
        let journal = Journal()
        let plan = try LaunchPlan {
            LateSetup(journal: journal)
            Setup(journal: journal)
            ClosureInitializer("Critical") { _ in journal.append("critical") }
        } commands: {
            InstallRootView(journal: journal)
            ClosureCommand("Appearance") { context in journal.append("command \(context.name)") }
        }
        let composite = ServiceComposite(
            [LaunchListener(journal: journal)],
            configuration: .init(clock: TestClock()),
            launchPlan: plan
        )

        #expect(composite.didFinishLaunching())
        let duringLaunch = journal.all
        try await composite.launch?.waitUntilReady(.critical)

        #expect(
            duringLaunch.prefix(5) == [
                "initializer Setup", "initializer LateSetup", "service didFinishLaunching",
                "command InstallRootView", "command Appearance",
            ]
        )
        #expect(journal.all.last == "critical")
        let report = try #require(composite.launch?.report)
        #expect(report.nodes.prefix(4).map(\.name) == ["Setup", "LateSetup", "InstallRootView", "Appearance"])
        #expect(report.nodes.filter { $0.kind == .command }.map(\.placement) == [.main, .main])
        #expect(report.nodes.allSatisfy { $0.outcome == .succeeded })
    }

    @Test("Async work in the before-launch-returns phase is rejected when the plan is made, naming it")
    func asynchronousWorkIsRejected() throws {
        struct Registers: Initializer {
            var phase: LaunchPhase { .beforeLaunchReturns }
            func perform(_ context: InitializerContext) async throws {}
        }
        let error = #expect(throws: ServiceGraphError.self) {
            try LaunchPlan {
                Registers()
                ClosureInitializer("Waits", phase: .beforeLaunchReturns) { @MainActor _ in }
                ClosureInitializer.beforeLaunchReturns("Synchronous") { _ in }
            }
        }
        #expect(error?.problems.map(\.kind) == [.asynchronousBeforeLaunchReturns, .asynchronousBeforeLaunchReturns])
        #expect(
            error?.problems.first?.message
                == "Registers is in the beforeLaunchReturns phase but its work is async, which could still be running "
                + "when didFinishLaunching returns. Make it a SynchronousInitializer (or a "
                + "ClosureInitializer.beforeLaunchReturns), or move it to the critical phase."
        )
        #expect(error?.problems.last?.message.hasPrefix("Waits is in the beforeLaunchReturns phase") == true)
    }

    @Test("Synchronous work has finished when didFinishLaunching returns, with no task started for it")
    func synchronousWorkFinishesInsideLaunch() throws {
        let journal = Journal()
        let clock = TestClock()
        let plan = try LaunchPlan {
            ClosureInitializer.beforeLaunchReturns(
                "Registers",
                requiredConfigurationKeys: ["absent.key"],
                failurePolicy: .optional
            ) { _ in
                journal.append("never")
            }
            ClosureInitializer.beforeLaunchReturns("Throws", failurePolicy: .retry(times: 2)) { context in
                journal.append("Throws attempt \(context.attempt)")
                if context.attempt < 3 { throw CancellationError() }
            }
            Setup(journal: journal)
        }
        let composite = ServiceComposite([], configuration: .init(clock: clock), launchPlan: plan)
        _ = composite.didFinishLaunching()

        // Everything happened inside the call, with no task to wait for; a retry waits
        // behind the work that was ready before it.
        #expect(journal.all == ["Throws attempt 1", "initializer Setup", "Throws attempt 2", "Throws attempt 3"])
        let report = try #require(composite.launch?.report)
        #expect(report.node(named: "Registers")?.outcome.kind == .skipped)
        #expect(report.node(named: "Throws")?.outcome == .succeeded)
        #expect(report.node(named: "Setup")?.outcome == .succeeded)
    }

    @Test("Work queued behind a required initializer that fails never runs: it is skipped with the launch")
    func queuedWorkAfterFailure() throws {
        let journal = Journal()
        let plan = try LaunchPlan {
            ClosureInitializer.beforeLaunchReturns("Fails") { _ in
                journal.append("Fails")
                throw CancellationError()
            }
            ClosureInitializer.beforeLaunchReturns("Queued") { _ in journal.append("Queued") }
        }
        let signposts = RecordingSignposter()
        var configuration = ServiceComposite.Configuration(clock: TestClock())
        configuration.signposter = signposts
        let composite = ServiceComposite([], configuration: configuration, launchPlan: plan)
        _ = composite.didFinishLaunching()

        #expect(journal.all == ["Fails"])
        let report = try #require(composite.launch?.report)
        #expect(report.node(named: "Fails")?.outcome.kind == .failed)
        let queued = try #require(report.node(named: "Queued"))
        #expect(queued.outcome.kind == .skipped)
        #expect(queued.outcome.detail?.contains("Fails") == true)
        #expect(queued.start == nil)
        // Every row has its interval in Instruments, the skipped one too.
        #expect(signposts.unmatchedEnds.isEmpty)
        #expect(
            signposts.intervals.first { $0.nodeName == "Queued" }?.description
                == "Initializer: Queued (beforeLaunchReturns) -> Queued (beforeLaunchReturns): skipped: the launch "
                + "failed: Fails failed"
        )
    }

    @Test("A retry queued behind a required initializer that fails is cancelled, keeping the try that ran")
    func queuedRetryAfterFailure() throws {
        struct Boom: Error {}
        let clock = TestClock()
        let plan = try LaunchPlan {
            ClosureInitializer.beforeLaunchReturns("Flaky", failurePolicy: .retry(times: 1, backoff: .immediate)) {
                context in
                clock.advance(by: .ms(10))
                if context.attempt == 1 { throw Boom() }
            }
            ClosureInitializer.beforeLaunchReturns("Broken") { _ in
                clock.advance(by: .ms(5))
                throw Boom()
            }
        }
        let signposts = RecordingSignposter()
        var configuration = ServiceComposite.Configuration(clock: clock)
        configuration.signposter = signposts
        let composite = ServiceComposite([], configuration: configuration, launchPlan: plan)
        _ = composite.didFinishLaunching()

        let report = try #require(composite.launch?.report)
        let flaky = try #require(report.node(named: "Flaky"))
        #expect(flaky.outcome == .cancelled)
        #expect(flaky.start == .zero)
        #expect(flaky.end == .ms(15))
        #expect(flaky.attempts.count == 1)
        #expect(report.totalWork == .ms(20))
        #expect(signposts.unmatchedEnds.isEmpty)
        #expect(signposts.openIntervals.isEmpty)
    }

    @Test("Plan problems are all reported at once, one line each")
    func validation() throws {
        struct Cyclic: Initializer {
            static let dependencies: [any Initializer.Type] = [Loop.self]
            func perform(_ context: InitializerContext) async throws {}
        }
        struct Loop: Initializer {
            static let dependencies: [any Initializer.Type] = [Cyclic.self]
            func perform(_ context: InitializerContext) async throws {}
        }
        struct Absent: Initializer {
            func perform(_ context: InitializerContext) async throws {}
        }
        struct Lonely: Initializer {
            static let dependencies: [any Initializer.Type] = [Absent.self]
            func perform(_ context: InitializerContext) async throws {}
        }
        let error = #expect(throws: ServiceGraphError.self) {
            try LaunchPlan {
                Cyclic()
                Loop()
                Lonely()
                ClosureInitializer("twice") { _ in }
                ClosureInitializer("twice") { _ in }
                ClosureInitializer("early", dependencyNames: ["late"]) { _ in }
                ClosureInitializer("late", phase: .idle) { _ in }
            }
        }
        #expect(error?.subject == "launch plan")
        #expect(
            error?.problems.map(\.kind) == [.duplicate, .missingDependency, .dependencyCycle, .dependencyOnLaterPhase]
        )
        #expect(
            error?.description == """
                The launch plan cannot be ordered (4 problems):
                - twice is registered twice (positions 4 and 5); a launch plan holds one initializer per name. Remove one registration.
                - Lonely depends on Absent, which is not registered. Register Absent or remove the dependency.
                - Dependency cycle: Cyclic -> Loop -> Cyclic. Remove one of these dependencies.
                - early (phase critical) depends on late (phase idle), which runs later. Move late to critical or an earlier phase, or early to idle or a later one.
                """
        )
    }
}
