public import AppServices

/// Target 2: a synchronous callback (`applicationDidReceiveMemoryWarning(_:)`) that only
/// some of many services handle, through the composite (which calls only the services
/// that handle it) and through the call-every-service app delegate (which calls every
/// service, most of them reaching a default no-op).
@MainActor
public final class FewServicesHandleWorkload {
    /// Our side: every `handlerInterval`-th service adopts ``SystemEventHandling``, the
    /// others only ``ApplicationStateHandling``.
    public let composite: ServiceComposite
    /// The peer, with the same services handling the callback.
    public let callEveryService: PluggableAppDelegate
    private let services: [any CallbackCounting]
    private let peerServices: [any CountingPluggableService]

    /// Builds both sides with `serviceCount` services (at most 1,000), one in every
    /// `handlerInterval` handling memory warnings.
    public init(serviceCount: Int, handlerInterval: Int) {
        let handles = { (index: Int) in index % handlerInterval == 0 }
        services = (0..<serviceCount).map { index in
            (handles(index) ? CountingServiceKind.memoryWarning : .becomeActive).make(index: index)
        }
        composite = .active(services)
        peerServices = (0..<serviceCount).map { index -> any CountingPluggableService in
            handles(index) ? PluggableMemoryWarningCounter() : PluggableBecomeActiveCounter()
        }
        callEveryService = PluggableAppDelegate(services: peerServices)
    }

    /// Dispatches the callback `times` times through the composite.
    public func dispatchThroughComposite(times: Int) {
        for _ in 0..<times { composite.didReceiveMemoryWarning() }
    }

    /// Dispatches the callback `times` times to every service of the peer.
    public func dispatchToEveryService(times: Int) {
        for _ in 0..<times { callEveryService.applicationDidReceiveMemoryWarning() }
    }

    /// All callbacks counted on both sides, to read after a measurement.
    public var callbackCount: Int {
        let ours = services.reduce(0) { $0 &+ $1.callbackCount }
        return peerServices.reduce(ours) { $0 &+ $1.callbackCount }
    }
}
