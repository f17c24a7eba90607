// Shim only: a simulated SwiftUI scene, with which the tests of this package drive a root
// view as SwiftUI does. There is nothing like it on Apple platforms; this file is empty
// there.
#if !canImport(UIKit)
import Synchronization

/// Shim only: one scene of a simulated SwiftUI application, showing one root view.
///
/// It evaluates the view as SwiftUI does (bodies, modifiers, the environment with the
/// scene's phase), collects the actions the view registers, and calls them as SwiftUI
/// would: `onAppear` when the scene first shows the view, `onChange` when a value read in
/// the body differs from the evaluation before (and on the first with `initial`),
/// `onOpenURL` and `onContinueUserActivity` when the system opens a URL or continues an
/// activity in the scene, `onDisappear` when the scene goes away.
@MainActor
package final class SimulatedScene {
    /// The root view, as SwiftUI keeps it (and its state) across evaluations.
    private let root: any View
    /// The scene's phase, as the view's environment has it.
    package private(set) var phase: ScenePhase
    /// The actions of the last evaluation, in the order the view registered them.
    private var actions: [SimulatedAction] = []
    /// The value of each `onChange` of the last evaluation, by position.
    private var changeValues: [any Equatable] = []
    private var isShown = false
    /// The views a modifier's body is applied to, innermost last, while it is evaluated.
    private var modifiedContents: [any View] = []
    /// The views layered in front of others (`overlay`) in the last evaluation, but
    /// `EmptyView`s, outermost first.
    package private(set) var overlays: [any View] = []

    /// A scene that will show `root`, in `phase` when it first shows it.
    package init(showing root: any View, phase: ScenePhase = .active) {
        self.root = root
        self.phase = phase
    }

    /// A window of `scene`, a `WindowGroup` or a scene of the app's own whose body is one
    /// (as deep as it goes), that will show the group's root view, in `phase` when it first
    /// shows it.
    package convenience init(windowOf scene: some Scene, phase: ScenePhase = .active) {
        var current: any Scene = scene
        while !(current is any SimulatedWindowGroup) { current = current.body }
        self.init(showing: (current as! any SimulatedWindowGroup).rootView, phase: phase)
    }

    /// Shows the view: evaluates it, then runs its `onAppear` actions and the `onChange`
    /// actions registered with `initial: true`.
    package func show() {
        guard !isShown else { return }
        isShown = true
        evaluate()
    }

    /// Moves the scene to `phase` and evaluates the view again, which runs the `onChange`
    /// actions whose value changed.
    package func move(to phase: ScenePhase) {
        self.phase = phase
        if isShown { evaluate() }
    }

    /// Opens `url` in the scene: calls every `onOpenURL` action.
    ///
    /// - Returns: How many actions were called.
    @discardableResult
    package func open(_ url: URL) -> Int {
        var called = 0
        for case .openURL(let action) in actions {
            action(url)
            called += 1
        }
        return called
    }

    /// Continues `activity` in the scene: calls the `onContinueUserActivity` actions
    /// registered for its type.
    ///
    /// - Returns: How many actions were called.
    @discardableResult
    package func continueUserActivity(_ activity: NSUserActivity) -> Int {
        var called = 0
        for case .continueUserActivity(let type, let action) in actions where type == activity.activityType {
            action(activity)
            called += 1
        }
        return called
    }

    /// The activity types the view registered `onContinueUserActivity` actions for, in
    /// order.
    package var continuedActivityTypes: [String] {
        actions.compactMap {
            guard case .continueUserActivity(let type, _) = $0 else { return nil }
            return type
        }
    }

    /// The scene goes away: calls the `onDisappear` actions.
    package func remove() {
        guard isShown else { return }
        isShown = false
        for case .disappear(let action) in actions { action() }
    }

    /// Whether a view's state changed since the last evaluation began (set by `State`):
    /// SwiftUI then evaluates the view again.
    private nonisolated static let stateChanged = Atomic<Bool>(false)

    /// A view's state changed (`State`'s setter): the view is evaluated again.
    nonisolated static func noteStateChanged() { stateChanged.store(true, ordering: .relaxed) }

    /// Evaluates the view with the scene's environment and runs the actions SwiftUI would;
    /// again while those actions change a view's state (a few times at most, as a view
    /// whose every evaluation changes its state is a bug SwiftUI reports).
    private func evaluate() {
        for _ in 0..<8 {
            Self.stateChanged.store(false, ordering: .relaxed)
            evaluateOnce()
            if !Self.stateChanged.load(ordering: .relaxed) { return }
        }
    }

    /// One evaluation of the view, and the actions it runs.
    private func evaluateOnce() {
        let firstTime = changeValues.isEmpty && actions.isEmpty
        var environment = EnvironmentValues()
        environment.scenePhase = phase
        actions = []
        overlays = []
        EnvironmentValues.$current.withValue(environment) { collect(root) }
        if firstTime {
            for case .appear(let action) in actions { action() }
        }
        var values: [any Equatable] = []
        for case .change(let change) in actions {
            let position = values.count
            change.runIfChanged(firstTime || position >= changeValues.count ? nil : changeValues[position])
            values.append(change.value)
        }
        changeValues = values
    }

    /// Collects the actions `view` registers, evaluating bodies down to primitive views.
    private func collect(_ view: any View) {
        switch view {
        case let action as any SimulatedActionView:
            actions.append(action.action)
            collect(action.wrappedContent)
        case let erased as AnyView:
            collect(erased.wrapped)
        case let overlaid as any SimulatedOverlayView:
            if !Self.isEmpty(overlaid.overlayView) { overlays.append(overlaid.overlayView) }
            collect(overlaid.wrappedContent)
        case let modified as any SimulatedModifiedView:
            modifiedContents.append(modified.wrappedContent)
            collect(modified.modifiedBody)
            modifiedContents.removeLast()
        case is any SimulatedModifierContent:
            // The content of the modifier being evaluated, outside that modifier's scope.
            guard let content = modifiedContents.popLast() else { return }
            collect(content)
            modifiedContents.append(content)
        case is EmptyView:
            return
        default:
            collect(Self.body(of: view))
        }
    }

    /// Whether `view` shows nothing: an `EmptyView`, possibly type-erased.
    private static func isEmpty(_ view: any View) -> Bool {
        if view is EmptyView { return true }
        if let erased = view as? AnyView { return isEmpty(erased.wrapped) }
        return false
    }

    /// The body of a view that is not primitive.
    private static func body<V: View>(of view: V) -> any View {
        view.body
    }
}

