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
}
