public import AppServices

#if canImport(AppKit)
public import AppKit
#else
public import AppServicesAppKitShim
#endif

extension AppContext {
    /// The AppKit objects the adapter received with this callback, typed.
    public var appKit: AppKitObjects { AppKitObjects(platform: platform) }
}

/// The AppKit objects behind a callback, as `AppServices/AppContext/appKit` gives them:
/// each is `nil` when the callback did not come with it.
@MainActor
public struct AppKitObjects {
    private let platform: PlatformObjects?

    init(platform: PlatformObjects?) {
        self.platform = platform
    }

    /// The application.
    public var application: NSApplication? { platform?.value(.application) }
    /// The notification AppKit passed with a launch, activation, hiding or termination
    /// callback.
    public var notification: Notification? { platform?.value(.notification) }
    /// A remote notification's raw user info.
    public var userInfo: [String: Any]? { platform?.value(.userInfo) }
    /// The user activity being continued.
    public var userActivity: NSUserActivity? { platform?.value(.userActivity) }
}
