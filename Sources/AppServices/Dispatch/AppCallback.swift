package import Foundation

/// Everything the code knows about one callback the composite dispatches: its name, the
/// services that hear it, the order they hear it in, the SDK selectors the adapters claim
/// for it, its deadline, the life-cycle notification it announces, and the state it moves
/// the application or the scene to.
///
/// Each callback is declared once, beside its capability protocol (the system-event
/// callbacks with `SystemEventHandling`, say); dispatch, the
/// adapters' `responds(to:)`, the handler lists, the recording service and the mediator
/// read it from there. Callbacks are compared by identity.
///
/// Used in log messages, in the application-state checks, and by test tools that record
/// what a service received.
public final class AppCallback: Sendable, Hashable, CustomStringConvertible {
    /// The callback's name, after its UIKit (or AppKit) member: `didBecomeActive`.
    public let name: String
    /// Which way the callback moves the application, which decides the order services
    /// hear it in.
    public let direction: Direction
    /// The SDK selectors the adapters implement for this callback.
    package let platformSelectors: PlatformSelectors
    /// Whether the adapters claim the callback whatever the services (the composite needs
    /// it to track state or run the launch, or the system requires it: CarPlay ends an
    /// application whose scene delegate lacks the interface controller's callbacks), rather
    /// than only when a service handles it.
    package let isClaimedAlways: Bool
    /// The name of the notification UIKit posts after the callback (and the composite
    /// posts where UIKit does not), for the callbacks that announce a life-cycle event
    /// (``LifecycleEvent/notificationName`` is the public way to read it).
    package let lifecycleNotificationName: Notification.Name?
    /// Whether it announces a life-cycle event (has a notification name): read on every
    /// dispatch, so kept as a plain flag.
    let announcesEvent: Bool
    /// The services that hear it.
    let handlers: AnyHandlerKind
    /// The deadline of a completion-handler callback, read from the composite's deadlines.
    let deadline: (@Sendable (ServiceComposite.Configuration.Deadlines) -> Duration)?
    /// The application state the callback moves to, if it moves the application: the table
    /// the composite tracks the state with, and the test kit's simulator checks steps with.
    package let applicationTransition: Transition<ApplicationState>?
    /// The scene state the callback moves its scene to, if it moves a scene.
    package let sceneTransition: Transition<SceneState?>?

    /// The reason of a launch into the background this callback gives, when it is the first
    /// to arrive after such a launch.
    let explainsBackgroundLaunch: LaunchReason?

    init(
        _ name: String,
        heardBy handlers: AnyHandlerKind,
        direction: Direction = .up,
        selectors: PlatformSelectors = PlatformSelectors(),
        isAlwaysClaimed: Bool = false,
        notificationName: String? = nil,
        deadline: (@Sendable (ServiceComposite.Configuration.Deadlines) -> Duration)? = nil,
        applicationTransition: Transition<ApplicationState>? = nil,
        sceneTransition: Transition<SceneState?>? = nil,
        explainsBackgroundLaunch: LaunchReason? = nil
    ) {
        self.explainsBackgroundLaunch = explainsBackgroundLaunch
        self.name = name
        self.handlers = handlers
        self.direction = direction
        self.platformSelectors = selectors
        self.isClaimedAlways = isAlwaysClaimed
        self.lifecycleNotificationName = notificationName.map { Notification.Name($0) }
        self.announcesEvent = notificationName != nil
        self.deadline = deadline
        self.applicationTransition = applicationTransition
        self.sceneTransition = sceneTransition
    }

    /// The callback's name.
    public var description: String { name }

    /// Whether `service` hears this callback (adopts its capability).
    public func isHandled(by service: any AppService) -> Bool { handlers.isAdopted(by: service) }

    /// Compares by identity: each callback is declared once.
    public static func == (lhs: AppCallback, rhs: AppCallback) -> Bool { lhs === rhs }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Which way a callback moves the application, which decides the order services hear it in.
    public enum Direction: Sendable, Hashable {
        /// Toward running in front of the user: dependency order, so a service hears it
        /// after the services it depends on.
        case up
        /// Toward stopping: reverse dependency order, so a service winds down before the
        /// services it depends on.
        case down
    }

