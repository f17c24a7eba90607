/// Which launch work counts toward the system's *extended launch*: the time from the first
/// frame to the end of the work that makes an application feel launched (MetricKit's
/// extended launch on iOS, which Xcode Organizer reports).
///
/// One setting of the launch plan (``LaunchPlan/Configuration/extendedLaunch``) opts the
/// plan's critical-phase initializers and chosen readiness milestones in; the tracker
/// reports them to the system (`AppServicesMetricKit` gives MetricKit's, `.metricKit(...)`).
///
/// The launch keeps the system's rules: every task starts as the launch begins, in
/// `didFinishLaunching`, before the first scene connects; at most
/// ``maximumConcurrentTasks`` tasks exist, so when the critical phase has more
/// initializers than the tasks left beside the milestones, initializers share a task, in
/// launch order, which ends when its last initializer has finished; a task ends when its
/// initializer finishes (whatever the outcome: succeeded, failed, skipped), when its
/// milestone is reached, or when the launch is cancelled. The first error the tracker reports
/// is logged once, with the task's name; later ones are not logged again.
///
/// ```swift
/// var configuration = LaunchPlan.Configuration()
/// configuration.extendedLaunch = ExtendedLaunch(tracker: tracker, milestones: [.milestone(InboxLoaded.self)])
/// ```
public struct ExtendedLaunch: Sendable {
    /// The most tasks the system tracks at once (MetricKit's limit).
    public static let maximumConcurrentTasks = 16

    /// Where the tasks are reported.
    public var tracker: any ExtendedLaunchTracker
    /// Whether the critical-phase initializers are tasks. Default: `true`.
    public var includesCriticalPhase: Bool
    /// The milestones whose reaching ends a task of their own, in order. A milestone of a
    /// session (``MilestoneScope/session``) ends its task when it is first reached for any
    /// session.
    public var milestones: [ReadinessPoint]
    /// What the task identifiers start with: the main bundle's identifier by default, as
    /// MetricKit asks before iOS 27 (`com.example.app.DatabaseInitializer`).
    public var taskPrefix: String?

    /// Opts the critical phase (unless `includesCriticalPhase` is `false`) and `milestones`
    /// into the extended launch that `tracker` reports.
    public init(
        tracker: any ExtendedLaunchTracker,
        includesCriticalPhase: Bool = true,
        milestones: [ReadinessPoint] = [],
        taskPrefix: String? = nil
    ) {
        self.tracker = tracker
        self.includesCriticalPhase = includesCriticalPhase
        self.milestones = milestones
        self.taskPrefix = taskPrefix
    }
}

/// Where the extended launch's tasks are reported: MetricKit on iOS
/// (`AppServicesMetricKit`), a recording tracker in tests.
///
/// The launch calls it on the main actor, as MetricKit requires: every ``beginTask(_:onError:)``
/// before the first scene connects, then one ``endTask(_:onError:)`` per task.
public protocol ExtendedLaunchTracker: AnyObject, Sendable {
    /// Starts measuring the task `id`; `onError` is called with what went wrong if the
    /// system refuses it (now or later).
    @MainActor func beginTask(_ id: String, onError: @escaping @MainActor (any Error) -> Void)
    /// Ends the task `id`; `onError` is called with what went wrong if the system refuses.
    @MainActor func endTask(_ id: String, onError: @escaping @MainActor (any Error) -> Void)
}
