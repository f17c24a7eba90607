import AppServices

/// Opens the local store at launch and refreshes it each time the app returns to the
/// foreground (`rerunsOnForeground`), the article's example of an initializer that runs
/// again.
struct StoreInitializer: Initializer {
    static let dependencies: [any Initializer.Type] = [LoggingInitializer.self]

    let store: LocalStore
    let log: EventLog

    var rerunsOnForeground: Bool { true }

    func perform(_ context: InitializerContext) async throws {
        if context.foregroundRun == 0 {
            try await Task.sleep(for: .milliseconds(9))  // opening and migrating, in a real app
            await store.open()
            log.record(context, "opened the store")
        } else {
            try await Task.sleep(for: .milliseconds(3))
            await store.refresh()
            log.record(context, "refreshed the store")
        }
    }
}