    /// The Objective-C selectors (the SDK's strings) of the platform methods that deliver a
    /// callback; `nil` where a delegate has no such method. What the adapters claim in
    /// `responds(to:)`.
    package struct PlatformSelectors: Sendable {
        /// `UIApplicationDelegate`'s, such as `application:openURL:options:`.
        package var application: String?
        /// `UISceneDelegate`'s or `UIWindowSceneDelegate`'s, such as `scene:openURLContexts:`.
        package var scene: String?
        /// `NSApplicationDelegate`'s, such as `application:openURLs:`.
        package var appKit: String?
        /// CallKit's `CXProviderDelegate`'s, such as `provider:performAnswerCallAction:`.
        package var provider: String?

        /// The selectors of a callback.
        package init(
            application: String? = nil,
            scene: String? = nil,
            appKit: String? = nil,
            provider: String? = nil
        ) {
            self.application = application
            self.scene = scene
            self.appKit = appKit
            self.provider = provider
        }
    }

    /// How a callback moves a state: which states it fits, the state it leads to, and
    /// whether the change applies when the callback ends ("will" callbacks).
    ///
    /// Plain data (the fitting states as a bit set), since it is read on every dispatch.
    package struct Transition<State: TrackedState>: Sendable {
        /// The states the callback fits, one bit each (``TrackedState/bit``).
        let fitting: UInt16
        /// The state the callback leads to.
        package let to: State
        /// Whether the change applies when the callback ends ("will" callbacks).
        package let appliesAtEnd: Bool
        /// Whether the change leads to the background instead of `to` when the application
        /// was launched into the background (`didFinishLaunching`).
        let orBackgroundWhenLaunchedThere: Bool

        /// Moves from one of `states` to `to`.
        static func from(
            _ states: [State],
            to: State,
            atEnd: Bool = false,
            orBackgroundWhenLaunchedThere: Bool = false
        ) -> Transition {
            Transition(
                fitting: states.reduce(0) { $0 | $1.bit },
                to: to,
                appliesAtEnd: atEnd,
                orBackgroundWhenLaunchedThere: orBackgroundWhenLaunchedThere
            )
        }

        /// Whether the callback fits `state`.
        @inline(__always)
        package func fits(_ state: State) -> Bool { fitting & state.bit != 0 }
    }
}

/// A state the composite tracks, with one bit of its own for the sets of states a
/// transition fits.
package protocol TrackedState: Sendable, Equatable {
    /// The state's bit in the sets of states a transition fits.
    var bit: UInt16 { get }
}

extension ApplicationState: TrackedState {
    /// The state's bit in the sets of states a transition fits.
    package var bit: UInt16 {
        switch self {
        case .notRunning: 1 << 0
        case .launching: 1 << 1
        case .inactive: 1 << 2
        case .active: 1 << 3
        case .background: 1 << 4
        case .terminated: 1 << 5
        }
    }
}

/// A scene's state, or `nil` for a scene that never connected.
extension Optional: TrackedState where Wrapped == SceneState {
    /// The state's bit in the sets of states a transition fits.
    package var bit: UInt16 {
        switch self {
        case nil: 1 << 0
        case .unattached: 1 << 1
        case .foregroundInactive: 1 << 2
        case .foregroundActive: 1 << 3
        case .background: 1 << 4
        case .disconnected: 1 << 5
        }
    }
}

extension AppCallback {
    /// Every callback, by capability: what the adapters claim selectors from and test tools
    /// iterate over.
    public static let all: [AppCallback] =
        launchCallbacks + applicationStateCallbacks + systemEventCallbacks + healthAuthorizationCallbacks
        + keyCommandLocalizationCallbacks + urlOpenCallbacks + remoteNotificationRegistrationCallbacks
        + remoteNotificationCallbacks + backgroundFetchCallbacks + backgroundURLSessionCallbacks
        + watchKitRequestCallbacks + shortcutItemCallbacks + userActivityCallbacks
        + interfaceOrientationCallbacks + extensionPointCallbacks + cloudKitShareCallbacks + intentCallbacks
        + stateRestorationCallbacks + sceneSessionCallbacks + sceneCallbacks + desktopCallbacks
        + userNotificationCallbacks + backgroundTaskCallbacks + carPlayCallbacks
        + voIPPushCallbacks + callCallbacks + sessionCallbacks + gateCallbacks
}
