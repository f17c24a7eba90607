import AppServices
import AppServicesTesting
import Configuration
import Foundation
import Logging
import Testing

@MainActor
struct RequiredKeysAndSecretsTests {
    static func configuration(
        _ values: [AbsoluteConfigKey: ConfigValue],
        secretKeys: Set<String> = []
    ) -> LaunchPlan.Configuration {
        LaunchPlan.Configuration(
            reader: ConfigReader(provider: InMemoryProvider(values: values)),
            secretKeys: secretKeys
        )
    }

    @Test("A missing required key skips an optional initializer with one warning naming the keys")
    func missingKeysSkip() async throws {
        let launch = try ScriptedLaunch(
            [
                Script(
                    name: "CrashReporter",
                    policy: .optional,
                    requiredKeys: ["crash.dsn", "crash.environment", "crash.sampleRate"]
                ),
                Script(name: "NeedsCrashReporter", dependencies: ["CrashReporter"]),
            ],
            configuration: Self.configuration(["crash.sampleRate": 0.5])
        )
        let report = await launch.run()

        let node = try #require(report.node(named: "CrashReporter"))
        #expect(node.outcome == .skipped("missing required configuration keys crash.dsn, crash.environment"))
        #expect(node.start == nil)
        #expect(launch.probe.calls(of: "CrashReporter").isEmpty)
        #expect(report.node(named: "NeedsCrashReporter")?.outcome.kind == .skipped)
        let warnings = launch.logs.messages(at: .warning)
        #expect(
            warnings == [
                "CrashReporter was skipped: the configuration keys crash.dsn, crash.environment have no value."
            ]
        )
        #expect(report.status == .succeeded)
    }

    @Test("A missing required key fails the launch when the initializer is required")
    func missingKeysFail() async throws {
        let launch = try ScriptedLaunch(
            [Script(name: "Database", requiredKeys: ["database.url"])],
            configuration: Self.configuration([:])
        )
        launch.start()
        let error = await #expect(throws: LaunchError.self) { try await launch.launch.waitUntilReady(.critical) }
        #expect(error?.code == .missingConfiguration)
        #expect(error?.initializer == "Database")
        #expect(
            error?.message.contains("Database requires the configuration key database.url, which has no value.") == true
        )
        #expect(launch.launch.report.status == .failed)
    }

    @Test("Keys present in any layer, as any type, count as present")
    func presentKeys() async throws {
        let launch = try ScriptedLaunch(
            [Script(name: "Uses", requiredKeys: ["a.string", "an.int", "a.bool", "a.list"])],
            configuration: Self.configuration([
                "a.string": "x", "an.int": 3, "a.bool": false, "a.list": .init(.intArray([1]), isSecret: false),
            ])
        )
        let report = await launch.run()
        #expect(report.node(named: "Uses")?.outcome == .succeeded)
    }

    struct Leaky: Initializer {
        var failurePolicy: FailurePolicy { .optional }
        var budget: Duration? { .seconds(5) }
        struct Rejected: Error, CustomStringConvertible {
            let token: String
            var description: String { "the server rejected token \(token)" }
        }

        func perform(_ context: InitializerContext) async throws {
            let token = context.configuration.string(forKey: "api.token", isSecret: true) ?? ""
            var logger = context.logger
            logger[metadataKey: "token"] = "\(token)"
            logger.info("using token \(token)", metadata: ["again": "\(token)", "nested": ["list": ["\(token)"]]])
            logger.error("failed", error: Rejected(token: token))
            throw Rejected(token: token)
        }
    }

    @Test("A secret value never appears in logs, the report, its JSON or the trace")
    func secretsNeverAppear() async throws {
        let secret = "tok-31415926535"
        let logs = LogCapture()
        var configuration = try await LaunchPlan.Configuration(
            LayeredConfiguration(arguments: ["app"], environment: ["API_TOKEN": secret], secretKeys: ["api.token"])
        )
        configuration.logger = logs.logger()
        let plan = try LaunchPlan(configuration: configuration) {
            Leaky()
            ClosureInitializer("AfterLeaky", dependencies: [Leaky.self]) { _ in }
        }
        let composite = ServiceComposite([], configuration: .init(clock: TestClock()), launchPlan: plan)
        _ = composite.didFinishLaunching()
        let error = await #expect(throws: LaunchError.self) { try await composite.launch?.run(Leaky.self) }
        let report = try #require(composite.launch?.report)

        let outputs = [
            ("logs", logs.text + logs.entries.map { "\($0.metadata)" }.joined()),
            ("error", error?.message ?? ""),
            ("text", report.textTable),
            ("json", String(decoding: try report.jsonData(), as: UTF8.self)),
            ("trace", String(decoding: try report.chromeTraceData(), as: UTF8.self)),
        ]
        for (name, output) in outputs {
            #expect(!output.contains(secret), "\(name) contains the secret")
            #expect(output.contains("<redacted>"), "\(name) does not show the redaction")
        }
        #expect(report.node(named: "Leaky")?.outcome == .failed("the server rejected token <redacted>"))
    }
}
