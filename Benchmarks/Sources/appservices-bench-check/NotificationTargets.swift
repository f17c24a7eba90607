import BenchmarkWorkloads

/// Targets 8 and 9: user notifications (target 7 is retired).
@MainActor
enum NotificationTargets {
    /// Target 8: a notification in the foreground, presentation options merged over 10
    /// services that answer at once, ours over a hand-written delegate method whose task
    /// awaits the same methods in order and ORs the options (both entered through the
    /// completion-handler method, as UserNotifications enters them).
    static func willPresent(iterations: Int, rounds: Int) async -> TargetResult {
        let workload = WillPresentNotificationWorkload(serviceCount: 10)
        let merged = await workload.mergedOptions()
        let result = await ratioTarget(
            "8. willPresent merged over 10 async services, ours / hand-written loop",
            goal: 2.0,
            rounds: rounds,
            iterations: iterations,
            sides: ("composite", "hand-written loop"),
            ours: { await workload.presentThroughComposite(times: iterations) },
            peer: { await workload.presentByHand(times: iterations) }
        )
        guard merged.ours == merged.peer else {
            diagnose("8. the two sides merge different options: ours \(merged.ours), hand-written \(merged.peer)")
            return result.invalidated
        }
        return checkedCounts(result, workload.callbackCounts)
    }

    /// Target 9: a notification response delivered to 100 services that finish at once,
    /// ours over a DispatchGroup merge (as target 4 is for silent pushes).
    static func didReceive(iterations: Int, rounds: Int) async -> TargetResult {
        let workload = NotificationResponseWorkload(serviceCount: 100)
        let result = await ratioTarget(
            "9. didReceive response over 100 async services, ours / DispatchGroup merge",
            goal: 2.0,
            rounds: rounds,
            iterations: iterations,
            sides: ("composite", "DispatchGroup merge"),
            ours: { await workload.deliverThroughComposite(times: iterations) },
            peer: { await workload.deliverThroughDispatchGroup(times: iterations) }
        )
        return checkedCounts(result, workload.callbackCounts)
    }

    /// Both sides ran as often, so their services must have been called as often; if not,
    /// one side skipped work, its time means nothing, and the target fails.
    private static func checkedCounts(_ result: TargetResult, _ counts: (ours: Int, peer: Int)) -> TargetResult {
        guard counts.ours != counts.peer else { return result }
        diagnose("   the services were called \(counts.ours) times on our side and \(counts.peer) on the peer's")
        return result.invalidated
    }
}

extension TargetResult {
    /// The same target, failed: its measurement does not compare like with like.
    fileprivate var invalidated: TargetResult {
        TargetResult(name: name, value: .infinity, goal: goal, bound: bound)
    }
}
