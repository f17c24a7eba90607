#if Metrics
import Metrics

/// Records launch durations as swift-metrics timers.
///
/// - `<label>.initializer` per finished run, with dimensions `initializer`, `phase`,
///   `outcome` and `run`: `launch` for the launch's own runs (on-demand ones included, whose
///   phase says so), `foreground` for a run on entering the foreground, which is not launch
///   time;
/// - `<label>.phase` per phase once every initializer in it (and before it) has finished,
///   measured from the phase's start, with dimension `phase`.
///
/// Without a factory of the plan's own, the backend is `MetricsSystem`'s at the moment a
/// duration is recorded, not when the plan was attached: an application may bootstrap its
/// backend during its launch (in `willFinishLaunching`, or in an initializer), after the
/// composite was made. With no backend bootstrapped (the no-op factory) nothing is created
/// at all, so a launch of thousands of initializers pays nothing for metrics it does not
/// keep.
struct LaunchMetrics: Sendable {
    private let factory: (any MetricsFactory)?
    private let label: String
    /// The process's backend, read at each record.
    private let bootstrapped: @Sendable () -> any MetricsFactory

    init(
        factory: (any MetricsFactory)?,
        label: String,
        bootstrapped: @escaping @Sendable () -> any MetricsFactory = { MetricsSystem.factory }
    ) {
        self.factory = factory
        self.label = label
        self.bootstrapped = bootstrapped
    }

    /// The factory to record with now, `nil` when it is the no-op one.
    private var current: (any MetricsFactory)? {
        let resolved = factory ?? bootstrapped()
        return resolved is NOOPMetricsHandler ? nil : resolved
    }

    func recordRun(
        of name: String,
        phase: LaunchPhase,
        outcome: LaunchReport.Outcome.Kind,
        inForeground: Bool,
        duration: Duration
    ) {
        guard let factory = current else { return }
        Timer(
            label: "\(label).initializer",
            dimensions: [
                ("initializer", name), ("phase", phase.description), ("outcome", outcome.description),
                ("run", inForeground ? "foreground" : "launch"),
            ],
            factory: factory
        )
        .recordNanoseconds(duration.nanoseconds)
    }

    func recordPhase(_ phase: LaunchPhase, duration: Duration) {
        guard let factory = current else { return }
        Timer(label: "\(label).phase", dimensions: [("phase", phase.description)], factory: factory)
            .recordNanoseconds(duration.nanoseconds)
    }
}

extension Duration {
    /// The duration in whole nanoseconds, saturating far beyond any launch.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : scaled &+ attoseconds / 1_000_000_000
    }
}
#else
/// Without the `Metrics` trait the launch records nothing.
struct LaunchMetrics: Sendable {
    func recordRun(
        of name: String,
        phase: LaunchPhase,
        outcome: LaunchReport.Outcome.Kind,
        inForeground: Bool,
        duration: Duration
    ) {}

    func recordPhase(_ phase: LaunchPhase, duration: Duration) {}
}
#endif  // Metrics
