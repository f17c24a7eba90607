/// The application's state as the composite tracks it from the callbacks it dispatches.
public enum ApplicationState: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// No launch callback has arrived yet.
    case notRunning
    /// `willFinishLaunching` arrived; `didFinishLaunching` has not.
    case launching
    /// In the foreground, not receiving events (after launch, before becoming active, or
    /// after resigning active).
    case inactive
    /// In the foreground and receiving events.
    case active
    /// In the background.
    case background
    /// `willTerminate` arrived.
    case terminated

    /// The state's name.
    public var description: String { rawValue }
}

/// The state of one scene as the composite tracks it from the scene callbacks.
public enum SceneState: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Connected, not yet in the foreground.
    case unattached
    /// In the foreground, not receiving events.
    case foregroundInactive
    /// In the foreground and receiving events.
    case foregroundActive
    /// In the background.
    case background
    /// Disconnected: the system released the scene.
    case disconnected

    /// The state's name.
    public var description: String { rawValue }
}

extension ApplicationState {
    /// The application state scenes in `states` imply: active when one is active, else
    /// inactive when one is in the foreground, else background when one is in the
    /// background; `nil` when none is (every scene unattached or disconnected), which
    /// implies nothing. UIKit derives a scene-based application's state this way.
    package static func implied(byScenes states: some Sequence<SceneState>) -> ApplicationState? {
        var implied = Implied()
        for state in states where implied.add(state) { break }
        return implied.state
    }

    /// The application state scenes imply, as ``implied(byScenes:)`` says, counted one
    /// scene at a time, for a caller that picks the scenes itself.
    package struct Implied {
        /// What the scenes counted so far imply.
        package private(set) var state: ApplicationState?

        /// Nothing counted yet.
        package init() {}

        /// Counts a scene in `scene`; `true` once no other scene can change the result (one
        /// is active).
        package mutating func add(_ scene: SceneState) -> Bool {
            switch scene {
            case .foregroundActive: state = .active
            case .foregroundInactive: state = .inactive
            case .background where state == nil: state = .background
            default: break
            }
            return state == .active
        }
    }
}
