public import Foundation

/// The report as JSON. Times are microseconds since the beginning of `didFinishLaunching`
/// (keys ending in `Microseconds`, fractional where the clock is finer), names of kinds,
/// phases and placements are strings.
///
/// ```json
/// {
///   "status" : "succeeded",
///   "wallTimeMicroseconds" : 64000,
///   "criticalPath" : [ "Logging", "Database", "Store" ],
///   "nodes" : [
///     { "name" : "Logging", "phase" : "critical", "placement" : "background",
///       "startMicroseconds" : 0, "endMicroseconds" : 4000, "durationMicroseconds" : 4000,
///       "outcome" : "succeeded", "retries" : 0, ... }
///   ],
///   ...
/// }
/// ```
extension LaunchReport: Codable {
    private enum CodingKeys: String, CodingKey {
        case status, failure, nodes, foregroundRuns, phaseStarts, criticalPath, parallelism, budgetOverruns, heldWork
        case history, nextDueTimes
        case wallTime = "wallTimeMicroseconds"
        case totalWork = "totalWorkMicroseconds"
        case criticalPathLength = "criticalPathLengthMicroseconds"
    }

    /// Encodes the report as described above.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status.description, forKey: .status)
        try container.encodeIfPresent(failure, forKey: .failure)
        try container.encodeMicroseconds(wallTime, forKey: .wallTime)
        try container.encodeMicroseconds(totalWork, forKey: .totalWork)
        try container.encode(criticalPath, forKey: .criticalPath)
        try container.encodeMicroseconds(criticalPathLength, forKey: .criticalPathLength)
        try container.encode(parallelism, forKey: .parallelism)
        try container.encode(budgetOverruns, forKey: .budgetOverruns)
        try container.encode(phaseStarts, forKey: .phaseStarts)
        try container.encode(nodes, forKey: .nodes)
        try container.encode(foregroundRuns, forKey: .foregroundRuns)
        try container.encode(heldWork, forKey: .heldWork)
        try container.encodeIfPresent(history, forKey: .history)
        // Seconds since 1970, as the history keeps them.
        try container.encode(nextDueTimes.mapValues(\.timeIntervalSince1970), forKey: .nextDueTimes)
    }

    /// Decodes a report encoded by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decodeName(Status.init(name:), forKey: .status)
        failure = try container.decodeIfPresent(String.self, forKey: .failure)
        wallTime = try container.decodeMicroseconds(forKey: .wallTime)
        totalWork = try container.decodeMicroseconds(forKey: .totalWork)
        criticalPath = try container.decode([String].self, forKey: .criticalPath)
        criticalPathLength = try container.decodeMicroseconds(forKey: .criticalPathLength)
        parallelism = try container.decode(Double.self, forKey: .parallelism)
        budgetOverruns = try container.decode([BudgetOverrun].self, forKey: .budgetOverruns)
        phaseStarts = try container.decode([PhaseStart].self, forKey: .phaseStarts)
        nodes = try container.decode([Node].self, forKey: .nodes)
        foregroundRuns = try container.decode([Node].self, forKey: .foregroundRuns)
        // Absent from reports written before held work was recorded.
        heldWork = try container.decodeIfPresent([HeldWork].self, forKey: .heldWork) ?? []
        // Absent from reports written before the launch history.
        history = try container.decodeIfPresent(LaunchHistory.self, forKey: .history)
        nextDueTimes = (try container.decodeIfPresent([String: Double].self, forKey: .nextDueTimes) ?? [:])
            .mapValues { Date(timeIntervalSince1970: $0) }
    }

    /// The report as JSON data.
    ///
    /// - Parameter prettyPrinted: Whether to indent and break lines. Default `true`.
    /// - Throws: An `EncodingError` only if a time is not a finite number, which a clock
    ///   never produces.
    public func jsonData(prettyPrinted: Bool = true) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = prettyPrinted ? [.prettyPrinted, .sortedKeys] : [.sortedKeys]
        return try encoder.encode(self)
    }
}

