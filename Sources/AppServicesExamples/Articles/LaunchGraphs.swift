// The code of the "Launch graphs, phases and budgets" article.

import AppServices
import Configuration
import Foundation
import Logging

/// A stand-in for a database library.
enum ExampleDatabase {
    static func open(path: String) async throws {}
}

// MARK: Initializers

struct DatabaseInitializer: Initializer {
    var budget: Duration? { .seconds(2) }
    var failurePolicy: FailurePolicy { .retry(times: 2, backoff: .exponential(initial: .milliseconds(200))) }

    func perform(_ context: InitializerContext) async throws {
        try await ExampleDatabase.open(path: context.configuration.string(forKey: "database.path", default: "shop.db"))
    }
}

struct RemoteConfigInitializer: Initializer {
    var failurePolicy: FailurePolicy { .optional }  // the app works without it

    func perform(_ context: InitializerContext) async throws {
        context.logger.info("feature flags: \(context.configuration.string(forKey: "flags", default: "none"))")
    }
}

struct CatalogInitializer: Initializer {
    static let dependencies: [any Initializer.Type] = [DatabaseInitializer.self, RemoteConfigInitializer.self]

    func perform(_ context: InitializerContext) async throws {
        context.logger.info("catalog ready")
    }
}

struct ImageCacheInitializer: Initializer {
    var phase: LaunchPhase { .idle }
    func perform(_ context: InitializerContext) async throws {}
}

struct SearchIndexInitializer: Initializer {
    static let dependencies: [any Initializer.Type] = [CatalogInitializer.self]
    var phase: LaunchPhase { .onDemand }
    func perform(_ context: InitializerContext) async throws {}
}

// MARK: The plan

@MainActor
func makeLaunchingComposite() throws -> ServiceComposite {
    let plan = try LaunchPlan {
        DatabaseInitializer()
        RemoteConfigInitializer()
        CatalogInitializer()
        ImageCacheInitializer()
        SearchIndexInitializer()
        ClosureInitializer("warm-up-fonts", phase: .afterFirstFrame) { _ in }
    }
    return ServiceComposite([], launchPlan: plan)
}

// MARK: Driving it

@MainActor
func launchAndReport(traceDirectory: URL) async throws -> LaunchReport {
    let composite = try makeLaunchingComposite()
    _ = composite.didFinishLaunching()  // critical starts as launch returns
    let launch = composite.launch!
    try await launch.waitUntilReady(.critical)  // database, remote config, catalog
    composite.reportFirstFrame()  // after-first-frame, then idle
    try await launch.run(SearchIndexInitializer.self)  // on demand, once
    try await launch.waitUntilReady(.idle)

    let report = launch.report
    print(report.textTable)
    try report.chromeTraceData().write(to: traceDirectory.appending(path: "launch-trace.json"))
    return report
}

// MARK: Before launch returns

/// Stands in for a registry that must be filled before launch returns, as
/// `BGTaskScheduler` must.
final class TaskRegistry: Sendable {
    private let identifiers = Locked<[String]>([])
    func register(_ identifier: String) { identifiers.withLock { $0.append(identifier) } }
    var registered: [String] { identifiers.withLock { $0 } }
}

struct RegistrationsInitializer: SynchronousInitializer {
    let registry: TaskRegistry
    func performSynchronously(_ context: InitializerContext) throws {
        registry.register("com.example.shop.refresh")
    }
}
