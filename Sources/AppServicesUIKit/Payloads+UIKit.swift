public import AppServices
package import Logging

#if canImport(UIKit)
public import UIKit
public import CloudKit
public import Intents
import UserNotifications
#else
public import AppServicesUIKitShim
#endif

// Conversions between UIKit's objects and the core's platform-neutral payloads. The
// adapters use them; they are public for code that bridges UIKit and services itself.

extension LaunchOptions {
    /// The platform-neutral form of UIKit's launch-options dictionary.
    ///
    /// - Parameters:
    ///   - launchOptions: The dictionary UIKit passed to `willFinishLaunching` or
    ///     `didFinishLaunching`, if any.
    ///   - applicationState: The application's state during launch; `.background` means
    ///     the system launched it into the background (silent push, background fetch,
    ///     background URL session), or, in a scene-based application, which UIKit launches
    ///     in the background state whatever launched it, that it may have: the composite
    ///     learns which from what comes first, a scene's connection or a background callback
    ///     (see `LaunchReason`).
    public init(_ launchOptions: [UIApplication.LaunchOptionsKey: Any]?, applicationState: UIApplication.State) {
        let options = launchOptions ?? [:]
        let activity = (options[.userActivityDictionary] as? [AnyHashable: Any]).map(UserInfo.init(propertyList:))
        self.init(
            url: options[.url] as? URL,
            sourceApplication: options[.sourceApplication] as? String,
            remoteNotification: (options[.remoteNotification] as? [AnyHashable: Any]).map(UserInfo.init(propertyList:)),
            shortcutItem: (options[.shortcutItem] as? UIApplicationShortcutItem).map(ShortcutItem.init),
            userActivityType: activity?[UIApplication.LaunchOptionsKey.userActivityType.rawValue]?.stringValue,
            launchedInBackground: applicationState == .background,
            // `UIApplication.LaunchOptionsKey.location`, named by its value: iOS 26 deprecates the
            // constant (for CoreLocation's own delivery) but earlier systems still send it.
            isLocationEvent: options[UIApplication.LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsLocationKey")]
                != nil
        )
    }
}

extension OpenURLOptions {
    /// The platform-neutral form of `application(_:open:options:)`'s options.
    public init(_ options: [UIApplication.OpenURLOptionsKey: Any]) {
        self.init(
            sourceApplication: options[.sourceApplication] as? String,
            openInPlace: options[.openInPlace] as? Bool ?? false
        )
    }

    /// The platform-neutral form of a scene's URL-opening options.
    @MainActor
    public init(_ options: UIScene.OpenURLOptions) {
        self.init(sourceApplication: options.sourceApplication, openInPlace: options.openInPlace)
    }
}

extension OpenURLContext {
    /// The platform-neutral form of a URL handed to a scene.
    @MainActor
    public init(_ context: UIOpenURLContext) {
        self.init(url: context.url, options: OpenURLOptions(context.options))
    }
}

extension UserActivity {
    /// The platform-neutral form of `activity`; user-info values that are not property-list
    /// values are left out.
    public init(_ activity: NSUserActivity) {
        self.init(
            activityType: activity.activityType,
            title: activity.title,
            webpageURL: activity.webpageURL,
            targetContentIdentifier: activity.targetContentIdentifier,
            userInfo: UserInfo(propertyList: activity.userInfo ?? [:])
        )
    }
}

extension UserActivity {
    /// Logs one warning naming `activity` and the user-info entries the conversion leaves
    /// out (a `UUID` token, a `URL`), if any: a service reads them from the raw activity.
    package static func warnAboutDroppedUserInfo(of activity: NSUserActivity, logger: Logger) {
        guard let userInfo = activity.userInfo else { return }
        PropertyListCheck.warnAboutDroppedEntries(
            of: userInfo,
            in: "User activity \(activity.activityType)",
            rawIn: "the raw activity is in context.uiKit.userActivity",
            logger: logger
        )
    }
}

extension NSUserActivity {
    /// Creates a platform activity from a service's `UserActivity`.
    ///
    /// Its `webpageURL` is set only when it is an `http` or `https` URL: `NSUserActivity`
    /// raises an exception for any other scheme, which would end the application (a
    /// restoration activity is made as its scene goes to the background). Another URL is
    /// left out; keep it in `userInfo`.
    public convenience init(_ activity: UserActivity) {
        self.init(activityType: activity.activityType)
        title = activity.title
        if let url = activity.webpageURL, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            webpageURL = url
        }
        targetContentIdentifier = activity.targetContentIdentifier
        userInfo = activity.userInfo.isEmpty ? nil : activity.userInfo.propertyList
    }
}

extension ShortcutItem {
    /// The platform-neutral form of a home-screen quick action.
    public init(_ item: UIApplicationShortcutItem) {
        var userInfo: [AnyHashable: Any] = [:]
        for (key, value) in item.userInfo ?? [:] { userInfo[key] = value }
        self.init(
            type: item.type,
            localizedTitle: item.localizedTitle,
            localizedSubtitle: item.localizedSubtitle,
            userInfo: UserInfo(propertyList: userInfo)
        )
    }
}

extension SceneSessionRole {
    /// The platform-neutral form of a session role.
    public init(_ role: UISceneSession.Role) {
        self.init(rawValue: role.rawValue)
    }
}

extension SceneSession {
    /// The platform-neutral form of a scene session.
    @MainActor
    public init(_ session: UISceneSession) {
        self.init(
            persistentIdentifier: session.persistentIdentifier,
            role: SceneSessionRole(session.role),
            configurationName: session.configuration.name
        )
    }
}

