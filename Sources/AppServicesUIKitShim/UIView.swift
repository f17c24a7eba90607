#if !canImport(UIKit)

/// An object that manages the content of a rectangular area (`UIView`). Only what windows
/// need, and the appearance an application's delegate sets on them, is transcribed.
@MainActor
open class UIView: UIResponder, UICoordinateSpace {
    /// The view's bounds in its own coordinate system.
    open var bounds: CGRect

    /// The color set on this view itself, if any.
    private var ownTintColor: UIColor?

    /// The color of the view's tinted content (iOS 7 and later).
    ///
    /// UIKit always answers a color: the first one set in the view's superview chain, or the
    /// system's default. The shim has no superview chain: it answers the color set on this
    /// view, or ``UIColor/systemBlue``, the default. Setting `nil` takes the view's own color
    /// back.
    @available(iOS 7.0, *)
    open var tintColor: UIColor! {
        get { ownTintColor ?? .systemBlue }
        set { ownTintColor = newValue }
    }

    /// The appearance this view and its subviews use whatever the system's is (iOS 13 and
    /// later); ``UIUserInterfaceStyle/unspecified``, the default, follows the system.
    @available(iOS 13.0, *)
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified

    /// Creates a view with a frame.
    public init(frame: CGRect) {
        bounds = CGRect(origin: .zero, size: frame.size)
        super.init()
    }

    /// Creates a view from an archive.
    public required init?(coder: NSCoder) {
        bounds = .zero
        super.init()
    }

    /// Creates a view with an empty frame (`NSObject`'s `init()`, which UIKit routes to
    /// `init(frame: .zero)`).
    public convenience override init() {
        self.init(frame: .zero)
    }
}

/// The backdrop of the application's user interface (`UIWindow`).
@MainActor
open class UIWindow: UIView {
    /// The scene the window belongs to.
    open weak var windowScene: UIWindowScene?

    /// The view controller that provides the window's content.
    open var rootViewController: UIViewController?

    /// Whether the window is the key window of its scene: in the shim, the window of its
    /// scene that ``makeKeyAndVisible()`` was called on last (one key window per scene, as
    /// UIKit keeps it); a window without a scene, once it was called on it.
    open var isKeyWindow: Bool {
        if let windowScene { return windowScene.keyWindow === self }
        return isKeyWithoutScene
    }
    private var isKeyWithoutScene = false

    /// Whether the window is hidden; a new window is, until it is made visible.
    open var isHidden = true

    /// The window's position in the z-axis: windows of a higher level are above.
    open var windowLevel: UIWindow.Level = .normal

    /// Shows the window and makes it the key window.
    open func makeKeyAndVisible() {
        isHidden = false
        if let windowScene { windowScene.keyWindow = self } else { isKeyWithoutScene = true }
    }

    /// Creates a window attached to `windowScene`.
    public init(windowScene: UIWindowScene) {
        self.windowScene = windowScene
        super.init(frame: .zero)
    }

    /// Creates a window with a frame and no scene.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Creates a window from an archive.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

extension UIWindow {
    // `@unchecked Sendable` as in the SDK: the level is one `CGFloat`, immutable.
    /// A window's position in the z-axis (`UIWindow.Level`).
    public struct Level: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        /// The level's value.
        public let rawValue: CGFloat

        /// Creates a level of `rawValue`.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        /// Creates a level of `rawValue`.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
    }
}

extension UIWindow.Level {
    /// The level of the application's windows (0).
    public static let normal = UIWindow.Level(0)
    /// The level of alerts, above the status bar (2000).
    public static let alert = UIWindow.Level(2000)
    /// The level of the status bar (1000).
    public static let statusBar = UIWindow.Level(1000)
}

/// An object that manages a view hierarchy (`UIViewController`). Only its creation, for the
/// state-restoration callback that returns one and the root of a window, and its appearance
/// are transcribed.
@MainActor
open class UIViewController: UIResponder {
    /// Creates a view controller, optionally from a nib.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    /// Creates a view controller from an archive.
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// Creates a view controller with no nib (`NSObject`'s `init()`, which UIKit routes to
    /// `init(nibName: nil, bundle: nil)`). Subclasses that declare no designated initializer
    /// inherit it, as on Apple platforms.
    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// The appearance this view controller and its children use whatever the system's is
    /// (iOS 13 and later); ``UIUserInterfaceStyle/unspecified``, the default, follows the
    /// system.
    @available(iOS 13.0, *)
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified
}

/// The traits (size classes, display scale, appearance) of an interface environment
/// (`UITraitCollection`). No trait is transcribed; the adapters only pass collections on.
open class UITraitCollection: NSObject {
    /// Creates an empty trait collection.
    public override init() {
        super.init()
    }
}

/// A coordinate space, such as a view's or a screen's (`UICoordinateSpace`). Only the
/// bounds are transcribed.
@MainActor
public protocol UICoordinateSpace: NSObjectProtocol {
    /// The space's bounds.
    var bounds: CGRect { get }
}

#endif
