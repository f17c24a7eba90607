import AppServices
import Foundation
import Logging

/// The host's side of background tasks: the scheduler the composite registers with, the
/// runs going on, and whether a run may start. Main-actor state, written only here.
@MainActor
final class HostBackgroundTasks {
    /// Whether runs may start.
    private enum State: CustomStringConvertible {
        /// The application has not launched: nothing is registered, nothing runs.
        case notLaunched
        /// The composite has registered its tasks: triggered runs start.
        case launched
        /// The application winds down: the runs going on were expired, and none starts.
        case windingDown

        var description: String {
            switch self {
            case .notLaunched: "not launched"
            case .launched: "launched"
            case .windingDown: "winding down"
            }
        }
    }

    /// A run that was asked for: started, or refused at once.
    enum Start {
        /// Running on the scheduler.
        case running(InProcessBackgroundTask)
        /// Not started, or completed at once because nobody declares it: its outcome.
        case finished(ApplicationHost.BackgroundTaskRun)
    }

    /// The system's scheduler, as the composite and its services see it.
    let scheduler = InProcessBackgroundTaskScheduler()
    private let logger: Logger
    private var state = State.notLaunched
    /// The runs started and not finished, oldest first.
    private var running: [InProcessBackgroundTask] = []
    /// The runs the host expired, so that their outcome says so.
    private var expired: Set<ObjectIdentifier> = []

    init(logger: Logger) {
        self.logger = logger
    }

    /// Registers the composite's declared tasks with the scheduler: the application is
    /// launching.
    func register(_ composite: ServiceComposite) {
        guard case .notLaunched = state else {
            preconditionFailure("The host registered its background tasks while \(state); it launches once.")
        }
        state = .launched
        composite.registerBackgroundTasks(with: scheduler)
        let declared = composite.declaredBackgroundTasks
        guard !declared.isEmpty else { return }
        let list = declared.map { "\($0.identifier) (\($0.kind), \($0.service))" }.joined(separator: ", ")
        logger.info("Registered \(Self.count(declared.count)) with the host's scheduler: \(list).")
    }

    /// Whether the application winds down (or has wound down): nothing more reaches its
    /// services, a reloaded configuration included.
    var isWindingDown: Bool { if case .windingDown = state { true } else { false } }

    /// Why no background task may run now: the application has not launched, or winds
    /// down; `nil` between.
    var whyNotLaunched: String? {
        switch state {
        case .launched: nil
        case .notLaunched: "the application has not launched"
        case .windingDown: "the application is winding down"
        }
    }

    /// Starts a run of every pending request due at `date`, in the order submitted; none
    /// before the launch or during the wind-down. `reason` says why they run, for the log.
    func startDue(at date: Date, because reason: String) -> [Start] {
        guard case .launched = state else {
            logger.info("No background task runs \(reason): the application is \(state).")
            return []
        }
        let due = scheduler.dueRequests(at: date).map(\.identifier)
        guard !due.isEmpty else {
            logger.info("No background task is due \(reason).")
            return []
        }
        // A run may withdraw a request due after it, or replace it with a later one, before
        // that one starts (its work starts on the spot where the runtime can): each is
        // started only if its request is still due.
        var starts: [Start] = []
        for identifier in due where scheduler.dueRequests(at: date).contains(where: { $0.identifier == identifier }) {
            // As the system, one run of a task at a time: its request waits for the next trigger.
            if isRunning(identifier) {
                logger.info(
                    "Background task \(identifier) is due \(reason) but still running from an earlier trigger; its request stays pending.",
                    metadata: ["task": "\(identifier)"]
                )
                continue
            }
            starts.append(start(identifier, because: reason))
        }
        return starts
    }

    /// Starts a run of `identifier`, as the system would launch it, taking its pending
    /// request; `reason` says why it runs, for the log.
    func start(_ identifier: String, because reason: String) -> Start {
        if let why = whyNotLaunched {
            logger.warning(
                "Background task \(identifier) was not run \(reason): \(why).",
                metadata: ["task": "\(identifier)"]
            )
            return .finished(.init(identifier: identifier, outcome: .notStarted, task: nil))
        }
        if isRunning(identifier) {
            logger.warning(
                "Background task \(identifier) was not run \(reason): its run from an earlier trigger is still going.",
                metadata: ["task": "\(identifier)"]
            )
            return .finished(.init(identifier: identifier, outcome: .stillRunning, task: nil))
        }
        // A continued-processing task is registered under its wildcard, and runs under
        // identifiers it names.
        guard BackgroundTaskDeclaration.pattern(among: scheduler.registeredIdentifiers, naming: identifier) != nil
        else {
            // The scheduler completes a task nobody registered as failed, at once.
            let task = scheduler.start(identifier)
            logger.error(
                "Background task \(identifier) was triggered \(reason), but no service declares it; it was completed as failed.",
                metadata: ["task": "\(identifier)"]
            )
            return .finished(.init(identifier: identifier, outcome: .notDeclared, task: task))
        }
        logger.info("Running background task \(identifier) \(reason).", metadata: ["task": "\(identifier)"])
        let task = scheduler.start(identifier)
        if !task.isCompleted { running.append(task) }
        return .running(task)
    }

    /// Whether a run of `identifier` goes on.
    private func isRunning(_ identifier: String) -> Bool {
        running.contains { $0.identifier == identifier && !$0.isCompleted }
    }

    /// Waits until `start` has completed, and logs and returns how it ended.
    func finish(_ start: Start) async -> ApplicationHost.BackgroundTaskRun {
        let task: InProcessBackgroundTask
        switch start {
        case .finished(let run): return run
        case .running(let running): task = running
        }
        let succeeded = await task.completion()
        running.removeAll { $0 === task }
        let outcome: ApplicationHost.BackgroundTaskRun.Outcome =
            succeeded ? .succeeded : expired.remove(ObjectIdentifier(task)) != nil ? .expired : .failed
        let run = ApplicationHost.BackgroundTaskRun(identifier: task.identifier, outcome: outcome, task: task)
        let metadata: Logger.Metadata = ["task": "\(task.identifier)", "outcome": "\(outcome)"]
        switch outcome {
        case .succeeded: logger.info("Background task \(task.identifier) succeeded.", metadata: metadata)
        case .expired:
            logger.warning(
                "Background task \(task.identifier) was expired at wind-down: its work was cancelled, and it was completed as failed.",
                metadata: metadata
            )
        default:
            logger.warning("Background task \(task.identifier) failed; it was completed as failed.", metadata: metadata)
        }
        return run
    }

    /// The application winds down: expires every run going on (which cancels its work and
    /// completes it as failed, once), and refuses new ones.
    func windDown() {
        state = .windingDown
        let expiring = running.filter { !$0.isCompleted }
        guard !expiring.isEmpty else { return }
        logger.info(
            "Expiring \(Self.count(expiring.count)) still running at wind-down: \(expiring.map(\.identifier).joined(separator: ", "))."
        )
        for task in expiring {
            expired.insert(ObjectIdentifier(task))
            task.expire()
        }
    }

    /// "1 background task", "2 background tasks".
    static func count(_ number: Int) -> String {
        number == 1 ? "1 background task" : "\(number) background tasks"
    }
}
