import AppServices
import Logging

extension ApplicationHost {
    /// One step of the wind-down: a "down" callback, then the services' background work,
    /// up to the step's budget.
    enum WindDownStep: Sendable, CaseIterable {
        case resignActive
        case enterBackground
        case terminate

        /// The steps UIKit takes from `state` to termination, in order; none for an
        /// application that never launched or has terminated already.
        static func steps(from state: ApplicationState) -> [WindDownStep] {
            switch state {
            case .active: [.resignActive, .enterBackground, .terminate]
            case .inactive: [.enterBackground, .terminate]
            case .background: [.terminate]
            case .notRunning, .launching, .terminated: []
            }
        }

        /// The callback the step sends.
        var callback: AppCallback {
            switch self {
            case .resignActive: .willResignActive
            case .enterBackground: .didEnterBackground
            case .terminate: .willTerminate
            }
        }

        /// The step's budget.
        func budget(in budgets: Configuration.Budgets) -> Duration {
            switch self {
            case .resignActive: budgets.resignActive
            case .enterBackground: budgets.enterBackground
            case .terminate: budgets.terminate
            }
        }

        /// Sends the step's callback through `composite`.
        @MainActor
        func dispatch(to composite: ServiceComposite) {
            switch self {
            case .resignActive: composite.willResignActive()
            case .enterBackground: composite.didEnterBackground()
            case .terminate: composite.willTerminate()
            }
        }
    }

    /// Takes the application from the state it is in to terminated, one step at a time,
    /// each bounded by its budget (none once the host's task is cancelled), after expiring
    /// the background-task runs still going.
    func windDown() async {
        let steps = await MainActor.run {
            // Done when serving ended; here too for a launch that never served.
            backgroundTasks.windDown()
            return WindDownStep.steps(from: composite.applicationState)
        }
        var cutOff: [String] = []
        for (index, step) in steps.enumerated() {
            // Cancelled, the host stops now (a service group cancels it when its graceful
            // shutdown took too long): the callbacks are still sent, and the background work
            // is cut off without waiting for its budget.
            let budget = Task.isCancelled ? .zero : step.budget(in: configuration.budgets)
            logger.info(
                "Wind-down step \(index + 1) of \(steps.count): \(step.callback), then up to \(budget) for background work."
            )
            await MainActor.run { step.dispatch(to: composite) }
            // Work still running at the budget is cancelled, and logged with its name by
            // the composite.
            cutOff += await composite.finishBackgroundWork(within: budget)
        }
        logger.info(
            "The application has wound down.",
            metadata: cutOff.isEmpty ? nil : ["cutOffAtBudget": .array(cutOff.map { "\($0)" })]
        )
    }
}
