// A simulated SwiftUI needs the shim's hooks (evaluating views, calling the actions they
// register), which the real SwiftUI does not offer; where UIKit exists this module is empty,
// and an app's SwiftUI scenes are tested on a device.
#if !canImport(UIKit)
public import AppServicesSwiftUI
package import AppServicesSwiftUIShim
import Foundation

/// One window of a SwiftUI application on Linux: it shows a root view as SwiftUI does, so
/// that the view's `appServices(_:)` modifier reports the window's scene to the services.
///
/// It evaluates the view through the `View` and `ViewModifier` protocols, with the window's
/// phase in the environment, and calls what the view registers as SwiftUI would: `onAppear`
/// when it first shows the view, `onChange(of:initial:)` when a value the body read changed,
/// `onOpenURL` and `onContinueUserActivity` when the system opens a URL or continues an
/// activity in the window, `onDisappear` when the window goes away.
///
/// ```swift
/// let window = SimulatedWindow(showing: ContentView().appServices(composite), phase: .inactive)
/// window.show()
/// window.move(to: .active)
/// #expect(window.open(URL(string: "shop://cart")!) == 1)
/// ```
///
/// Shown, the window's scene connects and enters the foreground; active, it becomes active;
/// the URL reaches `URLOpenHandling` in the window's scene.
///
/// A `SimulatedSwiftUIApp` makes one per window scene and drives it from a
/// `LifecycleSimulator`'s steps; use a window alone to test one view.
@MainActor
public final class SimulatedWindow {
    /// The shim's simulated scene that evaluates the view.
    package let scene: SimulatedScene

    /// A window that will show `root`, in `phase` when it first shows it.
    public init(showing root: some View, phase: ScenePhase = .active) {
        scene = SimulatedScene(showing: root, phase: phase)
    }

    /// A window of `app`'s scene (a `WindowGroup`, or a scene of the app's own whose body is
    /// one, as deep as it goes), that will show the group's root view, in `phase` when it
    /// first shows it.
    public init(windowOf sceneContent: some Scene, phase: ScenePhase = .active) {
        scene = SimulatedScene(windowOf: sceneContent, phase: phase)
    }

    /// The window's phase, as its view's environment has it.
    public var phase: ScenePhase { scene.phase }

    /// Whether the window shows its view (between ``show()`` and ``remove()``).
    public private(set) var isShown = false

    /// Shows the view: evaluates it, then runs its `onAppear` actions and the `onChange`
    /// actions registered with `initial: true`.
    public func show() {
        isShown = true
        scene.show()
    }

    /// Moves the window to `phase` and evaluates the view again, which runs the `onChange`
    /// actions whose value changed.
    public func move(to phase: ScenePhase) {
        scene.move(to: phase)
    }

    /// Opens `url` in the window: calls every `onOpenURL` action.
    ///
    /// - Returns: How many actions were called.
    @discardableResult
    public func open(_ url: URL) -> Int {
        scene.open(url)
    }

    /// Continues `activity` in the window: calls the `onContinueUserActivity` actions
    /// registered for its type.
    ///
    /// - Returns: How many actions were called.
    @discardableResult
    public func continueUserActivity(_ activity: NSUserActivity) -> Int {
        scene.continueUserActivity(activity)
    }

    /// The activity types the view registered `onContinueUserActivity` actions for, in order.
    public var continuedActivityTypes: [String] { scene.continuedActivityTypes }

    /// Whether a privacy cover (`PrivacyCoverViewProviding`) is layered over the window's
    /// content now.
    public var isPrivacyCoverShown: Bool { !scene.overlays.isEmpty }

    /// The window goes away: calls the `onDisappear` actions.
    public func remove() {
        isShown = false
        scene.remove()
    }
}
#endif
