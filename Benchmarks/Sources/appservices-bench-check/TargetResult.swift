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
    /// The measured value (a ratio, or allocations per call).
    let value: Double
    /// The goal the value is held to.
    let goal: Double
    /// Which way the goal bounds the value.
    let bound: Bound

    /// Whether the value meets the goal.
    var isMet: Bool {
        switch bound {
        case .atMost: value <= goal
        case .atLeast: value >= goal
        }
    }

    /// `name: ratio X (goal <= Y) ok`, or `... FAIL`.
    var line: String {
        let relation = bound == .atMost ? "<=" : ">="
        return "\(name): ratio \(formatted(value)) (goal \(relation) \(goal)) \(isMet ? "ok" : "FAIL")"
    }
}
