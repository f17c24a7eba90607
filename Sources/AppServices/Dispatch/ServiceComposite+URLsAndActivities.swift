public import Foundation

extension ServiceComposite {
    /// Dispatches `application(_:open:options:)` (or, with `scene`, one URL of
    /// `scene(_:openURLContexts:)`).
    ///
    /// - Returns: `true` if any service opened the URL; `false` with no handling service.
    public func open(
        _ url: URL,
        options: OpenURLOptions = OpenURLOptions(),
        platform: PlatformObjects? = nil,
        scene: SceneInfo? = nil
    ) -> Bool {
        ask(.openURL, { $0.urlOpening }, merge: .anyTrue, platform: platform, scene: scene) {
            $0.application($1, open: url, options: options)
        }
    }

    /// Dispatches `scene(_:openURLContexts:)`: each URL, sorted by its string so the order
    /// does not depend on the set's, goes to ``URLOpenHandling`` with the scene set.
    public func open(_ urlContexts: Set<OpenURLContext>, scene: SceneInfo, platform: PlatformObjects? = nil) {
        for context in urlContexts.sorted(by: { $0.url.absoluteString < $1.url.absoluteString }) {
            _ = open(context.url, options: context.options, platform: platform, scene: scene)
        }
    }

    /// Dispatches `application(_:willContinueUserActivityWithType:)` (or the scene form).
    ///
    /// - Returns: `true` if any service returned `true`; `false` with no handling service.
    public func willContinueUserActivity(
        type: String,
        platform: PlatformObjects? = nil,
        scene: SceneInfo? = nil
    ) -> Bool {
        ask(.willContinueUserActivity, { $0.userActivities }, merge: .anyTrue, platform: platform, scene: scene) {
            $0.application($1, willContinueUserActivityWithType: type)
        }
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
            { $0.userActivities },
            merge: .userActivityContinuation,
            platform: platform,
            scene: scene
        ) { $0.application($1, continue: activity) }
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
        notify(.didFailToContinueUserActivity, { $0.userActivities }, platform: platform, scene: scene) {
            $0.application($1, didFailToContinueUserActivityWithType: type, error: error)
        }
    }

    /// Dispatches `application(_:didUpdate:)` (or the scene form).
    public func didUpdateUserActivity(
        _ activity: UserActivity,
        platform: PlatformObjects? = nil,
        scene: SceneInfo? = nil
    ) {
        notify(.didUpdateUserActivity, { $0.userActivities }, platform: platform, scene: scene) {
            $0.application($1, didUpdate: activity)
        }
    }

    /// Dispatches `application(_:supportedInterfaceOrientationsFor:)`.
    ///
    /// - Returns: The intersection of the answers, or the first answer when it is empty;
    ///   `nil` when no service handles it (the adapter then does not claim the callback).
    public func supportedInterfaceOrientations(
        for window: AnyObject?,
        platform: PlatformObjects? = nil
    ) -> InterfaceOrientationMask? {
        guard handles(.supportedInterfaceOrientations) else { return nil }
        return ask(
            .supportedInterfaceOrientations,
            { $0.interfaceOrientations },
            merge: .orientationIntersection,
            platform: platform
        ) { $0.application($1, supportedInterfaceOrientationsFor: window) }
    }

    /// Dispatches `application(_:shouldAllowExtensionPointIdentifier:)`.
    ///
    /// - Returns: `false` if any service returned `false`; `true` otherwise, also with no
    ///   handling service.
    public func shouldAllowExtensionPoint(
        _ identifier: ExtensionPointIdentifier,
        platform: PlatformObjects? = nil
    ) -> Bool {
        ask(.shouldAllowExtensionPointIdentifier, { $0.extensionPoints }, merge: .allTrue, platform: platform) {
            $0.application($1, shouldAllowExtensionPointIdentifier: identifier)
        }
    }

    /// Dispatches `application(_:userDidAcceptCloudKitShareWith:)` (or the window-scene form).
    public func userDidAcceptCloudKitShare(
        _ metadata: CloudKitShareMetadata,
        platform: PlatformObjects? = nil,
        scene: SceneInfo? = nil
    ) {
        notify(.userDidAcceptCloudKitShare, { $0.cloudKitShares }, platform: platform, scene: scene) {
            $0.application($1, userDidAcceptCloudKitShareWith: metadata)
        }
    }

    /// Dispatches `application(_:handlerFor:)`.
    ///
    /// - Returns: The first non-`nil` handler in dependency order, or `nil`.
    public func handler(for intent: IntentRequest, platform: PlatformObjects? = nil) -> Any? {
        ask(.handlerForIntent, { $0.intents }, merge: .firstNonNil(), platform: platform) {
            $0.application($1, handlerFor: intent)
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
