import AppServices
import AppServicesLifecycle
import AppServicesTesting
import Logging
import ServiceLifecycle
import ServiceLifecycleTestKit

/// Three recorders in a chain of dependencies, registered out of order so that the
/// composite has to order them: Storage, then Sync, then Feed.
final class Storage: RecordingService {}

final class Sync: RecordingService {
    override class var dependencies: [any AppService.Type] { [Storage.self] }
}

final class Feed: RecordingService {
    override class var dependencies: [any AppService.Type] { [Sync.self] }
}

/// A recorder whose didEnterBackground starts background work that never finishes (it
/// ignores cancellation) until the test opens the gate.
final class Uploader: RecordingService {
    override class var dependencies: [any AppService.Type] { [Storage.self] }
    let gate = Gate()

    override func applicationDidEnterBackground(_ context: AppContext) {
        super.applicationDidEnterBackground(context)
        context.beginBackgroundWork(named: "upload") { [gate] in await gate.wait() }
    }
}

/// Remembers every configuration change it hears about.
final class ConfigurationListener: AppService {
    private(set) var changes: [ConfigurationDidChange] = []

    func subscribe(to events: inout EventSubscriptions) {
        events.on(ConfigurationDidChange.self) { change, _ in self.changes.append(change) }
    }
}

/// Something tasks wait on, ignoring cancellation, until the test opens it.
@MainActor
final class Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        let waiting = waiters
        waiters.removeAll()
        for waiter in waiting { waiter.resume() }
    }
}

/// Runs `host` in a service group under swift-service-lifecycle's test kit: waits until the
/// application has sent `event` (when given), triggers graceful shutdown, and returns when
/// the group has ended.
///
/// - Parameters:
///   - shutdownAfter: The life-cycle event to wait for before shutting down.
///   - whenReached: Called once `event` has arrived, before the shutdown: tests wait there
///     for work to reach the clock.
///   - whileShuttingDown: Called right after the shutdown is triggered, while the host winds
///     down: tests advance the clock there.
func runInServiceGroup(
    _ host: ApplicationHost,
    logger: Logger,
    shutdownAfter event: LifecycleEvent,
    whenReached: @MainActor @Sendable () async -> Void = {},
    whileShuttingDown: @MainActor @Sendable () async -> Void = {}
) async throws {
    let events = await host.composite.lifecycleEvents(bufferingPolicy: .unbounded)
    let group = ServiceGroup(services: [host], logger: logger)
    try await testGracefulShutdown { trigger in
        try await withThrowingTaskGroup { tasks in
            tasks.addTask { try await group.run() }
            for await seen in events where seen == event { break }
            await whenReached()
            trigger.triggerGracefulShutdown()
            await whileShuttingDown()
            try await tasks.waitForAll()
        }
    }
}