extension LaunchReport.Node: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, kind, phase, placement, dependencies, outcome, detail, retries, attempts, abandoned, foregroundRun
        case reason
        case start = "startMicroseconds"
        case end = "endMicroseconds"
        case duration = "durationMicroseconds"
        case budget = "budgetMicroseconds"
    }

    /// Encodes the row; `durationMicroseconds` and `retries` are included for readers.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(kind.description, forKey: .kind)
        try container.encode(phase, forKey: .phase)
        try container.encode(placement.description, forKey: .placement)
        try container.encode(dependencies, forKey: .dependencies)
        try container.encodeMicroseconds(start, forKey: .start)
        try container.encodeMicroseconds(end, forKey: .end)
        try container.encodeMicroseconds(duration, forKey: .duration)
        try container.encode(outcome.kind.description, forKey: .outcome)
        try container.encodeIfPresent(outcome.detail, forKey: .detail)
        try container.encode(retries, forKey: .retries)
        try container.encode(attempts, forKey: .attempts)
        try container.encodeMicroseconds(budget, forKey: .budget)
        try container.encode(abandoned, forKey: .abandoned)
        try container.encode(foregroundRun, forKey: .foregroundRun)
        try container.encodeIfPresent(reason, forKey: .reason)
    }

    /// Decodes a row encoded by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            kind: try container.decodeName(LaunchReport.NodeKind.init(name:), forKey: .kind),
            phase: try container.decode(LaunchPhase.self, forKey: .phase),
            placement: try container.decodeName(LaunchReport.Placement.init(name:), forKey: .placement),
            dependencies: try container.decode([String].self, forKey: .dependencies),
            start: try container.decodeMicrosecondsIfPresent(forKey: .start),
            end: try container.decodeMicrosecondsIfPresent(forKey: .end),
            outcome: LaunchReport.Outcome(
                kind: try container.decodeName(LaunchReport.Outcome.Kind.init(name:), forKey: .outcome),
                detail: try container.decodeIfPresent(String.self, forKey: .detail)
            ),
            attempts: try container.decode([LaunchReport.Attempt].self, forKey: .attempts),
            budget: try container.decodeMicrosecondsIfPresent(forKey: .budget),
            abandoned: try container.decode(Bool.self, forKey: .abandoned),
            foregroundRun: try container.decode(Int.self, forKey: .foregroundRun),
            reason: try container.decodeIfPresent(String.self, forKey: .reason)
        )
    }
}

// The small types encode through a mirror with synthesized `Codable`, so that their JSON
// names say the unit.

extension LaunchReport.Attempt: Codable {
    private struct JSON: Codable {
        var startMicroseconds: Microseconds
        var endMicroseconds: Microseconds
        var error: String?
    }

    /// Encodes the attempt.
    public func encode(to encoder: any Encoder) throws {
        try JSON(startMicroseconds: .init(start), endMicroseconds: .init(end), error: error).encode(
            to: encoder
        )
    }

    /// Decodes an attempt.
    public init(from decoder: any Decoder) throws {
        let json = try JSON(from: decoder)
        self.init(
            start: json.startMicroseconds.duration,
            end: json.endMicroseconds.duration,
            error: json.error
        )
    }
}

extension LaunchReport.BudgetOverrun: Codable {
    private struct JSON: Codable {
        var name: String
        var budgetMicroseconds: Microseconds
        var durationMicroseconds: Microseconds
    }

    /// Encodes the overrun.
    public func encode(to encoder: any Encoder) throws {
        try JSON(name: name, budgetMicroseconds: .init(budget), durationMicroseconds: .init(duration))
            .encode(to: encoder)
    }

    /// Decodes an overrun.
    public init(from decoder: any Decoder) throws {
        let json = try JSON(from: decoder)
        self.init(
            name: json.name,
            budget: json.budgetMicroseconds.duration,
            duration: json.durationMicroseconds.duration
        )
    }
}

extension LaunchReport.PhaseStart: Codable {
    private struct JSON: Codable {
        var phase: LaunchPhase
        var startMicroseconds: Microseconds
    }

    /// Encodes the phase start.
    public func encode(to encoder: any Encoder) throws {
        try JSON(phase: phase, startMicroseconds: .init(start)).encode(to: encoder)
    }

    /// Decodes a phase start.
    public init(from decoder: any Decoder) throws {
        let json = try JSON(from: decoder)
        self.init(phase: json.phase, start: json.startMicroseconds.duration)
    }
}

extension Duration {
    /// The duration in microseconds, fractional below a microsecond.
    var microseconds: Double { self / .microseconds(1) }
}

/// A duration as the report's JSON writes it: a number of microseconds, fractional below a
/// microsecond. Decoding fails, rather than traps, for a number no duration of nanoseconds
/// can hold (not finite, or beyond about 292 years either way).
private struct Microseconds: Codable {
    let duration: Duration

    init(_ duration: Duration) { self.duration = duration }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let microseconds = try container.decode(Double.self)
        guard let nanoseconds = Int64(exactly: (microseconds * 1000).rounded()) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "\(microseconds) microseconds is not a duration a launch report can hold."
            )
        }
        duration = .nanoseconds(nanoseconds)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(duration.microseconds)
    }
}

extension KeyedEncodingContainer {
    fileprivate mutating func encodeMicroseconds(_ duration: Duration?, forKey key: Key) throws {
        try encodeIfPresent(duration?.microseconds, forKey: key)
    }
}

extension KeyedDecodingContainer {
    fileprivate func decodeMicroseconds(forKey key: Key) throws -> Duration {
        try decode(Microseconds.self, forKey: key).duration
    }

    fileprivate func decodeMicrosecondsIfPresent(forKey key: Key) throws -> Duration? {
        try decodeIfPresent(Microseconds.self, forKey: key)?.duration
    }

    /// Decodes a name and turns it into a value with `make`, failing for unknown names.
    fileprivate func decodeName<Value>(_ make: (String) -> Value?, forKey key: Key) throws -> Value {
        let name = try decode(String.self, forKey: key)
        guard let value = make(name) else {
            throw DecodingError.dataCorruptedError(
                forKey: key,
                in: self,
                debugDescription: "Unknown value \"\(name)\"."
            )
        }
        return value
    }
}
