import AppServices
import AppServicesTesting
import Configuration
import Foundation
import Logging
import Testing

/// Forms derived from a secret value: the redaction covers the obvious ones of URL-shaped
/// secrets, not only the exact value.
@MainActor
struct SecretDerivedFormsTests {
    @Test("A URL secret's user part, its password and its percent-encoded copies are redacted from the logs")
    func derivedForms() async throws {
        let secret = "https://s3cr3t-user:p4ssw0rd-x@crashes.example.com/7"
        let logs = LogCapture()
        var configuration = try await LaunchPlan.Configuration(
            LayeredConfiguration(arguments: ["app"], environment: ["CRASH_DSN": secret], secretKeys: ["crash.dsn"])
        )
        configuration.logger = logs.logger()
        let plan = try LaunchPlan(configuration: configuration) {
            ClosureInitializer("CrashReporter") { context in
                let dsn = context.configuration.string(forKey: "crash.dsn", isSecret: true) ?? ""
                let url = try #require(URLComponents(string: dsn))
                let unreserved = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
                context.logger.info("user \(url.user ?? "")")
                context.logger.info("password \(url.password ?? "")")
                context.logger.info("encoded \(dsn.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "")")
                context.logger.info("encoded \(dsn.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")
            }
        }
        let composite = ServiceComposite([], configuration: .init(clock: TestClock()), launchPlan: plan)
        _ = composite.didFinishLaunching()
        try await composite.launch?.run(named: "CrashReporter")

        #expect(
            logs.messages(at: .info).filter { !$0.contains("CrashReporter") }
                == ["user <redacted>", "password <redacted>", "encoded <redacted>", "encoded <redacted>"],
            "logs:\n\(logs.text)"
        )
        #expect(!logs.text.contains("s3cr3t") && !logs.text.contains("p4ssw0rd"))
    }

    /// The messages `log` writes through the initializer's logger of a launch whose layers
    /// have `environment`, with `secretKeys`.
    func logged(
        environment: [String: String],
        secretKeys: Set<String>,
        _ log: @escaping @Sendable (InitializerContext) -> Void
    ) async throws -> [String] {
        let logs = LogCapture()
        var configuration = try await LaunchPlan.Configuration(
            LayeredConfiguration(arguments: ["app"], environment: environment, secretKeys: secretKeys)
        )
        configuration.logger = logs.logger()
        let plan = try LaunchPlan(configuration: configuration) { ClosureInitializer("Careless") { log($0) } }
        let composite = ServiceComposite([], configuration: .init(clock: TestClock()), launchPlan: plan)
        _ = composite.didFinishLaunching()
        try await composite.launch?.run(named: "Careless")
        return logs.messages(at: .info).filter { !$0.contains("Careless") }
    }

    @Test("A secret list from the environment has each element redacted, as the same list from the file has")
    func environmentListElements() async throws {
        let messages = try await logged(
            environment: ["API_KEYS": "k-one-12345,k-two-67890"],
            secretKeys: ["api.keys"]
        ) { context in
            for key in context.configuration.stringArray(forKey: "api.keys", isSecret: true) ?? [] {
                context.logger.info("trying \(key)")
            }
        }
        #expect(messages == ["trying <redacted>", "trying <redacted>"])
    }

    @Test("A short number or a boolean from the environment is not a secret text: it does not blank out digits")
    func shortNumbersFromTheEnvironment() async throws {
        let messages = try await logged(
            environment: ["API_PIN": "7", "API_FLAG": "true", "API_TOKEN": "tok-31415"],
            secretKeys: ["api.pin", "api.flag", "api.token"]
        ) { context in
            context.logger.info("took 17 ms, cached true")
            context.logger.info("token \(context.configuration.string(forKey: "api.token", isSecret: true) ?? "")")
        }
        #expect(messages == ["took 17 ms, cached true", "token <redacted>"])
    }
}
