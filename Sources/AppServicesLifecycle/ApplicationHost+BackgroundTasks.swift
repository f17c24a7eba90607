public import AppServices
import Foundation
import Logging
import UnixSignals

extension ApplicationHost {
    /// One run of a background task on the host, and how it ended.
    ///
    /// ```text
    /// com.example.inbox.refresh: succeeded
    /// ```
    public struct BackgroundTaskRun: Sendable, CustomStringConvertible {
        /// How a run ended. New outcomes may be added.
        public struct Outcome: Sendable, Hashable, CustomStringConvertible {
            private enum Base: String, Sendable, Hashable {
                case succeeded
                case failed
                case expired
                case notDeclared
                case notStarted
                case stillRunning
            }

            private let base: Base

            /// The work returned: the task was completed with success.
            public static let succeeded = Outcome(base: .succeeded)
            /// The work threw: the task was completed as failed.
            public static let failed = Outcome(base: .failed)
            /// The host expired the run at wind-down: its work was cancelled and the task was
            /// completed as failed.
            public static let expired = Outcome(base: .expired)
            /// No service declares the identifier: the task was completed as failed at once.
            public static let notDeclared = Outcome(base: .notDeclared)
            /// The application had not launched or was winding down: nothing ran.
            public static let notStarted = Outcome(base: .notStarted)
            /// A run of the same task, started by an earlier trigger, was still going: nothing
            /// ran, and its pending request, if any, stays pending.
            public static let stillRunning = Outcome(base: .stillRunning)

            /// The outcome's name, such as `succeeded`.
            public var description: String { base.rawValue }
        }

        /// The task's identifier.
        public let identifier: String
        /// How the run ended.
        public let outcome: Outcome
        /// The system's task as the composite saw it, with every `setTaskCompleted(success:)`
        /// call (`InProcessBackgroundTask/completions`); `nil` when nothing was started.
        public let task: InProcessBackgroundTask?

        /// Whether the task was completed with success.
        public var succeeded: Bool { outcome == .succeeded }

        /// `identifier: outcome`.
        public var description: String { "\(identifier): \(outcome)" }
    }

    /// The host's background-task scheduler, in place of `BGTaskScheduler`: the composite
    /// registers its declared tasks with it as the application launches (before
    /// `willFinishLaunching`), and services submit their requests to it through
    /// `AppContext/backgroundTasks`. The host runs them when triggered
    /// (``runDueBackgroundTasks()``, ``runBackgroundTask(_:)``,
    /// ``Configuration-swift.struct/backgroundTaskSignal``).
    @MainActor
    public var backgroundTaskScheduler: InProcessBackgroundTaskScheduler { backgroundTasks.scheduler }

    /// Runs every pending request whose earliest begin date has come, as the system would
    /// launch them, and waits until all have been completed.
    ///
    /// The runs start together, in the order their requests were submitted, each taking its
    /// request; a task that submits its next request from its work is not run again until
    /// the next trigger, nor while its run goes on (as the system runs one at a time): its
    /// request stays pending. The host logs each run and how it ended. It expires no run
    /// while the application serves (the system expires an app refresh after about 30
    /// seconds): a service bounds its own work, with a timeout of its own. Runs still going
    /// when the application winds down are expired: their work is cancelled and they are
    /// completed as failed, once.
    ///
    /// - Returns: One run per due request started, in the order submitted (a request whose
    ///   task still runs is left out, and stays pending); empty when none is due, before the
    ///   launch and during the wind-down.
    @MainActor
    @discardableResult
    public func runDueBackgroundTasks() async -> [BackgroundTaskRun] {
        await finish(startDueBackgroundTasks(because: "on request"))
    }

    /// Runs the background task `identifier` now, whether or not a request for it is pending
    /// (a pending one is taken), and waits until it has been completed.
    ///
    /// A task no service declares is completed as failed at once and logged as an error,
    /// with its identifier. Before the launch and during the wind-down nothing runs, nor
    /// while a run of the same task goes on (``BackgroundTaskRun/Outcome-swift.struct/stillRunning``).
    @MainActor
    @discardableResult
    public func runBackgroundTask(_ identifier: String) async -> BackgroundTaskRun {
        await backgroundTasks.finish(backgroundTasks.start(identifier, because: "on request"))
    }

    /// Starts a run of every due request; `reason` says why, for the log.
    @MainActor
    func startDueBackgroundTasks(because reason: String) -> [HostBackgroundTasks.Start] {
        backgroundTasks.startDue(at: Date(), because: reason)
    }

    /// Waits for `starts`, in order.
    @MainActor
    func finish(_ starts: [HostBackgroundTasks.Start]) async -> [BackgroundTaskRun] {
        var runs: [BackgroundTaskRun] = []
        for start in starts { runs.append(await backgroundTasks.finish(start)) }
        return runs
    }
}
