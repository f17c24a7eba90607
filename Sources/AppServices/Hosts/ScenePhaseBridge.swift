/// Turns scene-phase changes into the application's life-cycle callbacks, for SwiftUI
/// applications whose services should follow the application without a UIKit app delegate
/// announcing it.
///
/// SwiftUI reports the application's phase (`ScenePhase`: background, inactive, active)
/// rather than UIKit's callbacks. Give each change to ``phaseChanged(to:platform:)``; the
/// bridge dispatches the callbacks UIKit would have made, in UIKit's order:
///
/// - the first change launches the composite (`willFinishLaunching`, then
///   `didFinishLaunching`, into the background when that first phase is `.background`)
///   unless something, such as a `ServiceOrientedAppDelegate` behind
///   `@UIApplicationDelegateAdaptor`, launched it already;
/// - inactive to active: `didBecomeActive`; active to inactive: `willResignActive`;
/// - active to background: `willResignActive`, then `didEnterBackground`;
/// - background to active: `willEnterForeground`, then `didBecomeActive`.
///
/// ```swift
/// @main
/// struct ShopApp: App {
///     @Environment(\.scenePhase) private var scenePhase
///     @State private var bridge = ScenePhaseBridge(composite: Services.composite)
///
///     var body: some Scene {
///         WindowGroup { ContentView() }
///             .onChange(of: scenePhase, initial: true) { _, phase in
///                 switch phase {
///                 case .background: bridge.phaseChanged(to: .background)
///                 case .inactive: bridge.phaseChanged(to: .inactive)
///                 case .active: bridge.phaseChanged(to: .active)
///                 @unknown default: break
///                 }
///             }
///     }
/// }
/// ```
///
/// Observe the phase in the `App`, where it is the phase of the whole application, not in
/// a view, where it is the phase of one scene.
///
/// On iOS, prefer the `appServices(_:)` modifier of AppServicesSwiftUI on each window's root
/// view: it reports each window as a scene (so scene services and scene-aware services
/// work), with the URLs it opens and the user activities it continues. This bridge is for
/// hosts that see only the application's phase.
@MainActor
public final class ScenePhaseBridge {
    /// The phase of a SwiftUI application, as SwiftUI's `ScenePhase` reports it.
    public enum Phase: String, Sendable, Hashable, CaseIterable {
        /// No scene is visible.
        case background
        /// A scene is visible but none receives events.
        case inactive
        /// A scene is in the foreground and receives events.
        case active

        /// The application state this phase corresponds to.
        var applicationState: ApplicationState {
            switch self {
            case .background: return .background
            case .inactive: return .inactive
            case .active: return .active
            }
        }
    }

    /// The composite the callbacks go to.
    public let composite: ServiceComposite
    /// The last phase reported, or `nil` before the first.
    public private(set) var phase: Phase?

    /// Creates a bridge to `composite`.
    public init(composite: ServiceComposite) {
        self.composite = composite
    }

    /// Dispatches the callbacks that take the application to `phase`.
    ///
    /// - Parameters:
    ///   - phase: The phase SwiftUI reported.
    ///   - platform: The raw platform objects to hand to services, if any.
    public func phaseChanged(to phase: Phase, platform: PlatformObjects? = nil) {
        self.phase = phase
        if composite.applicationState == .notRunning {
            let options = LaunchOptions(launchedInBackground: phase == .background)
            _ = composite.willFinishLaunching(options, platform: platform)
            _ = composite.didFinishLaunching(options, platform: platform)
        }
        composite.moveApplicationState(to: phase.applicationState, platform: platform)
    }
}
