/// The notification-center delegate written by hand, as a forwarding app delegate does it
/// with async services: UserNotifications calls
/// `userNotificationCenter(_:willPresent:withCompletionHandler:)`, a synchronous method,
/// so the delegate starts a task that loops over the services, awaits each one's options
/// in order, ORs them together and calls the completion handler. The task starts on the
/// spot (`Task.immediate`) where the runtime can, as the composite's fan-out does, so the
/// peer pays no more for it than ours.
///
/// The services are of distinct classes held through the protocol the delegate declares
/// for them, as in ``HandWrittenAppDelegate``, and do the same work as the composite's.
@MainActor
public final class HandWrittenNotificationDelegate {
    /// The services, in the order they are asked.
    let services: [any ForegroundPresenter]
    private let application: PeerApplication

    /// Creates a delegate over services of distinct classes, service `index` answering
    /// `options(index)`.
    public init(
        serviceCount: Int,
        options: (Int) -> PeerPresentationOptions,
        application: PeerApplication = PeerApplication()
    ) {
        self.services = (0..<serviceCount).map { ForegroundPresenterFactory(options: options($0)).make(index: $0) }
        self.application = application
    }

    /// The delegate method: asks every service in a task, then calls `completion` with the
    /// union of their options.
    public func willPresent(
        _ notification: PeerNotification,
        completion: @escaping @MainActor (PeerPresentationOptions) -> Void
    ) {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            Task.immediate { @MainActor in completion(await self.willPresent(notification)) }
        } else {
            Task { @MainActor in completion(await self.willPresent(notification)) }
        }
    }

    /// Asks every service, in order, and answers the union of their options.
    public func willPresent(_ notification: PeerNotification) async -> PeerPresentationOptions {
        var options: PeerPresentationOptions = []
        for service in services {
            options.formUnion(await service.willPresent(notification, application: application))
        }
        return options
    }

    /// How many callbacks the services have received in all.
    public var callbackCount: Int { services.reduce(0) { $0 &+ $1.callbackCount } }
}

/// What the hand-written notification delegate declares for its services.
@MainActor
protocol ForegroundPresenter: AnyObject {
    var callbackCount: Int { get }
    func willPresent(_ notification: PeerNotification, application: PeerApplication) async -> PeerPresentationOptions
}

/// One of the hand-written notification delegate's services; the digits make each a
/// distinct class.
@MainActor
final class DistinctForegroundPresenter<A: Digit, B: Digit, C: Digit>: ForegroundPresenter {
    private(set) var callbackCount = 0
    private let options: PeerPresentationOptions

    nonisolated init(options: PeerPresentationOptions) {
        self.options = options
    }

    @inline(never)
    func willPresent(_ notification: PeerNotification, application: PeerApplication) async -> PeerPresentationOptions {
        callbackCount &+= 1
        return options
    }
}

/// Makes the hand-written notification delegate's services, each of its own class.
struct ForegroundPresenterFactory: DistinctTypeFactory {
    let options: PeerPresentationOptions

    func make<A: Digit, B: Digit, C: Digit>(_ a: A.Type, _ b: B.Type, _ c: C.Type) -> any ForegroundPresenter {
        DistinctForegroundPresenter<A, B, C>(options: options)
    }
}
