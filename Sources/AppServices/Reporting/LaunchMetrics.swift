#if Metrics
import Metrics

/// Records launch durations as swift-metrics timers.
///
/// - `<label>.initializer` per finished run, with dimensions `initializer`, `phase` and
///   `outcome`;
/// - `<label>.phase` per phase once every initializer in it (and before it) has finished,
///   measured from the phase's start, with dimension `phase`.
///
/// With no backend bootstrapped (the no-op factory) nothing is created at all, so a launch
/// of thousands of initializers pays nothing for metrics it does not keep.
struct LaunchMetrics: Sendable {
    private let factory: (any MetricsFactory)?
    private let label: String

    init(factory: (any MetricsFactory)?, label: String) {
        let resolved = factory ?? MetricsSystem.factory
        self.factory = resolved is NOOPMetricsHandler ? nil : resolved
        self.label = label
    }

    func recordRun(of name: String, phase: LaunchPhase, outcome: LaunchReport.Outcome.Kind, duration: Duration) {
        guard let factory else { return }
        Timer(
            label: "\(label).initializer",
            dimensions: [("initializer", name), ("phase", phase.description), ("outcome", outcome.description)],
            factory: factory
        )
        .recordNanoseconds(duration.nanoseconds)
    }

    func recordPhase(_ phase: LaunchPhase, duration: Duration) {
        guard let factory else { return }
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
    func recordRun(of name: String, phase: LaunchPhase, outcome: LaunchReport.Outcome.Kind, duration: Duration) {}

    func recordPhase(_ phase: LaunchPhase, duration: Duration) {}
}
#endif  // Metrics
