import Synchronization
import Testing

@testable import AppServices

/// A state machine under test, with what its inputs returned so far.
struct Machine {
    /// One initializer of a test graph.
    struct Node {
        let name: String
        var phase: LaunchPhase = .critical
        var after: [String] = []
        var budget: Duration?
        var policy: FailurePolicy = .required
        var reruns = false

        init(
            _ name: String,
            phase: LaunchPhase = .critical,
            after: [String] = [],
            budget: Duration? = nil,
            policy: FailurePolicy = .required,
            reruns: Bool = false
        ) {
            (self.name, self.phase, self.after, self.budget, self.policy, self.reruns) =
                (name, phase, after, budget, policy, reruns)
        }
    }

    var state: LaunchStateMachine
    /// Every attempt started so far, as `name#attempt`.
    private(set) var started: [String] = []
    /// The last timer the machine asked for.
    private(set) var lastArm: (deadline: Duration, generation: Int)?
    private var tokens: [String: UInt32] = [:]
    /// The ids of idle waiters resumed when effects were reported carried out.
    private(set) var resumedOnceCarriedOut: [Int] = []

    static func make(_ nodes: [Node], grace: Duration = .ms(100), signposting: Bool = false) throws -> Machine {
        let initializers = nodes.map { node in
            // That phase takes synchronous work only.
            guard node.phase != .beforeLaunchReturns else {
                return ClosureInitializer.beforeLaunchReturns(
                    node.name,
                    dependencyNames: node.after,
                    failurePolicy: node.policy,
                    rerunsOnForeground: node.reruns
                ) { _ in }
            }
            return ClosureInitializer(
                node.name,
                phase: node.phase,
                dependencyNames: node.after,
                budget: node.budget,
                failurePolicy: node.policy,
                rerunsOnForeground: node.reruns
            ) { _ in }
        }
        return Machine(
            state: LaunchStateMachine(
                graph: try LaunchGraph(initializers),
                commandCount: 0,
                gracePeriod: grace,
                signposting: signposting
            )
        )
    }

    /// The deadline the timer task sleeps until.
    var armed: Duration? { lastArm?.deadline }

    /// Begins at zero and starts the critical phase.
    mutating func launchToCritical() {
        _ = record(state.begin(now: .zero).effects)
        _ = record(state.startPhase(.critical, now: .zero).effects)
    }

    /// The attempt token of `name`'s last start.
    func token(_ name: String) -> UInt32 { tokens[name]! }

    /// Reports `name`'s current attempt finished.
    mutating func finish(
        _ name: String,
        _ result: LaunchStateMachine.AttemptResult = .succeeded,
        at now: Duration
    )
        -> LaunchStateMachine.Action
    {
        let index = state.graph.positions[.named(name)]!
        switch state.attemptFinished(node: index, token: token(name), result, now: now) {
        case .ignore(let line):
            Issue.record("The report of \(name) was ignored: \(line.message)")
            return .none
        case .perform(let effects):
            return .perform(record(effects))
        }
    }

    /// Enters the foreground at `now`.
    mutating func enterForeground(at now: Duration) -> LaunchStateMachine.Effects {
        record(state.enterForeground(now: now).effects)
    }

    /// Someone awaits `name` at `now`.
    mutating func demand(
        _ name: String,
        _ waiter: LaunchStateMachine.Waiter,
        at now: Duration
    )
        -> LaunchStateMachine.DemandAction
    {
        let action = state.demand(node: state.graph.positions[.named(name)]!, waiter, now: now)
        if case .perform(let effects) = action { _ = record(effects) }
        return action
    }

    /// Fires the armed timer at `now`.
    mutating func fireTimer(at now: Duration) -> LaunchStateMachine.Action {
        let action = state.timerFired(generation: lastArm!.generation, now: now)
        return .perform(record(action.effects))
    }

    /// `name#attempt` of each start.
    func names(_ starts: [LaunchStateMachine.Start]) -> [String] {
        starts.map { "\(state.graph.nodes[$0.node].name)#\($0.attempt)" }
    }

    private mutating func record(_ effects: LaunchStateMachine.Effects) -> LaunchStateMachine.Effects {
        started += names(effects.starts)
        for start in effects.starts { tokens[state.graph.nodes[start.node].name] = start.token }
        if let arm = effects.armTimer { lastArm = arm }
        // Carried out at once, as Launch does after logging; tests of the wait in between
        // call the machine directly.
        if effects.reportsCarriedOut { resumedOnceCarriedOut += state.effectsCarriedOut().map(\.id) }
        return effects
    }
}

/// Makes waiters and renders what they are resumed with.
struct Recorder {
    func waiter(_ id: Int) -> LaunchStateMachine.Waiter { .ignored(id) }

    /// `success`, or the error's message.
    static func message(_ result: Result<Void, LaunchError>) -> String {
        switch result {
        case .success: "success"
        case .failure(let error): error.message
        }
    }
}

extension LaunchStateMachine.Waiter {
    /// A waiter whose resumption the test reads from the actions instead.
    static func ignored(_ id: Int) -> Self { .init(id: id) { _ in } }
}

extension LaunchStateMachine.WaitAction {
    var isSuspended: Bool {
        if case .suspend = self { true } else { false }
    }
}
