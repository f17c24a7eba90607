public import Logging

/// What a service receives with every callback: the way to find other services, post
/// events, log, and reach the platform's raw objects.
///
/// A context is a small value made for each call; keep what you need from it, not the
/// context itself.
///
/// ```swift
/// func application(_ context: AppContext, didRegisterForRemoteNotificationsWithDeviceToken token: Data) {
///     context.service(AnalyticsService.self)?.track("push-registered")
///     context.post(PushTokenChanged(token: token))
/// }
/// ```
@MainActor
public struct AppContext: Sendable {
    /// The outermost composite, which owns lookup, events and state.
    let composite: ServiceComposite
    /// The service the context was made for (async callbacks, events); `nil` for the
    /// context a synchronous dispatch shares among its services, which asks the composite
    /// which service it is calling (``currentServiceType``).
    let serviceType: (any AppService.Type)?
    /// The callback being dispatched, when there is one.
    public let callback: AppCallback?
    /// The raw objects the platform adapter received with the callback, if any
    /// (`UIApplication`, the launch-options dictionary, the `NSCoder`, ...).
    public let platform: PlatformObjects?
    /// The scene the callback concerns, for scene callbacks and for URLs, user activities,
    /// quick actions and shares that arrived through a scene; `nil` otherwise.
    public let scene: SceneInfo?

    init(
        composite: ServiceComposite,
        serviceType: (any AppService.Type)?,
        callback: AppCallback?,
        platform: PlatformObjects?,
        scene: SceneInfo?
    ) {
        self.composite = composite
        self.serviceType = serviceType
        self.callback = callback
        self.platform = platform
        self.scene = scene
    }

    /// The registered service of type `type`, or `nil` when there is none.
    ///
    /// `type` may also be a protocol: the first service (in dependency order) that conforms
    /// is returned.
    public func service<Service>(_ type: Service.Type = Service.self) -> Service? {
        composite.service(type)
    }

    /// The registered service of type `type`.
    ///
    /// - Throws: ``ServiceCompositeError`` naming the type and the registered services when
    ///   there is none.
    public func requireService<Service>(_ type: Service.Type = Service.self) throws(ServiceCompositeError) -> Service {
        try composite.requireService(type)
    }

    /// Posts a typed event to its subscribers. See ``ServiceComposite/post(_:)``.
    @discardableResult
    public func post<Event: AppEvent>(_ event: Event) -> EventDelivery<Event.Response> {
        composite.post(event)
    }

    /// A logger whose metadata names the service (`service`) and the callback (`callback`).
    public var logger: Logger {
        var logger = composite.configuration.logger
        if let serviceType = currentServiceType { logger[metadataKey: "service"] = "\(serviceType.serviceName)" }
        if let callback { logger[metadataKey: "callback"] = "\(callback.name)" }
        return logger
    }

    /// The application's state as the composite tracks it.
    public var applicationState: ApplicationState { composite.applicationState }

    /// The name of the service being called, if any.
    ///
    /// A context is valid during the callback it was given with: one kept afterwards (in a
    /// task started from a synchronous callback, say) no longer names its service.
    public var serviceName: String? { currentServiceType?.serviceName }

    /// The service being called. A synchronous dispatch shares one context among its
    /// services (making one per service would copy and retain it per call, which doubled
    /// the cost of a call) and tells the composite which service it is calling.
    var currentServiceType: (any AppService.Type)? { serviceType ?? composite.callingServiceType }
}
