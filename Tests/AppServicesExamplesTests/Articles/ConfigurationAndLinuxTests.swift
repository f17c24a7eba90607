import AppServices
import AppServicesLifecycle
import AppServicesTesting
import Configuration
import Logging
import ServiceLifecycle
import ServiceLifecycleTestKit
import Testing

@testable import AppServicesExamples

@MainActor
struct ConfigurationArticleTests {
    @Test("The command line beats the environment, which beats the defaults")
    func layers() async throws {
        let configuration = try await makeShopConfiguration(
            arguments: ["shop", "--http-timeout", "10"],
            environment: ["HTTP_TIMEOUT": "20", "FEED_REFRESH_SECONDS": "15"]
        )
        #expect(configuration.reader.int(forKey: "http.timeout") == 10)
        #expect(configuration.reader.int(forKey: "feed.refreshSeconds") == 15)
        #expect(configuration.reader.string(forKey: "theme") == "system")
    }

    @Test("An initializer without its key is skipped with one warning; with it, the secret stays out of the logs")
    func requiredSecretKey() async throws {
        for (environment, outcome) in [
            ([:], LaunchReport.Outcome.Kind.skipped), (["PAYMENTS_API_KEY": "sk_live_123456"], .succeeded),
        ] {
            let logs = LogCapture()
            let configuration = try await makeShopConfiguration(arguments: ["shop"], environment: environment)
            let plan = try LaunchPlan(configuration: configuration) {
                PaymentsInitializer()
                // A careless initializer that logs the key: its logger redacts it.
                ClosureInitializer("Careless", phase: .critical) { context in
                    let key = context.configuration.string(forKey: "payments.apiKey", isSecret: true)
                    context.logger.info("the key is \(key ?? "missing")")
                }
            }
            let composite = ServiceComposite([], configuration: .init(logger: logs.logger()), launchPlan: plan)
            _ = composite.didFinishLaunching()
            try await composite.launch?.waitUntilReady(.critical)
            #expect(composite.launch?.report.node(named: "PaymentsInitializer")?.outcome.kind == outcome)
            #expect(
                logs.messages(at: .warning).filter { $0.contains("payments.apiKey") }.count
                    == (outcome == .skipped ? 1 : 0)
            )
            #expect(!logs.text.contains("sk_live_123456"))
            #expect(logs.text.contains(outcome == .skipped ? "the key is missing" : "the key is <redacted>"))
        }
    }

    @Test("A service follows configuration changes through the event")
    func followsReloads() {
        let feed = FeedService()
        let composite = ServiceComposite([feed])
        composite.post(
            ConfigurationDidChange(reader: ConfigReader(provider: InMemoryProvider(values: ["feed.refreshSeconds": 5])))
        )
        #expect(feed.refreshSeconds == 5)
    }
}

struct LinuxArticleTests {
    @Test("The server serves until graceful shutdown, then winds down with its background work")
    func serves() async throws {
        let (counter, composite, host) = await MainActor.run {
            let counter = RequestCounter()
            let composite = ServiceComposite([counter])
            return (counter, composite, ApplicationHost(composite: composite, configuration: windDownBudgets()))
        }
        let events = await composite.lifecycleEvents(bufferingPolicy: .unbounded)
        let group = ServiceGroup(services: [host], logger: Logger(label: "test"))
        try await testGracefulShutdown { trigger in
            try await withThrowingTaskGroup { tasks in
                tasks.addTask { try await group.run() }
                for await event in events where event == .didBecomeActive { break }
                #expect(await counter.isServing)
                trigger.triggerGracefulShutdown()
                try await tasks.waitForAll()
            }
        }
        #expect(await !counter.isServing)
        #expect(await composite.applicationState == .terminated)
        #expect(windDownBudgets().budgets.enterBackground == .seconds(5))
    }
}
