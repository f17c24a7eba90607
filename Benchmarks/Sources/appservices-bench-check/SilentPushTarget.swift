import BenchmarkWorkloads

/// Target 4: completion merging.
@MainActor
enum SilentPushTarget {
    /// A silent push over 100 services that answer at once, ours over a DispatchGroup merge.
    static func run(iterations: Int, rounds: Int) async -> TargetResult {
        let workload = SilentPushWorkload(serviceCount: 100)
        let comparison = await SideBySide(rounds: rounds).compare(
            ours: { await workload.deliverThroughComposite(times: iterations) },
            peer: { await workload.deliverThroughDispatchGroup(times: iterations) }
        )
        consume(workload.callbackCount)
        report(comparison, per: iterations, ours: "composite", peer: "DispatchGroup merge")
        return TargetResult(
            name: "4. silent push merged over 100 async services, ours / DispatchGroup merge",
            value: comparison.ratio,
            goal: 2.0,
            bound: .atMost
        )
    }
}
