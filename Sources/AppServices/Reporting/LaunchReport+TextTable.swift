import Foundation

extension LaunchReport {
    /// The report as aligned text: a summary line, one row per initializer and command
    /// (in start order), the foreground runs, the critical path, the budget overruns, and
    /// the held work when there is some, and the launch history and next due times when
    /// the launch kept them.
    ///
    /// ```text
    /// Launch succeeded: wall time 64.0 ms, total work 111.0 ms, parallelism 1.73x
    /// Name           Phase     Where       Start    End      Duration  Retries  Outcome
    /// Logging        critical  background  0.0 ms   4.0 ms   4.0 ms    0        succeeded
    /// CrashReporter  critical  background  4.0 ms   -        -         0        skipped: missing required configuration key crashReporter.dsn
    /// ...
    /// Critical path (60.0 ms): Logging -> Database -> Store
    /// Budget overruns: none
    /// ```
    public var textTable: String {
        var lines = [
            "Launch \(status): wall time \(Self.milliseconds(wallTime)), total work \(Self.milliseconds(totalWork)), "
                + "parallelism \(Self.fixed(parallelism, places: 2))x"
        ]
        if let failure { lines.append("Failure: \(failure)") }
        let header = ["Name", "Phase", "Where", "Start", "End", "Duration", "Retries", "Outcome"]
        lines += Self.aligned([header] + nodes.map(Self.cells))
        if !foregroundRuns.isEmpty {
            lines.append("Foreground runs:")
            lines += Self.aligned([header] + foregroundRuns.map(Self.cells))
        }
        let path = criticalPath.isEmpty ? "none" : criticalPath.joined(separator: " -> ")
        lines.append("Critical path (\(Self.milliseconds(criticalPathLength))): \(path)")
        let overruns = budgetOverruns.map { overrun in
            "\(overrun.name) (budget \(Self.milliseconds(overrun.budget)), took \(Self.milliseconds(overrun.duration)))"
        }
        lines.append("Budget overruns: \(overruns.isEmpty ? "none" : overruns.joined(separator: ", "))")
        if !heldWork.isEmpty {
            let held = heldWork.map { "\($0.name) (until \($0.waitsFor)): \($0.outcome)" }
            lines.append("Held work: \(held.joined(separator: ", "))")
        }
        if let history { lines.append(Self.line(history)) }
        if !nextDueTimes.isEmpty {
            let due = nextDueTimes.sortedOnce { $0.key < $1.key }.map { "\($0.key) at \($0.value.ISO8601Format())" }
            lines.append("Next due: \(due.joined(separator: ", "))")
        }
        return lines.joined(separator: "\n")
    }

    private static func line(_ history: LaunchHistory) -> String {
        var facts = ["version \(history.currentVersion)"]
        if !history.isAvailable {
            facts.append("earlier launches unknown")
        } else if history.isFirstLaunchAfterReinstall {
            facts.append("first launch after a reinstall")
        } else if history.isFirstLaunch {
            facts.append("first launch")
        } else {
            facts.append(
                "launch \(history.launchCount), after version \(history.previousVersion.map { "\($0)" } ?? "?")"
            )
        }
        if history.launchesWithoutFirstFrame > 0 {
            facts.append("\(history.launchesWithoutFirstFrame) launches in a row without a first frame before it")
        }
        if history.isSafeMode { facts.append("safe mode") }
        if let problem = history.problem { facts.append(problem) }
        return "History: \(facts.joined(separator: "; "))"
    }

    private static func cells(_ node: Node) -> [String] {
        let name = node.foregroundRun > 0 ? "\(node.name) (foreground \(node.foregroundRun))" : node.name
        var outcome = node.abandoned ? "\(node.outcome) (abandoned)" : "\(node.outcome)"
        if let reason = node.reason { outcome += " (\(reason))" }
        return [
            node.kind == .command ? "\(name) [command]" : name,
            "\(node.phase)",
            "\(node.placement)",
            node.start.map(milliseconds) ?? "-",
            node.end.map(milliseconds) ?? "-",
            node.duration.map(milliseconds) ?? "-",
            "\(node.retries)",
            outcome,
        ]
    }

    /// Rows with every column but the last padded to its widest cell.
    private static func aligned(_ rows: [[String]]) -> [String] {
        guard let columns = rows.first?.count else { return [] }
        let widths = (0..<columns).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.indices.map { column in
                column == columns - 1 ? row[column] : row[column].padding(to: widths[column])
            }
            .joined(separator: "  ")
        }
    }

    /// `duration` in milliseconds with one decimal: `12.5 ms`.
    static func milliseconds(_ duration: Duration) -> String {
        "\(fixed(duration / .milliseconds(1), places: 1)) ms"
    }

    /// `value` rounded to `places` decimals, without Foundation's formatting.
    static func fixed(_ value: Double, places: Int) -> String {
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((abs(value) * Double(scale)).rounded())
        let fraction = String(scaled % scale)
        let sign = value < 0 && scaled > 0 ? "-" : ""
        return "\(sign)\(scaled / scale).\(String(repeating: "0", count: places - fraction.count))\(fraction)"
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
