/// A service that continues user activities: Handoff, Spotlight results, universal links.
///
/// Scene versions of these callbacks reach the same members with ``AppContext/scene`` set.
/// UIKit promises exactly one `continue` or `didFailToContinue` after each `willContinue`.
@MainActor
public protocol UserActivityHandling: AppService {
    /// An activity of `userActivityType` is about to be continued
    /// (`application(_:willContinueUserActivityWithType:)`). Return `true` to show your own
    /// progress instead of the system's. Merge: `true` if any. Default `false`.
    func application(_ context: AppContext, willContinueUserActivityWithType userActivityType: String) -> Bool

    /// Continue `userActivity` (`application(_:continue:restorationHandler:)`).
    ///
    /// Merge: handled when any service handled it; the system's restoration handler is
    /// called at most once, with the objects of all services. Default: not handled.
    func application(_ context: AppContext, continue userActivity: UserActivity) -> UserActivityContinuation

    /// The activity could not be continued
    /// (`application(_:didFailToContinueUserActivityWithType:error:)`).
    func application(
        _ context: AppContext,
        didFailToContinueUserActivityWithType userActivityType: String,
        error: any Error
    )

    /// The system updated `userActivity` (`application(_:didUpdate:)`).
    func application(_ context: AppContext, didUpdate userActivity: UserActivity)
}

extension UserActivityHandling {
    /// Lets the system show its progress.
    public func application(_ context: AppContext, willContinueUserActivityWithType userActivityType: String) -> Bool {
        false
    }

    /// Does not handle the activity.
    public func application(_ context: AppContext, continue userActivity: UserActivity) -> UserActivityContinuation {
        .notHandled
    }

    /// Does nothing.
    public func application(
        _ context: AppContext,
        didFailToContinueUserActivityWithType userActivityType: String,
        error: any Error
    ) {}

    /// Does nothing.
    public func application(_ context: AppContext, didUpdate userActivity: UserActivity) {}
}
