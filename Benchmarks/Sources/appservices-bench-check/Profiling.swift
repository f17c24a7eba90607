import AppServices
import BenchmarkWorkloads

/// `--profile NAME [SIDE [ITERATIONS]]`: runs one side of one workload without measuring,
/// for a profiler (`perf record`, `valgrind --tool=callgrind`) to attribute the time.
/// SIDE is `ours` (the default) or `peer`; ITERATIONS defaults to a few seconds' worth.
@MainActor
enum Profiling {
    /// The workloads that can be profiled.
    static let names = [
        "all-handle-10", "all-handle-1000", "all-handle-10-uikit", "scene-10-uikit", "few-handle", "silent-push",
        "will-present", "notification-response", "validate-10k", "validate-100k", "cold-launch",
    ]

    /// Runs the workload `name` on `side`; `false` when the name is unknown.
    static func run(_ name: String, side: String, iterations: Int?) async throws -> Bool {
        let ours = side != "peer"
        switch name {
        case "all-handle-10", "all-handle-1000", "all-handle-10-uikit":
            let workload = AllServicesHandleWorkload(
                serviceCount: name == "all-handle-1000" ? 1000 : 10,
                asUIKitAdapter: name == "all-handle-10-uikit"
            )
            let times = iterations ?? (name == "all-handle-1000" ? 50_000 : 5_000_000)
            ours ? workload.dispatchThroughComposite(times: times) : workload.dispatchByHand(times: times)
            consume(workload.callbackCount)
        case "scene-10-uikit":
            let workload = SceneCallbacksWorkload(serviceCount: 10)
            workload.dispatch(times: iterations ?? 200_000)
            consume(workload.callbackCount)
        case "few-handle":
            let workload = FewServicesHandleWorkload(serviceCount: 1000, handlerInterval: 10)
            let times = iterations ?? 100_000
            ours ? workload.dispatchThroughComposite(times: times) : workload.dispatchToEveryService(times: times)
            consume(workload.callbackCount)
        case "silent-push":
            let workload = SilentPushWorkload(serviceCount: 100)
            let times = iterations ?? 10_000
            if ours {
                await workload.deliverThroughComposite(times: times)
            } else {
                await workload.deliverThroughDispatchGroup(times: times)
            }
            consume(workload.callbackCount)
        case "will-present":
            let workload = WillPresentNotificationWorkload(serviceCount: 10)
            let times = iterations ?? 1_000_000
            if ours {
                await workload.presentThroughComposite(times: times)
            } else {
                await workload.presentByHand(times: times)
            }
            consume(workload.callbackCounts)
        case "notification-response":
            let workload = NotificationResponseWorkload(serviceCount: 100)
            let times = iterations ?? 10_000
            if ours {
                await workload.deliverThroughComposite(times: times)
            } else {
                await workload.deliverThroughDispatchGroup(times: times)
            }
            consume(workload.callbackCounts)
        case "validate-10k", "validate-100k":
            let nodeCount = name == "validate-10k" ? 10_000 : 100_000
            let workload = try LaunchWorkload(graph: .validation(nodeCount: nodeCount), work: LaunchWorkload.noOp)
            for _ in 0..<(iterations ?? 1_000_000 / nodeCount) { try LaunchPlan.validate(workload.initializers) }
        case "cold-launch":
            // Initializers that do nothing: what remains is the library's own cost.
            let workload = ColdLaunchWorkload(workSteps: 0)
            for _ in 0..<(iterations ?? 2_000) {
                if ours {
                    await workload.finish(workload.launchThroughComposite())
                } else {
                    workload.launchByHand()
                }
            }
            consume(workload.counts)
        default:
            return false
        }
        return true
    }
}
