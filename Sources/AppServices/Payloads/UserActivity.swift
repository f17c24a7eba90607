public import Foundation

/// A user activity handed over from another device, Spotlight or a universal link: the
/// platform-neutral form of `NSUserActivity`.
public struct UserActivity: Sendable, Hashable {
    /// The activity type, such as `NSUserActivityTypeBrowsingWeb` or an application-defined
    /// reverse-DNS string.
    public var activityType: String
    /// The user-visible title.
    public var title: String?
    /// The web page the activity continues, for universal links: an `http` or `https` URL.
    /// (`NSUserActivity` refuses any other scheme; the UIKit adapter leaves such a URL out of
    /// an activity it hands to the system.)
    public var webpageURL: URL?
    /// The identifier of the content the activity targets.
    public var targetContentIdentifier: String?
    /// Application-defined values attached to the activity.
    public var userInfo: UserInfo

    /// Creates a user activity.
    public init(
        activityType: String,
        title: String? = nil,
        webpageURL: URL? = nil,
        targetContentIdentifier: String? = nil,
        userInfo: UserInfo = [:]
    ) {
        self.activityType = activityType
        self.title = title
        self.webpageURL = webpageURL
        self.targetContentIdentifier = targetContentIdentifier
        self.userInfo = userInfo
    }
}

/// A service's answer to "continue this user activity".
///
/// The composite answers `true` when any service handled the activity, and calls the
/// system's restoration handler at most once, with the objects of every service.
public struct UserActivityContinuation {
    /// Whether the service handled the activity.
    public var handled: Bool
    /// The objects (responders) that should restore their state from the activity; UIKit
    /// calls `restoreUserActivityState(_:)` on each.
    public var restoringObjects: [AnyObject]

    /// The service did not handle the activity.
    public static var notHandled: UserActivityContinuation {
        UserActivityContinuation(handled: false, restoringObjects: [])
    }

    /// The service handled the activity, optionally naming objects that restore from it.
    public static func handled(restoring objects: [AnyObject] = []) -> UserActivityContinuation {
        UserActivityContinuation(handled: true, restoringObjects: objects)
    }
}
