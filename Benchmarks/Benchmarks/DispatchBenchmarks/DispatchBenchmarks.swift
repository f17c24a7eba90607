import Benchmark
import BenchmarkWorkloads

// The dispatch workloads of the ratio check, for `swift package benchmark`, which adds
// percentiles, allocation counts and baselines. Each sample runs `scaledIterations`
// dispatches in one hop to the main actor, where services live.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(2)
    )

    for serviceCount in [10, 100, 1000] {
        Benchmark("resign and become active, \(serviceCount) services, composite", configuration: configuration) {
            benchmark, workload in
            let times = benchmark.scaledIterations.count
            await MainActor.run { workload.dispatchThroughComposite(times: times) }
        } setup: {
            await AllServicesHandleWorkload(serviceCount: serviceCount)
        }
        Benchmark("resign and become active, \(serviceCount) services, hand-written", configuration: configuration) {
            benchmark, workload in
            let times = benchmark.scaledIterations.count
            await MainActor.run { workload.dispatchByHand(times: times) }
        } setup: {
            await AllServicesHandleWorkload(serviceCount: serviceCount)
        }
    }

    Benchmark("memory warning, 100 of 1000 services, composite", configuration: configuration) { benchmark, workload in
        let times = benchmark.scaledIterations.count
        await MainActor.run { workload.dispatchThroughComposite(times: times) }
    } setup: {
        await FewServicesHandleWorkload(serviceCount: 1000, handlerInterval: 10)
    }
    Benchmark("memory warning, 100 of 1000 services, call-every-service", configuration: configuration) {
        benchmark, workload in
        let times = benchmark.scaledIterations.count
        await MainActor.run { workload.dispatchToEveryService(times: times) }
    } setup: {
        await FewServicesHandleWorkload(serviceCount: 1000, handlerInterval: 10)
    }

    let pushConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(2)
    )
    Benchmark("silent push, 100 services, composite", configuration: pushConfiguration) { _, workload in
        await workload.deliverThroughComposite(times: 1)
    } setup: {
        await SilentPushWorkload(serviceCount: 100)
    }
    Benchmark("silent push, 100 services, DispatchGroup merge", configuration: pushConfiguration) { _, workload in
        await workload.deliverThroughDispatchGroup(times: 1)
    } setup: {
        await SilentPushWorkload(serviceCount: 100)
    }
}