/// Shim only: a group of windows, whose root view a simulated scene shows.
@MainActor
protocol SimulatedWindowGroup {
    var rootView: any View { get }
}

extension WindowGroup: SimulatedWindowGroup {
    var rootView: any View { content() }
}

/// Shim only: a view that registers an action.
@MainActor
protocol SimulatedActionView {
    var action: SimulatedAction { get }
    var wrappedContent: any View { get }
}

extension ActionView: SimulatedActionView {
    var wrappedContent: any View { content }
}

/// Shim only: a view with another layered in front of it.
@MainActor
protocol SimulatedOverlayView {
    var wrappedContent: any View { get }
    var overlayView: any View { get }
}

extension OverlayView: SimulatedOverlayView {
    var wrappedContent: any View { content }
    var overlayView: any View { overlay }
}

/// Shim only: a view with a modifier applied.
@MainActor
protocol SimulatedModifiedView {
    var wrappedContent: any View { get }
    var modifiedBody: any View { get }
}

extension ModifiedContent: SimulatedModifiedView where Content: View, Modifier: ViewModifier {
    var wrappedContent: any View { content }
    var modifiedBody: any View { modifier.body(content: _ViewModifier_Content()) }
}

/// Shim only: the placeholder for the view a modifier is applied to.
protocol SimulatedModifierContent {}

extension _ViewModifier_Content: SimulatedModifierContent {}

#endif
