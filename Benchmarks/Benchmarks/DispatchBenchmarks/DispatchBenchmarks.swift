import Benchmark
import BenchmarkWorkloads

// The dispatch workloads of the ratio check, for `swift package benchmark`, which adds
// percentiles, allocation counts and baselines.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(2)
    )

    for count in [10, 100, 1000] {
        let name = "resign and become active, \(count) services"
        onMainActor("\(name), composite", configuration, { await AllServicesHandleWorkload(serviceCount: count) }) {
            $0.dispatchThroughComposite(times: $1)
        }
        onMainActor("\(name), hand-written", configuration, { await AllServicesHandleWorkload(serviceCount: count) }) {
            $0.dispatchByHand(times: $1)
        }
    }

    let fewHandle: @Sendable () async -> FewServicesHandleWorkload = {
        await FewServicesHandleWorkload(serviceCount: 1000, handlerInterval: 10)
    }
    onMainActor("memory warning, 100 of 1000 services, composite", configuration, fewHandle) {
        $0.dispatchThroughComposite(times: $1)
    }
    onMainActor("memory warning, 100 of 1000 services, call-every-service", configuration, fewHandle) {
        $0.dispatchToEveryService(times: $1)
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

    Benchmark("willPresent, 10 services, composite", configuration: pushConfiguration) { _, workload in
        await workload.presentThroughComposite(times: 1)
    } setup: {
        await WillPresentNotificationWorkload(serviceCount: 10)
    }
    Benchmark("willPresent, 10 services, hand-written loop", configuration: pushConfiguration) { _, workload in
        await workload.presentByHand(times: 1)
    } setup: {
        await WillPresentNotificationWorkload(serviceCount: 10)
    }
    Benchmark("didReceive response, 100 services, composite", configuration: pushConfiguration) { _, workload in
        await workload.deliverThroughComposite(times: 1)
    } setup: {
        await NotificationResponseWorkload(serviceCount: 100)
    }
    Benchmark("didReceive response, 100 services, DispatchGroup merge", configuration: pushConfiguration) {
        _,
        workload in
        await workload.deliverThroughDispatchGroup(times: 1)
    } setup: {
        await NotificationResponseWorkload(serviceCount: 100)
    }
}

/// Registers a benchmark whose samples each run `body` with the sample's iteration count in
/// one hop to the main actor, where services live (so the hop is shared by a thousand
/// dispatches).
private func onMainActor<Workload: Sendable>(
    _ name: String,
    _ configuration: Benchmark.Configuration,
    _ setup: @escaping @Sendable () async -> Workload,
    body: @escaping @MainActor @Sendable (Workload, Int) -> Void
) {
    Benchmark(name, configuration: configuration) { benchmark, workload in
        let times = benchmark.scaledIterations.count
        await MainActor.run { body(workload, times) }
    } setup: {
        await setup()
    }
}
