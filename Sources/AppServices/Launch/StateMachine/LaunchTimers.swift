/// The launch's pending timers (budgets, grace periods, backoffs) in one heap, served by one
/// sleeping task that sleeps until the earliest deadline that still matters.
///
/// It decides nothing about nodes: the state machine says which entries are still live
/// when it re-arms, and what a due entry means when it fires.
struct LaunchTimers {
    /// What a timer is for.
    enum Kind { case budget, grace, retry }

    /// One pending timer.
    struct Entry: Comparable {
        let deadline: Duration
        let sequence: Int
        let kind: Kind
        let node: Int
        /// The node's run when the timer was set; a timer of an earlier run is stale.
        let run: UInt32

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.deadline, lhs.sequence) < (rhs.deadline, rhs.sequence)
        }

        static func == (lhs: Entry, rhs: Entry) -> Bool { lhs.sequence == rhs.sequence }
    }

    /// The timer task asked for: its deadline, its generation, and the task once it exists.
    private struct Armed {
        let deadline: Duration
        let generation: Int
        var task: Task<Void, Never>?
    }

    private var heap = MinHeap<Entry>()
    private var sequence = 0
    private var armed: Armed?
    private var generation = 0

    /// The deadline the timer task sleeps until, if it sleeps.
    var armedDeadline: Duration? { armed?.deadline }

    /// Adds a timer.
    mutating func add(_ kind: Kind, node: Int, run: UInt32, at deadline: Duration) {
        sequence += 1
        heap.insert(Entry(deadline: deadline, sequence: sequence, kind: kind, node: node, run: run))
    }

    /// The timer task of `generation` woke up: returns whether it is the armed one (a woken
    /// task of an earlier generation is ignored), and if so disarms.
    mutating func fired(generation: Int) -> Bool {
        guard armed?.generation == generation else { return false }
        armed = nil
        return true
    }

    /// Removes and returns the earliest entry due at `now`, if any.
    mutating func popDue(at now: Duration) -> Entry? {
        guard let next = heap.min, next.deadline <= now else { return nil }
        return heap.removeMin()
    }

    /// The timer task of `generation` exists: kept if it is still wanted, else cancelled.
    mutating func created(_ task: Task<Void, Never>, generation: Int) -> LaunchStateMachine.TaskCreatedAction {
        guard armed?.generation == generation else { return .cancel(task) }
        armed?.task = task
        return .none
    }

    /// Keeps the one timer task asleep until the earliest entry `isLive` keeps, dropping
    /// dead entries on the way.
    ///
    /// - Returns: The task to cancel (armed for another deadline), and the deadline and
    ///   generation of a new timer task to start.
    mutating func rearm(
        isLive: (Entry) -> Bool
    ) -> (cancel: Task<Void, Never>?, arm: (deadline: Duration, generation: Int)?) {
        while let next = heap.min, !isLive(next) { heap.removeMin() }
        let wanted = heap.min?.deadline
        guard wanted != armed?.deadline else { return (nil, nil) }
        let cancel = armed?.task
        armed = nil
        guard let wanted else { return (cancel, nil) }
        generation += 1
        armed = Armed(deadline: wanted, generation: generation)
        return (cancel, (wanted, generation))
    }
}
