import AppServices
import AppServicesTesting
import Testing

@MainActor
struct LaunchBeforeLaunchReturnsTests {
    final class Journal: Sendable {
        private let entries = Locked<[String]>([])
        func append(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

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

    struct Setup: Initializer {
        let journal: Journal
        var phase: LaunchPhase { .beforeLaunchReturns }
        func perform(_ context: InitializerContext) async throws { journal.append("initializer \(name)") }
    }

    struct LateSetup: Initializer {
        static let dependencies: [any Initializer.Type] = [Setup.self]
        let journal: Journal
        var phase: LaunchPhase { .beforeLaunchReturns }
        func perform(_ context: InitializerContext) async throws { journal.append("initializer \(name)") }
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

    @Test("A before-launch-returns initializer that suspends fails, naming itself")
    func suspending() async throws {
        let clock = TestClock()
        let plan = try LaunchPlan {
            ClosureInitializer.onMainActor("Waits", phase: .beforeLaunchReturns, failurePolicy: .optional) { _ in
                try await clock.sleep(for: .ms(1))
            }
        }
        let composite = ServiceComposite([], configuration: .init(clock: clock), launchPlan: plan)
        _ = composite.didFinishLaunching()

        let node = try #require(composite.launch?.report.node(named: "Waits"))
        #expect(node.outcome.kind == .failed)
        #expect(node.outcome.detail?.contains("Waits suspended inside didFinishLaunching") == true)
        let error = await #expect(throws: LaunchError.self) { try await composite.launch?.run(named: "Waits") }
        #expect(error?.code == .suspendedBeforeLaunchReturned)
        #expect(clock.sleeperCount == 0)  // its task was cancelled
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
                - twice is registered twice (positions 4 and 5); a launch plan holds one initializer per type. Remove one registration.
                - Lonely depends on Absent, which is not registered. Register Absent or remove the dependency.
                - Dependency cycle: Cyclic -> Loop -> Cyclic. Remove one of these dependencies.
                - early (phase critical) depends on late (phase idle), which runs later. Move late to critical or an earlier phase, or early to idle or a later one.
                """
        )
    }
}
