import Foundation
import Logging

extension ServiceComposite {
    /// The state of the scene with `identifier`, or `nil` if it never connected.
    public func sceneState(for identifier: String) -> SceneState? {
        (outer ?? self).state.lifecycle.scenes[identifier]
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
        (outer ?? self).state.lifecycleBroadcaster.makeStream(bufferingPolicy: bufferingPolicy)
    }

    /// Posts the notification and feeds the async streams for `event`.
    func announce(_ event: LifecycleEvent) {
        if configuration.lifecycleNotifications.shouldPost(to: configuration.notificationCenter) {
            configuration.notificationCenter.post(name: event.notificationName, object: self)
        }
        if state.lifecycleBroadcaster.hasReceivers { state.lifecycleBroadcaster.yield(event) }
    }

    // MARK: - Application state

    func logUnexpected(_ unexpected: LifecycleStateTracker.Unexpected) {
        let (callback, state) = (unexpected.callback, unexpected.state)
        guard let scene = unexpected.scene else {
            return configuration.logger.warning(
                """
                Unexpected \(callback) while the application is \(state); delivered anyway, as the system \
                decides. Logged once for this state and callback.
                """,
                metadata: ["callback": "\(callback)", "state": "\(state)"]
            )
        }
        configuration.logger.warning(
            """
            Unexpected \(callback) while scene \(scene) is \(state); delivered anyway, as the system decides. \
            Logged once for this scene, state and callback.
            """,
            metadata: ["callback": "\(callback)", "state": "\(state)", "scene": "\(scene)"]
        )
    }

    // MARK: - Application state derived from scenes

    /// The application state the connected scenes imply (see
    /// ``LifecycleStateTracker/stateImpliedByScenes(treating:as:)``).
    func stateImpliedByScenes(treating identifier: String? = nil, as state: SceneState? = nil) -> ApplicationState? {
        self.state.lifecycle.stateImpliedByScenes(treating: identifier, as: state)
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
        switch applicationState {
        case .inactive, .active, .background: break
        default: return
        }
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
