/// A call-every-service service that counts the callbacks it handles.
@MainActor
public protocol CountingPluggableService: PluggableService {
    /// How many callbacks this service has received.
    var callbackCount: Int { get }
}

/// Handles only `applicationDidBecomeActive(_:)`; every other callback reaches a default.
@MainActor
final class PluggableBecomeActiveCounter: CountingPluggableService {
    private(set) var callbackCount = 0

    @inline(never)
    func applicationDidBecomeActive(_ application: PeerApplication) {
        callbackCount &+= 1
    }
}

/// Handles `applicationDidBecomeActive(_:)` and `applicationDidReceiveMemoryWarning(_:)`.
@MainActor
final class PluggableMemoryWarningCounter: CountingPluggableService {
    private(set) var callbackCount = 0

    @inline(never)
    func applicationDidBecomeActive(_ application: PeerApplication) {
        callbackCount &+= 1
    }

    @inline(never)
    func applicationDidReceiveMemoryWarning(_ application: PeerApplication) {
        callbackCount &+= 1
    }
}

/// Answers a silent push at once, with no data.
@MainActor
final class PluggableSilentPushAnswerer: CountingPluggableService {
    private(set) var callbackCount = 0

    @inline(never)
    func application(
        _ application: PeerApplication,
        didReceiveRemoteNotification userInfo: [String: String],
        fetchCompletionHandler completionHandler: @escaping @MainActor (PeerFetchResult) -> Void
    ) {
        callbackCount &+= 1
        completionHandler(.noData)
    }
}

/// Handles a notification response at once.
@MainActor
final class PluggableNotificationResponder: CountingPluggableService {
    private(set) var callbackCount = 0

    @inline(never)
    func userNotificationCenter(
        _ application: PeerApplication,
        didReceive notification: PeerNotification,
        actionIdentifier: String,
        withCompletionHandler completionHandler: @escaping @MainActor () -> Void
    ) {
        callbackCount &+= 1
        completionHandler()
    }
}
