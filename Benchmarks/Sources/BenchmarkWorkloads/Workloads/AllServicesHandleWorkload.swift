public import AppServices
import AppServicesUIKit

#if canImport(UIKit)
import UIKit
#endif

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
    /// our side is `ServiceOrientedAppDelegate` itself, launched and active, and the
    /// callbacks arrive through its `UIApplicationDelegate` methods, as UIKit calls them.
    public init(serviceCount: Int, asUIKitAdapter: Bool = false) {
        services = (0..<serviceCount).map { CountingServiceKind.becomeActive.make(index: $0) }
        if asUIKitAdapter {
            let adapter = BenchmarkAppDelegate(services: services)
            adapter.launchAndActivate(application)
            self.adapter = adapter
            composite = adapter.composite
        } else {
            adapter = nil
            composite = .active(services, configuration: .benchmark)
        }
        handWritten = HandWrittenAppDelegate(serviceCount: serviceCount)
        uniform = UniformAppDelegate(serviceCount: serviceCount)
    }

    /// The UIKit adapter our side dispatches through, when built `asUIKitAdapter`.
    private let adapter: BenchmarkAppDelegate?
    /// The application object the adapter's callbacks come with.
    private let application = UIApplication.shared

    /// Dispatches the two callbacks `times` times through the composite, as a user does
    /// (through the UIKit adapter's delegate methods, when built `asUIKitAdapter`).
    public func dispatchThroughComposite(times: Int) {
        if let adapter {
            for _ in 0..<times {
                adapter.applicationWillResignActive(application)
                adapter.applicationDidBecomeActive(application)
            }
            return
        }
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
