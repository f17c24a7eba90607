// UIKit's background-time identifiers, and the shim's record of the background time an
// application asked for. Source: the iOS SDK's UIApplication.h; see
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

/// Shim only: the background time one application asked for, as the system keeps it, with
/// what tests check: what was begun, what is still open and every `endBackgroundTask` call.
@MainActor
package struct BackgroundTimeLedger {
    /// One request for background time.
    package struct Entry {
        /// Its identifier.
        package let identifier: UIBackgroundTaskIdentifier
        /// The name it was begun with, if any.
        package let name: String?
        let expirationHandler: (() -> Void)?
    }

    /// Every request, in the order it was begun.
    package private(set) var begun: [Entry] = []
    /// Every `endBackgroundTask` call, in order, repeated and unknown identifiers included.
    package private(set) var ended: [UIBackgroundTaskIdentifier] = []
    private var nextIdentifier = 1

    /// The identifiers begun and not ended yet, in the order they were begun.
    package var open: [UIBackgroundTaskIdentifier] {
        begun.map(\.identifier).filter { !ended.contains($0) }
    }

    /// The expiration handler `identifier` was begun with.
    package func expirationHandler(of identifier: UIBackgroundTaskIdentifier) -> (() -> Void)? {
        begun.first { $0.identifier == identifier }?.expirationHandler
    }

    mutating func begin(named name: String?, expirationHandler: (() -> Void)?) -> UIBackgroundTaskIdentifier {
        let identifier = UIBackgroundTaskIdentifier(rawValue: nextIdentifier)
        nextIdentifier += 1
        begun.append(Entry(identifier: identifier, name: name, expirationHandler: expirationHandler))
        return identifier
    }

    mutating func end(_ identifier: UIBackgroundTaskIdentifier) {
        ended.append(identifier)
    }
}

#endif
