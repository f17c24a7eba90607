public import Logging

/// What a service receives with every callback: the way to find other services, post
/// events, log, and reach the platform's raw objects.
///
/// A context is a small value made for each call. It may be kept past its call (in a task
/// the callback started, in a session's or a scene's service for its life): it goes on
/// naming its service and, for a session's or a scene's service, its session or scene,
/// and it holds the composite strongly. Its platform objects are the call's, so read
/// `uiKit` during the call.
///
/// ```swift
/// func application(_ context: AppContext, didRegisterForRemoteNotificationsWithDeviceToken token: Data) {
///     context.service(AnalyticsService.self)?.track("push-registered")
///     context.post(PushTokenChanged(token: token))
/// }
/// ```
@MainActor
public struct AppContext: Sendable {
    // Four words, so that a context is passed to a service in registers: a dispatch makes
    // one for each call, of parts it borrows, which costs four moves and no reference
    // counting. What a callback carries besides its name is one word too: the platform's
    // objects as the adapter passed them, or a box when there is also a scene or a session,
    // so an application-wide callback allocates nothing.

    /// The outermost composite, which owns lookup, events and state.
    let composite: ServiceComposite
    /// The type of the service the context is given to, as a plain metatype (one word);
    /// `nil` for a context made for code outside a service (a host, a test).
    let service: Any.Type?
    /// The callback being dispatched, when there is one. Unowned: every callback is a
    /// static constant of ``AppCallback`` (its initializer is internal), alive for the
    /// whole process, so a context need not retain it.
    private unowned(unsafe) let dispatched: AppCallback?
    /// The platform's objects, the scene and the session, when the callback has any.
    let origin: Origin?

    /// What a callback carries besides its name: the platform's objects alone, as the
    /// adapter passed them, or a box of them with the scene and the session of a session's
    /// service. One word either way (the case is kept in the references' spare bits).
    enum Origin: Sendable {
        /// The platform's objects, and nothing else.
        case platform(PlatformObjects)
        /// A scene or a session, with the platform's objects if any.
        case box(Box)

        /// The platform's objects, the scene and the session, boxed.
        final class Box: Sendable {
            let platform: PlatformObjects?
            let scene: SceneInfo?
            let session: SessionInfo?
            /// For a box made from a session's own box: that box. A session's own box is
            /// made once, as it begins, so it tells this session from a later one of the
            /// same identifier (a sign-out and sign-in again), which a kept context must not
            /// act on.
            private let began: Box?

            init(platform: PlatformObjects?, scene: SceneInfo?, session: SessionInfo?, began: Box? = nil) {
                self.platform = platform
                self.scene = scene
                self.session = session
                self.began = began
            }

            /// The box the session began with: this one, or the one it was made from.
            var sessionLifetime: Box? { session == nil ? nil : began ?? self }
        }

        /// `platform`, `scene` and `session`, boxed.
        static func boxed(platform: PlatformObjects?, scene: SceneInfo?, session: SessionInfo? = nil) -> Origin {
            .box(Box(platform: platform, scene: scene, session: session))
        }

        /// The box the session of this origin began with, if it has a session.
        var sessionLifetime: Box? {
            guard case .box(let box) = self else { return nil }
            return box.sessionLifetime
        }

        /// This origin's session, if any, with `scene` and no platform objects: for work
        /// run later in a scene on behalf of this context.
        func inScene(_ scene: SceneInfo?) -> Origin {
            guard case .box(let box) = self, let session = box.session else {
                return .boxed(platform: nil, scene: scene)
            }
            return .box(Box(platform: nil, scene: scene, session: session, began: box.sessionLifetime))
        }

        /// What a callback without a scene carries for `platform`: the objects unboxed.
        @inline(__always)
        static func of(_ platform: PlatformObjects?) -> Origin? {
            guard let platform else { return nil }
            return .platform(platform)
        }

        /// What a callback carries for `platform` and `scene`: `nil` when both are; the
        /// platform's objects unboxed without a scene.
        @inline(__always)
        static func of(platform: PlatformObjects?, scene: SceneInfo?) -> Origin? {
            guard let scene else { return platform.map(Origin.platform) }
            return .boxed(platform: platform, scene: scene)
        }

        /// The platform's objects, if any.
        var platform: PlatformObjects? {
            switch self {
            case .platform(let platform): platform
            case .box(let box): box.platform
            }
        }

        /// The scene, if any.
        var scene: SceneInfo? {
            guard case .box(let box) = self else { return nil }
            return box.scene
        }

        /// The session of a session's service, if any.
        var session: SessionInfo? {
            guard case .box(let box) = self else { return nil }
            return box.session
        }

        /// This for the services of `session`: `sessionBox` (which names that session) when
        /// there is nothing else to carry, otherwise a new box with the session added.
        func `for`(_ session: SessionInfo, sessionBox: Origin) -> Origin {
            if platform == nil, scene == nil { return sessionBox }
            return .box(Box(platform: platform, scene: scene, session: session, began: sessionBox.sessionLifetime))
        }
    }

    init(
        composite: ServiceComposite,
        serviceType: (any AppService.Type)?,
        callback: AppCallback?,
        platform: PlatformObjects?,
        scene: SceneInfo?
    ) {
        self.composite = composite
        self.service = serviceType
        self.dispatched = callback
        self.origin = Origin.of(platform: platform, scene: scene)
    }

    /// A context made of its parts.
    @inline(__always)
    init(composite: ServiceComposite, service: Any.Type?, callback: AppCallback?, origin: Origin?) {
        self.composite = composite
        self.service = service
        self.dispatched = callback
        self.origin = origin
    }

    /// The callback being dispatched, when there is one.
    public var callback: AppCallback? { dispatched }

    /// The raw objects the platform adapter received with the callback, if any
    /// (`UIApplication`, the launch-options dictionary, the `NSCoder`, ...).
    public var platform: PlatformObjects? { origin?.platform }

    /// The scene the callback concerns, for scene callbacks and for URLs, user activities,
    /// quick actions and shares that arrived through a scene; `nil` otherwise.
    public var scene: SceneInfo? { origin?.scene }

    /// The session the service belongs to (a ``SessionService``), or, for any other service,
    /// the current session; `nil` when no session has begun.
    public var session: SessionInfo? { origin?.session ?? composite.currentSession }

    /// The service the context was made for; `nil` for a context made for code outside a
    /// service (a host, a test).
    var serviceType: (any AppService.Type)? { service.flatMap { $0 as? any AppService.Type } }

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
    public func requireService<Service>(
        _ type: Service.Type = Service.self,
        file: String = #fileID,
        line: Int = #line
    ) throws(ServiceCompositeError) -> Service {
        try composite.requireService(type, file: file, line: line)
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

    /// Whether the context was given to a service of type `type`: cheaper than reading
    /// ``serviceType``, which casts.
    func isGiven(to type: any AppService.Type) -> Bool {
        service.map { ObjectIdentifier($0) == ObjectIdentifier(type) } ?? false
    }
}
