/// The role of a scene session (`UISceneSession.Role`).
public struct SceneSessionRole: RawRepresentable, Sendable, Hashable {
    /// The system's role string.
    public let rawValue: String

    /// Creates a role from the system's string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// An interactive window on the device's main screen.
    public static let windowApplication = SceneSessionRole(rawValue: "UIWindowSceneSessionRoleApplication")
    /// A non-interactive window on an external display.
    public static let windowExternalDisplayNonInteractive = SceneSessionRole(
        rawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive"
    )
    /// The interactive screen of a CarPlay vehicle, which a CarPlay scene
    /// (`CPTemplateApplicationScene`) shows templates on (`UISceneSession.Role.carTemplateApplication`).
    public static let carTemplateApplication = SceneSessionRole(
        rawValue: "CPTemplateApplicationSceneSessionRoleApplication"
    )
}

/// A scene session: the persistent identity of one of the application's scenes
/// (`UISceneSession`).
public struct SceneSession: Sendable, Hashable {
    /// The identifier that stays the same across launches while the session exists.
    public var persistentIdentifier: String
    /// The session's role.
    public var role: SceneSessionRole
    /// The name of the configuration the session was created with, if any.
    public var configurationName: String?

    /// Creates a scene session.
    public init(
        persistentIdentifier: String,
        role: SceneSessionRole = .windowApplication,
        configurationName: String? = nil
    ) {
        self.persistentIdentifier = persistentIdentifier
        self.role = role
        self.configurationName = configurationName
    }
}

/// What a scene was connected with (`UIScene.ConnectionOptions`).
///
/// The composite delivers what it holds itself, right after `sceneWillConnect`, to the
/// capability each belongs to, so that one service handles a cold and a warm start alike
/// (see ``ServiceComposite/sceneWillConnect(_:options:platform:restoringUserActivities:)``):
/// a service reads the options in `scene(_:willConnectTo:options:)` only for what no
/// capability covers (``sourceApplication``), never to handle a URL a second time.
public struct SceneConnectionOptions: Sendable, Hashable {
    /// URLs to open: each goes to ``URLOpenHandling``.
    public var urlContexts: Set<OpenURLContext>
    /// The type of a Handoff activity being fetched: goes to
    /// ``UserActivityHandling/application(_:willContinueUserActivityWithType:)``.
    public var handoffUserActivityType: String?
    /// User activities to continue: each goes to ``UserActivityHandling``.
    public var userActivities: [UserActivity]
    /// The quick action that created the scene: goes to ``ShortcutItemHandling``.
    public var shortcutItem: ShortcutItem?
    /// The CloudKit share the person accepted: goes to ``CloudKitShareHandling``.
    public var cloudKitShareMetadata: CloudKitShareMetadata?
    /// The bundle identifier of the application that caused the connection.
    public var sourceApplication: String?
    /// The response to a notification that launched the scene: goes to
    /// ``UserNotificationHandling`` services, once, however often the platform delivers it.
    public var notificationResponse: NotificationResponse?
    /// What a connected accessory asked the scene to show (iOS 27's
    /// `sceneAccessoryUserInfo`), in property-list values; `nil` when none did or the
    /// platform does not say. Services read it in `scene(_:willConnectTo:options:)`.
    public var accessoryUserInfo: UserInfo?

    /// Creates connection options; every field defaults to "none".
    public init(
        urlContexts: Set<OpenURLContext> = [],
        handoffUserActivityType: String? = nil,
        userActivities: [UserActivity] = [],
        shortcutItem: ShortcutItem? = nil,
        cloudKitShareMetadata: CloudKitShareMetadata? = nil,
        sourceApplication: String? = nil,
        notificationResponse: NotificationResponse? = nil,
        accessoryUserInfo: UserInfo? = nil
    ) {
        self.urlContexts = urlContexts
        self.handoffUserActivityType = handoffUserActivityType
        self.userActivities = userActivities
        self.shortcutItem = shortcutItem
        self.cloudKitShareMetadata = cloudKitShareMetadata
        self.sourceApplication = sourceApplication
        self.notificationResponse = notificationResponse
        self.accessoryUserInfo = accessoryUserInfo
    }
}

/// The scene configuration a service proposes for a connecting session
/// (`UISceneConfiguration`).
///
/// Name the scene delegate by its type, so a typo is a compile error:
///
/// ```swift
/// SceneConfiguration(name: "Default Configuration", role: .windowApplication, delegateClass: SceneDelegate.self)
/// ```
public struct SceneConfiguration: Sendable, Hashable {
    /// The configuration's name in the Info.plist scene manifest, if any.
    public var name: String?
    /// The session role it applies to.
    public var role: SceneSessionRole
    /// The scene delegate class, when not the manifest's: a `UIWindowSceneDelegate` (or, for
    /// CarPlay, a `CPTemplateApplicationSceneDelegate`) class UIKit creates for the scene.
    public var delegateClass: AnyClass?
    /// The name of the scene delegate class, when not the manifest's and ``delegateClass``
    /// is not given: for compatibility. A Swift class needs its module-qualified name
    /// (`MyApp.SceneDelegate`); a name that resolves to no class is logged as an error, and
    /// UIKit then takes the delegate class from the Info.plist.
    public var delegateClassName: String?
    /// The name of the storyboard whose initial view controller the scene shows, in the main
    /// bundle; `nil` for none (the scene delegate makes its window).
    public var storyboardName: String?

