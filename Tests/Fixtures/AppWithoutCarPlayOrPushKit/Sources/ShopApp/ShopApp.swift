public import AppServices
public import AppServicesUIKit

/// Counts the application's activations.
public final class ActivationService: AppService, ApplicationStateHandling {
    /// How many times the application became active.
    public private(set) var activations = 0

    /// Creates the service.
    public init() {}

    /// Counts an activation.
    public func applicationDidBecomeActive(_ context: AppContext) { activations += 1 }
}

/// Would report incoming calls from VoIP pushes; an app built without the package's `PushKit`
/// trait cannot serve it, which its delegate reports at launch.
public final class CallService: AppService, VoIPPushHandling {
    /// How many pushes reached the service.
    public private(set) var pushes = 0

    /// Creates the service.
    public init() {}

    /// Counts a push; a real service would report the call to CallKit first.
    public func pushRegistry(
        _ context: AppContext,
        didReceiveIncomingPushWith payload: PushPayload
    ) async throws -> VoIPCallReport {
        pushes += 1
        return .reportedCall
    }
}

/// The application's delegate: a thin host for its services.
public final class ShopAppDelegate: ServiceOrientedAppDelegate {
    /// The services, made once.
    public let services: [any AppService]
    private let configuration: ServiceComposite.Configuration

    /// Creates the delegate over `services`, with `configuration` (a test's logger).
    public init(services: [any AppService], configuration: ServiceComposite.Configuration = .init()) {
        self.services = services
        self.configuration = configuration
        super.init()
    }

    /// The services.
    public override func makeServices() -> [any AppService] { services }

    /// The configuration.
    public override func makeConfiguration() -> ServiceComposite.Configuration { configuration }
}
