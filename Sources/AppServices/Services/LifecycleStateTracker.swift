/// The application's state and each scene's, tracked from the callbacks as the callbacks
/// declare their transitions (``AppCallback``), with every callback that arrived in a
/// state it does not fit remembered, so it is reported once.
///
/// Its state is written here only; the composite's state (``CompositeState``) asks it
/// before and after each dispatch.
/// It allocates nothing on a dispatch that changes no scene.
struct LifecycleStateTracker {
    /// The application's state.
    private(set) var application: ApplicationState = .notRunning
    /// Each scene's state, by scene identifier.
    private(set) var scenes: [String: SceneState] = [:]
    /// Whether the launch being dispatched is into the background (from its options).
    private var launchesIntoBackground = false
    /// (state, callback) pairs already reported as unexpected.
    private var reported: Set<Unexpected> = []

    /// A callback that arrived in a state it does not fit.
    struct Unexpected: Hashable {
        /// The state, as a log message names it: `background`, `scene foregroundActive`.
        let state: String
        let callback: AppCallback
    }

    /// Notes whether the launch being dispatched is into the background.
    mutating func launch(intoBackground: Bool) {
        launchesIntoBackground = intoBackground
    }

    /// Checks `callback` against the state and applies the change "did" callbacks make;
    /// "will" callbacks change the state when they end (``didDispatch(_:scene:)``), so a
    /// service asking during `willResignActive` still sees `active`, as in UIKit.
    ///
    /// - Returns: The callback and state to report, the first time `callback` arrives in a
    ///   state it does not fit; `nil` otherwise.
    mutating func willDispatch(_ callback: AppCallback, scene: SceneInfo?) -> Unexpected? {
        if let scene, let change = callback.sceneTransition {
            let current = scenes[scene.identifier]
            if !change.appliesAtEnd { scenes[scene.identifier] = change.to }
            guard !change.fits(current) else { return nil }
            return firstReport(callback, in: current.map { "scene \($0)" } ?? "scene not connected")
        }
        return willDispatch(callback)
    }

    /// ``willDispatch(_:scene:)`` for a callback that concerns no scene.
    @inline(__always)
    mutating func willDispatch(_ callback: AppCallback) -> Unexpected? {
        guard let change = callback.applicationTransition else {
            return application == .terminated ? firstReport(callback, in: "terminated") : nil
        }
        let current = application
        if !change.appliesAtEnd { application = destination(of: change) }
        return change.fits(current) ? nil : firstReport(callback, in: current.rawValue)
    }

    /// Applies the state change of a "will" callback once every service has heard it.
    mutating func didDispatch(_ callback: AppCallback, scene: SceneInfo?) {
        if let scene, let change = callback.sceneTransition {
            if change.appliesAtEnd { scenes[scene.identifier] = change.to }
            return
        }
        didDispatch(callback)
    }

    /// ``didDispatch(_:scene:)`` for a callback that concerns no scene.
    @inline(__always)
    mutating func didDispatch(_ callback: AppCallback) {
        if let change = callback.applicationTransition, change.appliesAtEnd { application = destination(of: change) }
    }

    /// The application state the connected scenes imply, with the scene `identifier`
    /// counted in `state` when given; `nil` when they imply none (no scene in the
    /// foreground or background).
    ///
    /// Asked at every scene callback that brings a scene forward, so it reads the table
    /// without copying it: the other scenes, and `state` for the scene `identifier`.
    func stateImpliedByScenes(treating identifier: String? = nil, as state: SceneState? = nil) -> ApplicationState? {
        var implied = ApplicationState.Implied()
        if identifier != nil, let state, implied.add(state) { return implied.state }
        for (scene, sceneState) in scenes where scene != identifier {
            if implied.add(sceneState) { break }
        }
        return implied.state
    }

    /// The state `change` leads the application to.
    private func destination(of change: AppCallback.Transition<ApplicationState>) -> ApplicationState {
        change.orBackgroundWhenLaunchedThere && launchesIntoBackground ? .background : change.to
    }

    private mutating func firstReport(_ callback: AppCallback, in state: String) -> Unexpected? {
        let unexpected = Unexpected(state: state, callback: callback)
        return reported.insert(unexpected).inserted ? unexpected : nil
    }
}
