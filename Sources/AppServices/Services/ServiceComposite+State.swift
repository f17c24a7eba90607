import Foundation
import Logging

/// A callback that arrived in a state it does not fit, remembered so it is logged once.
struct UnexpectedCallback: Hashable {
    let state: String
    let callback: AppCallback
}

extension ServiceComposite {
    /// The state of the scene with `identifier`, or `nil` if it never connected.
    public func sceneState(for identifier: String) -> SceneState? {
        (outer ?? self).sceneStates[identifier]
    }

    /// The application's life-cycle events, as an asynchronous sequence for async listeners.
    ///
    /// Each call returns a new stream that receives every ``LifecycleEvent`` announced after
    /// it was made (after the callback reached every service), until the stream is dropped
    /// or its task cancelled.
    ///
    /// Buffering: events are buffered per stream, so a slow listener never delays
    /// dispatch. With the default policy, `.bufferingNewest(64)`, a listener that falls
    /// more than 64 events behind loses the oldest ones first and still sees the latest
    /// state; pass `.unbounded` to keep every event.
    public func lifecycleEvents(
        bufferingPolicy: AsyncStream<LifecycleEvent>.Continuation.BufferingPolicy = .bufferingNewest(64)
    ) -> AsyncStream<LifecycleEvent> {
        (outer ?? self).lifecycleBroadcaster.makeStream(bufferingPolicy: bufferingPolicy)
    }

    /// Posts the notification and feeds the async streams for `event`.
    func announce(_ event: LifecycleEvent) {
        if configuration.lifecycleNotifications.shouldPost(to: configuration.notificationCenter) {
            configuration.notificationCenter.post(name: event.notificationName, object: self)
        }
        if lifecycleBroadcaster.hasReceivers { lifecycleBroadcaster.yield(event) }
    }

    // MARK: - Application state

    /// Checks `callback` against the state and applies the change "did" callbacks make.
    /// "Will" callbacks change the state when they end (``trackState(after:scene:)``), so a
    /// service asking during `willResignActive` still sees `active`, as in UIKit.
    ///
    /// This runs on every callback, so it allocates nothing: the transitions are declared
    /// with each callback (``AppCallback``).
    func trackState(before callback: AppCallback, scene: SceneInfo?) {
        if let scene, let change = callback.sceneTransition {
            let current = sceneStates[scene.identifier]
            if !change.fits(current) {
                logUnexpected(callback, in: current.map { "scene \($0)" } ?? "scene not connected")
            }
            if !change.appliesAtEnd { sceneStates[scene.identifier] = change.to }
            return
        }
        guard let change = callback.applicationTransition else {
            if applicationState == .terminated { logUnexpected(callback, in: "terminated") }
            return
        }
        if !change.fits(applicationState) { logUnexpected(callback, in: applicationState.rawValue) }
        if !change.appliesAtEnd { applicationState = destination(of: change) }
    }

    /// Applies the state change of a "will" callback once every service has heard it.
    func trackState(after callback: AppCallback, scene: SceneInfo?) {
        if let scene, let change = callback.sceneTransition {
            if change.appliesAtEnd { sceneStates[scene.identifier] = change.to }
            return
        }
        if let change = callback.applicationTransition, change.appliesAtEnd {
            applicationState = destination(of: change)
        }
    }

    /// The state `change` leads the application to.
    private func destination(of change: AppCallback.Transition<ApplicationState>) -> ApplicationState {
        change.orBackgroundWhenLaunchedThere && launchesIntoBackground ? .background : change.to
    }

    private func logUnexpected(_ callback: AppCallback, in state: String) {
        guard loggedUnexpected.insert(UnexpectedCallback(state: state, callback: callback)).inserted else { return }
        configuration.logger.warning(
            """
            Unexpected \(callback) while the application is \(state); delivered anyway, as the system \
            decides. Logged once for this state and callback.
            """,
            metadata: ["callback": "\(callback)", "state": "\(state)"]
        )
    }

    // MARK: - Application state derived from scenes

    /// The application state the connected scenes imply, with the scene `identifier`
    /// counted in `state` when given; `nil` when they imply none (no scene in the
    /// foreground or background).
    func stateImpliedByScenes(treating identifier: String? = nil, as state: SceneState? = nil) -> ApplicationState? {
        var states = sceneStates
        if let identifier { states[identifier] = state }
        if states.values.contains(.foregroundActive) { return .active }
        if states.values.contains(.foregroundInactive) { return .inactive }
        if states.values.contains(.background) { return .background }
        return nil
    }

    /// The state `callback` leaves a scene in, if it changes it.
    static func sceneState(after callback: AppCallback) -> SceneState? {
        callback.sceneTransition?.to ?? nil
    }

    /// Dispatches the application-level callbacks that take the application from its
    /// tracked state to `target`, as UIKit announces application transitions in a
    /// scene-based app.
    func followScenes(to target: ApplicationState?, platform: PlatformObjects?) {
        guard configuration.derivesApplicationStateFromScenes, let target else { return }
        moveApplicationState(to: target, platform: platform)
    }

    /// Dispatches the application-level callbacks that take the application from its
    /// tracked state to `target` by the transitions UIKit makes (background to active goes
    /// through will-enter-foreground, active to background through will-resign-active).
    /// Does nothing unless the application is inactive, active or in the background, and
    /// `target` is one of those.
    func moveApplicationState(to target: ApplicationState, platform: PlatformObjects?) {
        guard [.inactive, .active, .background].contains(applicationState) else { return }
        while applicationState != target {
            switch (applicationState, target) {
            case (.background, _): willEnterForeground(platform: platform)
            case (.inactive, .active): didBecomeActive(platform: platform)
            case (.inactive, .background): didEnterBackground(platform: platform)
            case (.active, _): willResignActive(platform: platform)
            default: return
            }
        }
    }
}
