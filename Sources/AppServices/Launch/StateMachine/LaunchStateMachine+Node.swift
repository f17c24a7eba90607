extension LaunchStateMachine {
    /// One attempt whose task runs (or is about to).
    struct RunningAttempt: Equatable {
        /// 1 for the first attempt of a run, 2 for its first retry, ...
        let number: Int
        /// Identifies the attempt in the reports of its task; never reused within a node, so
        /// the report of an abandoned attempt is recognised as stale.
        let token: UInt32
        /// The attempt's task, once ``LaunchStateMachine/taskCreated(_:node:token:)`` has
        /// handed it over; kept to cancel it.
        var task: Task<Void, Never>?
        /// The launch was cancelled or failed while it ran: its grace period decides now,
        /// not its budget.
        var isStoppedByLaunch = false
        /// Whether it has begun: a before-launch-returns attempt waits in the launch's queue
        /// until ``LaunchStateMachine/mayRunQueued(_:now:)`` lets it run.
        var hasBegun = true
    }

    /// Where a node's current run is.
    enum Status: Equatable, CustomStringConvertible {
        /// Not started: waiting for its phase, its dependencies, or a demand.
        case pending
        /// An attempt's task is running.
        case running(RunningAttempt)
        /// An attempt failed; the next one starts when the backoff timer fires.
        case retrying(nextAttempt: Int)
        /// The budget ran out and the task was cancelled; it has the grace period to return.
        case overBudget(RunningAttempt)
        /// The run has an outcome.
        case finished

        var description: String {
            switch self {
            case .pending: "pending"
            case .running(let attempt): "running attempt \(attempt.number)"
            case .retrying(let attempt): "waiting to start attempt \(attempt)"
            case .overBudget(let attempt): "over budget in attempt \(attempt.number)"
            case .finished: "finished"
            }
        }

        /// The attempt whose task runs, if one does.
        var attempt: RunningAttempt? {
            switch self {
            case .running(let attempt), .overBudget(let attempt): attempt
            case .pending, .retrying, .finished: nil
            }
        }

        /// Whether the node has work under way: a task, or a retry to come.
        var isBusy: Bool {
            switch self {
            case .running, .overBudget, .retrying: true
            case .pending, .finished: false
            }
        }
    }

    /// The timings and outcome of one run of a node.
    struct RunRecord {
        var start: Duration?
        var end: Duration?
        var attemptStart: Duration = .zero
        /// Every attempt, kept only once there is more than one.
        var attempts: [LaunchReport.Attempt] = []
        var outcome = LaunchReport.Outcome.pending
        /// Why the run did not succeed, for callers awaiting it.
        var failure: LaunchError?
        var abandoned = false
    }

    /// One node's state.
    struct NodeState {
        var status = Status.pending
        /// Dependencies (in the same run) that have not succeeded yet.
        var unmet: Int
        /// Someone awaits this node (or a node that needs it): it starts without waiting
        /// for its phase.
        var demanded = false
        /// 0 for the launch, 1... for foreground runs.
        var foregroundRun = 0
        /// Changes with every run, so timers of an earlier run are recognised as stale.
        var run: UInt32 = 0
        /// The last attempt token given out.
        var lastToken: UInt32 = 0
        var record = RunRecord()
    }

    /// The launch as a whole.
    enum LaunchStatus: CustomStringConvertible {
        case notStarted
        case running
        case failed(LaunchError)
        case cancelled(LaunchError)

        var error: LaunchError? {
            switch self {
            case .notStarted, .running: nil
            case .failed(let error), .cancelled(let error): error
            }
        }

        var isRunning: Bool {
            if case .running = self { true } else { false }
        }

        var description: String {
            switch self {
            case .notStarted: "not started"
            case .running: "running"
            case .failed(let error): "failed (\(error))"
            case .cancelled: "cancelled"
            }
        }
    }
}
