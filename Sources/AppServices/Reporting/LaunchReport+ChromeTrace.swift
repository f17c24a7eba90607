public import Foundation

extension LaunchReport {
    /// The report as Chrome trace-event JSON, which Perfetto (ui.perfetto.dev) and
    /// chrome://tracing open.
    ///
    /// Every initializer or command run that started is one complete event (`"ph": "X"`)
    /// with its name, its phase as category, `ts` and `dur` in microseconds since the
    /// beginning of `didFinishLaunching`, and its outcome, retries and placement as `args`.
    /// A run still going when the report was made (its outcome `running`) lasts to the
    /// latest time the report knows, so a trace taken during the launch shows the work it
    /// still waits for.
    /// Main-actor work and background work are on separate threads (`tid`): work that
    /// overlapped gets its own lane (main-actor work overlaps when it suspends), so the
    /// viewer never has to nest events that did not nest. Phase starts are instant events.
    ///
    /// - Throws: An `EncodingError` only if a time is not a finite number, which a clock
    ///   never produces.
    public func chromeTraceData() throws -> Data {
        var events: [TraceEvent] = [
            TraceEvent(
                name: "process_name",
                phase: "M",
                pid: Self.tracePID,
                tid: 0,
                args: ["name": "AppServices launch"]
            )
        ]
        for start in phaseStarts {
            events.append(
                TraceEvent(
                    name: "\(start.phase) phase starts",
                    category: "phase",
                    phase: "i",
                    timestamp: start.start.microseconds,
                    pid: Self.tracePID,
                    tid: Self.mainThreadID,
                    scope: "g"
                )
            )
        }
        let started = (nodes + foregroundRuns).filter { $0.start != nil }
        let latest = (started.map { $0.end ?? $0.start! } + phaseStarts.map(\.start)).max() ?? .zero
        let runs = started.map { node in
            guard node.end == nil else { return node }
            var running = node
            running.end = latest
            return running
        }
        var threadNames: [Int: String] = [:]
        // The background lanes' threads come after the main actor's: at 100, unless the
        // main actor interleaved more runs than that.
        var firstBackgroundThread = Self.firstBackgroundThreadID
        for placement in [Placement.main, .background] {
            let placed = runs.filter { $0.placement == placement }
            let lanes = Self.lanes(for: placed)
            for (node, lane) in zip(placed, lanes) {
                let tid: Int
                if placement == .main {
                    tid = Self.mainThreadID + lane
                    threadNames[tid] = lane == 0 ? "main actor" : "main actor (interleaved \(lane))"
                    firstBackgroundThread = max(firstBackgroundThread, tid + 1)
                } else {
                    tid = firstBackgroundThread + lane
                    threadNames[tid] = "background \(lane + 1)"
                }
                events.append(Self.completeEvent(for: node, thread: tid))
            }
        }
        for (tid, name) in threadNames.sortedOnce(by: { $0.key < $1.key }) {
            events.append(
                TraceEvent(name: "thread_name", phase: "M", pid: Self.tracePID, tid: tid, args: ["name": name])
            )
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(Trace(traceEvents: events, displayTimeUnit: "ms"))
    }

    /// The complete ("X") event of one run, on thread `thread`.
    private static func completeEvent(for node: Node, thread: Int) -> TraceEvent {
        var args = [
            "outcome": node.outcome.kind.description,
            "phase": node.phase.description,
            "placement": node.placement.description,
            "retries": "\(node.retries)",
            "kind": node.kind.description,
        ]
        if let detail = node.outcome.detail { args["detail"] = detail }
        if node.abandoned { args["abandoned"] = "true" }
        return TraceEvent(
            name: node.foregroundRun > 0 ? "\(node.name) (foreground \(node.foregroundRun))" : node.name,
            category: node.foregroundRun > 0 ? "foreground" : node.phase.description,
            phase: "X",
            timestamp: node.start!.microseconds,
            duration: node.duration!.microseconds,
            pid: tracePID,
            tid: thread,
            args: args
        )
    }

    static let tracePID = 1
    static let mainThreadID = 1
    static let firstBackgroundThreadID = 100

    /// For each run (in order), the lowest lane that is free when it starts: interval
    /// partitioning with a heap of lanes by the time they become free, O(n log n).
    private static func lanes(for runs: [Node]) -> [Int] {
        struct Lane: Comparable {
            let freeAt: Duration
            let number: Int
            static func < (lhs: Lane, rhs: Lane) -> Bool { (lhs.freeAt, lhs.number) < (rhs.freeAt, rhs.number) }
        }
        var result = [Int](repeating: 0, count: runs.count)
        var busy = MinHeap<Lane>()
        var free = MinHeap<Int>()
        var laneCount = 0
        for index in runs.indices.sortedOnce(by: { runs[$0].start! < runs[$1].start! }) {
            while let earliest = busy.min, earliest.freeAt <= runs[index].start! {
                free.insert(busy.removeMin().number)
            }
            let lane: Int
            if let reused = free.popMin() {
                lane = reused
            } else {
                lane = laneCount
                laneCount += 1
            }
            result[index] = lane
            busy.insert(Lane(freeAt: runs[index].end!, number: lane))
        }
        return result
    }
}

/// The top level of a trace file.
private struct Trace: Encodable {
    let traceEvents: [TraceEvent]
    let displayTimeUnit: String
}

/// One event in the trace-event format.
private struct TraceEvent: Encodable {
    let name: String
    var category: String?
    let phase: String
    var timestamp: Double = 0
    var duration: Double?
    let pid: Int
    let tid: Int
    var scope: String?
    var args: [String: String]?

    enum CodingKeys: String, CodingKey {
        case name, pid, tid, args
        case category = "cat"
        case phase = "ph"
        case timestamp = "ts"
        case duration = "dur"
        case scope = "s"
    }
}
