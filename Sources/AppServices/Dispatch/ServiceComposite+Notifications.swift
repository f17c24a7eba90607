public import Foundation

extension ServiceComposite {
    /// Dispatches `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`.
    public func didRegisterForRemoteNotifications(deviceToken: Data, platform: PlatformObjects? = nil) {
        notify(.didRegisterForRemoteNotifications, { $0.remoteNotificationRegistration }, platform: platform) {
            $0.application($1, didRegisterForRemoteNotificationsWithDeviceToken: deviceToken)
        }
    }

    /// Dispatches `application(_:didFailToRegisterForRemoteNotificationsWithError:)`.
    public func didFailToRegisterForRemoteNotifications(error: any Error, platform: PlatformObjects? = nil) {
        notify(.didFailToRegisterForRemoteNotifications, { $0.remoteNotificationRegistration }, platform: platform) {
            $0.application($1, didFailToRegisterForRemoteNotificationsWithError: error)
        }
    }

    /// Dispatches `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
    ///
    /// The services run concurrently. `completion` is called exactly once: with
    /// ``BackgroundFetchResult/noData`` at once when no service handles remote
    /// notifications, otherwise with the merged result when every service has answered or
    /// at ``Configuration-swift.struct/Deadlines-swift.struct/remoteNotification``.
    public func didReceiveRemoteNotification(
        _ notification: RemoteNotification,
        platform: PlatformObjects? = nil,
        completion: @escaping @MainActor (BackgroundFetchResult) -> Void
    ) {
        fanOut(
            .didReceiveRemoteNotification,
            { $0.remoteNotifications },
            deadline: configuration.deadlines.remoteNotification,
            merge: .backgroundFetch,
            unanswered: .failed,
            platform: platform,
            call: { try await $0.application($1, didReceiveRemoteNotification: notification) },
            completion: completion
        )
    }

    /// Dispatches a remote notification and returns the merged result; see
    /// ``didReceiveRemoteNotification(_:platform:completion:)``. Returns at the deadline
    /// even if a service has not.
    public func didReceiveRemoteNotification(
        _ notification: RemoteNotification,
        platform: PlatformObjects? = nil
    ) async -> BackgroundFetchResult {
        await withCheckedContinuation { continuation in
            didReceiveRemoteNotification(notification, platform: platform) { continuation.resume(returning: $0) }
        }
    }

    /// Dispatches `application(_:performFetchWithCompletionHandler:)`.
    ///
    /// As ``didReceiveRemoteNotification(_:platform:completion:)``, with the deadline
    /// ``Configuration-swift.struct/Deadlines-swift.struct/backgroundFetch``.
    public func performFetch(
        platform: PlatformObjects? = nil,
        completion: @escaping @MainActor (BackgroundFetchResult) -> Void
    ) {
        fanOut(
            .performFetch,
            { $0.backgroundFetch },
            deadline: configuration.deadlines.backgroundFetch,
            merge: .backgroundFetch,
            unanswered: .failed,
            platform: platform,
            call: { try await $0.applicationPerformFetch($1) },
            completion: completion
        )
    }

    /// Dispatches a background fetch and returns the merged result.
    public func performFetch(platform: PlatformObjects? = nil) async -> BackgroundFetchResult {
        await withCheckedContinuation { continuation in
            performFetch(platform: platform) { continuation.resume(returning: $0) }
        }
    }

    /// Dispatches `application(_:handleEventsForBackgroundURLSession:completionHandler:)`.
    ///
    /// `completion` is called exactly once: at once with no handling service, otherwise
    /// after every service has returned or at the deadline.
    public func handleEventsForBackgroundURLSession(
        _ identifier: String,
        platform: PlatformObjects? = nil,
        completion: @escaping @MainActor () -> Void
    ) {
        fanOut(
            .handleEventsForBackgroundURLSession,
            { $0.backgroundURLSessions },
            deadline: configuration.deadlines.backgroundURLSession,
            merge: .none,
            unanswered: nil,
            platform: platform,
            call: { try await $0.application($1, handleEventsForBackgroundURLSession: identifier) },
            completion: { completion() }
        )
    }

    /// Dispatches background URL session events and returns when they are handled.
    public func handleEventsForBackgroundURLSession(_ identifier: String, platform: PlatformObjects? = nil) async {
        await withCheckedContinuation { continuation in
            handleEventsForBackgroundURLSession(identifier, platform: platform) { continuation.resume() }
        }
    }

    /// Dispatches `application(_:handleWatchKitExtensionRequest:reply:)`.
    ///
    /// `reply` is called exactly once with the services' dictionaries merged in order (an
    /// earlier service wins a key both set), or `nil` when none replied.
    public func handleWatchKitExtensionRequest(
        _ userInfo: UserInfo?,
        platform: PlatformObjects? = nil,
        reply: @escaping @MainActor (UserInfo?) -> Void
    ) {
        fanOut(
            .handleWatchKitExtensionRequest,
            { $0.watchKitRequests },
            deadline: configuration.deadlines.watchKitRequest,
            merge: .mergingUserInfo,
            unanswered: nil,
            platform: platform,
            call: { try await $0.application($1, handleWatchKitExtensionRequest: userInfo) },
            completion: reply
        )
    }

    /// Dispatches `application(_:performActionFor:completionHandler:)` (or, with `scene`,
    /// `windowScene(_:performActionFor:completionHandler:)`).
    ///
    /// `completion` is called exactly once with `true` when any service handled the item:
    /// at once (`false`) with no handling service, otherwise after every service has
    /// returned or at the deadline.
    public func performAction(
        for shortcutItem: ShortcutItem,
        platform: PlatformObjects? = nil,
        scene: SceneInfo? = nil,
        completion: @escaping @MainActor (Bool) -> Void
    ) {
        fanOut(
            .performActionForShortcutItem,
            { $0.shortcutItems },
            deadline: configuration.deadlines.shortcutItem,
            merge: .anyTrue,
            unanswered: nil,
            platform: platform,
            scene: scene,
            call: { try await $0.application($1, performActionFor: shortcutItem) },
            completion: completion
        )
    }
}
