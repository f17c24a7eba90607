#if !canImport(UIKit)

/// One instance of the application's user interface (`UIScene`).
@MainActor
open class UIScene: UIResponder {
    /// The scene's session, which outlives the scene.
    open private(set) var session: UISceneSession
    /// The scene's delegate; the scene holds it strongly.
    open var delegate: (any UISceneDelegate)?
    /// The scene's state. Read-only in UIKit; a simulated UIKit in this package sets it.
    open package(set) var activationState: UIScene.ActivationState = .unattached
    /// The title the system shows for the scene.
    open var title: String!

    /// Creates a scene for `session`.
    public init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) {
        self.session = session
        super.init()
        session.scene = self
    }
}

extension UIScene {
    /// The state of a scene (`UIScene.ActivationState`).
    public enum ActivationState: Int, Sendable {
        /// Not yet connected, or not running.
        case unattached = -1
        /// In the foreground and receiving events.
        case foregroundActive = 0
        /// In the foreground but not receiving events.
        case foregroundInactive = 1
        /// In the background.
        case background = 2
    }

    /// Why UIKit created a scene: the URLs, activities and actions to handle once it is
    /// connected (`UIScene.ConnectionOptions`).
    ///
    /// UIKit creates these; the shim lets a simulated UIKit in this package create them.
    @MainActor
    open class ConnectionOptions: NSObject {
        /// URLs to open.
        open private(set) var urlContexts: Set<UIOpenURLContext>
        /// The bundle identifier of the application that caused the connection.
        open private(set) var sourceApplication: String?
        /// The type of a Handoff activity to continue; the activity itself arrives later
        /// through `scene(_:continue:)`.
        open private(set) var handoffUserActivityType: String?
        /// User activities to continue.
        open private(set) var userActivities: Set<NSUserActivity>
        /// The response to the notification the person tapped to create the scene.
        @available(tvOS, unavailable)
        open private(set) var notificationResponse: UNNotificationResponse?
        /// The quick action that created the scene.
        @available(tvOS, unavailable)
        open private(set) var shortcutItem: UIApplicationShortcutItem?
        /// A CloudKit share the user accepted.
        open private(set) var cloudKitShareMetadata: CKShare.Metadata?
        /// The user info the application gave the scene accessory that created the scene, if
        /// any (iOS 27).
        @available(iOS 27.0, *)
        @available(macCatalyst, unavailable)
        @available(tvOS, unavailable)
        @available(visionOS, unavailable)
        @available(watchOS, unavailable)
        open private(set) var sceneAccessoryUserInfo: Any?

        /// Creates connection options, as UIKit does.
        package init(
            urlContexts: Set<UIOpenURLContext> = [],
            sourceApplication: String? = nil,
            handoffUserActivityType: String? = nil,
            userActivities: Set<NSUserActivity> = [],
            notificationResponse: UNNotificationResponse? = nil,
            shortcutItem: UIApplicationShortcutItem? = nil,
            cloudKitShareMetadata: CKShare.Metadata? = nil,
            sceneAccessoryUserInfo: Any? = nil
        ) {
            self.urlContexts = urlContexts
            self.sourceApplication = sourceApplication
            self.handoffUserActivityType = handoffUserActivityType
            self.userActivities = userActivities
            self.notificationResponse = notificationResponse
            self.shortcutItem = shortcutItem
            self.cloudKitShareMetadata = cloudKitShareMetadata
            self.sceneAccessoryUserInfo = sceneAccessoryUserInfo
            super.init()
        }
    }

    /// How a URL was handed to a scene (`UIScene.OpenURLOptions`).
    @MainActor
    open class OpenURLOptions: NSObject {
        /// The bundle identifier of the application that asked to open the URL.
        open private(set) var sourceApplication: String?
        /// A property-list annotation from a document interaction controller.
        open private(set) var annotation: Any?
        /// Whether the document must be opened in place rather than copied.
        open private(set) var openInPlace: Bool

        /// Creates options, as UIKit does.
        package init(sourceApplication: String? = nil, annotation: Any? = nil, openInPlace: Bool = false) {
            self.sourceApplication = sourceApplication
            self.annotation = annotation
            self.openInPlace = openInPlace
            super.init()
        }
    }
}

/// A URL to open, with how it was handed over (`UIOpenURLContext`).
@MainActor
open class UIOpenURLContext: NSObject {
    /// The URL.
    open private(set) var url: URL
    /// How it was handed over.
    open private(set) var options: UIScene.OpenURLOptions

    /// Creates a context, as UIKit does.
    package init(url: URL, options: UIScene.OpenURLOptions = UIScene.OpenURLOptions()) {
        self.url = url
        self.options = options
        super.init()
    }
}

#endif
