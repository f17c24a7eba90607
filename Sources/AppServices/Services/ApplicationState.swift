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
        var counts = SceneCounts()
        for state in states { counts.add(state) }
        return counts.implied
    }

    /// The application's state once a scene has disconnected, given what the scenes left
    /// imply: that, or the background when they imply nothing (the last scene in the
    /// foreground or the background closed): a scene-based application with no scene on
    /// screen is in the background, and its services hear `didEnterBackground`.
    package static func afterSceneDisconnected(implied: ApplicationState?) -> ApplicationState {
        implied ?? .background
    }

    /// How many scenes are in each state that implies an application state, kept as scenes
    /// come and go, so that what they imply (``implied(byScenes:)``) is read at once.
    package struct SceneCounts {
        private var active = 0
        private var inactive = 0
        private var background = 0

        /// No scene counted.
        package init() {}

        /// Counts a scene in `scene` (or, with a `change` of -1, stops counting it).
        package mutating func add(_ scene: SceneState, _ change: Int = 1) {
            switch scene {
            case .foregroundActive: active += change
            case .foregroundInactive: inactive += change
            case .background: background += change
            case .unattached, .disconnected: break
            }
        }

        /// Active when a scene counted is active, else inactive when one is in the
        /// foreground, else background when one is in the background; `nil` otherwise.
        package var implied: ApplicationState? {
            if active > 0 { return .active }
            if inactive > 0 { return .inactive }
            return background > 0 ? .background : nil
        }
    }
}
