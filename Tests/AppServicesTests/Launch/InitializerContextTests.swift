import AppServices
import AppServicesTesting
import Configuration
import Logging
import Testing

@MainActor
struct InitializerContextTests {
    final class TokenStore: AppService {
        let token = "abc"
    }

    @Test("An initializer off the main actor finds services and logs with its name and attempt")
    func contextOffTheMainActor() async throws {
        let logs = LogCapture()
        let plan = try LaunchPlan(
            configuration: .init(reader: ConfigReader(provider: InMemoryProvider(values: ["greeting": "hello"])))
        ) {
            ClosureInitializer("Reader") { context in
                let store = await context.service(TokenStore.self)
                let greeting = context.configuration.string(forKey: "greeting") ?? "?"
                context.logger.info(
                    "\(greeting) \(store?.token ?? "no store") attempt \(context.attempt) run \(context.foregroundRun)"
                )
            }
        }
        let composite = ServiceComposite(
            [TokenStore()],
            configuration: .init(logger: logs.logger(), clock: TestClock()),
            launchPlan: plan
        )
        _ = composite.didFinishLaunching()
        try await composite.launch?.waitUntilReady(.critical)

        let entry = try #require(logs.entries.first { $0.message.hasPrefix("hello") })
        #expect(entry.message == "hello abc attempt 1 run 0")
        #expect(entry.metadata["initializer"] == "Reader")
    }

    @Test("A launch plan cannot be attached once the composite has dispatched a callback")
    func attachingTooLate() throws {
        let composite = ServiceComposite([])
        _ = composite.willFinishLaunching()
        let error = #expect(throws: ServiceCompositeError.self) { try composite.attachLaunchPlan(try LaunchPlan {}) }
        #expect(error?.code == .registrationAfterDispatch)
        #expect(error?.message.contains("launch plan") == true)
        #expect(composite.launch == nil)
    }

    @Test("A report before launch lists everything as pending, in the order it would run")
    func reportBeforeLaunch() throws {
        let composite = ServiceComposite(
            [],
            launchPlan: try LaunchPlan {
                ClosureInitializer("A") { _ in }
            } commands: {
                ClosureCommand("B") { _ in }
            }
        )
        let report = try #require(composite.launch?.report)
        #expect(report.status == .notStarted)
        #expect(report.nodes.map { "\($0.name) \($0.outcome)" } == ["B pending", "A pending"])
        #expect(report.wallTime == .zero)
        #expect(report.criticalPath.isEmpty)
    }
}
