import AppServices
import Benchmark
import BenchmarkWorkloads

// The launch workloads of the ratio check, for `swift package benchmark`.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        maxDuration: .seconds(5),
        maxIterations: 20
    )

    Benchmark("200-node sleep graph, composite launch", configuration: configuration) { _, workload in
        _ = try await workload.launchThroughComposite()
    } setup: {
        try LaunchWorkload(graph: .sleepBound, work: LaunchWorkload.sleep)
    }
    Benchmark("200-node sleep graph, sequential runner", configuration: configuration) { _, runner in
        try await runner.run()
    } setup: {
        try LaunchWorkload(graph: .sleepBound, work: LaunchWorkload.sleep).sequentialRunner(work: LaunchWorkload.sleep)
    }

    Benchmark("10000 no-op initializers, composite launch", configuration: configuration) { _, workload in
        _ = try await workload.launchThroughComposite()
    } setup: {
        try LaunchWorkload(graph: .noOpLaunch, work: LaunchWorkload.noOp)
    }
    Benchmark("10000 no-op services, ServiceGroup", configuration: configuration) { _, serviceGroup in
        try await serviceGroup.run()
    } setup: {
        ServiceGroupPeer(serviceCount: 10_000)
    }

    for nodeCount in [10_000, 100_000] {
        Benchmark("LaunchPlan.validate, \(nodeCount) nodes", configuration: configuration) { _, workload in
            try LaunchPlan.validate(workload.initializers)
        } setup: {
            try LaunchWorkload(graph: .validation(nodeCount: nodeCount), work: LaunchWorkload.noOp)
        }
    }
}
