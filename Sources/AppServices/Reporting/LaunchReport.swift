public import Foundation

/// What happened during a launch: for every initializer and command, where and when it ran
/// and how it ended; for the launch, its wall time, total work, critical path, parallelism
/// and budget overruns.
///
/// ```swift
/// let report = composite.launch!.report
/// print(report.textTable)                                   // aligned, for a terminal or a log
/// try report.jsonData().write(to: reportURL)                // Codable JSON
/// try report.chromeTraceData().write(to: traceURL)          // open in Perfetto or chrome://tracing
/// ```
///
/// All times are measured on the composite's clock from the moment `didFinishLaunching`
/// began. The launch figures (wall time, total work, critical path, parallelism, overruns)
/// cover the phases from ``LaunchPhase/beforeLaunchReturns`` to ``LaunchPhase/idle``;
/// on-demand initializers and foreground runs are listed but not counted, since they run
/// whenever someone asks. Secret configuration values never appear in a report.
public struct LaunchReport: Sendable, Hashable {
    /// How the launch as a whole stands.
    public struct Status: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable, CaseIterable {
            case notStarted
            case running
            case succeeded
            case failed
            case cancelled
        }

        private let base: Base

        /// `didFinishLaunching` has not been dispatched yet.
        public static let notStarted = Status(base: .notStarted)
        /// Some phase up to ``LaunchPhase/idle`` has not finished yet.
        public static let running = Status(base: .running)
        /// Every phase up to ``LaunchPhase/idle`` finished without a required failure.
        public static let succeeded = Status(base: .succeeded)
        /// A required initializer failed.
        public static let failed = Status(base: .failed)
        /// The launch was cancelled.
        public static let cancelled = Status(base: .cancelled)

        /// The status's name.
        public var description: String { base.rawValue }

        init?(name: String) {
            guard let base = Base(rawValue: name) else { return nil }
            self.base = base
        }

