extension ServiceComposite {
    /// Whether any registered service handles `callback`. Adapters answer `responds(to:)`
    /// from this, so the platform sees a handler only where a service has one.
    public func handles(_ callback: AppCallback) -> Bool {
        sealIfNeeded(by: "handles(\(callback))")
        return handlers.count(for: callback) > 0
    }

    /// Whether a service that hears `callback` through a scene handles it: an
    /// application-wide service, or a scene-service type (``SceneService``) whose instances
    /// every connected scene has. Scene delegates answer `responds(to:)` from this.
    package func handlesThroughScenes(_ callback: AppCallback) -> Bool {
        if let outer { return outer.handlesThroughScenes(callback) }
        return handles(callback) || sceneServices.handle(callback)
    }

    /// The services that handle `callback`, in the order they hear it.
    public func handlingServices(for callback: AppCallback) -> [any AppService] {
        sealIfNeeded(by: "handlingServices(for: \(callback))")
        let ordered = plan.unsafelyUnwrapped.services.filter(callback.isHandled(by:))
        return callback.direction == .up ? ordered : ordered.reversed()
    }

    func makeContext(
        _ serviceType: (any AppService.Type)?,
        _ callback: AppCallback?,
        _ platform: PlatformObjects?,
        _ scene: SceneInfo?
    ) -> AppContext {
        AppContext(composite: self, serviceType: serviceType, callback: callback, platform: platform, scene: scene)
    }

    /// Calls `body` for each service of `kind` (the services that hear `callback`), in the
    /// callback's direction, each with a context that names it, so that a context a service
    /// keeps (in a task its callback started) still says whose it is.
    ///
    /// This is the hot path of every synchronous callback, shaped by measurement (see the
    /// benchmarks): `body` takes the service `borrowing`, which lets the call into the
    /// service's module go without a retain and release of the service (about 1.5 ns per
    /// call instead of 7 when the services live in another module, as an application's do).
    @inline(__always)
    func notify<Service>(
        _ callback: AppCallback,
        _ kind: HandlerKind<Service>,
        platform: PlatformObjects?,
        scene: SceneInfo? = nil,
        _ body: (borrowing Service, AppContext) -> Void
    ) {
        beginDispatch(callback, scene: scene)
        let handlers = self.handlers.list(kind)
        let down = callback.direction == .down
        // A scene's own services hear its callbacks after the application-wide ones going
        // up, before them going down.
        let own = scene == nil ? nil : sceneHandlers(kind, scene)
        if down, let own {
            Self.forEach(in: own, reversed: true) { service, type in
                body(service, makeContext(type, callback, platform, scene))
            }
        }
        Self.forEach(in: handlers, reversed: down) { service, type in
            body(service, makeContext(type, callback, platform, scene))
        }
        if !down, let own {
            Self.forEach(in: own, reversed: false) { service, type in
                body(service, makeContext(type, callback, platform, scene))
            }
        }
        endDispatch(callback, scene: scene)
    }

    /// Asks each service that handles `callback`, in dependency order, and merges every
    /// answer with `merge`. Shaped as ``notify(_:_:platform:scene:_:)`` is.
    @inline(__always)
    func ask<Service, Response>(
        _ callback: AppCallback,
        _ kind: HandlerKind<Service>,
        merge: ResponseMerge<Response>,
        platform: PlatformObjects?,
        scene: SceneInfo? = nil,
        _ body: (borrowing Service, AppContext) -> Response
    ) -> Response {
        beginDispatch(callback, scene: scene)
        var fold = ResponseMerge<Response>.Fold(merge)
        let handlers = self.handlers.list(kind)
        Self.forEach(in: handlers, reversed: false) { service, type in
            fold.add(body(service, makeContext(type, callback, platform, scene)))
        }
        if scene != nil, let own = sceneHandlers(kind, scene) {
            Self.forEach(in: own, reversed: false) { service, type in
                fold.add(body(service, makeContext(type, callback, platform, scene)))
            }
        }
        endDispatch(callback, scene: scene)
        return fold.result
    }

    /// Runs `call` for every service that handles `callback`, concurrently, and calls
    /// `completion` exactly once with the merged answer, when all have answered or at the
    /// deadline. With no handling service, `completion` gets the merge's no-answer value at
    /// once. With `include`, only the services it accepts are called.
    func fanOut<Service: Sendable, Response: Sendable>(
        _ callback: AppCallback,
        _ kind: HandlerKind<Service>,
        merge: ResponseMerge<Response>,
        unanswered: Response?,
        platform: PlatformObjects?,
        scene: SceneInfo? = nil,
        including include: ((Service) -> Bool)? = nil,
        call: @escaping @Sendable @MainActor (Service, AppContext) async throws -> Response,
        completion: @escaping @MainActor (Response) -> Void
    ) {
        beginDispatch(callback, scene: scene)
        defer { endDispatch(callback, scene: scene) }
        var handlers = self.handlers.list(kind)
        if scene != nil, let own = sceneHandlers(kind, scene) { handlers.append(contentsOf: own) }
        // Filtered only when a service is left out: usually none is, and filtering copies.
        if let include, handlers.services.contains(where: { !include($0) }) { handlers = handlers.filter(include) }
        let services = handlers.services
        let types = handlers.types
        guard let deadline = callback.deadline else {
            preconditionFailure("\(callback) has a completion handler but no deadline in its declaration.")
        }
        runExactlyOnce(
            callback.name,
            names: types.map { .service($0) },
            deadline: deadline(configuration.deadlines),
            merge: merge,
            unanswered: unanswered,
            run: { index in
                try await call(services[index], self.makeContext(types[index], callback, platform, scene))
            },
            completion: completion
        )
    }

    /// Calls `body` with each handler's service, borrowed from the list, and its type, in
    /// order or in reverse.
    @inline(__always)
    static func forEach<Service>(
        in handlers: HandlerList<Service>,
        reversed: Bool,
        _ body: (borrowing Service, any AppService.Type) -> Void
    ) {
        let services = handlers.services
        let types = handlers.types
        if reversed {
            // Indices rather than `reversed()`, which reads each element through a generic
            // coroutine.
            for index in services.indices.reversed() { borrow(services, index) { body($0, types[index]) } }
        } else {
            for index in services.indices { borrow(services, index) { body($0, types[index]) } }
        }
    }

    /// Calls `body` with the element at `index`, borrowed.
    @inline(__always)
    private static func borrow<Service>(
        _ services: ContiguousArray<Service>,
        _ index: Int,
        _ body: (borrowing Service) -> Void
    ) {
        body(services[index])
    }

    /// Starts a dispatch: seals the composite on first use and records the state change.
    // Not inlined: every dispatch method would carry a copy (about 55 of them), for a call
    // that costs a nanosecond or two.
    @inline(never)
    func beginDispatch(_ callback: AppCallback, scene: SceneInfo?) {
        // A nested composite never gets a plan of its own: sealing it stops the program.
        if plan == nil { sealIfNeeded(by: callback.name) }
        trackState(before: callback, scene: scene)
        pendingEvents.enterDispatch()
    }

    /// Ends a dispatch: announces lifecycle events, then delivers events queued during it.
    @inline(never)
    func endDispatch(_ callback: AppCallback, scene: SceneInfo?) {
        trackState(after: callback, scene: scene)
        if callback.notificationName != nil { announce(LifecycleEvent(callback: callback)) }
        if pendingEvents.exitDispatch() { drainPendingEvents() }
    }
}
