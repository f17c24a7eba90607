/// The classic service-oriented app delegate, written by hand: for each callback, a loop
/// over the application's services that calls the method on each.
///
/// An application's services are different classes (push, analytics, store, ...), so the
/// array holds them through the protocol the app delegate declares for them, as the
/// classic pattern does, and each call goes through that protocol: the same service
/// types, and the same number of them, as the composite's side.
@MainActor
public final class HandWrittenAppDelegate {
    /// The services, in the order they hear callbacks.
    let services: [any ForwardedService]
    private let application: PeerApplication

    /// Creates a delegate forwarding to `serviceCount` services of distinct classes.
    public init(serviceCount: Int, application: PeerApplication = PeerApplication()) {
        self.services = (0..<serviceCount).map { ForwardedServiceFactory().make(index: $0) }
        self.application = application
    }

    /// Forwards `applicationWillResignActive(_:)` to every service.
    public func applicationWillResignActive() {
        for service in services { service.applicationWillResignActive(application) }
    }

    /// Forwards `applicationDidBecomeActive(_:)` to every service.
    public func applicationDidBecomeActive() {
        for service in services { service.applicationDidBecomeActive(application) }
    }

    /// How many callbacks the services have received in all.
    public var callbackCount: Int { services.reduce(0) { $0 &+ $1.callbackCount } }
}

/// What the hand-written app delegate declares for its services.
@MainActor
protocol ForwardedService: AnyObject {
    var callbackCount: Int { get }
    func applicationWillResignActive(_ application: PeerApplication)
    func applicationDidBecomeActive(_ application: PeerApplication)
}

/// One of the hand-written app delegate's services; the digits make each a distinct class.
@MainActor
final class DistinctForwardedService<A: Digit, B: Digit, C: Digit>: ForwardedService {
    private(set) var callbackCount = 0

    nonisolated init() {}

    @inline(never)
    func applicationWillResignActive(_ application: PeerApplication) {
        callbackCount &+= 1
    }

    @inline(never)
    func applicationDidBecomeActive(_ application: PeerApplication) {
        callbackCount &+= 1
    }
}

/// Makes the hand-written delegate's services, each of its own class.
struct ForwardedServiceFactory: DistinctTypeFactory {
    func make<A: Digit, B: Digit, C: Digit>(_ a: A.Type, _ b: B.Type, _ c: C.Type) -> any ForwardedService {
        DistinctForwardedService<A, B, C>()
    }
}

/// A lower bound no forwarding delegate with distinct services can reach: one final
/// class, many instances, each call static. Reported for information, not as a target.
@MainActor
public final class UniformAppDelegate {
    /// The services, in the order they hear callbacks.
    let services: [HandWrittenService]
    private let application: PeerApplication

    /// Creates a delegate forwarding to `serviceCount` instances of one class.
    public init(serviceCount: Int, application: PeerApplication = PeerApplication()) {
        self.services = (0..<serviceCount).map { _ in HandWrittenService() }
        self.application = application
    }

    /// Forwards `applicationWillResignActive(_:)` to every service.
    public func applicationWillResignActive() {
        for service in services { service.applicationWillResignActive(application) }
    }

    /// Forwards `applicationDidBecomeActive(_:)` to every service.
    public func applicationDidBecomeActive() {
        for service in services { service.applicationDidBecomeActive(application) }
    }

    /// How many callbacks the services have received in all.
    public var callbackCount: Int { services.reduce(0) { $0 &+ $1.callbackCount } }
}

/// A service of the hand-written app delegate: a final class with the methods it handles.
/// Internal, as the composite's benchmark services are, so the compiler knows every
/// access to its counter on both sides alike (a public class's stored property would
/// need run-time exclusivity checks that the other side does not pay). Its methods are
/// not inlined: a real service's work is a call, and an inlined counter would let the
/// optimizer fuse the loops and measure nothing.
@MainActor
final class HandWrittenService {
    /// How many callbacks this service has received.
    private(set) var callbackCount = 0

    /// Counts the callback: the same work as the composite's services do.
    @inline(never)
    func applicationWillResignActive(_ application: PeerApplication) {
        callbackCount &+= 1
    }

    /// Counts the callback: the same work as the composite's services do.
    @inline(never)
    func applicationDidBecomeActive(_ application: PeerApplication) {
        callbackCount &+= 1
    }
}