        private init(base: Base) { self.base = base }
    }

    /// How one run of an initializer or command ended (or where it is).
    public struct Outcome: Sendable, Hashable, CustomStringConvertible {
        /// The kind of outcome. New kinds may be added.
        public struct Kind: Sendable, Hashable, CustomStringConvertible {
            private enum Base: String, Sendable, Hashable, CaseIterable {
                case pending
                case running
                case succeeded
                case failed
                case timedOut
                case skipped
                case cancelled
                case notDue
            }

            private let base: Base

            /// Not started yet.
            public static let pending = Kind(base: .pending)
            /// Started, not finished.
            public static let running = Kind(base: .running)
            /// Finished without throwing.
            public static let succeeded = Kind(base: .succeeded)
            /// Threw (after its retries), or could not run (missing required configuration).
            public static let failed = Kind(base: .failed)
            /// Ran out of its budget.
            public static let timedOut = Kind(base: .timedOut)
            /// Never ran: a dependency did not succeed, configuration was missing, or the
            /// launch stopped first.
            public static let skipped = Kind(base: .skipped)
            /// Was running when the launch was cancelled or failed.
            public static let cancelled = Kind(base: .cancelled)
            /// Did not need to run, and counts as done for its dependents: a migration done
            /// already or not for this launch, a throttled initializer inside its interval, an
            /// initializer of the plan in safe mode (or of the safe mode outside it).
            public static let notDue = Kind(base: .notDue)

            /// Whether the initializer's dependents may run: it succeeded, or was not due.
            var letsDependentsRun: Bool { base == .succeeded || base == .notDue }

            /// The kind's name, such as `timedOut`.
            public var description: String { base.rawValue }

            init?(name: String) {
                guard let base = Base(rawValue: name) else { return nil }
                self.base = base
            }

            private init(base: Base) { self.base = base }
        }

        /// The kind of outcome.
        public let kind: Kind
        /// The error of a failure, or the reason for a skip; `nil` otherwise.
        public let detail: String?

        /// Not started yet.
        public static let pending = Outcome(kind: .pending, detail: nil)
        /// Started, not finished.
        public static let running = Outcome(kind: .running, detail: nil)
        /// Finished without throwing.
        public static let succeeded = Outcome(kind: .succeeded, detail: nil)
        /// Ran out of its budget.
        public static let timedOut = Outcome(kind: .timedOut, detail: nil)
        /// Cancelled with the launch.
        public static let cancelled = Outcome(kind: .cancelled, detail: nil)

        /// Failed with `error` (its description).
        public static func failed(_ error: String) -> Outcome { Outcome(kind: .failed, detail: error) }

        /// Skipped for `reason`.
        public static func skipped(_ reason: String) -> Outcome { Outcome(kind: .skipped, detail: reason) }

        /// Not due, for `reason`.
        public static func notDue(_ reason: String) -> Outcome { Outcome(kind: .notDue, detail: reason) }

        /// Creates an outcome.
        public init(kind: Kind, detail: String?) {
            self.kind = kind
            self.detail = detail
        }

        /// The kind, with the detail after a colon: `skipped: dependency CrashReporter failed`.
        public var description: String { detail.map { "\(kind): \($0)" } ?? "\(kind)" }

        /// How the outcome reads after a name: "failed", "timed out", "was skipped", ...
        var verb: String {
            switch kind {
            case .succeeded: "succeeded"
            case .failed: "failed"
            case .timedOut: "timed out"
            case .skipped: "was skipped"
            case .cancelled: "was cancelled"
            case .notDue: "was not due"
            case .running: "is running"
            default: "has not run"
            }
        }
    }

    /// Where work ran.
    public struct Placement: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable, CaseIterable {
            case main
            case background
        }

        private let base: Base

        /// On the main actor.
        public static let main = Placement(base: .main)
        /// Off the main actor, on the global concurrent executor.
        public static let background = Placement(base: .background)

        /// `main` or `background`.
        public var description: String { base.rawValue }

        init?(name: String) {
            guard let base = Base(rawValue: name) else { return nil }
            self.base = base
        }

        private init(base: Base) { self.base = base }
    }

    /// Whether a row is an initializer or a startup command.
    public struct NodeKind: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable, CaseIterable {
            case initializer
            case command
        }

        private let base: Base

        /// An ``Initializer``.
        public static let initializer = NodeKind(base: .initializer)
        /// A ``StartupCommand``.
        public static let command = NodeKind(base: .command)

        /// `initializer` or `command`.
        public var description: String { base.rawValue }

        init?(name: String) {
            guard let base = Base(rawValue: name) else { return nil }
            self.base = base
        }

        private init(base: Base) { self.base = base }
    }

    /// One try of an initializer that was retried.
    public struct Attempt: Sendable, Hashable {
        /// When the try started.
        public var start: Duration
        /// When it ended.
        public var end: Duration
        /// Its error (for a try cut off by its budget or by the launch's end, `timed out` or
        /// `was cancelled`), or `nil` if it succeeded.
        public var error: String?

        /// Creates an attempt.
        public init(start: Duration, end: Duration, error: String?) {
            self.start = start
            self.end = end
            self.error = error
        }
    }

    /// One run of an initializer or command.
    public struct Node: Sendable, Hashable {
        /// The initializer's or command's name.
        public var name: String
        /// Initializer or command.
        public var kind: NodeKind
        /// Its phase.
        public var phase: LaunchPhase
        /// Where it ran (or would run).
        public var placement: Placement
        /// The names of the initializers it depends on.
        public var dependencies: [String]
        /// When it started; `nil` if it never did.
        public var start: Duration?
        /// When it finished, or was abandoned; `nil` if it has not.
        public var end: Duration?
        /// How it ended.
        public var outcome: Outcome
        /// Every try, when there was more than one.
        public var attempts: [Attempt]
        /// Its budget, if it has one.
        public var budget: Duration?
        /// Whether it was abandoned: it did not return within the grace period after being
        /// cancelled, and was no longer awaited.
        public var abandoned: Bool
        /// 0 for the launch; 1, 2, ... for the runs on entering the foreground.
        public var foregroundRun: Int
        /// Why it ran when it need not always run: a migration's trigger that held this
        /// launch. `nil` for the others, and for what did not run (see ``outcome``).
        public var reason: String?

        /// How many times it was tried again.
        public var retries: Int { max(attempts.count - 1, 0) }

        /// How long it took, from start to end.
        public var duration: Duration? {
            guard let start, let end else { return nil }
            return end - start
        }

        /// Creates a row.
        public init(
            name: String,
            kind: NodeKind = .initializer,
            phase: LaunchPhase,
            placement: Placement,
            dependencies: [String] = [],
            start: Duration? = nil,
            end: Duration? = nil,
            outcome: Outcome,
            attempts: [Attempt] = [],
            budget: Duration? = nil,
            abandoned: Bool = false,
            foregroundRun: Int = 0,
            reason: String? = nil
        ) {
            self.name = name
            self.kind = kind
            self.phase = phase
            self.placement = placement
            self.dependencies = dependencies
            self.start = start
            self.end = end
            self.outcome = outcome
            self.attempts = attempts
            self.budget = budget
            self.abandoned = abandoned
            self.foregroundRun = foregroundRun
            self.reason = reason
        }
    }

    /// An initializer that took longer than its budget.
    public struct BudgetOverrun: Sendable, Hashable {
        /// The initializer.
        public var name: String
        /// Its budget.
        public var budget: Duration
        /// How long it took (until it was abandoned, if it was).
        public var duration: Duration

        /// Creates an overrun.
        public init(name: String, budget: Duration, duration: Duration) {
            self.name = name
            self.budget = budget
            self.duration = duration
        }
    }

    /// When a phase started.
    public struct PhaseStart: Sendable, Hashable {
        /// The phase.
        public var phase: LaunchPhase
        /// When it started.
        public var start: Duration

        /// Creates a phase start.
        public init(phase: LaunchPhase, start: Duration) {
            self.phase = phase
            self.start = start
        }
    }

    /// How the launch stands.
    public var status: Status
    /// Why it failed or was cancelled, if it did.
    public var failure: String?
    /// Every initializer and command of the launch run: the ones that started in the order
    /// they started, then the others in the order they would run (phase by phase,
    /// dependencies first, commands after the before-launch-returns initializers).
    public var nodes: [Node]
    /// The runs on entering the foreground, in the order they started.
    public var foregroundRuns: [Node]
    /// When each phase that has started started.
    public var phaseStarts: [PhaseStart]
    /// From the beginning of `didFinishLaunching` to the end of the last launch work.
    public var wallTime: Duration
    /// The durations of all launch work added up.
    public var totalWork: Duration
    /// The chain of work that bounded the wall time, first to last, as it really ran: each
    /// entry started when the one before it finished.
    public var criticalPath: [String]
    /// The durations along the critical path added up.
    public var criticalPathLength: Duration
    /// Total work divided by wall time: how many things ran at once, on average.
    public var parallelism: Double
    /// Initializers that ran out of their budget (timed out, or finished late within the
    /// grace period).
    public var budgetOverruns: [BudgetOverrun]
    /// The work services held until a phase was ready or a milestone reached
    /// (``AppContext/whenReached(_:named:perform:)``), in the order it was handed over,
    /// with what became of it.
    public var heldWork: [HeldWork] = []
    /// What the launches of this install have been, as this launch found it; `nil` before
    /// it began.
    public var history: LaunchHistory?
    /// When each throttled initializer is due again, by name (see
    /// ``Launch/nextDueTimes``).
    public var nextDueTimes: [String: Date] = [:]

    /// Creates a report from its rows, computing the launch figures from their real times.
    ///
    /// - Parameters:
    ///   - status: How the launch stands.
    ///   - failure: Why it failed or was cancelled.
    ///   - nodes: The launch runs.
    ///   - foregroundRuns: The runs on entering the foreground.
    ///   - phaseStarts: When each started phase started.
    public init(
        status: Status,
        failure: String? = nil,
        nodes: [Node],
        foregroundRuns: [Node] = [],
        phaseStarts: [PhaseStart]
    ) {
        self.status = status
        self.failure = failure
        self.nodes = nodes
        self.foregroundRuns = foregroundRuns
        self.phaseStarts = phaseStarts
        let launchWork = nodes.filter { $0.phase != .onDemand && $0.duration != nil }
        self.wallTime = launchWork.compactMap(\.end).max() ?? .zero
        self.totalWork = launchWork.reduce(.zero) { $0 + $1.duration! }
        let path = Self.criticalPath(of: nodes, phaseStarts: phaseStarts)
        self.criticalPath = path.map { nodes[$0].name }
        self.criticalPathLength = path.reduce(.zero) { $0 + nodes[$1].duration! }
        self.parallelism = wallTime > .zero ? totalWork / wallTime : 0
        self.budgetOverruns = launchWork.compactMap { node in
            guard let budget = node.budget, let duration = node.duration,
                duration > budget || node.outcome.kind == .timedOut
            else { return nil }
            return BudgetOverrun(name: node.name, budget: budget, duration: duration)
        }
    }

    /// The row of the launch run of `name`, if there is one.
    public func node(named name: String) -> Node? { nodes.first { $0.name == name } }
}
