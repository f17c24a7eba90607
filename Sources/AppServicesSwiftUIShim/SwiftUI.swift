// The SwiftUI declarations AppServicesSwiftUI uses, transcribed for platforms where the
// adapters build against UIKit's shim (Linux, and macOS, whose SwiftUI has no
// `UIApplicationDelegateAdaptor`). Where UIKit exists this module is empty and the real
// framework is used.
//
// Sources: the SwiftUI section of Documentation/Reference/AppleAPI-NotificationsAndTasks.md
// in this repository and SwiftUI's Swift interface in the iOS 18 SDK. Only what the adapter
// and the examples touch is declared, with the SDK's names, labels, types and isolation:
// `App`, `Scene`, `View` and `ViewModifier` are main-actor protocols, as from the iOS 18 SDK
// on. Behind the declarations, a simulated SwiftUI in this package (`SimulatedScene`) mounts
// a view as SwiftUI would and calls the actions it registers.
#if !canImport(UIKit)
@_exported public import AppServicesUIKitShim

// MARK: - Views

/// A part of an application's user interface (`View`).
@MainActor @preconcurrency
public protocol View {
    /// The type of view this view is made of.
    associatedtype Body: View

    /// The content of the view.
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    /// A view made of nothing; primitive views have it as their body type.
    public typealias Body = Never

    /// Never called: primitive views have no body.
    public var body: Never { fatalError("A primitive view has no body.") }
}

/// A view that shows nothing (`EmptyView`).
public struct EmptyView: View {
    /// Creates an empty view.
    nonisolated public init() {}

    /// A primitive view has no body.
    public var body: Never { fatalError("EmptyView is a primitive view.") }
}

/// A type-erased view (`AnyView`).
public struct AnyView: View {
    let wrapped: any View

    /// Creates a view that erases the type of `view`.
    public init<V: View>(_ view: V) {
        wrapped = view
    }

    /// A primitive view has no body.
    public var body: Never { fatalError("AnyView is a primitive view.") }
}

/// Builds views from closures (`ViewBuilder`).
@resultBuilder
public struct ViewBuilder {
    /// An empty closure builds an empty view.
    public static func buildBlock() -> EmptyView { EmptyView() }

    /// A closure with one view builds that view.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

// MARK: - Modifiers

/// A modifier that makes a new view from a view (`ViewModifier`).
@MainActor @preconcurrency
public protocol ViewModifier {
    /// The type of view the modifier makes.
    associatedtype Body: View

    /// The view the modifier is applied to.
    typealias Content = _ViewModifier_Content<Self>

    /// Makes the modified view from `content`.
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

/// The view a modifier is applied to, as the modifier's body sees it.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    /// A primitive view has no body.
    public var body: Never { fatalError("The content of a modifier is a primitive view.") }
}

/// A view with a modifier applied (`ModifiedContent`).
public struct ModifiedContent<Content, Modifier> {
    /// The view the modifier is applied to.
    public var content: Content
    /// The modifier.
    public var modifier: Modifier

    /// Applies `modifier` to `content`.
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    /// A primitive view has no body.
    public var body: Never { fatalError("ModifiedContent is a primitive view.") }
}

extension View {
    /// Applies `modifier` to this view.
    public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }

    /// Registers `action` for the URLs the system opens in this view's scene (iOS 14).
    public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View {
        ActionView(content: self, action: .openURL(action))
    }

    /// Registers `action` for user activities of `activityType` the system continues in
    /// this view's scene (iOS 14).
    public func onContinueUserActivity(
        _ activityType: String,
        perform action: @escaping (NSUserActivity) -> Void
    ) -> some View {
        ActionView(content: self, action: .continueUserActivity(activityType, action))
    }

    /// Runs `action` when `value` changes, with the old and the new value, and when the view
    /// appears if `initial` is `true` (iOS 17).
    public func onChange<V: Equatable>(
        of value: V,
        initial: Bool = false,
        _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View {
        ActionView(content: self, action: .change(ChangeAction(value: value, initial: initial, action: action)))
    }

    /// Layers `content` in front of this view (iOS 15). SwiftUI's is `nonisolated`; the
    /// shim's views are built on the main actor, as the shim's other modifiers are.
    public func overlay<V: View>(
        alignment: Alignment = .center,
        @ViewBuilder content: () -> V
    ) -> some View {
        OverlayView(content: self, overlay: content())
    }

    /// Runs `action` before the view appears.
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        ActionView(content: self, action: .appear(action ?? {}))
    }

    /// Runs `action` after the view disappears.
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        ActionView(content: self, action: .disappear(action ?? {}))
    }
}

/// Shim only: a view with one of the actions above registered, which a simulated scene
/// collects when it mounts the view.
struct ActionView<Content: View>: View {
    let content: Content
    let action: SimulatedAction

    var body: Never { fatalError("An action view is a primitive view.") }
}

/// Shim only: a view with another layered in front of it, which a simulated scene
/// records when it evaluates the view.
struct OverlayView<Content: View, Overlay: View>: View {
    let content: Content
    let overlay: Overlay

    var body: Never { fatalError("An overlay view is a primitive view.") }
}

/// How a view is placed in its parent (`Alignment`); the shim has only the center.
public struct Alignment: Equatable, Sendable {
    /// Centered on both axes.
    public static let center = Alignment()
}