extension SceneInfo {
    /// The platform-neutral description of `scene`: its session and title.
    @MainActor
    public init(_ scene: UIScene) {
        self.init(session: SceneSession(scene.session), title: scene.title)
    }
}

extension SceneConnectionOptions {
    /// The platform-neutral form of a scene's connection options. User activities are
    /// ordered by type, as the platform hands them over as a set. The response to the
    /// notification that created the scene, if any, is converted as
    /// `NotificationResponse.init(_:)` converts it, and the CloudKit share as
    /// `CloudKitShareMetadata.init(_:)`.
    @MainActor
    public init(_ options: UIScene.ConnectionOptions) {
        self.init(
            urlContexts: Set(options.urlContexts.map(OpenURLContext.init)),
            handoffUserActivityType: options.handoffUserActivityType,
            userActivities: Self.sortedActivities(options).map(UserActivity.init),
            shortcutItem: options.shortcutItem.map(ShortcutItem.init),
            cloudKitShareMetadata: options.cloudKitShareMetadata.map(CloudKitShareMetadata.init),
            sourceApplication: options.sourceApplication,
            notificationResponse: options.notificationResponse.map(NotificationResponse.init),
            accessoryUserInfo: Self.accessoryUserInfo(of: options)
        )
    }

    /// The property-list values of iOS 27's `sceneAccessoryUserInfo`, where the SDK and the
    /// system have it (see `UIKitSelectors` for the guard; Mac Catalyst, tvOS, visionOS and
    /// watchOS have none).
    @MainActor
    static func accessoryUserInfo(of options: UIScene.ConnectionOptions) -> UserInfo? {
        #if !canImport(UIKit) || (os(iOS) && !targetEnvironment(macCatalyst) && canImport(UIKit, _version: 9127))
        if #available(iOS 27.0, visionOS 27.0, *), let info = options.sceneAccessoryUserInfo as? [AnyHashable: Any] {
            return UserInfo(propertyList: info)
        }
        #endif
        return nil
    }

    /// The user activities of `options` in the order ``userActivities`` lists them: by type,
    /// as the platform hands them over as a set.
    @MainActor
    static func sortedActivities(_ options: UIScene.ConnectionOptions) -> [NSUserActivity] {
        options.userActivities.sorted { $0.activityType < $1.activityType }
    }
}

extension UISceneConfiguration {
    /// Creates the configuration a service proposed: its delegate class, else the class its
    /// delegate class name names, and its storyboard. A delegate class name that names no
    /// class is ignored: UIKit takes the delegate class from the Info.plist entry of the same
    /// name and role, if there is one, and the scene gets no delegate otherwise
    /// (`ServiceOrientedAppDelegate` logs it as an error).
    @MainActor
    public convenience init(_ configuration: SceneConfiguration) {
        self.init(name: configuration.name, sessionRole: UISceneSession.Role(rawValue: configuration.role.rawValue))
        if let delegateClass = configuration.delegateClass {
            self.delegateClass = delegateClass
        } else if let className = configuration.delegateClassName, let delegateClass = NSClassFromString(className) {
            self.delegateClass = delegateClass
        }
        if let storyboardName = configuration.storyboardName {
            storyboard = UIStoryboard(name: storyboardName, bundle: nil)
        }
    }
}

extension SceneConfiguration {
    /// The delegate class name that resolves to no class, when the configuration names its
    /// delegate by name only.
    var unresolvedDelegateClassName: String? {
        guard delegateClass == nil, let name = delegateClassName, NSClassFromString(name) == nil else { return nil }
        return name
    }
}

extension CloudKitShareMetadata {
    /// The platform-neutral part of an accepted CloudKit share.
    public init(_ metadata: CKShare.Metadata) {
        self.init(containerIdentifier: metadata.containerIdentifier, shareURL: metadata.share.url)
    }
}

extension IntentRequest {
    /// Names `intent` by its class, such as `INSendMessageIntent`.
    public init(_ intent: INIntent) {
        self.init(intentName: String(describing: type(of: intent)))
    }
}

extension ExtensionPointIdentifier {
    /// The platform-neutral form of an extension point identifier.
    public init(_ identifier: UIApplication.ExtensionPointIdentifier) {
        self.init(rawValue: identifier.rawValue)
    }
}

extension InterfaceOrientation {
    /// The platform-neutral form of an interface orientation; `.unknown` for a value UIKit
    /// may add later.
    public init(_ orientation: UIInterfaceOrientation) {
        self = InterfaceOrientation(rawValue: orientation.rawValue) ?? .unknown
    }
}

extension UIInterfaceOrientationMask {
    /// The UIKit mask with the same orientations (the raw values are UIKit's).
    public init(_ mask: InterfaceOrientationMask) {
        self.init(rawValue: mask.rawValue)
    }
}

extension UserInterfaceStyle {
    /// The platform-neutral form of a light or dark appearance; `.unspecified` for a value
    /// UIKit may add later.
    public init(_ style: UIUserInterfaceStyle) {
        self = UserInterfaceStyle(rawValue: style.rawValue) ?? .unspecified
    }
}

extension UIBackgroundFetchResult {
    /// The UIKit result for a merged `BackgroundFetchResult`.
    public init(_ result: BackgroundFetchResult) {
        switch result {
        case .newData: self = .newData
        case .noData: self = .noData
        case .failed: self = .failed
        }
    }
}
