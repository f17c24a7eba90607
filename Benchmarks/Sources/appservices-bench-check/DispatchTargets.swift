import BenchmarkWorkloads

/// Targets 1 to 3: synchronous dispatch.
@MainActor
enum DispatchTargets {
    /// Target 1: a callback every one of N services handles, ours over hand-written.
    static func allServicesHandle(
        serviceCount: Int,
        iterations: Int,
        rounds: Int,
        asUIKitAdapter: Bool = false
    ) async -> TargetResult {
        let workload = AllServicesHandleWorkload(serviceCount: serviceCount, asUIKitAdapter: asUIKitAdapter)
        defer { consume(workload.callbackCount) }
        let configured = asUIKitAdapter ? " (through the UIKit adapter)" : ""
        let result = await ratioTarget(
            "1. sync callback all \(serviceCount) services handle\(configured), ours / hand-written",
            goal: 1.25,
            rounds: rounds,
            iterations: iterations,
            sides: ("composite", "hand-written"),
            each: "pair of callbacks (resign active, become active)",
            ours: { workload.dispatchThroughComposite(times: iterations) },
            peer: { workload.dispatchByHand(times: iterations) }
        )
        // For information only: the same loop over instances of one class, every call
        // static, which no delegate holding distinct services can do.
        let uniform = await SideBySide(rounds: rounds).compare(
            ours: { workload.dispatchThroughComposite(times: iterations) },
            peer: { workload.dispatchUniformly(times: iterations) }
        )
        diagnose(
            "   for information: ours / one class called statically \(formatted(uniform.ratio)) "
                + "(\((uniform.peer.median / iterations).readable) per pair)"
        )
        if asUIKitAdapter {
            // For information only: a scene's two callbacks through the scene delegate, as
            // a scene-based application receives them, against the same peer.
            let scenes = SceneCallbacksWorkload(serviceCount: serviceCount)
            defer { consume(scenes.callbackCount) }
            let sceneSide = await SideBySide(rounds: rounds).compare(
                ours: { scenes.dispatch(times: iterations) },
                peer: { workload.dispatchByHand(times: iterations) }
            )
            diagnose(
                "   for information: a scene's callbacks through the UIKit scene delegate / hand-written "
                    + "\(formatted(sceneSide.ratio)) (\((sceneSide.ours.median / iterations).readable) per pair)"
            )
        }
        return result
    }

    /// Target 2: a callback 10% of 1,000 services handle, ours over call-every-service.
    static func fewServicesHandle(iterations: Int, rounds: Int) async -> TargetResult {
        let workload = FewServicesHandleWorkload(serviceCount: 1000, handlerInterval: 10)
        defer { consume(workload.callbackCount) }
        return await ratioTarget(
            "2. sync callback 10% of 1000 services handle, ours / call-every-service",
            goal: 0.5,
            rounds: rounds,
            iterations: iterations,
            sides: ("composite", "call-every-service"),
            ours: { workload.dispatchThroughComposite(times: iterations) },
            peer: { workload.dispatchToEveryService(times: iterations) }
        )
    }

    /// Target 3: heap allocations per synchronous dispatch, the most of the measured
    /// callbacks (after a warm-up, so one-time work such as sealing is not counted).
    static func allocationsPerDispatch(dispatches: Int) -> TargetResult {
        guard AllocationCounter.isCounting else {
            diagnose("3. the malloc interposer is not counting this process's allocations")
            return TargetResult(
                name: "3. heap allocations per sync dispatch",
                value: .infinity,
                goal: 0,
                bound: .atMost
            )
        }
        let allHandle = AllServicesHandleWorkload(serviceCount: 100)
        let throughAdapter = AllServicesHandleWorkload(serviceCount: 100, asUIKitAdapter: true)
        let scenes = SceneCallbacksWorkload(serviceCount: 100)
        let fewHandle = FewServicesHandleWorkload(serviceCount: 1000, handlerInterval: 10)
        allHandle.dispatchThroughComposite(times: 10)
        throughAdapter.dispatchThroughComposite(times: 10)
        scenes.dispatch(times: 10)
        fewHandle.dispatchThroughComposite(times: 10)
        let becomeActive = AllocationCounter.count { allHandle.dispatchThroughComposite(times: dispatches) }
        let adapter = AllocationCounter.count { throughAdapter.dispatchThroughComposite(times: dispatches) }
        let scene = AllocationCounter.count { scenes.dispatch(times: dispatches) }
        let memoryWarning = AllocationCounter.count { fewHandle.dispatchThroughComposite(times: dispatches) }
        consume(
            allHandle.callbackCount &+ throughAdapter.callbackCount &+ scenes.callbackCount &+ fewHandle.callbackCount
        )
        diagnose(
            "3. mallocs over \(dispatches) dispatches: didBecomeActive (100 services) \(becomeActive), "
                + "the same through the UIKit adapter \(adapter), a scene's through its delegate \(scene), "
                + "didReceiveMemoryWarning (100 of 1000) \(memoryWarning)"
        )
        return TargetResult(
            name: "3. heap allocations per sync dispatch",
            value: Double(max(becomeActive, adapter, scene, memoryWarning)) / Double(dispatches),
            goal: 0,
            bound: .atMost
        )
    }
}

/// Measures `ours` and `peer` (each running `iterations` calls) side by side, prints the
/// medians per call, and holds the ratio of ours to the peer's to `goal` (at most).
@MainActor
func ratioTarget(
    _ name: String,
    goal: Double,
    rounds: Int,
    iterations: Int,
    sides: (ours: String, peer: String),
    each: String = "call",
    ours: () async -> Void,
    peer: () async -> Void
) async -> TargetResult {
    let comparison = await SideBySide(rounds: rounds).compare(ours: ours, peer: peer)
    let oursEach = comparison.ours.median / iterations
    let peerEach = comparison.peer.median / iterations
    diagnose(
        "   \(sides.ours) \(oursEach.readable), \(sides.peer) \(peerEach.readable), per \(each) "
            + "(medians of \(comparison.ours.count) rounds)"
    )
    return TargetResult(name: name, value: comparison.ratio, goal: goal, bound: .atMost)
}