/// Shim only: an action a view registered.
enum SimulatedAction {
    case openURL((URL) -> Void)
    case continueUserActivity(String, (NSUserActivity) -> Void)
    case change(ChangeAction)
    case appear(() -> Void)
    case disappear(() -> Void)
}

/// Shim only: an `onChange` registration: the value when the view was evaluated, and what
/// to run when it differs from the value of the evaluation before.
struct ChangeAction {
    let value: any Equatable
    let initial: Bool
    /// Runs the action if `previous` (the value of the evaluation before, `nil` on the
    /// first) differs from this value, or on the first when `initial`.
    let runIfChanged: (_ previous: (any Equatable)?) -> Void

    init<V: Equatable>(value: V, initial: Bool, action: @escaping (V, V) -> Void) {
        self.value = value
        self.initial = initial
        runIfChanged = { previous in
            guard let previous else {
                if initial { action(value, value) }
                return
            }
            guard let old = previous as? V, old != value else { return }
            action(old, value)
        }
    }
}

// MARK: - Environment and state

/// The phase of a scene, or of the application as a whole (`ScenePhase`, iOS 14).
public enum ScenePhase: Comparable, Hashable, Sendable {
    /// Not visible.
    case background
    /// Visible but not receiving events.
    case inactive
    /// In the foreground and receiving events.
    case active
}

/// The values a view reads from its environment (`EnvironmentValues`).
public struct EnvironmentValues: Sendable {
    /// The phase of the scene the view is in (of the application, read in an `App`).
    public var scenePhase: ScenePhase = .active

    /// Creates the default values.
    public init() {}

    /// Shim only: the values of the view being evaluated, which a simulated scene sets.
    @TaskLocal package static var current = EnvironmentValues()
}

/// A value stored outside a view that SwiftUI updates before it evaluates the view's body
/// (`DynamicProperty`).
public protocol DynamicProperty {
    /// Updates the stored value; SwiftUI calls it before evaluating the body.
    mutating func update()
}

extension DynamicProperty {
    /// Does nothing.
    public mutating func update() {}
}

/// A property that reads a value of the view's environment (`Environment`).
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private let keyPath: KeyPath<EnvironmentValues, Value>

    /// Reads the environment value at `keyPath`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    /// The current value.
    public var wrappedValue: Value { EnvironmentValues.current[keyPath: keyPath] }
}

/// A value a view owns, kept across evaluations of its body (`State`).
@propertyWrapper
public struct State<Value>: DynamicProperty {
    private final class Storage {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private let storage: Storage

    /// Creates the state with its initial value.
    public init(wrappedValue value: Value) {
        storage = Storage(value)
    }

    /// Creates the state with its initial value.
    public init(initialValue value: Value) {
        storage = Storage(value)
    }

    /// The current value. Setting it has the view evaluated again, as SwiftUI does.
    public var wrappedValue: Value {
        get { storage.value }
        nonmutating set {
            storage.value = newValue
            SimulatedScene.noteStateChanged()
        }
    }
}

// MARK: - Scenes and applications

/// A part of an application's user interface with a life cycle the system manages
/// (`Scene`).
@MainActor @preconcurrency
public protocol Scene {
    /// The type of scene this scene is made of.
    associatedtype Body: Scene

    /// The content of the scene.
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// Builds scenes from closures (`SceneBuilder`).
@resultBuilder
public struct SceneBuilder {
    /// A closure with one scene builds that scene.
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// A scene of windows showing the same kind of content (`WindowGroup`).
public struct WindowGroup<Content: View>: Scene {
    /// Makes the root view of each window.
    let content: () -> Content

    /// Creates a group whose windows show `content`.
    public init(@ViewBuilder content: @escaping () -> Content) {
        self.content = content
    }

    /// A primitive scene has no body.
    public var body: Never { fatalError("WindowGroup is a primitive scene.") }
}

extension Never: Scene {}

/// An application built with SwiftUI (`App`).
@MainActor @preconcurrency
public protocol App {
    /// The type of the application's scenes.
    associatedtype Body: Scene

    /// The application's scenes.
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }

    /// Creates the application; SwiftUI calls it once, at launch.
    @MainActor @preconcurrency init()
}

/// A property of an `App` that gives it a UIKit application delegate of `DelegateType`,
/// which SwiftUI creates and makes the application's delegate
/// (`UIApplicationDelegateAdaptor`, iOS 14). An application declares at most one.
@MainActor @preconcurrency @propertyWrapper
public struct UIApplicationDelegateAdaptor<DelegateType: NSObject & UIApplicationDelegate>: DynamicProperty {
    /// Declares the delegate.
    ///
    /// Shim: SwiftUI creates the delegate and makes it the application's; the shim cannot
    /// create an object of a class it knows only generically, so a simulated UIKit creates
    /// it and sets `UIApplication.shared.delegate`, which ``wrappedValue`` returns.
    public init(_ delegateType: DelegateType.Type = DelegateType.self) {}

    /// The application delegate SwiftUI created.
    public var wrappedValue: DelegateType {
        guard let delegate = UIApplication.shared.delegate as? DelegateType else {
            preconditionFailure(
                "Shim: no \(DelegateType.self) is UIApplication.shared.delegate; a simulated UIKit sets it."
            )
        }
        return delegate
    }
}
#endif
