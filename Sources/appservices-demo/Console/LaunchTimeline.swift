import AppServices
import Foundation

/// The launch drawn as text: one bar per initializer and command, on one time scale, so
/// work that ran in parallel shows as overlapping bars.
///
/// ```text
/// LoggingInitializer       |#                                       |   0.1 ms
/// FeatureFlagsInitializer  | ################                       |   6.2 ms
/// StoreInitializer         | #########################              |   9.3 ms
/// ImageCacheInitializer    |                          ###########   |   4.2 ms
/// CrashReporterInitializer  skipped: missing required configuration key crashReporter.dsn
/// ```
struct LaunchTimeline {
    let report: LaunchReport
    /// How many characters the launch's wall time spans.
    var width = 48

    var text: String {
        let nameWidth = (report.nodes.map(\.name.count).max() ?? 0) + 2
        let wallTime = max(report.wallTime, .microseconds(1))
        let step = String(format: "%.2f ms", wallTime / .milliseconds(1) / Double(width))
        var lines = ["Launch timeline (each # is \(step) of the launch's wall time)"]
        for node in report.nodes {
            let name = node.name.padding(to: nameWidth)
            guard let start = node.start, let end = node.end else {
                lines.append(name + "\(node.outcome)")
                continue
            }
            let first = min(Int(start / wallTime * Double(width)), width - 1)
            let last = min(max(Int((end / wallTime * Double(width)).rounded(.up)), first + 1), width)
            let bar =
                String(repeating: " ", count: first) + String(repeating: "#", count: last - first)
                + String(repeating: " ", count: width - last)
            let duration = String(format: "%6.1f ms", (end - start) / .milliseconds(1))
            lines.append(name + "|" + bar + "|" + duration + "  \(node.outcome.kind)")
        }
        return lines.joined(separator: "\n")
    }
}
