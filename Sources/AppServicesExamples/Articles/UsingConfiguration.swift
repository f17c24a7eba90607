// The code of the "Configuration" article.

import AppServices
import AppServicesUIKit
import Configuration
import Logging

// MARK: The layers

/// The layered reader of an application: command line, environment, a JSON file, defaults.
func makeShopConfiguration(arguments: [String], environment: [String: String]) async throws -> LaunchPlan.Configuration
{
    let layers = LayeredConfiguration(
        arguments: arguments,
        environment: environment,
        defaults: [
            "http.timeout": 30,
            "feed.refreshSeconds": 60,
            "theme": "system",
        ],
        secretKeys: ["crashReporter.dsn", "payments.apiKey"]
    )
    let configuration = try await LaunchPlan.Configuration(layers)
    return configuration
}

// MARK: An app's plan factory

/// An application delegate that reads the layers in its synchronous plan factory.
final class ConfiguredAppDelegate: ServiceOrientedAppDelegate {
    override func makeLaunchPlan() throws -> LaunchPlan? {
        let layers = LayeredConfiguration(secretKeys: ["crashReporter.dsn"])
        return try LaunchPlan(configuration: .init(blocking: layers)) {
            CrashReporterInitializer()
        }
    }
}

// MARK: An initializer that needs a key

struct PaymentsInitializer: Initializer {
    var requiredConfigurationKeys: [ConfigKey] { ["payments.apiKey"] }
    var failurePolicy: FailurePolicy { .optional }  // no key: skipped, with one warning

    func perform(_ context: InitializerContext) async throws {
        let apiKey = context.configuration.string(forKey: "payments.apiKey", isSecret: true)
        context.logger.info("payments ready with a key of \(apiKey?.count ?? 0) characters")
    }
}

// MARK: A service that follows reloads

final class FeedService: AppService {
    private(set) var refreshSeconds = 60

    func subscribe(to events: inout EventSubscriptions) {
        events.on(ConfigurationDidChange.self) { change, _ in
            self.refreshSeconds = change.reader.int(forKey: "feed.refreshSeconds", default: 60)
        }
    }
}

// MARK: Declared settings

extension ConfigurationSetting {
    static let feedRefresh = ConfigurationSetting(
        "feed.refreshSeconds",
        .int(in: 5...3600),
        default: 60,
        summary: "how often the feed refreshes, in seconds"
    )
    static let paymentsKey = ConfigurationSetting(
        "payments.apiKey",
        .string,
        isSecret: true,
        summary: "the payment provider's key"
    )
}

/// The layers with their keys declared: every read checks them.
func makeCheckedReader(arguments: [String], environment: [String: String]) async throws -> ConfigReader {
    let layers = LayeredConfiguration(
        arguments: arguments,
        environment: environment,
        settings: [.feedRefresh, .paymentsKey]
    )
    let reader = try await layers.makeReader()
    return reader
}

/// A declared setting reads its value through its `ConfigKey`.
func feedRefreshSeconds(in reader: ConfigReader) -> Int {
    reader.int(forKey: ConfigurationSetting.feedRefresh.key, default: 60)
}
