extension ServiceComposite {
    /// Whether any registered service handles `callback`: an application-wide service, a
    /// session-service type (``SessionService``), whose instances hear it while a session
    /// lives, or, for a notification response (which names the scene it targets), a
    /// scene-service type (``SceneService``). Adapters answer `responds(to:)` from this, so
    /// the platform sees a handler only where a service has one. On a nested composite, the
    /// outermost one answers.
    public func handles(_ callback: AppCallback) -> Bool {
        if let outer { return outer.handles(callback) }
        sealIfNeeded(by: "handles(\(callback))")
        return handlers.count(for: callback) > 0 || state.sessionServices.handle(callback)
            || (callback === AppCallback.didReceiveNotificationResponse && state.sceneServices.handle(callback))
    }

    /// Whether a service that hears `callback` through a scene handles it: an
    /// application-wide service, or a scene-service type (``SceneService``) whose instances
    /// every connected scene has. Scene delegates answer `responds(to:)` from this.
    package func handlesThroughScenes(_ callback: AppCallback) -> Bool {
        if let outer { return outer.handlesThroughScenes(callback) }
        return handles(callback) || state.sceneServices.handle(callback)
    }

    /// The application-wide services that handle `callback`, in the order they hear it; on
    /// a nested composite, the outermost one's.
    public func handlingServices(for callback: AppCallback) -> [any AppService] {
        if let outer { return outer.handlingServices(for: callback) }
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

    /// Calls `body` for each service that hears the application-wide `callback` (they adopt
    /// the capability `service`), in the callback's direction, each with a context that names it, so that
    /// a context a service keeps (in a task its callback started) still says whose it is.
    ///
    /// This is the whole of a synchronous dispatch: the state's bookkeeping before, one
    /// loop over the handler list, the bookkeeping after. Its shape was decided by
    /// measurement (see the benchmarks): the handler list and the services are borrowed,
    /// and each context is made of borrowed parts for the one call it is passed to, so a
    /// call into a service retains and releases nothing, and the dispatch allocates nothing
    /// (the platform objects, if any, ride in the contexts unboxed).
    @inline(__always)
    func notify<Service>(
        _ callback: AppCallback,
        _ service: Service.Type,
        platform: PlatformObjects?,
        _ body: (borrowing Service, borrowing AppContext) -> Void
    ) {
        beginDispatch(callback)
        let origin = AppContext.Origin.of(platform)
        let down = callback.direction == .down
        if down, state.hasSessions { notifySessions(callback, service, origin, reversed: true, body) }
        state.withHandlers(of: callback, as: service) { call($0, callback, origin, reversed: down, body) }
        // Read after the application-wide services, as `ask` does: a session one of them
        // began hears the rest of the callback (see `SessionService`).
        if !down, state.hasSessions { notifySessions(callback, service, origin, reversed: false, body) }
        endDispatch(callback)
    }

    /// ``notify(_:_:platform:_:)`` for a callback that concerns `scene` (or, with `nil`, no
    /// scene): the scene's own services (``SceneService``) hear it after the
    /// application-wide ones going up, before them going down.
    @inline(__always)
    func notify<Service>(
        _ callback: AppCallback,
        _ service: Service.Type,
        platform: PlatformObjects?,
        scene: SceneInfo?,
        _ body: (borrowing Service, borrowing AppContext) -> Void
    ) {
        beginDispatch(callback, scene: scene)
        let down = callback.direction == .down
        let origin = state.origin(platform: platform, scene: scene)
        let own = sceneHandlers(of: callback, as: service, scene)
        if down, let own { call(own, callback, origin, reversed: true, body) }
        if down, state.hasSessions { notifySessions(callback, service, origin, reversed: true, body) }
        state.withHandlers(of: callback, as: service) { call($0, callback, origin, reversed: down, body) }
        if !down, state.hasSessions { notifySessions(callback, service, origin, reversed: false, body) }
        if !down, let own { call(own, callback, origin, reversed: false, body) }
        endDispatch(callback, scene: scene)
    }

    /// Asks each service that handles the application-wide `callback`, in dependency order,
    /// and merges every answer with `merge`. Shaped as ``notify(_:_:platform:_:)`` is.
    @inline(__always)
    func ask<Service, Response>(
        _ callback: AppCallback,
        _ service: Service.Type,
        merge: ResponseMerge<Response>,
        platform: PlatformObjects?,
        _ body: (borrowing Service, borrowing AppContext) -> Response
    ) -> Response {
        beginDispatch(callback)
        var fold = ResponseMerge<Response>.Fold(merge)
        let origin = AppContext.Origin.of(platform)
        state.withHandlers(of: callback, as: service) {
            call($0, callback, origin, reversed: false) { fold.add(body($0, $1)) }
        }
        if state.hasSessions {
            notifySessions(callback, service, origin, reversed: false) { fold.add(body($0, $1)) }
        }
        endDispatch(callback)
        return fold.result
    }

    /// ``ask(_:_:merge:platform:_:)`` for a callback that concerns `scene` (or none): the
    /// scene's own services answer after the application-wide ones.
    @inline(__always)
    func ask<Service, Response>(
        _ callback: AppCallback,
        _ service: Service.Type,
        merge: ResponseMerge<Response>,
        platform: PlatformObjects?,
        scene: SceneInfo?,
        _ body: (borrowing Service, borrowing AppContext) -> Response
    ) -> Response {
        beginDispatch(callback, scene: scene)
        var fold = ResponseMerge<Response>.Fold(merge)
        let origin = state.origin(platform: platform, scene: scene)
        state.withHandlers(of: callback, as: service) {
            call($0, callback, origin, reversed: false) { fold.add(body($0, $1)) }
        }
        if state.hasSessions {
            notifySessions(callback, service, origin, reversed: false) { fold.add(body($0, $1)) }
        }
        if let own = sceneHandlers(of: callback, as: service, scene) {
            call(own, callback, origin, reversed: false) { fold.add(body($0, $1)) }
        }
        endDispatch(callback, scene: scene)
        return fold.result
    }

    /// The loop of a synchronous dispatch: calls `body` with each service of `handlers`,
    /// borrowed, in order or in reverse, and a context naming it, made of borrowed parts.
    @inline(__always)
    func call<Service>(
        _ handlers: borrowing HandlerList<Service>,
        _ callback: AppCallback,
        _ origin: AppContext.Origin?,
        reversed: Bool,
        _ body: (borrowing Service, borrowing AppContext) -> Void
    ) {
        let services = handlers.services
        let types = handlers.types
        if reversed {
            var index = services.count
            while index > 0 {
                index -= 1
                body(
                    services[index],
                    AppContext(composite: self, service: types[index], callback: callback, origin: origin)
                )
            }
        } else {
            var index = 0
            while index < services.count {
                body(
                    services[index],
                    AppContext(composite: self, service: types[index], callback: callback, origin: origin)
                )
                index += 1
            }
        }
    }

    /// Runs `call` for every service that handles `callback`, concurrently, and calls
    /// `completion` exactly once with the merged answer, when all have answered or at the
    /// deadline. With no handling service, `completion` gets the merge's no-answer value at
    /// once. With `include`, only the services it accepts are called.
    func fanOut<Service: Sendable, Response: Sendable, Call: FanOutCall<Service, Response>>(
        _ callback: AppCallback,
        _ service: Service.Type,
        merge: ResponseMerge<Response>,
        unanswered: Response?,
        platform: PlatformObjects?,
        scene: SceneInfo? = nil,
        including include: ((Service) -> Bool)? = nil,
        call: Call,
        completion: @escaping @MainActor (Response) -> Void
    ) {
        beginDispatch(callback, scene: scene)
        defer { endDispatch(callback, scene: scene) }
        let origin = state.origin(platform: platform, scene: scene)
        var handlers = self.handlers.list(of: callback, as: service)
        // Each job's context box, when some name a session; empty when all are `origin`.
        var origins: ContiguousArray<AppContext.Origin?> = []
        if state.hasSessions {
            origins = ContiguousArray(repeating: origin, count: handlers.count)
            for instances in state.sessionServices.inBeginOrder
            where !state.sessionServices.isEnding(instances.session.identifier) {
                let list = instances.handlers.list(of: callback, as: service)
                handlers.append(contentsOf: list)
                let sessionOrigin = origin?.for(instances.session, sessionBox: instances.origin) ?? instances.origin
                origins.append(contentsOf: repeatElement(Optional(sessionOrigin), count: list.count))
            }
        }
        if scene != nil, let own = sceneHandlers(of: callback, as: service, scene) {
            handlers.append(contentsOf: own)
            if !origins.isEmpty { origins.append(contentsOf: repeatElement(origin, count: own.count)) }
        }
        // Filtered only when a service is left out: usually none is, and filtering copies.
        if let include, handlers.services.contains(where: { !include($0) }) {
            if !origins.isEmpty {
                origins = ContiguousArray(
                    handlers.services.indices.filter { include(handlers.services[$0]) }.map { origins[$0] }
                )
            }
            handlers = handlers.filter(include)
        }
        guard let deadline = callback.deadline else {
            preconditionFailure("\(callback) has a completion handler but no deadline in its declaration.")
        }
        runExactlyOnce(
            callback.name,
            FanOutJobs(handlers, callback: callback, origin: origin, origins: origins, call: call),
            deadline: deadline(configuration.deadlines),
            merge: merge,
            unanswered: unanswered,
            completion: completion
        )
    }

    /// Calls `body` with the services of every session that lives that hear `callback`, the
    /// sessions in the order they began (in reverse with `reversed`), each with a context
    /// naming its session, while that session lives. A session whose end has begun is left
    /// out: its services wound down as they heard that it will end (a callback another
    /// service sends from there, a gate it closes, reaches them no more), as for events.
    // Not inlined: only applications with sessions reach it.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    func notifySessions<Service>(
        _ callback: AppCallback,
        _ service: Service.Type,
        _ origin: AppContext.Origin?,
        reversed: Bool,
        _ body: (borrowing Service, borrowing AppContext) -> Void
    ) {
        let sessions = state.sessionServices.inBeginOrder
        for index in sessions.indices {
            let instances = sessions[reversed ? sessions.count - 1 - index : index]
            guard !state.sessionServices.isEnding(instances.session.identifier) else { continue }
            let list = instances.handlers.list(of: callback, as: service)
            guard !list.isEmpty else { continue }
            let sessionOrigin = origin?.for(instances.session, sessionBox: instances.origin) ?? instances.origin
            callWhileLiving(instances, list, callback, sessionOrigin, reversed: reversed, body)
        }
    }