    /// Creates a scene configuration whose delegate is named by its class name (for
    /// compatibility; prefer ``init(name:role:delegateClass:storyboardName:)``).
    public init(name: String?, role: SceneSessionRole, delegateClassName: String? = nil) {
        self.name = name
        self.role = role
        self.delegateClassName = delegateClassName
    }

    /// Creates a scene configuration whose scene delegate is `delegateClass`, showing the
    /// storyboard `storyboardName` or none.
    public init(name: String?, role: SceneSessionRole, delegateClass: AnyClass, storyboardName: String? = nil) {
        self.name = name
        self.role = role
        self.delegateClass = delegateClass
        self.storyboardName = storyboardName
    }

    /// Whether two configurations are the same: the delegate classes by identity.
    public static func == (lhs: SceneConfiguration, rhs: SceneConfiguration) -> Bool {
        lhs.name == rhs.name && lhs.role == rhs.role && lhs.delegateClassName == rhs.delegateClassName
            && lhs.storyboardName == rhs.storyboardName
            && lhs.delegateClass.map(ObjectIdentifier.init) == rhs.delegateClass.map(ObjectIdentifier.init)
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(role)
        hasher.combine(delegateClassName)
        hasher.combine(storyboardName)
        hasher.combine(delegateClass.map(ObjectIdentifier.init))
    }
}

/// The scene a callback concerns: given to scene callbacks, and in ``AppContext/scene`` for
/// callbacks (URLs, user activities, shortcuts) that arrived through a scene.
///
/// A value like any other, kept in one reference: a scene callback passes it through
/// several hands before the services hear it, and copying it is then one retain, not one
/// per string of its session and title.
public struct SceneInfo: Sendable, Hashable, CustomReflectable {
    /// What a scene information holds, never changed once made: setting a property makes
    /// another.
    private final class Storage: Sendable {
        let session: SceneSession
        let title: String?

        init(session: SceneSession, title: String?) {
            self.session = session
            self.title = title
        }
    }

    private var storage: Storage

    /// The scene's session.
    public var session: SceneSession {
        get { storage.session }
        set { storage = Storage(session: newValue, title: storage.title) }
    }

    /// The scene's title, if it has one.
    public var title: String? {
        get { storage.title }
        set { storage = Storage(session: storage.session, title: newValue) }
    }

    /// Creates scene information.
    public init(session: SceneSession, title: String? = nil) {
        storage = Storage(session: session, title: title)
    }

    /// The scene's identifier: its session's persistent identifier.
    public var identifier: String { storage.session.persistentIdentifier }

    /// Whether two scene informations have equal sessions and titles.
    public static func == (lhs: SceneInfo, rhs: SceneInfo) -> Bool { lhs.isSame(as: rhs) }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.session)
        hasher.combine(storage.title)
    }

    /// The session and the title, as a dump or a debugger shows them.
    public var customMirror: Mirror { Mirror(self, children: ["session": session, "title": title as Any]) }

    /// Whether `other` is equal, as `==` says: at once when both are the same value, as a
    /// scene's callbacks made by one adapter are, and field by field otherwise.
    @inline(__always)
    package func isSame(as other: borrowing SceneInfo) -> Bool {
        storage === other.storage
            || (storage.session == other.storage.session && storage.title == other.storage.title)
    }
}

/// What a window scene's geometry was before it changed
/// (`windowScene(_:didUpdateEffectiveGeometry:)` from iOS 26,
/// `windowScene(_:didUpdate:interfaceOrientation:traitCollection:)` before).
public struct WindowSceneGeometryChange: Sendable, Hashable {
    /// The interface orientation before the change.
    public var previousInterfaceOrientation: InterfaceOrientation
    /// Whether the orientation was locked before the change (iOS 26's effective geometry);
    /// `nil` where the platform does not say.
    public var wasInterfaceOrientationLocked: Bool?
    /// Whether a person was resizing the window interactively before the change (iOS 26's
    /// effective geometry); `nil` where the platform does not say.
    public var wasInteractivelyResizing: Bool?

    /// Creates a geometry change.
    public init(
        previousInterfaceOrientation: InterfaceOrientation,
        wasInterfaceOrientationLocked: Bool? = nil,
        wasInteractivelyResizing: Bool? = nil
    ) {
        self.previousInterfaceOrientation = previousInterfaceOrientation
        self.wasInterfaceOrientationLocked = wasInterfaceOrientationLocked
        self.wasInteractivelyResizing = wasInteractivelyResizing
    }
}
