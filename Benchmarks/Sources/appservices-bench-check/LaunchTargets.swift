import AppServices
import BenchmarkWorkloads

/// Targets 5 and 6: launch scheduling.
@MainActor
enum LaunchTargets {
    /// Target 5: a 200-node graph whose nodes sleep 1-5 ms (seeded). Our wall time over the
    /// critical path computed from the planned durations, and the sequential runner's time
    /// over ours.
    static func sleepGraph(rounds: Int) async throws -> [TargetResult] {
        let graph = LayeredGraph.sleepBound
        let workload = try LaunchWorkload(graph: graph, work: LaunchWorkload.sleep)
        let sequential = workload.sequentialRunner(work: LaunchWorkload.sleep)
        var reportedPaths: [Duration] = []
        let comparison = try await SideBySide(rounds: rounds, warmupRounds: 1).compare(
            ours: { reportedPaths.append(try await workload.launchThroughComposite().report.criticalPathLength) },
            peer: { try await sequential.run() }
        )
        let ours = comparison.ours.median
        diagnose(
            "   \(graph.nodes.count) nodes, \(graph.edgeCount) edges: planned critical path \(graph.criticalPath.readable), "
                + "total work \(graph.totalWork.readable); ours \(ours.readable) (report's critical path from real "
                + "times \(reportedPaths.median.readable)), sequential \(comparison.peer.median.readable) "
                + "(medians of \(rounds) rounds)"
        )
        return [
            TargetResult(
                name: "5a. 200-node sleep graph, wall time / planned critical path",
                value: ours.seconds / graph.criticalPath.seconds,
                goal: 1.15,
                bound: .atMost
            ),
            TargetResult(
                name: "5b. 200-node sleep graph, sequential runner / ours",
                value: comparison.peer.median.seconds / ours.seconds,
                goal: 5,
                bound: .atLeast
            ),
        ]
    }

    /// Target 6: 10,000 no-op initializers in a layered graph (3 dependencies each), ours
    /// over swift-service-lifecycle's ServiceGroup running 10,000 no-op services.
    static func noOpLaunch(rounds: Int) async throws -> TargetResult {
        let graph = LayeredGraph.noOpLaunch
        let workload = try LaunchWorkload(graph: graph, work: LaunchWorkload.noOp)
        let serviceGroup = ServiceGroupPeer(serviceCount: 10_000)
        let comparison = try await SideBySide(rounds: rounds, warmupRounds: 1).compare(
            ours: { consume(try await workload.launchThroughComposite().wallTime) },
            peer: { try await serviceGroup.run() }
        )
        diagnose(
            "   \(graph.nodes.count) nodes, \(graph.edgeCount) edges: ours \(comparison.ours.median.readable), "
                + "ServiceGroup \(comparison.peer.median.readable) (medians of \(rounds) rounds)"
        )
        return TargetResult(
            name: "6. 10000 no-op initializers, ours / ServiceGroup of 10000 no-op services",
            value: comparison.ratio,
            goal: 1.0,
            bound: .atMost
        )
    }
}
