/// One target of the check: a measured value against its goal.
struct TargetResult {
    /// Which way the goal bounds the value.
    enum Bound {
        /// The value must be at most the goal.
        case atMost
        /// The value must be at least the goal.
        case atLeast
    }

    /// The target's name, as printed.
    let name: String
    /// The measured value (a ratio, allocations per call, or a time in `unit`).
    let value: Double
    /// The goal the value is held to.
    let goal: Double
    /// Which way the goal bounds the value.
    let bound: Bound
    /// The value's unit, for a value that is not a ratio (`ms`).
    var unit: String? = nil

    /// Whether the value meets the goal.
    var isMet: Bool {
        switch bound {
        case .atMost: value <= goal
        case .atLeast: value >= goal
        }
    }

    /// `name: ratio X (goal <= Y) ok`, `name: X ms (goal <= Y ms) ok`, or `... FAIL`.
    var line: String {
        let relation = bound == .atMost ? "<=" : ">="
        let measured = unit.map { "\(formatted(value)) \($0)" } ?? "ratio \(formatted(value))"
        let goal = unit.map { "\(self.goal) \($0)" } ?? "\(self.goal)"
        return "\(name): \(measured) (goal \(relation) \(goal)) \(isMet ? "ok" : "FAIL")"
    }
}
