// Foundation's NSUserActivity, which swift-corelibs-foundation does not have. On Apple
// platforms the real class is used and this file is empty.
#if !canImport(ObjectiveC)
public import Foundation

/// A representation of the state of the application at a moment in time: Handoff,
/// Spotlight, universal links and scene state restoration (Foundation's
/// `NSUserActivity`).
///
/// Only the members the adapters read or write are transcribed: the activity type, title,
/// user info, web page URL, target content identifier and persistent identifier.
open class NSUserActivity: NSObject {
    /// The activity's type, such as `NSUserActivityTypeBrowsingWeb` or an
    /// application-defined reverse-DNS string.
    open private(set) var activityType: String

    /// The user-visible title.
    open var title: String?

    /// Application-defined state, as property-list values.
    open var userInfo: [AnyHashable: Any]?

    /// The web page to load in a browser when the activity cannot be continued natively.
    open var webpageURL: URL?

    /// The identifier of the content the activity targets (iOS 13 and later).
    open var targetContentIdentifier: String?

    /// The identifier the application gives the activity so that it can delete what the
    /// system saved of it, such as a donated shortcut (iOS 12 and later).
    @available(iOS 12.0, *)
    open var persistentIdentifier: NSUserActivityPersistentIdentifier?

    /// Creates an activity of `activityType`.
    public init(activityType: String) {
        self.activityType = activityType
        super.init()
    }
}

/// The identifier an application gives a user activity (Foundation's
/// `NSUserActivityPersistentIdentifier`).
public typealias NSUserActivityPersistentIdentifier = String

#endif
