#if !canImport(UIKit)

/// The persistent identity of one of the application's scenes (`UISceneSession`).
///
/// UIKit creates sessions; the shim lets a simulated UIKit in this package create them.
@MainActor
open class UISceneSession: NSObject {
    /// The scene connected to the session, if any.
    open internal(set) weak var scene: UIScene?
    /// The session's role.
    open private(set) var role: UISceneSession.Role
    /// The configuration the scene is created from: the Info.plist's, or the one the app
    /// delegate returned.
    open private(set) var configuration: UISceneConfiguration
    /// An identifier that stays the same across launches while the session exists.
    open private(set) var persistentIdentifier: String
    /// The activity to restore the scene's state from.
    open var stateRestorationActivity: NSUserActivity?
    /// Application-defined values kept with the session.
    open var userInfo: [String: Any]?

    /// Creates a session, as UIKit does.
    package init(persistentIdentifier: String, role: UISceneSession.Role, configuration: UISceneConfiguration) {
        self.persistentIdentifier = persistentIdentifier
        self.role = role
        self.configuration = configuration
        super.init()
    }
}

extension UISceneSession {
    /// The role of a scene session (`UISceneSession.Role`).
    public struct Role: Hashable, RawRepresentable, Sendable {
        /// The role's string.
        public var rawValue: String

        /// Creates a role from its string.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// An interactive window on the device's main screen.
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
        /// A non-interactive window on an external display.
        public static let windowExternalDisplayNonInteractive = Role(
            rawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive"
        )
    }
}

/// What UIKit creates a scene from: its name in the Info.plist, role, and the classes of
/// the scene and its delegate (`UISceneConfiguration`).
@MainActor
open class UISceneConfiguration: NSObject {
    /// The configuration's name in the Info.plist scene manifest, if any.
    open private(set) var name: String?
    /// The session role it is for.
    open private(set) var role: UISceneSession.Role
    /// The class of the scene to create.
    open var sceneClass: AnyClass?
    /// The class of the scene's delegate.
    open var delegateClass: AnyClass?
    /// The storyboard whose initial view controller the scene shows.
    open var storyboard: UIStoryboard?

    /// Creates a configuration.
    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        self.role = sessionRole
        super.init()
    }
}

/// A storyboard: only its place in a scene configuration is transcribed (`UIStoryboard`).
@MainActor
open class UIStoryboard: NSObject {
    /// The storyboard's file name, without its extension.
    public let name: String
    /// The bundle it is in; `nil` for the main bundle.
    public let bundle: Bundle?

    /// The storyboard `name` in `storyboardBundleOrNil` (the main bundle when `nil`).
    public init(name: String, bundle storyboardBundleOrNil: Bundle?) {
        self.name = name
        self.bundle = storyboardBundleOrNil
        super.init()
    }
}

#endif
