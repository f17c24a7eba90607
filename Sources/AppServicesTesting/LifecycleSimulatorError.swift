/// A step UIKit never takes from the state the simulated application is in.
public struct LifecycleSimulatorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The step that was asked for, such as `didEnterBackground` or `sceneDidBecomeActive("A")`.
    public let step: String
    /// The state it was asked for in, such as `active` or `scene A foregroundActive`.
    public let state: String
    /// The steps UIKit can take from that state.
    public let possibleSteps: [String]

    /// Creates an error.
    public init(step: String, state: String, possibleSteps: [String]) {
        self.step = step
        self.state = state
        self.possibleSteps = possibleSteps
    }

    /// A sentence naming the impossible transition and what UIKit would do instead.
    public var description: String {
        let next = possibleSteps.isEmpty ? "nothing" : possibleSteps.joined(separator: ", ")
        return "UIKit never sends \(step) while \(state). From there it sends: \(next)."
    }
}
