/// The callers suspended on a launch: until a node settles, a phase is ready, or no
/// initializer is busy, each resumed once, by the state machine's decision.
struct LaunchWaiters {
    typealias Waiter = LaunchStateMachine.Waiter

    private var phases: [(phase: LaunchPhase, waiter: Waiter)] = []
    private var nodes: [Int: [Waiter]] = [:]
    private var idle: [Waiter] = []
    /// Waiters for the effects decided so far to be carried out (a finished run's success
    /// remembered), whatever else runs.
    private var carriedOut: [Waiter] = []
    /// Waiters whose task was cancelled before they were registered.
    private var stopped: Set<Int> = []
    /// Whether an outer composite's launch runs the plan instead: nobody waits here now.
    private(set) var isHandedOver = false

    /// Whether someone waits for the launch to be idle.
    var hasIdleWaiters: Bool { !idle.isEmpty }

    /// Whether the task of the arriving waiter `id` was cancelled already (forgotten then).
    mutating func arrivesStopped(_ id: Int) -> Bool {
        stopped.remove(id) != nil
    }

    mutating func waitForPhase(_ phase: LaunchPhase, _ waiter: Waiter) { phases.append((phase, waiter)) }

    mutating func waitForNode(_ node: Int, _ waiter: Waiter) { nodes[node, default: []].append(waiter) }

    mutating func waitUntilIdle(_ waiter: Waiter) { idle.append(waiter) }

    mutating func waitUntilCarriedOut(_ waiter: Waiter) { carriedOut.append(waiter) }

    /// Removes and returns the waiters for effects to be carried out.
    mutating func removeCarriedOutWaiters() -> [Waiter] {
        defer { carriedOut = [] }
        return carriedOut
    }

    /// Removes and returns the waiters of `node`.
    mutating func removeWaiters(ofNode node: Int) -> [Waiter] {
        nodes.removeValue(forKey: node) ?? []
    }

    /// Removes and returns the phase waiters `result` has a result for.
    mutating func removePhaseWaiters(
        _ result: (LaunchPhase) -> Result<Void, LaunchError>?
    ) -> [(waiter: Waiter, result: Result<Void, LaunchError>)] {
        var resumed: [(waiter: Waiter, result: Result<Void, LaunchError>)] = []
        phases.removeAll { phase, waiter in
            guard let result = result(phase) else { return false }
            resumed.append((waiter, result))
            return true
        }
        return resumed
    }

    /// Removes and returns the idle waiters.
    mutating func removeIdleWaiters() -> [Waiter] {
        defer { idle = [] }
        return idle
    }

    /// Removes the waiter `id` (its task was cancelled) and returns it; when it is not
    /// registered, remembers it, so that it is resumed at once when it arrives.
    mutating func remove(id: Int) -> Waiter? {
        if let position = phases.firstIndex(where: { $0.waiter.id == id }) {
            return phases.remove(at: position).waiter
        }
        if let position = idle.firstIndex(where: { $0.id == id }) {
            return idle.remove(at: position)
        }
        if let position = carriedOut.firstIndex(where: { $0.id == id }) {
            return carriedOut.remove(at: position)
        }
        for (node, waiters) in nodes {
            if let position = waiters.firstIndex(where: { $0.id == id }) {
                return nodes[node]!.remove(at: position)
            }
        }
        stopped.insert(id)  // cancelled before it was registered, or already resumed
        return nil
    }

    /// The plan runs elsewhere now: removes and returns every waiter.
    mutating func handOver() -> [Waiter] {
        isHandedOver = true
        defer {
            phases = []
            nodes = [:]
            idle = []
            carriedOut = []
        }
        return phases.map(\.waiter) + nodes.values.joined() + idle + carriedOut
    }
}
