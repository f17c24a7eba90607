import Foundation
import Logging

/// A service that continues user activities: Handoff, Spotlight results, universal links.
///
/// Scene versions of these callbacks reach the same members with ``AppContext/scene`` set.
/// UIKit promises exactly one `continue` or `didFailToContinue` after each `willContinue`.
///
/// **Activity types.** A UIKit delegate receives every activity, whatever its type, and
/// gives it to every service. A SwiftUI scene receives only the types a view registers
/// (`onContinueUserActivity`), so the SwiftUI modifier of `AppServicesSwiftUI` registers
/// the types services declare in ``userActivityTypes``: declare them to be reached in a
/// SwiftUI application without a scene delegate.
@MainActor
public protocol UserActivityHandling: AppService {
    /// The activity types (`NSUserActivity.activityType`) this service continues, such as
    /// `NSUserActivityTypeBrowsingWeb` or an application's reverse-DNS types. SwiftUI scenes
    /// register them; UIKit delivers every type regardless. Default: none.
    var userActivityTypes: Set<String> { get }

    /// An activity of `userActivityType` is about to be continued
    /// (`application(_:willContinueUserActivityWithType:)`). Return `true` to show your own
    /// progress instead of the system's. Merge: `true` if any. Default `false`. The answer
    /// reaches the system from an application delegate only (AppKit, or an application
    /// without scenes): a scene's delegate (`scene(_:willContinueUserActivityWithType:)`)
    /// returns nothing, and the system shows its progress.
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
    /// None.
    public var userActivityTypes: Set<String> { [] }

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

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``UserActivityHandling``.
    static let userActivities = HandlerKind<any UserActivityHandling>(
        { $0 as? any UserActivityHandling },
        types: { $0 is any UserActivityHandling.Type }
    )
}

extension AppCallback {
    /// `application:willContinueUserActivityWithType:` and `scene:willContinueUserActivityWithType:` and `application:willContinueUserActivityWithType:`
    public static let willContinueUserActivity = AppCallback(
        "willContinueUserActivity",
        heardBy: HandlerKinds.userActivities,
        selectors: PlatformSelectors(
            application: "application:willContinueUserActivityWithType:",
            scene: "scene:willContinueUserActivityWithType:",
            appKit: "application:willContinueUserActivityWithType:"
        )
    )
    /// `application:continueUserActivity:restorationHandler:` and `scene:continueUserActivity:` and `application:continueUserActivity:restorationHandler:`
    public static let continueUserActivity = AppCallback(
        "continueUserActivity",
        heardBy: HandlerKinds.userActivities,
        selectors: PlatformSelectors(
            application: "application:continueUserActivity:restorationHandler:",
            scene: "scene:continueUserActivity:",
            appKit: "application:continueUserActivity:restorationHandler:"
        )
    )
    /// `application:didFailToContinueUserActivityWithType:error:` and `scene:didFailToContinueUserActivityWithType:error:` and `application:didFailToContinueUserActivityWithType:error:`
    public static let didFailToContinueUserActivity = AppCallback(
        "didFailToContinueUserActivity",
        heardBy: HandlerKinds.userActivities,
        selectors: PlatformSelectors(
            application: "application:didFailToContinueUserActivityWithType:error:",
            scene: "scene:didFailToContinueUserActivityWithType:error:",
            appKit: "application:didFailToContinueUserActivityWithType:error:"
        )
    )
    /// `application:didUpdateUserActivity:` and `scene:didUpdateUserActivity:` and `application:didUpdateUserActivity:`
    public static let didUpdateUserActivity = AppCallback(
        "didUpdateUserActivity",
        heardBy: HandlerKinds.userActivities,
        selectors: PlatformSelectors(
            application: "application:didUpdateUserActivity:",
            scene: "scene:didUpdateUserActivity:",
            appKit: "application:didUpdateUserActivity:"
        )
    )

    /// The callbacks ``UserActivityHandling`` services hear.
    static let userActivityCallbacks: [AppCallback] = [
        .willContinueUserActivity, .continueUserActivity, .didFailToContinueUserActivity, .didUpdateUserActivity,
    ]
}

// MARK: - Dispatch

extension ServiceComposite {
    /// The activity types the ``UserActivityHandling`` services declare
    /// (``UserActivityHandling/userActivityTypes``), sorted, each once; on a nested
    /// composite, the outermost one's.
    public var declaredUserActivityTypes: [String] {
        if let outer { return outer.declaredUserActivityTypes }
        sealIfNeeded(by: "declaredUserActivityTypes")
        let services = handlers.list(HandlerKinds.userActivities).services
        return Set(services.flatMap(\.userActivityTypes)).sortedOnce()
    }

