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
    /// The service the context was made for; `nil` for a context made for code outside a
    /// service (a host, a test).
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

    /// The name of the service the context was given to, if any.
    ///
    /// A context names its service for as long as it is kept: a task that a callback
    /// started, and that uses the callback's context after an `await`, still acts as that
    /// service (it reaches the service's milestones, and logs with its name).
    public var serviceName: String? { currentServiceType?.serviceName }

    /// The service the context was given to.
    var currentServiceType: (any AppService.Type)? { serviceType }
}
