public import AppServices

/// Target 4: a silent push merged over N async services that answer at once, through the
/// composite's async entry point and through a `DispatchGroup` merge.
@MainActor
public final class SilentPushWorkload {
    /// Our side: N services adopting ``RemoteNotificationHandling``.
    public let composite: ServiceComposite
    /// The peer: the same number of services answering through completion handlers.
    public let dispatchGroupMerge: PluggableAppDelegate
    private let services: [any CallbackCounting]
    private let peerServices: [any CountingPluggableService]
    private let notification = RemoteNotification(userInfo: ["aps": ["content-available": 1]])
    private let peerUserInfo = ["content-available": "1"]

    /// Builds both sides with `serviceCount` services (at most 1,000).
    public init(serviceCount: Int) {
        services = (0..<serviceCount).map { CountingServiceKind.silentPush.make(index: $0) }
        composite = .active(services)
        peerServices = (0..<serviceCount).map { _ in PluggableSilentPushAnswerer() }
        dispatchGroupMerge = PluggableAppDelegate(services: peerServices)
    }

    /// Delivers the push `times` times through the composite, awaiting each merged answer.
    public func deliverThroughComposite(times: Int) async {
        for _ in 0..<times {
            consume(await composite.didReceiveRemoteNotification(notification))
        }
    }

    /// Delivers the push `times` times through the `DispatchGroup` merge, awaiting each
    /// merged answer.
    public func deliverThroughDispatchGroup(times: Int) async {
        for _ in 0..<times {
            let result = await withCheckedContinuation { continuation in
                dispatchGroupMerge.application(didReceiveRemoteNotification: peerUserInfo) {
                    continuation.resume(returning: $0)
                }
            }
            consume(result)
        }
    }

    /// All callbacks counted on both sides, to read after a measurement.
    public var callbackCount: Int {
        let ours = services.reduce(0) { $0 &+ $1.callbackCount }
        return peerServices.reduce(ours) { $0 &+ $1.callbackCount }
    }
}
