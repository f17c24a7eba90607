public import AppServices

/// A launch plan built from a ``LayeredGraph``: one ``AppServices/ClosureInitializer`` per
/// node, depending on its dependencies by name, run by a composite as an application
/// runs it (`didFinishLaunching`, then awaiting the critical phase).
public struct LaunchWorkload: Sendable {
    /// The graph the plan was built from.
    public let graph: LayeredGraph
    /// The initializers, one per node, in node order.
    public let initializers: [any Initializer]
    private let plan: LaunchPlan

    /// Builds the plan for `graph`, each node running `work` with its planned duration.
    ///
    /// - Throws: ``AppServices/ServiceGraphError`` if the graph does not validate (it
    ///   always does: dependencies point to earlier nodes).
    public init(
        graph: LayeredGraph,
        work: @escaping @Sendable (Duration) async throws -> Void
    ) throws {
        self.graph = graph
        let initializers: [any Initializer] = graph.nodes.map { node in
            let duration = node.duration
            return ClosureInitializer(
                node.name,
                dependencyNames: node.dependencies.map { graph.nodes[$0].name }
            ) { _ in
                try await work(duration)
            }
        }
        self.initializers = initializers
        self.plan = try LaunchPlan(initializers: initializers)
    }

    /// Launches a new composite with the plan and waits until its critical phase (every
    /// node) is done.
    ///
    /// - Returns: The wall time from `didFinishLaunching` to the end of the critical phase,
    ///   and the launch's own report.
    @MainActor
    public func launchThroughComposite() async throws -> (wallTime: Duration, report: LaunchReport) {
        let composite = ServiceComposite([], configuration: .benchmark, launchPlan: plan)
        guard let launch = composite.launch else { preconditionFailure("The composite has no launch.") }
        let clock = ContinuousClock()
        let start = clock.now
        _ = composite.didFinishLaunching()
        try await launch.waitUntilReady(.critical)
        let wallTime = clock.now - start
        return (wallTime, launch.report)
    }

    /// The same work run one node after another, in node (dependency) order.
    public func sequentialRunner(
        work: @escaping @Sendable (Duration) async throws -> Void
    ) -> SequentialInitializerRunner {
        SequentialInitializerRunner(
            ordered: graph.nodes.map { node in
                let duration = node.duration
                return SequentialInitializerRunner.Initializer(name: node.name) { try await work(duration) }
            }
        )
    }
}

extension LaunchWorkload {
    /// Work that sleeps for its node's duration (`Task.sleep`).
    public static let sleep: @Sendable (Duration) async throws -> Void = { duration in
        try await Task.sleep(for: duration)
    }

    /// Work that does nothing.
    public static let noOp: @Sendable (Duration) async throws -> Void = { _ in }
}