    /// The loop of ``call(_:_:_:reversed:_:)`` for the services that hear a callback on
    /// behalf of the session `instances`: a session that ends during the callback (a service
    /// signs out, or finds its sign-in expired) is heard no more, so the services after that
    /// one do not hear it, and the sessions after it that ended with it neither.
    func callWhileLiving<Service>(
        _ instances: SessionServices.Instances,
        _ handlers: borrowing HandlerList<Service>,
        _ callback: AppCallback,
        _ origin: AppContext.Origin,
        reversed: Bool,
        _ body: (borrowing Service, borrowing AppContext) -> Void
    ) {
        let services = handlers.services
        let types = handlers.types
        for position in services.indices {
            guard state.sessionServices.lives(instances) else { return }
            let index = reversed ? services.count - 1 - position : position
            body(
                services[index],
                AppContext(composite: self, service: types[index], callback: callback, origin: origin)
            )
        }
    }

    /// Starts the dispatch of a callback that concerns no scene: seals the composite on
    /// first use, and applies the callback's state change.
    // Not inlined: every dispatch method would carry a copy (about 55 of them), for a call
    // that costs a nanosecond or two.
    @inline(never)
    func beginDispatch(_ callback: AppCallback) {
        // A nested composite never gets a plan of its own: sealing it stops the program.
        if plan == nil { sealIfNeeded(by: callback.name) }
        if let unexpected = state.beginDispatch(callback).unexpected { logUnexpected(unexpected) }
        if state.isLaunchReasonProvisional, let reason = callback.explainsBackgroundLaunch { settle(reason) }
    }

