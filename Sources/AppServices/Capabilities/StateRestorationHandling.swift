public import Foundation

/// A service that takes part in UIKit's view-controller state restoration.
///
/// Merge rules: save and restore happen when any service returns `true`; the first
/// service (in dependency order) that returns a view controller for a restoration path
/// provides it.
@MainActor
public protocol StateRestorationHandling: AppService {
    /// Whether to save the application's state
    /// (`application(_:shouldSaveSecureApplicationState:)`). Default `false`.
    func application(_ context: AppContext, shouldSaveSecureApplicationState coder: NSCoder) -> Bool
    /// Whether to restore the saved state
    /// (`application(_:shouldRestoreSecureApplicationState:)`). Default `false`.
    func application(_ context: AppContext, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool
    /// Save application-level state (`application(_:willEncodeRestorableStateWith:)`).
    func application(_ context: AppContext, willEncodeRestorableStateWith coder: NSCoder)
    /// Restore application-level state (`application(_:didDecodeRestorableStateWith:)`).
    func application(_ context: AppContext, didDecodeRestorableStateWith coder: NSCoder)
    /// The view controller for a restoration path
    /// (`application(_:viewControllerWithRestorationIdentifierPath:coder:)`), or `nil`.
    /// Return a `UIViewController` on UIKit.
    func application(
        _ context: AppContext,
        viewControllerWithRestorationIdentifierPath identifierComponents: [String],
        coder: NSCoder
    ) -> AnyObject?
}

extension StateRestorationHandling {
    /// Does not ask to save.
    public func application(_ context: AppContext, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        false
    }
    /// Does not ask to restore.
    public func application(_ context: AppContext, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        false
    }
    /// Does nothing.
    public func application(_ context: AppContext, willEncodeRestorableStateWith coder: NSCoder) {}
    /// Does nothing.
    public func application(_ context: AppContext, didDecodeRestorableStateWith coder: NSCoder) {}
    /// Provides no view controller.
    public func application(
        _ context: AppContext,
        viewControllerWithRestorationIdentifierPath identifierComponents: [String],
        coder: NSCoder
    ) -> AnyObject? {
        nil
    }
}
