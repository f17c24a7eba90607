public import AppServices
import Foundation

/// Target 9: a person's response to a notification delivered to N async services that
/// finish at once, through the composite's async entry point and through a
/// `DispatchGroup` merge.
///
/// Each delivery is a response to a notification delivered at another time, as each tap
/// is: the composite delivers a response it has already delivered only once (the one a
/// scene was connected with), and a repeated response would measure that check alone.
@MainActor
public final class NotificationResponseWorkload {
    /// Our side: N services adopting ``UserNotificationHandling``.
    public let composite: ServiceComposite
    /// The peer: the same number of services finishing through completion handlers.
    public let dispatchGroupMerge: PluggableAppDelegate
    private let services: [any CallbackCounting]
    private let peerServices: [any CountingPluggableService]
    private var response = NotificationResponse(
        notification: UserNotification(
            identifier: "order-shipped",
            categoryIdentifier: "ORDER",
            title: "Your order has shipped",
            userInfo: ["order": "7"]
        )
    )
    private let peerNotification = PeerNotification(
        identifier: "order-shipped",
        categoryIdentifier: "ORDER",
        userInfo: ["order": "7"]
    )
    private var deliveries = 0

    /// Builds both sides with `serviceCount` services (at most 1,000).
    public init(serviceCount: Int) {
        services = (0..<serviceCount).map {
            CountingServiceKind.userNotifications(presenting: []).make(index: $0)
        }
        composite = .active(services)
        peerServices = (0..<serviceCount).map { _ in PluggableNotificationResponder() }
        dispatchGroupMerge = PluggableAppDelegate(services: peerServices)
    }

    /// Delivers a response `times` times through the composite, awaiting each completion.
    public func deliverThroughComposite(times: Int) async {
        for _ in 0..<times {
            deliveries &+= 1
            response.notification.date = Date(timeIntervalSinceReferenceDate: Double(deliveries))
            await composite.didReceiveNotificationResponse(response)
        }
    }

    /// Delivers a response `times` times through the `DispatchGroup` merge, awaiting each
    /// completion.
    public func deliverThroughDispatchGroup(times: Int) async {
        for _ in 0..<times {
            await withCheckedContinuation { continuation in
                dispatchGroupMerge.userNotificationCenter(
                    didReceive: peerNotification,
                    actionIdentifier: "com.apple.UNNotificationDefaultActionIdentifier"
                ) {
                    continuation.resume()
                }
            }
        }
    }

    /// The callbacks counted on each side, to read after a measurement: equal when both
    /// sides reached every service as often.
    public var callbackCounts: (ours: Int, peer: Int) {
        (services.reduce(0) { $0 &+ $1.callbackCount }, peerServices.reduce(0) { $0 &+ $1.callbackCount })
    }
}