    /// Starts the dispatch of a callback that may concern a scene.
    @inline(never)
    func beginDispatch(_ callback: AppCallback, scene: SceneInfo?) {
        if plan == nil { sealIfNeeded(by: callback.name) }
        if let unexpected = state.beginDispatch(callback, scene: scene).unexpected { logUnexpected(unexpected) }
        if state.isLaunchReasonProvisional, let reason = callback.explainsBackgroundLaunch { settle(reason) }
    }

    /// The first background callback after a launch into the background says why.
    private func settle(_ reason: LaunchReason) {
        if let settled = state.settleLaunchReason(reason, inBackground: true) { launch?.noteLaunchReason(settled) }
    }

    /// Ends the dispatch of a callback that concerns no scene: announces its life-cycle
    /// event to whoever listens, then delivers the events posted during it.
    @inline(never)
    func endDispatch(_ callback: AppCallback) {
        finish(callback, state.endDispatch(callback))
    }

    /// Ends the dispatch of a callback that may concern a scene.
    @inline(never)
    func endDispatch(_ callback: AppCallback, scene: SceneInfo?) {
        finish(callback, state.endDispatch(callback, scene: scene))
    }

    @inline(__always)
    private func finish(_ callback: AppCallback, _ end: CompositeState.DispatchEnd) {
        if callback.announcesEvent, isLifecycleObserved { announce(LifecycleEvent(callback: callback)) }
        if end.contains(.drainEvents) { drainPendingEvents() }
    }

    /// Whether anyone may hear a life-cycle event announced now: a stream receives them, or
    /// the notification policy may post (read without a lock).
    @inline(__always)
    private var isLifecycleObserved: Bool {
        configuration.lifecycleNotifications.mayPost || state.lifecycleBroadcaster.hasReceivers
    }
}
