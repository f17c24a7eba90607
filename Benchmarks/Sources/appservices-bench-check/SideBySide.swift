/// Times two implementations of the same work in interleaved rounds: each round runs
/// both, alternating which goes first, so drift in the machine (other builds on the same
/// two cores, frequency changes) lands on both sides alike. The comparison uses the
/// median of each side's per-round times.
@MainActor
struct SideBySide {
    /// Measured rounds.
    var rounds: Int
    /// Rounds run first and thrown away (caches, lazy initialization, page faults).
    var warmupRounds = 2

    /// Runs `ours` and `peer` once per round each and returns their per-round times.
    func compare(ours: () async throws -> Void, peer: () async throws -> Void) async rethrows -> Comparison {
        let clock = ContinuousClock()
        var comparison = Comparison()
        for round in 0..<(warmupRounds + rounds) {
            let oursFirst = round.isMultiple(of: 2)
            var oursTime = Duration.zero
            var peerTime = Duration.zero
            if oursFirst { oursTime = try await clock.measure { try await ours() } }
            peerTime = try await clock.measure { try await peer() }
            if !oursFirst { oursTime = try await clock.measure { try await ours() } }
            if round >= warmupRounds {
                comparison.ours.append(oursTime)
                comparison.peer.append(peerTime)
            }
        }
        return comparison
    }
}

/// The per-round times of both sides of a comparison.
struct Comparison {
    /// Our side's time in each round.
    var ours: [Duration] = []
    /// The peer's time in each round.
    var peer: [Duration] = []

    /// Median of ours over median of the peer's.
    var ratio: Double { ours.median.seconds / peer.median.seconds }
}

extension [Duration] {
    /// The middle value (the mean of the two middle values for an even count).
    var median: Duration {
        precondition(!isEmpty, "The median of no measurements is undefined.")
        let sorted = self.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// The duration in the unit that reads best (ns, µs, ms or s).
    var readable: String {
        let value = seconds
        switch value {
        case ..<1e-6: return "\(formatted(value * 1e9)) ns"
        case ..<1e-3: return "\(formatted(value * 1e6)) µs"
        case ..<1: return "\(formatted(value * 1e3)) ms"
        default: return "\(formatted(value)) s"
        }
    }
}

/// `value` with two decimals.
func formatted(_ value: Double) -> String {
    // A target whose measurement was found invalid (the two sides did different work) holds
    // infinity, and fails; it prints so rather than stopping the check.
    guard value.isFinite, abs(value) < 1e15 else { return value.isNaN ? "invalid" : "invalid (\(value))" }
    let hundredths = (value * 100).rounded()
    let whole = Int(hundredths / 100)
    let fraction = Int(abs(hundredths).truncatingRemainder(dividingBy: 100))
    let sign = value < 0 && whole == 0 ? "-" : ""
    return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
}
