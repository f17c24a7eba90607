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
    private(set) var scenes = SceneStates()
    /// Whether the launch being dispatched is into the background (from its options).
    private var launchesIntoBackground = false
    /// (state, callback) pairs already reported as unexpected.
    private var reported: Set<Unexpected> = []

    /// A callback that arrived in a state it does not fit.
    struct Unexpected: Hashable {
        /// The state, as a log message names it: `background`, `foregroundActive`.
        let state: String
        let callback: AppCallback
        /// The scene whose state it is, for a scene's callback; `nil` for the application's.
        var scene: String? = nil
    }

    /// Notes whether the launch being dispatched is into the background.
    mutating func launch(intoBackground: Bool) {
        launchesIntoBackground = intoBackground
    }

    /// A launch that seemed to be into the background turned out to be in front of the
    /// user (see ``CompositeState/settleLaunchReason(_:inBackground:)``): the application
    /// is inactive, as such a launch leaves it.
    mutating func launchTurnedOutInFront() {
        launchesIntoBackground = false
        if application == .background { application = .inactive }
    }

    /// Checks `callback` against the state and applies the change "did" callbacks make;
    /// "will" callbacks change the state when they end (``didDispatch(_:scene:)``), so a
    /// service asking during `willResignActive` still sees `active`, as in UIKit.
    ///
    /// - Returns: The callback and state to report, the first time `callback` arrives in a
    ///   state it does not fit; `nil` otherwise.
    mutating func willDispatch(_ callback: AppCallback, scene: SceneInfo?) -> Unexpected? {
        if let scene, let change = callback.sceneTransition {
            let current = change.appliesAtEnd ? scenes[scene.identifier] : scenes.exchange(scene.identifier, change.to)
            guard !change.fits(current) else { return nil }
            return firstReport(callback, in: current.map { "\($0)" } ?? "not connected", scene: scene.identifier)
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
    /// Asked at every scene callback, so it reads how many scenes are in each state rather
    /// than the table.
    func stateImpliedByScenes(treating identifier: String? = nil, as state: SceneState? = nil) -> ApplicationState? {
        scenes.implied(treating: identifier, as: state)
    }

    /// The state `change` leads the application to.
    private func destination(of change: AppCallback.Transition<ApplicationState>) -> ApplicationState {
        change.orBackgroundWhenLaunchedThere && launchesIntoBackground ? .background : change.to
    }

    private mutating func firstReport(_ callback: AppCallback, in state: String, scene: String? = nil) -> Unexpected? {
        let unexpected = Unexpected(state: state, callback: callback, scene: scene)
        return reported.insert(unexpected).inserted ? unexpected : nil
    }
}

/// Each scene's state, by the scene's identifier, in the order the scenes first arrived.
///
/// A list searched from the scene looked up last, not a dictionary: an application has a
/// handful of scenes and a scene callback usually concerns the scene of the one before,
/// while hashing the identifier twice at every scene callback cost more than the rest of
/// its bookkeeping.
struct SceneStates: Sequence {
    private var identifiers: [String] = []
    private var states: [SceneState] = []
    /// The position written last, tried first.
    private var recent = 0
    /// How many scenes are in each state that implies an application state.
    private var counts = ApplicationState.SceneCounts()

    /// The state of the scene `identifier`; `nil` for a scene never seen. Setting `nil`
    /// forgets the scene.
    subscript(identifier: String) -> SceneState? {
        get { position(of: identifier).map { states[$0] } }
        set { _ = exchange(identifier, newValue) }
    }

    /// Sets the state of the scene `identifier` to `state` (`nil` forgets the scene), and
    /// returns the state it had: one search for both.
    @inline(__always)
    mutating func exchange(_ identifier: String, _ state: SceneState?) -> SceneState? {
        let index = position(of: identifier)
        let previous = index.map { states[$0] }
        if let previous { counts.add(previous, -1) }
        if let state { counts.add(state) }
        switch (index, state) {
        case (let index?, let state?):
            states[index] = state
            recent = index
        case (let index?, nil):
            identifiers.remove(at: index)
            states.remove(at: index)
            recent = 0
        case (nil, let state?):
            identifiers.append(identifier)
            states.append(state)
            recent = identifiers.count - 1
        case (nil, nil):
            break
        }
        return previous
    }

    private func position(of identifier: String) -> Int? {
        if recent < identifiers.count, identifiers[recent] == identifier { return recent }
        return identifiers.firstIndex(of: identifier)
    }

    /// The application state the scenes imply (see ``ApplicationState/implied(byScenes:)``),
    /// with the scene `identifier`, when given, counted in `state` instead of its own, or
    /// left out when `state` is `nil`.
    func implied(treating identifier: String?, as state: SceneState?) -> ApplicationState? {
        var counted = counts
        if let identifier {
            if let own = self[identifier] { counted.add(own, -1) }
            if let state { counted.add(state) }
        }
        return counted.implied
    }

    /// The scenes' identifiers and states, in the order the scenes first arrived.
    func makeIterator() -> Iterator { Iterator(states: self) }

    /// Iterates over ``SceneStates``.
    struct Iterator: IteratorProtocol {
        fileprivate let states: SceneStates
        private var index = 0

        fileprivate init(states: SceneStates) { self.states = states }

        mutating func next() -> (key: String, value: SceneState)? {
            guard index < states.identifiers.count else { return nil }
            defer { index += 1 }
            return (states.identifiers[index], states.states[index])
        }
    }
}
