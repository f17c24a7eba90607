import AppServices
import BenchmarkWorkloads

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Target 10: a cold launch, the main thread's time from making the services to the first
/// frame, ours against a hand-written delegate that does the same start-up work itself.
@MainActor
enum ColdLaunchTarget {
    /// Each initializer's work, in generator rounds: about 17 µs on the machine the
    /// targets were set on, a small piece of real start-up work (reading a setting,
    /// configuring an SDK).
    static let workSteps = 4_000

    static func run(rounds: Int) async -> [TargetResult] {
        let withWork = await measure(ColdLaunchWorkload(workSteps: workSteps), rounds: rounds)
        let noWork = await measure(ColdLaunchWorkload(workSteps: 0), rounds: rounds)
        diagnose(
            "   main-thread time: ours \(withWork.ours.readable), hand-written \(withWork.peer.readable) "
                + "(\(ColdLaunchWorkload.initializerCount) initializers of \(workSteps) rounds; medians of \(rounds) rounds)"
        )
        diagnose(
            "   for information, initializers that do nothing: ours \(noWork.ours.readable), hand-written "
                + "\(noWork.peer.readable): what the library itself costs the main thread"
        )
        return [
            TargetResult(
                name: "10. cold launch to first frame, main-thread time, ours / hand-written",
                value: withWork.ours.seconds / withWork.peer.seconds,
                goal: 1.5,
                bound: .atMost
            ),
            TargetResult(
                name: "10. cold launch to first frame, main-thread time, ours",
                value: withWork.ours.seconds * 1e3,
                goal: 1.0,
                bound: .atMost,
                unit: "ms"
            ),
        ]
    }

    /// The medians of `rounds` launches of each side, alternating which goes first, after
    /// three launches of warm-up.
    private static func measure(_ workload: ColdLaunchWorkload, rounds: Int) async -> (ours: Duration, peer: Duration) {
        var ours: [Duration] = []
        var peer: [Duration] = []
        for round in 0..<(rounds + 3) {
            let oursFirst = round.isMultiple(of: 2)
            var oursTime = Duration.zero
            if oursFirst { oursTime = await launchThroughComposite(workload) }
            let peerTime = onMainThread { workload.launchByHand() }
            if !oursFirst { oursTime = await launchThroughComposite(workload) }
            if round >= 3 {
                ours.append(oursTime)
                peer.append(peerTime)
            }
        }
        // Both sides did the same work, every launch: each initializer's once, each service
        // heard the launch once (in the last launch, which the counts are of).
        let counts = workload.counts
        let launches = rounds + 3
        let expected = (
            work: 2 * launches * ColdLaunchWorkload.initializerCount, services: ColdLaunchWorkload.serviceCount
        )
        guard counts.work == expected.work, counts.ours == expected.services, counts.peer == expected.services else {
            diagnose(
                "   INVALID: the sides did different work: \(counts.work) initializer runs (expected \(expected.work)), "
                    + "services launched \(counts.ours) by ours and \(counts.peer) by hand (expected \(expected.services))"
            )
            return (.seconds(Int64.max), .seconds(1))
        }
        return (ours.median, peer.median)
    }

    /// The main thread's time for one launch through the composite; then, untimed, the
    /// wait for its initializers off the main thread.
    private static func launchThroughComposite(_ workload: ColdLaunchWorkload) async -> Duration {
        var composite: ServiceComposite?
        let time = onMainThread { composite = workload.launchThroughComposite() }
        if let composite { await workload.finish(composite) }
        return time
    }

    /// The calling thread's CPU time while `body` runs.
    private static func onMainThread(_ body: () -> Void) -> Duration {
        let start = threadCPUTime()
        body()
        return threadCPUTime() - start
    }
}

/// The calling thread's CPU time so far.
func threadCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
}
