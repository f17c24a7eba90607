// UIKit's background-time identifiers. Source: the iOS SDK's UIApplication.h; see
// Documentation/Reference/AppleAPI-NotificationsAndTasks.md in this repository.
#if !canImport(UIKit)

/// The identifier of a request for background time (`UIBackgroundTaskIdentifier`), which
/// `UIApplication.beginBackgroundTask(withName:expirationHandler:)` returns.
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    /// The identifier's number.
    public var rawValue: Int

    /// Creates an identifier from its number.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Creates an identifier from its number.
    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    /// No background task: what `beginBackgroundTask` returns when the system gives no time.
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}

#endif
