import AppServices
import AppServicesTesting
import Testing

/// A service whose launch handlers write to the log.
final class LaunchHandlerService: AppService, LaunchHandling {
    let log: Journal
    init(log: Journal) { self.log = log }

    func application(_ context: AppContext, willFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        log.append("service willFinish")
        return true
    }

    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        log.append("service didFinish")
        return true
    }
}

struct LogCommand: StartupCommand {
    let log: Journal
    @MainActor func execute(_ context: InitializerContext) { log.append("command") }
}

@MainActor
struct LaunchOrderTests {
    func launch(_ order: LaunchOrder) throws -> (ServiceComposite, Journal) {
        let log = Journal()
        var configuration = LaunchPlan.Configuration()
        configuration.order = order
        let plan = try LaunchPlan(
            configuration: configuration,
            initializers: [
                ClosureInitializer.beforeLaunchReturns("CrashReporter") { _ in log.append("before-launch-returns") },
                ClosureInitializer("Store", phase: .critical) { _ in log.append("critical") },
            ],
            commands: [LogCommand(log: log)]
        )
        let composite = ServiceComposite([LaunchHandlerService(log: log)])
        _ = try composite.attachLaunchPlan(plan)
        return (composite, log)
    }

    @Test("By default the launch work runs in didFinishLaunching: initializers, services, commands")
    func defaultOrder() throws {
        let (composite, log) = try launch(LaunchOrder())
        _ = composite.willFinishLaunching()
        #expect(log.all == ["service willFinish"])
        _ = composite.didFinishLaunching()
        // The critical initializer may run as soon as didFinishLaunching has returned.
        #expect(log.all.prefix(4) == ["service willFinish", "before-launch-returns", "service didFinish", "command"])
    }

    @Test("Started in willFinishLaunching, the work runs first thing, before the services' willFinish handlers")
    func startsInWillFinish() async throws {
        let (composite, log) = try launch(LaunchOrder(start: .willFinishLaunching))
        _ = composite.willFinishLaunching()
        #expect(log.all == ["before-launch-returns", "service willFinish", "command"], "all of it before it returned")
        #expect(composite.launch?.report.phaseStarts.map(\.phase) == [.beforeLaunchReturns])
        _ = composite.didFinishLaunching()
        #expect(
            log.all.prefix(4) == ["before-launch-returns", "service willFinish", "command", "service didFinish"]
        )
        try await composite.launch?.waitUntilReady(.critical)
        #expect(log.all.last == "critical", "the critical phase still starts with didFinishLaunching")
    }

    @Test(
        "Started in willFinishLaunching but sent only didFinishLaunching, the work runs there all the same",
        .timeLimit(.minutes(1))
    )
    func startsInWillFinishThatNeverCame() async throws {
        let (composite, log) = try launch(LaunchOrder(start: .willFinishLaunching))
        _ = composite.didFinishLaunching()
        #expect(log.all.prefix(3) == ["before-launch-returns", "service didFinish", "command"])
        try await composite.launch?.waitUntilReady(.critical)
        #expect(log.all.last == "critical")
    }

    @Test("Commands can run before the services' launch handlers")
    func commandsFirst() throws {
        let (composite, log) = try launch(LaunchOrder(commandsBeforeServices: true))
        _ = composite.didFinishLaunching()
        #expect(log.all.prefix(3) == ["before-launch-returns", "command", "service didFinish"])
    }
}
