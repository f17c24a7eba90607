/// A service that restricts the interface orientations of the application's windows
/// (`application(_:supportedInterfaceOrientationsFor:)`).
///
/// Merge rule: the intersection of every service's answer; if the intersection is empty,
/// the first service's answer (in dependency order). With no handling service the adapter
/// does not claim the callback and the Info.plist decides.
@MainActor
public protocol InterfaceOrientationHandling: AppService {
    /// The orientations `window` may take; `window` is the platform's window object
    /// (`UIWindow`), or `nil`.
    func application(
        _ context: AppContext,
        supportedInterfaceOrientationsFor window: AnyObject?
    ) -> InterfaceOrientationMask
}

/// A service that allows or refuses kinds of app extensions
/// (`application(_:shouldAllowExtensionPointIdentifier:)`).
///
/// Merge rule: allowed unless a service returns `false`. With no handling service the
/// answer is `true`.
@MainActor
public protocol ExtensionPointHandling: AppService {
    /// Whether extensions of `extensionPointIdentifier` may be used.
    func application(
        _ context: AppContext,
        shouldAllowExtensionPointIdentifier extensionPointIdentifier: ExtensionPointIdentifier
    ) -> Bool
}

/// A service that accepts CloudKit shares
/// (`application(_:userDidAcceptCloudKitShareWith:)`, and the window-scene form with
/// ``AppContext/scene`` set).
@MainActor
public protocol CloudKitShareHandling: AppService {
    /// The user accepted a share.
    func application(_ context: AppContext, userDidAcceptCloudKitShareWith metadata: CloudKitShareMetadata)
}

/// A service that handles SiriKit intents in-process (`application(_:handlerFor:)`).
///
/// Merge rule: the first non-`nil` handler in dependency order; `nil` when no service
/// provides one.
@MainActor
public protocol IntentHandling: AppService {
    /// The object that handles `intent`, or `nil` when this service does not.
    func application(_ context: AppContext, handlerFor intent: IntentRequest) -> Any?
}

/// A service that answers requests from a WatchKit extension
/// (`application(_:handleWatchKitExtensionRequest:reply:)`).
///
/// Merge rule: services run concurrently; the reply merges the services' dictionaries in
/// dependency order, the earlier service winning a key both set, and is `nil` when no
/// service replied. The system's reply handler is called once, after every service, or at
/// the deadline.
@MainActor
public protocol WatchKitRequestHandling: AppService {
    /// Handles the request and returns this service's part of the reply, or `nil`.
    func application(
        _ context: AppContext,
        handleWatchKitExtensionRequest userInfo: UserInfo?
    ) async throws -> UserInfo?
}
