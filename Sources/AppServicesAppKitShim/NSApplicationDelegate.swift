#if !canImport(AppKit)
public import Foundation

/// The methods AppKit calls on the application's delegate (`NSApplicationDelegate`): the
/// part AppServices forwards.
///
/// Every member is `@objc optional` in AppKit: AppKit asks `responds(to:)` and calls only
/// what the delegate claims. Here each is a requirement with a default implementation that
/// does what AppKit does without it.
@MainActor
public protocol NSApplicationDelegate: NSObjectProtocol {
    /// Launch is about to finish; the application object is initialized.
    func applicationWillFinishLaunching(_ notification: Notification)
    /// Launch finished, before the first event.
    func applicationDidFinishLaunching(_ notification: Notification)
    /// The application is about to become active.
    func applicationWillBecomeActive(_ notification: Notification)
    /// The application became active.
    func applicationDidBecomeActive(_ notification: Notification)
    /// The application is about to resign active.
    func applicationWillResignActive(_ notification: Notification)
    /// The application resigned active.
    func applicationDidResignActive(_ notification: Notification)
    /// The application is about to hide.
    func applicationWillHide(_ notification: Notification)
    /// The application was hidden.
    func applicationDidHide(_ notification: Notification)
    /// The application is about to unhide.
    func applicationWillUnhide(_ notification: Notification)
    /// The application was unhidden.
    func applicationDidUnhide(_ notification: Notification)
    /// The application is about to terminate.
    func applicationWillTerminate(_ notification: Notification)
    /// Whether the application may terminate.
    func applicationShouldTerminate(_ sender: NSApplication) -> NSApplication.TerminateReply
    /// Whether to terminate when the last window closes.
    func applicationShouldTerminateAfterLastWindowClosed(_ sender: NSApplication) -> Bool
    /// Whether AppKit should do its usual reopen behaviour (the user clicked the Dock icon).
    func applicationShouldHandleReopen(_ sender: NSApplication, hasVisibleWindows flag: Bool) -> Bool
    /// The application was asked to open URLs.
    func application(_ application: NSApplication, open urls: [URL])
    /// Registration for remote notifications succeeded.
    func application(_ application: NSApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)
    /// Registration for remote notifications failed.
    func application(_ application: NSApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error)
    /// A remote notification arrived.
    func application(_ application: NSApplication, didReceiveRemoteNotification userInfo: [String: Any])
    /// The user wants to continue an activity whose data may not be available yet.
    func application(_ application: NSApplication, willContinueUserActivityWithType userActivityType: String) -> Bool
    /// The data for continuing an activity is available.
    func application(
        _ application: NSApplication,
        continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any NSUserActivityRestoring]) -> Void
    ) -> Bool
    /// An activity could not be continued.
    func application(
        _ application: NSApplication,
        didFailToContinueUserActivityWithType userActivityType: String,
        error: any Error
    )
    /// An activity the application's responders manage was updated.
    func application(_ application: NSApplication, didUpdate userActivity: NSUserActivity)
    /// Whether the application's restorable state uses secure coding.
    func applicationSupportsSecureRestorableState(_ app: NSApplication) -> Bool
}

/// What AppKit does when the delegate does not implement a member: nothing, and the answer
/// it assumes.
extension NSApplicationDelegate {
    /// Does nothing.
    public func applicationWillFinishLaunching(_ notification: Notification) {}
    /// Does nothing.
    public func applicationDidFinishLaunching(_ notification: Notification) {}
    /// Does nothing.
    public func applicationWillBecomeActive(_ notification: Notification) {}
    /// Does nothing.
    public func applicationDidBecomeActive(_ notification: Notification) {}
    /// Does nothing.
    public func applicationWillResignActive(_ notification: Notification) {}
    /// Does nothing.
    public func applicationDidResignActive(_ notification: Notification) {}
    /// Does nothing.
    public func applicationWillHide(_ notification: Notification) {}
    /// Does nothing.
    public func applicationDidHide(_ notification: Notification) {}
    /// Does nothing.
    public func applicationWillUnhide(_ notification: Notification) {}
    /// Does nothing.
    public func applicationDidUnhide(_ notification: Notification) {}
    /// Does nothing.
    public func applicationWillTerminate(_ notification: Notification) {}
    /// Quits now.
    public func applicationShouldTerminate(_ sender: NSApplication) -> NSApplication.TerminateReply { .terminateNow }
    /// Keeps running.
    public func applicationShouldTerminateAfterLastWindowClosed(_ sender: NSApplication) -> Bool { false }
    /// Lets AppKit reopen as usual.
    public func applicationShouldHandleReopen(_ sender: NSApplication, hasVisibleWindows flag: Bool) -> Bool { true }
    /// Does nothing.
    public func application(_ application: NSApplication, open urls: [URL]) {}
    /// Does nothing.
    public func application(
        _ application: NSApplication,
        didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
    ) {}
    /// Does nothing.
    public func application(
        _ application: NSApplication,
        didFailToRegisterForRemoteNotificationsWithError error: any Error
    ) {}
    /// Does nothing.
    public func application(_ application: NSApplication, didReceiveRemoteNotification userInfo: [String: Any]) {}
    /// Lets the system show its progress.
    public func application(
        _ application: NSApplication,
        willContinueUserActivityWithType userActivityType: String
    ) -> Bool {
        false
    }
    /// Does not continue the activity.
    public func application(
        _ application: NSApplication,
        continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any NSUserActivityRestoring]) -> Void
    ) -> Bool {
        false
    }
    /// Does nothing.
    public func application(
        _ application: NSApplication,
        didFailToContinueUserActivityWithType userActivityType: String,
        error: any Error
    ) {}
    /// Does nothing.
    public func application(_ application: NSApplication, didUpdate userActivity: NSUserActivity) {}
    /// Secure restorable state, AppKit's default for applications built with the macOS 14
    /// SDK or later.
    public func applicationSupportsSecureRestorableState(_ app: NSApplication) -> Bool { true }
}

#endif
