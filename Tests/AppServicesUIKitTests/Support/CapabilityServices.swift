#if !canImport(UIKit)
import AppServices
import Foundation

// One service per capability protocol, each adopting that protocol only.

final class LaunchOnly: AppService, LaunchHandling {}
final class StateOnly: AppService, ApplicationStateHandling {}
final class SystemEventsOnly: AppService, SystemEventHandling {}
final class PushRegistrationOnly: AppService, RemoteNotificationRegistrationHandling {}
final class ActivitiesOnly: AppService, UserActivityHandling {}
final class RestorationOnly: AppService, StateRestorationHandling {}
final class SceneSessionsOnly: AppService, SceneSessionHandling {}
final class ScenesOnly: AppService, SceneHandling {}
final class CarPlayOnly: AppService, CarPlayHandling {}
final class DesktopOnly: AppService, DesktopApplicationHandling {}
final class NotificationsOnly: AppService, UserNotificationHandling {}
final class VoIPOnly: AppService, VoIPPushHandling {}

final class HealthOnly: AppService, HealthAuthorizationHandling {
    func applicationShouldRequestHealthAuthorization(_ context: AppContext) {}
}

final class KeyCommandsOnly: AppService, KeyCommandLocalizationHandling {
    func applicationShouldAutomaticallyLocalizeKeyCommands(_ context: AppContext) -> Bool { true }
}

final class URLsOnly: AppService, URLOpenHandling {
    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool { false }
}

final class PushOnly: AppService, RemoteNotificationHandling {
    func application(
        _ context: AppContext,
        didReceiveRemoteNotification notification: RemoteNotification
    ) async throws -> BackgroundFetchResult { .noData }
}

final class FetchOnly: AppService, BackgroundFetchHandling {
    func applicationPerformFetch(_ context: AppContext) async throws -> BackgroundFetchResult { .noData }
}

final class URLSessionsOnly: AppService, BackgroundURLSessionHandling {
    func application(_ context: AppContext, handleEventsForBackgroundURLSession identifier: String) async throws {}
}

final class WatchKitOnly: AppService, WatchKitRequestHandling {
    func application(
        _ context: AppContext,
        handleWatchKitExtensionRequest userInfo: UserInfo?
    ) async throws -> UserInfo? {
        nil
    }
}

final class ShortcutsOnly: AppService, ShortcutItemHandling {
    func application(_ context: AppContext, performActionFor shortcutItem: ShortcutItem) async throws -> Bool { false }
}

final class OrientationsOnly: AppService, InterfaceOrientationHandling {
    func application(
        _ context: AppContext,
        supportedInterfaceOrientationsFor window: AnyObject?
    ) -> InterfaceOrientationMask {
        .all
    }
}

final class ExtensionPointsOnly: AppService, ExtensionPointHandling {
    func application(
        _ context: AppContext,
        shouldAllowExtensionPointIdentifier extensionPointIdentifier: ExtensionPointIdentifier
    ) -> Bool { true }
}

final class CloudKitOnly: AppService, CloudKitShareHandling {
    func application(_ context: AppContext, userDidAcceptCloudKitShareWith metadata: CloudKitShareMetadata) {}
}

final class IntentsOnly: AppService, IntentHandling {
    func application(_ context: AppContext, handlerFor intent: IntentRequest) -> Any? { nil }
}

/// A way to make one single-capability service, named for test output.
struct ServiceMaker: Sendable {
    let name: String
    let make: @MainActor @Sendable () -> any AppService
}

/// Every single-capability service.
let singleCapabilityServices: [ServiceMaker] = [
    ServiceMaker(name: "LaunchOnly") { LaunchOnly() },
    ServiceMaker(name: "StateOnly") { StateOnly() },
    ServiceMaker(name: "SystemEventsOnly") { SystemEventsOnly() },
    ServiceMaker(name: "HealthOnly") { HealthOnly() },
    ServiceMaker(name: "KeyCommandsOnly") { KeyCommandsOnly() },
    ServiceMaker(name: "URLsOnly") { URLsOnly() },
    ServiceMaker(name: "PushRegistrationOnly") { PushRegistrationOnly() },
    ServiceMaker(name: "PushOnly") { PushOnly() },
    ServiceMaker(name: "FetchOnly") { FetchOnly() },
    ServiceMaker(name: "URLSessionsOnly") { URLSessionsOnly() },
    ServiceMaker(name: "WatchKitOnly") { WatchKitOnly() },
    ServiceMaker(name: "ShortcutsOnly") { ShortcutsOnly() },
    ServiceMaker(name: "ActivitiesOnly") { ActivitiesOnly() },
    ServiceMaker(name: "OrientationsOnly") { OrientationsOnly() },
    ServiceMaker(name: "ExtensionPointsOnly") { ExtensionPointsOnly() },
    ServiceMaker(name: "CloudKitOnly") { CloudKitOnly() },
    ServiceMaker(name: "IntentsOnly") { IntentsOnly() },
    ServiceMaker(name: "RestorationOnly") { RestorationOnly() },
    ServiceMaker(name: "SceneSessionsOnly") { SceneSessionsOnly() },
    ServiceMaker(name: "ScenesOnly") { ScenesOnly() },
    ServiceMaker(name: "CarPlayOnly") { CarPlayOnly() },
    ServiceMaker(name: "DesktopOnly") { DesktopOnly() },
    ServiceMaker(name: "NotificationsOnly") { NotificationsOnly() },
    ServiceMaker(name: "VoIPOnly") { VoIPOnly() },
]

#endif
