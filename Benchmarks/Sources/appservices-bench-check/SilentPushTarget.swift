import BenchmarkWorkloads

/// Target 4: completion merging.
@MainActor
enum SilentPushTarget {
    /// A silent push over 100 services that answer at once, ours over a DispatchGroup merge.
    static func run(iterations: Int, rounds: Int) async -> TargetResult {
        let workload = SilentPushWorkload(serviceCount: 100)
        defer { consume(workload.callbackCount) }
        return await ratioTarget(
            "4. silent push merged over 100 async services, ours / DispatchGroup merge",
            goal: 2.0,
            rounds: rounds,
            iterations: iterations,
            sides: ("composite", "DispatchGroup merge"),
            ours: { await workload.deliverThroughComposite(times: iterations) },
            peer: { await workload.deliverThroughDispatchGroup(times: iterations) }
        )
    }
}
