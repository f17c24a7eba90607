public import AppServices

/// Target 8: a notification arriving in the foreground, its presentation options merged
/// over N async services that answer at once. Both sides are entered as UserNotifications
/// enters them, through the completion-handler delegate method, and each measurement
/// awaits the completion: the composite's `willPresentNotification(_:completion:)`
/// against a hand-written delegate method that starts a task awaiting the same services'
/// methods in order and ORing their options.
///
/// Service `index` answers one of banner, sound, list, badge or nothing, in turn, so the
/// union has all four options on both sides.
@MainActor
public final class WillPresentNotificationWorkload {
    /// Our side: N services adopting ``UserNotificationHandling``.
    public let composite: ServiceComposite
    /// The peer: a hand-written loop over N services of distinct classes.
    public let handWritten: HandWrittenNotificationDelegate
    private let services: [any CallbackCounting]
    private let notification = UserNotification(
        identifier: "order-shipped",
        categoryIdentifier: "ORDER",
        title: "Your order has shipped",
        userInfo: ["order": "7"]
    )
    private let peerNotification = PeerNotification(
        identifier: "order-shipped",
        categoryIdentifier: "ORDER",
        userInfo: ["order": "7"]
    )

    /// The options service `index` answers.
    static func options(_ index: Int) -> UInt {
        [1 << 4, 1 << 1, 1 << 3, 1 << 0, 0][index % 5]
    }

    /// Builds both sides with `serviceCount` services (at most 1,000).
    public init(serviceCount: Int) {
        services = (0..<serviceCount).map { index in
            let options = NotificationPresentationOptions(rawValue: Self.options(index))
            return CountingServiceKind.userNotifications(presenting: options).make(index: index)
        }
        composite = .active(services)
        handWritten = HandWrittenNotificationDelegate(serviceCount: serviceCount) {
            PeerPresentationOptions(rawValue: Self.options($0))
        }
    }

    /// Asks how to present the notification `times` times through the composite, awaiting
    /// each merged answer.
    public func presentThroughComposite(times: Int) async {
        for _ in 0..<times {
            consume(await composite.willPresentNotification(notification))
        }
    }

    /// Asks how to present the notification `times` times through the hand-written loop.
    public func presentByHand(times: Int) async {
        for _ in 0..<times {
            consume(await presentByHandOnce())
        }
    }

    /// One presentation through the hand-written delegate method, awaiting its completion.
    private func presentByHandOnce() async -> PeerPresentationOptions {
        await withCheckedContinuation { continuation in
            handWritten.willPresent(peerNotification) { continuation.resume(returning: $0) }
        }
    }

    /// The merged options of one presentation on each side, to check that they agree.
    public func mergedOptions() async -> (ours: UInt, peer: UInt) {
        let ours = await composite.willPresentNotification(notification)
        let peer = await presentByHandOnce()
        return (ours.rawValue, peer.rawValue)
    }

    /// The callbacks counted on each side, to read after a measurement: equal when both
    /// sides reached every service as often.
    public var callbackCounts: (ours: Int, peer: Int) {
        (services.reduce(0) { $0 &+ $1.callbackCount }, handWritten.callbackCount)
    }
}
