/// The app's local database, reduced to what the demo needs: it opens at launch, refreshes
/// each time the app returns to the foreground, and keeps the inbox's messages.
///
/// Like a real store it announces its changes, here as ``generations``: 1 once opened, 2
/// after the first refresh, and so on. The scripted session waits on it to let the
/// foreground refresh finish before the app quits.
actor LocalStore {
    /// The store's generation after each open or refresh, as it happens.
    nonisolated let generations: AsyncStream<Int>
    private let continuation: AsyncStream<Int>.Continuation
    private var generation = 0
    private var inbox: [String] = []

    init() {
        (generations, continuation) = AsyncStream.makeStream()
    }

    /// Opens the store (a real app would open SQLite or Core Data here).
    func open() {
        generation = 1
        continuation.yield(generation)
    }

    /// Reloads what changed while the app was away.
    func refresh() {
        generation += 1
        continuation.yield(generation)
    }

    /// Adds messages to the inbox; returns how many there are now.
    func save(messages: [String]) -> Int {
        inbox += messages
        return inbox.count
    }
}
