// Pattern 5: initializers reading a configuration.
//
// Start-up work as small initializers that read one configuration. The crash reporter
// needs a key and is skipped, with one warning, when it is missing; the store refreshes
// each time the application returns to the foreground.

import AppServices
import Configuration
import Logging

struct LoggingInitializer: Initializer {
    func perform(_ context: InitializerContext) async throws {
        let level = context.configuration.string(forKey: "log.level", default: "info")
        context.logger.info("logging at \(level)")
    }
}

struct CrashReporterInitializer: Initializer {
    static let dependencies: [any Initializer.Type] = [LoggingInitializer.self]
    var requiredConfigurationKeys: [ConfigKey] { ["crashReporter.dsn"] }
    var failurePolicy: FailurePolicy { .optional }

    func perform(_ context: InitializerContext) async throws {
        let dsn = context.configuration.string(forKey: "crashReporter.dsn", isSecret: true)
        context.logger.info("crash reports go to \(dsn ?? "nowhere")")
    }
}

struct StoreInitializer: Initializer {
    static let dependencies: [any Initializer.Type] = [LoggingInitializer.self]
    var rerunsOnForeground: Bool { true }
    let refreshes: Refreshes

    func perform(_ context: InitializerContext) async throws {
        refreshes.record(context.configuration.string(forKey: "store.region", default: "eu"))
    }
}

/// The store's refreshes, as a stream a test (or a status screen) can follow.
final class Refreshes: Sendable {
    let regions: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation

    init() { (regions, continuation) = AsyncStream.makeStream() }

    func record(_ region: String) { continuation.yield(region) }
}

func makeConfiguredLaunchPlan(values: [AbsoluteConfigKey: ConfigValue], refreshes: Refreshes) throws -> LaunchPlan {
    let reader = ConfigReader(provider: InMemoryProvider(values: values))
    return try LaunchPlan(configuration: .init(reader: reader, secretKeys: ["crashReporter.dsn"])) {
        LoggingInitializer()
        CrashReporterInitializer()
        StoreInitializer(refreshes: refreshes)
    }
}
