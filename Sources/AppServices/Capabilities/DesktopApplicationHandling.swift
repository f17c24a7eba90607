/// A service that handles the macOS-only parts of the application life cycle
/// (`NSApplicationDelegate`).
///
/// Launch, becoming active, resigning active and termination reach
/// ``LaunchHandling`` and ``ApplicationStateHandling`` on macOS too; URLs reach
/// ``URLOpenHandling`` one at a time.
@MainActor
public protocol DesktopApplicationHandling: AppService {
    /// The application is about to become active (`applicationWillBecomeActive(_:)`).
    func applicationWillBecomeActive(_ context: AppContext)
    /// The application resigned active (`applicationDidResignActive(_:)`).
    func applicationDidResignActive(_ context: AppContext)
    /// The application is about to hide (`applicationWillHide(_:)`).
    func applicationWillHide(_ context: AppContext)
    /// The application was hidden (`applicationDidHide(_:)`).
    func applicationDidHide(_ context: AppContext)
    /// The application is about to unhide (`applicationWillUnhide(_:)`).
    func applicationWillUnhide(_ context: AppContext)
    /// The application was unhidden (`applicationDidUnhide(_:)`).
    func applicationDidUnhide(_ context: AppContext)
    /// Whether the application may quit now (`applicationShouldTerminate(_:)`).
    ///
    /// Merge: ``TerminationReply/cancel`` beats ``TerminationReply/later(_:)``, which beats
    /// ``TerminationReply/now``. Default ``TerminationReply/now``.
    func applicationShouldTerminate(_ context: AppContext) -> TerminationReply
    /// Whether to quit when the last window closes
    /// (`applicationShouldTerminateAfterLastWindowClosed(_:)`). Merge: `true` if any.
    /// Default `false`.
    func applicationShouldTerminateAfterLastWindowClosed(_ context: AppContext) -> Bool
    /// Whether AppKit should do its default reopen behaviour
    /// (`applicationShouldHandleReopen(_:hasVisibleWindows:)`). Return `false` after
    /// handling the reopen yourself. Merge: `false` if any. Default `true`.
    func applicationShouldHandleReopen(_ context: AppContext, hasVisibleWindows: Bool) -> Bool
    /// Whether the application's restorable state uses secure coding
    /// (`applicationSupportsSecureRestorableState(_:)`). Merge: `false` if any. Default `true`.
    func applicationSupportsSecureRestorableState(_ context: AppContext) -> Bool
}

extension DesktopApplicationHandling {
    /// Does nothing.
    public func applicationWillBecomeActive(_ context: AppContext) {}
    /// Does nothing.
    public func applicationDidResignActive(_ context: AppContext) {}
    /// Does nothing.
    public func applicationWillHide(_ context: AppContext) {}
    /// Does nothing.
    public func applicationDidHide(_ context: AppContext) {}
    /// Does nothing.
    public func applicationWillUnhide(_ context: AppContext) {}
    /// Does nothing.
    public func applicationDidUnhide(_ context: AppContext) {}
    /// Lets the application quit.
    public func applicationShouldTerminate(_ context: AppContext) -> TerminationReply { .now }
    /// Does not ask to quit.
    public func applicationShouldTerminateAfterLastWindowClosed(_ context: AppContext) -> Bool { false }
    /// Leaves reopening to AppKit.
    public func applicationShouldHandleReopen(_ context: AppContext, hasVisibleWindows: Bool) -> Bool { true }
    /// Supports secure restorable state.
    public func applicationSupportsSecureRestorableState(_ context: AppContext) -> Bool { true }
}
