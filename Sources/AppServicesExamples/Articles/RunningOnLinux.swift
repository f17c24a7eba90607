// The code of the "Running on Linux and servers" article.

import AppServices
import AppServicesLifecycle
import Configuration
import Logging
import ServiceLifecycle
import UnixSignals

/// Work a server does once it is up: here it only counts what it served.
final class RequestCounter: AppService, ApplicationStateHandling {
    private(set) var isServing = false

    func applicationDidBecomeActive(_ context: AppContext) {
        isServing = true
    }

    func applicationWillResignActive(_ context: AppContext) {
        isServing = false
    }

    func applicationDidEnterBackground(_ context: AppContext) {
        context.beginBackgroundWork(named: "flush-metrics") {
            try await MetricsUploader.flush()
        }
    }
}

/// A stand-in for a metrics client.
enum MetricsUploader {
    static func flush() async throws {}
}

struct CacheInitializer: Initializer {
    func perform(_ context: InitializerContext) async throws {
        context.logger.info("cache warmed")
    }
}

/// Runs the application until SIGTERM or SIGINT, then winds it down.
@MainActor
func runServer(layers: LayeredConfiguration, logger: Logger) async throws {
    let configuration = try await LaunchPlan.Configuration(layers)
    let plan = try LaunchPlan(configuration: configuration) {
        CacheInitializer()
    }
    let composite = ServiceComposite(launchPlan: plan) {
        RequestCounter()
        FeedService()
    }
    let host = ApplicationHost(
        composite: composite,
        configuration: .init(configurationLayers: layers, logger: logger)
    )
    let group = ServiceGroup(services: [host], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    try await group.run()
}

/// The host's budgets for winding down.
func windDownBudgets() -> ApplicationHost.Configuration {
    var configuration = ApplicationHost.Configuration()
    configuration.budgets.resignActive = .seconds(1)
    configuration.budgets.enterBackground = .seconds(5)
    configuration.budgets.terminate = .seconds(3)
    return configuration
}

// MARK: Readiness and signals that come early

/// A server's `main`: signals held from the start, readiness announced by the host.
enum ReadyServer {
    static func run(makeComposite: () throws -> ServiceComposite, logger: Logger) async throws {
        ApplicationHost.holdSignals([.sigterm, .sigint, .sighup])
        let layers = LayeredConfiguration()
        let composite = try makeComposite()
        var configuration = ApplicationHost.Configuration(configurationLayers: layers, logger: logger)
        configuration.budgets.reload = .seconds(2)
        configuration.whenServing = { print("ready") }
        let host = ApplicationHost(composite: composite, configuration: configuration)
        let group = ServiceGroup(services: [host], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        try await group.run()
    }
}
