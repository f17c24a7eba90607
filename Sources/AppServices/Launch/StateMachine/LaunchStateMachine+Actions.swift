/// What the state machine tells ``Launch`` to do: one action type per input that needs one,
/// and the ``Effects`` that every input able to move the launch on may produce.
extension LaunchStateMachine {
    /// How an attempt ended, as the task that ran it reports it.
    enum AttemptResult: Sendable, Equatable {
        case succeeded
        /// The error's description, secrets already removed.
        case failed(String)
        /// Required configuration keys without a value; `perform` was not called.
        case missingConfiguration([String])
        /// Not due (why): a migration done already, a throttled initializer inside its
        /// interval, a node of the other mode than safe mode; `perform` was not called.
        case notDue(String)
    }

    /// A caller suspended until a node, a phase or idleness: its id, and how to resume it
    /// (the launch resumes its continuation; tests record the result).
    struct Waiter {
        let id: Int
        let resume: @Sendable (Result<Void, LaunchError>) -> Void
    }

    /// One attempt to start in a task of its own.
    struct Start: Equatable {
        let node: Int
        let token: UInt32
        let attempt: Int
        let foregroundRun: Int
    }

    /// A finished run, for metrics.
    struct FinishedRun: Equatable {
        let node: Int
        let outcome: LaunchReport.Outcome.Kind
        let duration: Duration
        /// Which run of the node on entering the foreground this was; 0 for the launch's.
        var foregroundRun = 0
    }

    /// The side effects of an input that moves the launch on, carried out in this order
    /// outside the lock: cancel, log, end signpost intervals, record metrics, arm the timer,
    /// start, resume.
    struct Effects {
        var cancel: [Task<Void, Never>] = []
        var logs: [LogLine] = []
        /// Signpost intervals to end; always empty when the launch marks no signposts.
        var signposts: [SignpostEnd] = []
        var finishedRuns: [FinishedRun] = []
        /// The nodes that finished for good (succeeded, failed, skipped, cancelled), for the
        /// extended launch.
        var settledNodes: [Int] = []
        /// The phases that became ready, each with how long it took from its start (`nil`
        /// without a start: on-demand work).
        var readyPhases: [(phase: LaunchPhase, duration: Duration?)] = []
        /// Whether the launch stopped (failed or was cancelled) with these effects.
        var launchStopped = false
        /// Start the timer task sleeping until `deadline`; it reports `generation` back.
        var armTimer: (deadline: Duration, generation: Int)?
        var starts: [Start] = []
        var resume: [(waiter: Waiter, result: Result<Void, LaunchError>)] = []
        /// Whether the launch must hear (``LaunchStateMachine/effectsCarriedOut()``) when
        /// these are carried out: set when they log, end signposts or record metrics, which whoever waits
        /// until the launch is idle expects to have happened when it is resumed.
        var reportsCarriedOut = false
    }

    /// What to do after ``begin(now:)``, ``startPhase(_:now:)``, ``firstFrame(now:)``,
    /// ``timerFired(generation:now:)``, ``cancel(now:)`` and ``enterForeground(now:)``.
    enum Action {
        /// The input changed nothing.
        case none
        /// Carry out these effects.
        case perform(Effects)
    }

    /// What to do after ``attemptFinished(node:token:_:now:)``.
    enum AttemptFinishedAction {
        /// The attempt was abandoned already: log that its result is ignored.
        case ignore(LogLine)
        /// Carry out these effects.
        case perform(Effects)
    }

    /// What to do after ``taskCreated(_:node:token:)`` and ``timerCreated(_:generation:)``.
    enum TaskCreatedAction: Equatable {
        /// Keep the task running.
        case none
        /// The task is not (or no longer) wanted: cancel it.
        case cancel(Task<Void, Never>)
    }

    /// What to do after ``demand(node:_:now:)``.
    enum DemandAction {
        /// The node has finished already, or the waiter cannot wait: resume it now.
        case resume(Waiter, Result<Void, LaunchError>)
        /// The waiter waits; carry out these effects (the node and its dependencies starting).
        case perform(Effects)
    }

    /// What to do after ``waitForPhase(_:_:)`` and ``waitUntilIdle(_:)``.
    enum WaitAction {
        /// Resume the waiter now.
        case resume(Waiter, Result<Void, LaunchError>)
        /// The waiter waits.
        case suspend
    }

    /// What to do after ``stopWaiting(id:)``.
    enum StopWaitingAction {
        /// The waiter is not registered (yet): it is resumed when it arrives.
        case none
        /// Resume the waiter with ``LaunchError/stoppedWaiting``.
        case resume(Waiter, LaunchError)
    }

    /// What to do after ``handOver()``: resume every waiter with
    /// ``LaunchError/handedOver``, so it waits on the successor.
    struct HandOverAction {
        let resume: [Waiter]
    }
}

extension LaunchStateMachine.Effects {
    /// Whether there is nothing to do.
    var isEmpty: Bool {
        cancel.isEmpty && logs.isEmpty && signposts.isEmpty && finishedRuns.isEmpty && settledNodes.isEmpty
            && readyPhases.isEmpty && armTimer == nil && starts.isEmpty && resume.isEmpty
    }
}

extension LaunchStateMachine.Action {
    /// `.none` when `effects` is empty, `.perform(effects)` otherwise.
    init(_ effects: LaunchStateMachine.Effects) {
        self = effects.isEmpty ? .none : .perform(effects)
    }

    /// The effects to carry out, empty for `.none`.
    var effects: LaunchStateMachine.Effects {
        switch self {
        case .none: LaunchStateMachine.Effects()
        case .perform(let effects): effects
        }
    }
}
