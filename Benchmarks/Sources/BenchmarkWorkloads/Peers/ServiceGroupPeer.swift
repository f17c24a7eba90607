import Logging
import ServiceLifecycle

/// swift-service-lifecycle's `ServiceGroup` running N services whose `run()` returns at
/// once: the real library, configured so that a returning service is not an error
/// (`successTerminationBehavior: .ignore`), with no signal handling and a logger that
/// drops messages.
public struct ServiceGroupPeer: Sendable {
    private let configuration: ServiceGroupConfiguration

    /// Prepares a group of `serviceCount` no-op services.
    public init(serviceCount: Int) {
        let services = (0..<serviceCount).map { index in
            ServiceGroupConfiguration.ServiceConfiguration(
                service: NoOpService(),
                successTerminationBehavior: .ignore,
                serviceName: "service-\(index)"
            )
        }
        configuration = ServiceGroupConfiguration(
            services: services,
            logger: Logger(label: "ServiceGroupPeer", factory: { _ in SwiftLogNoOpLogHandler() })
        )
    }

    /// Runs a new group of the services until every one has returned.
    public func run() async throws {
        try await ServiceGroup(configuration: configuration).run()
    }
}

/// A service with nothing to do.
private struct NoOpService: Service {
    func run() async throws {}
}
