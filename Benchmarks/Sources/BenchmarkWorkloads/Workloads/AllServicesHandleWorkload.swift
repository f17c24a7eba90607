public import AppServices

/// Target 1: synchronous callbacks that every one of N services handles, through the
/// composite and through the hand-written forwarding app delegate. One iteration is the
/// application resigning active and becoming active again (Control Center pulled down
/// and back): two callbacks, each valid in the state it arrives in, so the composite's
/// state tracking takes its normal path. Each service does the same work on both sides:
/// it counts the call.
@MainActor
public final class AllServicesHandleWorkload {
    /// Our side: a composite of N services that all adopt ``ApplicationStateHandling``.
    public let composite: ServiceComposite
    /// The peer: a hand-written app delegate over N services of distinct classes.
    public let handWritten: HandWrittenAppDelegate
    /// For information: the same loop over N instances of one class, all calls static.
    public let uniform: UniformAppDelegate
    private let services: [any CallbackCounting]

    /// Builds both sides with `serviceCount` services (at most 1,000); with `asUIKitAdapter`,
    /// the composite is configured as `ServiceOrientedAppDelegate` configures it (UIKit
    /// posts the life-cycle notifications, so the composite never does).
    public init(serviceCount: Int, asUIKitAdapter: Bool = false) {
        services = (0..<serviceCount).map { CountingServiceKind.becomeActive.make(index: $0) }
        var configuration = ServiceComposite.Configuration.benchmark
        if asUIKitAdapter { configuration.lifecycleNotifications = .never }
        composite = .active(services, configuration: configuration)
        handWritten = HandWrittenAppDelegate(serviceCount: serviceCount)
        uniform = UniformAppDelegate(serviceCount: serviceCount)
    }

    /// Dispatches the two callbacks `times` times through the composite, as a user does.
    public func dispatchThroughComposite(times: Int) {
        for _ in 0..<times {
            composite.willResignActive()
            composite.didBecomeActive()
        }
    }

    /// Forwards the two callbacks `times` times through the hand-written app delegate.
    public func dispatchByHand(times: Int) {
        for _ in 0..<times {
            handWritten.applicationWillResignActive()
            handWritten.applicationDidBecomeActive()
        }
    }

    /// Forwards the two callbacks `times` times over instances of one class.
    public func dispatchUniformly(times: Int) {
        for _ in 0..<times {
            uniform.applicationWillResignActive()
            uniform.applicationDidBecomeActive()
        }
    }

    /// All callbacks counted on every side, to read after a measurement.
    public var callbackCount: Int {
        services.reduce(handWritten.callbackCount &+ uniform.callbackCount) { $0 &+ $1.callbackCount }
    }
}
