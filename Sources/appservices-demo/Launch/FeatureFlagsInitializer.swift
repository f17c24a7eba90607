import AppServices
import Configuration

/// Loads the feature flags, in parallel with the store: neither needs the other.
struct FeatureFlagsInitializer: Initializer {
    static let dependencies: [any Initializer.Type] = [LoggingInitializer.self]

    let log: EventLog

    var budget: Duration? { .milliseconds(500) }

    func perform(_ context: InitializerContext) async throws {
        let enabled = context.configuration.stringArray(forKey: "featureFlags.enabled") ?? []
        try await Task.sleep(for: .milliseconds(6))  // a remote-config fetch, in a real app
        log.record(context, "enabled: \(enabled.joined(separator: ", "))")
    }
}
