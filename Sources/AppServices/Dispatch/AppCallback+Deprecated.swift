public import Foundation

// What the adapters read of a callback to claim its selectors was public, and nothing outside
// this package can use it: it is `package` now (`platformSelectors`, `isClaimedAlways`,
// `lifecycleNotificationName`). These forward to it for one release.

extension AppCallback {
    /// The SDK selectors the adapters implement for this callback.
    @available(
        *,
        deprecated,
        message: "Only the adapters read a callback's selectors; this becomes internal in the next release."
    )
    public var selectors: Selectors { Selectors(platformSelectors) }

    /// Whether the adapters claim the callback whatever the services.
    @available(*, deprecated, message: "Only the adapters read it; this becomes internal in the next release.")
    public var isAlwaysClaimed: Bool { isClaimedAlways }

    /// The name of the notification UIKit posts after the callback, for the callbacks that
    /// announce a life-cycle event.
    @available(*, deprecated, message: "Use LifecycleEvent(callback)?.notificationName.")
    public var notificationName: Notification.Name? { lifecycleNotificationName }

    /// The Objective-C selectors of the platform methods that deliver a callback.
    @available(
        *,
        deprecated,
        message: "Only the adapters read a callback's selectors; this becomes internal in the next release."
    )
    public struct Selectors: Sendable {
        /// `UIApplicationDelegate`'s.
        @available(*, deprecated, message: "Only the adapters read a callback's selectors.")
        public var application: String?
        /// `UISceneDelegate`'s or `UIWindowSceneDelegate`'s.
        @available(*, deprecated, message: "Only the adapters read a callback's selectors.")
        public var scene: String?
        /// `NSApplicationDelegate`'s.
        @available(*, deprecated, message: "Only the adapters read a callback's selectors.")
        public var appKit: String?
        /// CallKit's `CXProviderDelegate`'s.
        @available(*, deprecated, message: "Only the adapters read a callback's selectors.")
        public var provider: String?

        /// Creates the selectors of a callback (which no code outside the package can give to a
        /// callback).
        @available(*, deprecated, message: "Only the adapters read a callback's selectors.")
        public init(
            application: String? = nil,
            scene: String? = nil,
            appKit: String? = nil,
            provider: String? = nil
        ) {
            self.application = application
            self.scene = scene
            self.appKit = appKit
            self.provider = provider
        }

        init(_ selectors: PlatformSelectors) {
            self.init(
                application: selectors.application,
                scene: selectors.scene,
                appKit: selectors.appKit,
                provider: selectors.provider
            )
        }
    }
}