    /// Dispatches `application(_:willContinueUserActivityWithType:)` (or the scene form).
    ///
    /// A service that answers `true` tells the system it shows progress itself, so the
    /// system shows none; should no service then continue the activity (the `continue`
    /// callback that follows is handled by none), a warning names the services that
    /// answered `true`: the person saw nothing happen.
    ///
    /// - Returns: `true` if any service returned `true`; `false` with no handling service.
    public func willContinueUserActivity(
        type: String,
        platform: PlatformObjects? = nil,
        scene: SceneInfo? = nil
    ) -> Bool {
        var claimedBy: [String] = []
        let merged = ask(
            .willContinueUserActivity,
            (any UserActivityHandling).self,
            merge: .anyTrue,
            platform: platform,
            scene: scene
        ) {
            let answer = $0.application($1, willContinueUserActivityWithType: type)
            if answer { claimedBy.append($1.serviceName ?? "a service") }
            return answer
        }
        // A scene's delegate answers UIKit nothing: the system showed its progress whatever
        // the services said, and nobody promised it anything.
        state.announceContinuation(of: type, by: scene == nil ? claimedBy : [])
        return merged
    }

    /// The activity of `type` was continued (`handled`) or not, after a `willContinue`:
    /// warns when services told the system they would show its progress and none continued it.
    private func settleContinuation(of type: String, handled: Bool) {
        guard let claimedBy = state.takeAnnouncedContinuation(of: type), !claimedBy.isEmpty, !handled else { return }
        configuration.logger.warning(
            "\(claimedBy.joined(separator: ", ")) answered true to willContinueUserActivity for activity type \(type), so the system showed no progress of its own, but no service continued it: the person saw nothing happen. Continue activities of this type in a UserActivityHandling service, or answer false.",
            metadata: ["callback": "\(AppCallback.continueUserActivity)"]
        )
    }

    /// Dispatches `application(_:continue:restorationHandler:)` (or the scene form).
    ///
    /// - Parameters:
    ///   - activity: The activity to continue.
    ///   - platform: The raw platform objects to hand to services, if any.
    ///   - scene: The scene the activity arrived through, for the scene form.
    ///   - restorationHandler: Called at most once, after every service answered, with the
    ///     restoring objects of all services, and only when there is at least one.
    /// - Returns: `true` if any service handled the activity; `false` with no handling
    ///   service.
    public func continueUserActivity(
        _ activity: UserActivity,
        platform: PlatformObjects? = nil,
        scene: SceneInfo? = nil,
        restorationHandler: ([AnyObject]) -> Void = { _ in }
    ) -> Bool {
        let merged = ask(
            .continueUserActivity,
            (any UserActivityHandling).self,
            merge: .userActivityContinuation,
            platform: platform,
            scene: scene
        ) { $0.application($1, continue: activity) }
        settleContinuation(of: activity.activityType, handled: merged.handled)
        if !merged.restoringObjects.isEmpty { restorationHandler(merged.restoringObjects) }
        return merged.handled
    }

    /// Dispatches `application(_:didFailToContinueUserActivityWithType:error:)` (or the
    /// scene form).
    public func didFailToContinueUserActivity(
        type: String,
        error: any Error,
        platform: PlatformObjects? = nil,
        scene: SceneInfo? = nil
    ) {
        _ = state.takeAnnouncedContinuation(of: type)
        notify(.didFailToContinueUserActivity, (any UserActivityHandling).self, platform: platform, scene: scene) {
            $0.application($1, didFailToContinueUserActivityWithType: type, error: error)
        }
    }

    /// Dispatches `application(_:didUpdate:)` (or the scene form).
    public func didUpdateUserActivity(
        _ activity: UserActivity,
        platform: PlatformObjects? = nil,
        scene: SceneInfo? = nil
    ) {
        notify(.didUpdateUserActivity, (any UserActivityHandling).self, platform: platform, scene: scene) {
            $0.application($1, didUpdate: activity)
        }
    }
}

extension ResponseMerge where Response == UserActivityContinuation {
    /// Handled if any service handled it; the restoring objects of every service, in order.
    static var userActivityContinuation: ResponseMerge<UserActivityContinuation> {
        ResponseMerge(
            whenNoneAnswers: { .notHandled },
            combine: { merged, next in
                UserActivityContinuation(
                    handled: merged.handled || next.handled,
                    restoringObjects: merged.restoringObjects + next.restoringObjects
                )
            }
        )
    }
}
