import AppServices

/// Warms the thumbnail cache from the store, for the first screen: it needs the store, so
/// it starts the moment the store has opened, while other work may still run.
struct ImageCacheInitializer: Initializer {
    static let dependencies: [any Initializer.Type] = [StoreInitializer.self]

    let log: EventLog

    var failurePolicy: FailurePolicy { .optional }

    func perform(_ context: InitializerContext) async throws {
        try await Task.sleep(for: .milliseconds(4))
        log.record(context, "warmed 24 thumbnails")
    }
}
