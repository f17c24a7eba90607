public import Foundation

/// An application life-cycle event, as UIKit announces it with a notification after the
/// matching callback.
public enum LifecycleEvent: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Launch finished (`UIApplication.didFinishLaunchingNotification`).
    case didFinishLaunching
    /// The application became active (`didBecomeActiveNotification`).
    case didBecomeActive
    /// The application is about to become inactive (`willResignActiveNotification`).
    case willResignActive
    /// The application entered the background (`didEnterBackgroundNotification`).
    case didEnterBackground
    /// The application is about to enter the foreground (`willEnterForegroundNotification`).
    case willEnterForeground
    /// The application is about to end (`willTerminateNotification`).
    case willTerminate
    /// Memory is low (`didReceiveMemoryWarningNotification`).
    case didReceiveMemoryWarning
    /// The clock or time zone changed (`significantTimeChangeNotification`).
    case significantTimeChange
    /// Protected data is about to become unavailable
    /// (`protectedDataWillBecomeUnavailableNotification`).
    case protectedDataWillBecomeUnavailable
    /// Protected data became available (`protectedDataDidBecomeAvailableNotification`).
    case protectedDataDidBecomeAvailable

    /// The event's name.
    public var description: String { rawValue }

    /// The name of UIKit's notification for this event (for example
    /// `UIApplicationDidBecomeActiveNotification`), which the composite also posts where
    /// UIKit does not.
    public var notificationName: Notification.Name {
        switch self {
        case .didFinishLaunching: return Notification.Name("UIApplicationDidFinishLaunchingNotification")
        case .didBecomeActive: return Notification.Name("UIApplicationDidBecomeActiveNotification")
        case .willResignActive: return Notification.Name("UIApplicationWillResignActiveNotification")
        case .didEnterBackground: return Notification.Name("UIApplicationDidEnterBackgroundNotification")
        case .willEnterForeground: return Notification.Name("UIApplicationWillEnterForegroundNotification")
        case .willTerminate: return Notification.Name("UIApplicationWillTerminateNotification")
        case .didReceiveMemoryWarning: return Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")
        case .significantTimeChange: return Notification.Name("UIApplicationSignificantTimeChangeNotification")
        case .protectedDataWillBecomeUnavailable:
            return Notification.Name("UIApplicationProtectedDataWillBecomeUnavailable")
        case .protectedDataDidBecomeAvailable:
            return Notification.Name("UIApplicationProtectedDataDidBecomeAvailable")
        }
    }

    /// The event a callback announces, if it announces one.
    public init?(_ callback: AppCallback) {
        switch callback {
        case .didFinishLaunching: self = .didFinishLaunching
        case .didBecomeActive: self = .didBecomeActive
        case .willResignActive: self = .willResignActive
        case .didEnterBackground: self = .didEnterBackground
        case .willEnterForeground: self = .willEnterForeground
        case .willTerminate: self = .willTerminate
        case .didReceiveMemoryWarning: self = .didReceiveMemoryWarning
        case .significantTimeChange: self = .significantTimeChange
        case .protectedDataWillBecomeUnavailable: self = .protectedDataWillBecomeUnavailable
        case .protectedDataDidBecomeAvailable: self = .protectedDataDidBecomeAvailable
        default: return nil
        }
    }
}
