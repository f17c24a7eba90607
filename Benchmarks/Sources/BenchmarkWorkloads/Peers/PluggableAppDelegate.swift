import Dispatch

/// A service of the call-every-service app delegate (the PluggableApplicationDelegate
/// style): one protocol with a member for every callback, each with a default that does
/// nothing, so a service implements only what it needs and is still called for the rest.
@MainActor
public protocol PluggableService: AnyObject {
    /// `applicationDidBecomeActive(_:)`.
    func applicationDidBecomeActive(_ application: PeerApplication)
    /// `applicationWillResignActive(_:)`.
    func applicationWillResignActive(_ application: PeerApplication)
    /// `applicationDidEnterBackground(_:)`.
    func applicationDidEnterBackground(_ application: PeerApplication)
    /// `applicationWillEnterForeground(_:)`.
    func applicationWillEnterForeground(_ application: PeerApplication)
    /// `applicationWillTerminate(_:)`.
    func applicationWillTerminate(_ application: PeerApplication)
    /// `applicationDidReceiveMemoryWarning(_:)`.
    func applicationDidReceiveMemoryWarning(_ application: PeerApplication)
    /// `applicationSignificantTimeChange(_:)`.
    func applicationSignificantTimeChange(_ application: PeerApplication)
    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
    func application(
        _ application: PeerApplication,
        didReceiveRemoteNotification userInfo: [String: String],
        fetchCompletionHandler completionHandler: @escaping @MainActor (PeerFetchResult) -> Void
    )
    /// `userNotificationCenter(_:didReceive:withCompletionHandler:)`.
    func userNotificationCenter(
        _ application: PeerApplication,
        didReceive notification: PeerNotification,
        actionIdentifier: String,
        withCompletionHandler completionHandler: @escaping @MainActor () -> Void
    )
}

extension PluggableService {
    /// Does nothing.
    public func applicationDidBecomeActive(_ application: PeerApplication) {}
    /// Does nothing.
    public func applicationWillResignActive(_ application: PeerApplication) {}
    /// Does nothing.
    public func applicationDidEnterBackground(_ application: PeerApplication) {}
    /// Does nothing.
    public func applicationWillEnterForeground(_ application: PeerApplication) {}
    /// Does nothing.
    public func applicationWillTerminate(_ application: PeerApplication) {}
    /// Does nothing.
    public func applicationDidReceiveMemoryWarning(_ application: PeerApplication) {}
    /// Does nothing.
    public func applicationSignificantTimeChange(_ application: PeerApplication) {}
    /// Answers no data at once.
    public func application(
        _ application: PeerApplication,
        didReceiveRemoteNotification userInfo: [String: String],
        fetchCompletionHandler completionHandler: @escaping @MainActor (PeerFetchResult) -> Void
    ) {
        completionHandler(.noData)
    }
    /// Finishes at once.
    public func userNotificationCenter(
        _ application: PeerApplication,
        didReceive notification: PeerNotification,
        actionIdentifier: String,
        withCompletionHandler completionHandler: @escaping @MainActor () -> Void
    ) {
        completionHandler()
    }
}

/// The call-every-service app delegate: every service is called for every callback, and
/// completion-handler callbacks are merged with a `DispatchGroup` (enter and leave per
/// service, notify on the main queue), as PluggableApplicationDelegate does.
@MainActor
public final class PluggableAppDelegate {
    /// Every service, in the order they hear callbacks.
    public let services: [any PluggableService]
    private let application: PeerApplication

    /// Creates a delegate forwarding to `services`.
    public init(services: [any PluggableService], application: PeerApplication = PeerApplication()) {
        self.services = services
        self.application = application
    }

    /// Calls `applicationDidBecomeActive(_:)` on every service.
    public func applicationDidBecomeActive() {
        for service in services { service.applicationDidBecomeActive(application) }
    }

    /// Calls `applicationDidReceiveMemoryWarning(_:)` on every service.
    public func applicationDidReceiveMemoryWarning() {
        for service in services { service.applicationDidReceiveMemoryWarning(application) }
    }

    /// Calls every service with the notification and, once every service has called its
    /// completion handler, calls `completionHandler` on the main queue with the merged result.
    public func application(
        didReceiveRemoteNotification userInfo: [String: String],
        fetchCompletionHandler completionHandler: @escaping @MainActor (PeerFetchResult) -> Void
    ) {
        let group = DispatchGroup()
        let merge = FetchResultCollector(capacity: services.count, completion: completionHandler)
        for service in services {
            group.enter()
            service.application(application, didReceiveRemoteNotification: userInfo) { result in
                merge.results.append(result)
                group.leave()
            }
        }
        group.notify(queue: .main) {
            MainActor.assumeIsolated { merge.finish() }
        }
    }

    /// Calls every service with the notification response and, once every service has
    /// called its completion handler, calls `completionHandler` on the main queue.
    public func userNotificationCenter(
        didReceive notification: PeerNotification,
        actionIdentifier: String,
        withCompletionHandler completionHandler: @escaping @MainActor () -> Void
    ) {
        let group = DispatchGroup()
        for service in services {
            group.enter()
            service.userNotificationCenter(
                application,
                didReceive: notification,
                actionIdentifier: actionIdentifier
            ) {
                group.leave()
            }
        }
        group.notify(queue: .main) {
            MainActor.assumeIsolated { completionHandler() }
        }
    }
}

/// The results a `DispatchGroup` merge collects before it notifies. Every service answers
/// on the main actor, so the array needs no lock.
@MainActor
private final class FetchResultCollector {
    var results: [PeerFetchResult]
    let completion: @MainActor (PeerFetchResult) -> Void

    init(capacity: Int, completion: @escaping @MainActor (PeerFetchResult) -> Void) {
        self.results = []
        self.results.reserveCapacity(capacity)
        self.completion = completion
    }

    func finish() {
        completion(PeerFetchResult.merge(results))
    }
}
