import AppServices
import Configuration

/// Starts crash reporting, but only with a `crashReporter.dsn` to send reports to.
///
/// The key is required: without it the launch skips this initializer with one warning
/// naming the key, and goes on (the policy is optional). The DSN is a secret, so its value
/// never appears in logs, the report or the trace.
struct CrashReporterInitializer: Initializer {
    static let dependencies: [any Initializer.Type] = [LoggingInitializer.self]

    let log: EventLog

    var requiredConfigurationKeys: [ConfigKey] { ["crashReporter.dsn"] }
    var failurePolicy: FailurePolicy { .optional }
    var budget: Duration? { .milliseconds(500) }

    func perform(_ context: InitializerContext) async throws {
        // A real app would hand the DSN to its crash reporting SDK here.
        _ = context.configuration.string(forKey: "crashReporter.dsn", isSecret: true)
        try await Task.sleep(for: .milliseconds(2))
        log.record(context, "crash reporting is on")
    }
}
