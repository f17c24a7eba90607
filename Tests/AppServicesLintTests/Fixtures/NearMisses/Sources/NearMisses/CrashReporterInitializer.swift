import AppServices

/// Written against the release in which required keys were strings.
struct CrashReporterInitializer: Initializer {
    var budget: Duration? { .milliseconds(300) }
    var requiredConfigurationKeys: [String] { ["hockey.identifier"] }

    func perform(_ context: InitializerContext) async throws {}
}
