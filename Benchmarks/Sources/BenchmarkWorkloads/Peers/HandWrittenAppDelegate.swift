/// The classic service-oriented app delegate, written by hand: an array of concrete
/// service classes and, for each callback, a loop that calls the method on each.
///
/// This is the fastest a forwarding app delegate can be (final classes, a concrete array,
/// a direct call the optimizer may inline), so it is the baseline for our dispatch.
@MainActor
public final class HandWrittenAppDelegate {
    /// The services, in the order they hear callbacks.
    let services: [HandWrittenService]
    private let application: PeerApplication

    /// Creates a delegate forwarding to `serviceCount` services.
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
