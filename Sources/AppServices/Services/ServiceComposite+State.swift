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
    /// This runs on every callback, so it allocates nothing: the transitions are `switch`es.
    func trackState(before callback: AppCallback, scene: SceneInfo?) {
        if let scene, let change = Self.sceneChange(for: callback, from: sceneStates[scene.identifier]) {
            if !change.fits {
                logUnexpected(
                    callback,
                    in: sceneStates[scene.identifier].map { "scene \($0)" } ?? "scene not connected"
                )
            }
            if !change.appliesAtEnd { sceneStates[scene.identifier] = change.to }
            return
        }
        guard let change = applicationChange(for: callback) else {
            if applicationState == .terminated { logUnexpected(callback, in: "terminated") }
            return
        }
        if !change.fits { logUnexpected(callback, in: applicationState.rawValue) }
        if !change.appliesAtEnd { applicationState = change.to }
    }

    /// Applies the state change of a "will" callback once every service has heard it.
    func trackState(after callback: AppCallback, scene: SceneInfo?) {
        if let scene, let change = Self.sceneChange(for: callback, from: sceneStates[scene.identifier]) {
            if change.appliesAtEnd { sceneStates[scene.identifier] = change.to }
            return
        }
        if let change = applicationChange(for: callback), change.appliesAtEnd { applicationState = change.to }
    }

    /// A transition: whether the callback fits the current state, the state it leads to,
    /// and whether the change applies when the callback ends ("will" callbacks).
    private struct Change<State> {
        let fits: Bool
        let to: State
        let appliesAtEnd: Bool
    }

    private func applicationChange(for callback: AppCallback) -> Change<ApplicationState>? {
        let state = applicationState
        switch callback {
        case .willFinishLaunching:
            return Change(fits: state == .notRunning, to: .launching, appliesAtEnd: false)
        case .didFinishLaunching:
            return Change(
                fits: state == .notRunning || state == .launching,
                to: launchesIntoBackground ? .background : .inactive,
                appliesAtEnd: false
            )
        case .didBecomeActive:
            return Change(fits: state == .inactive, to: .active, appliesAtEnd: false)
        case .willResignActive:
            return Change(fits: state == .active, to: .inactive, appliesAtEnd: true)
        case .didEnterBackground:
            return Change(fits: state == .inactive, to: .background, appliesAtEnd: false)
        case .willEnterForeground:
            return Change(fits: state == .background, to: .inactive, appliesAtEnd: true)
        case .willTerminate:
            return Change(
                fits: state == .inactive || state == .active || state == .background,
                to: .terminated,
                appliesAtEnd: true
            )
        default:
            return nil
        }
    }

    private static func sceneChange(for callback: AppCallback, from state: SceneState?) -> Change<SceneState>? {
        switch callback {
        case .sceneWillConnect:
            return Change(fits: state == nil || state == .disconnected, to: .unattached, appliesAtEnd: false)
        case .sceneWillEnterForeground:
            return Change(
                fits: state == .unattached || state == .background,
                to: .foregroundInactive,
                appliesAtEnd: true
            )
        case .sceneDidBecomeActive:
            return Change(fits: state == .foregroundInactive, to: .foregroundActive, appliesAtEnd: false)
        case .sceneWillResignActive:
            return Change(fits: state == .foregroundActive, to: .foregroundInactive, appliesAtEnd: true)
        case .sceneDidEnterBackground:
            return Change(fits: state == .foregroundInactive, to: .background, appliesAtEnd: false)
        case .sceneDidDisconnect:
            return Change(fits: state != nil && state != .disconnected, to: .disconnected, appliesAtEnd: false)
        default:
            return nil
        }
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
        sceneChange(for: callback, from: nil)?.to
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
