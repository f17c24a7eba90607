public import Foundation

/// An application life-cycle event, as UIKit announces it with a notification after the
/// matching callback: one of the callbacks UIKit posts a notification after, such as
/// ``didBecomeActive``.
public struct LifecycleEvent: Sendable, Hashable, CustomStringConvertible {
    /// The callback that announces the event.
    public let callback: AppCallback

    /// The event `callback` announces; only callbacks with a notification name announce one.
    init(callback: AppCallback) {
        precondition(callback.lifecycleNotificationName != nil, "\(callback) announces no life-cycle event.")
        self.callback = callback
    }

    /// The event a callback announces, if it announces one.
    public init?(_ callback: AppCallback) {
        guard callback.lifecycleNotificationName != nil else { return nil }
        self.callback = callback
    }

    /// Every event, in the order of ``AppCallback/all``.
    public static var allCases: [LifecycleEvent] { AppCallback.all.compactMap(LifecycleEvent.init) }

    /// The event's name: its callback's.
    public var description: String { callback.name }

    /// The name of UIKit's notification for this event (for example
    /// `UIApplicationDidBecomeActiveNotification`), which the composite also posts where
    /// UIKit does not.
    public var notificationName: Notification.Name {
        guard let name = callback.lifecycleNotificationName else {
            preconditionFailure("\(callback) announces no life-cycle event.")
        }
        return name
    }
}
