extension ServiceComposite {
    /// Whether any registered service handles `callback`. Adapters answer `responds(to:)`
    /// from this, so the platform sees a handler only where a service has one.
    public func handles(_ callback: AppCallback) -> Bool {
        sealIfNeeded(by: "handles(\(callback))")
        return plan.unsafelyUnwrapped.handlers.count(for: callback) > 0
    }

    /// The services that handle `callback`, in the order they hear it.
    public func handlingServices(for callback: AppCallback) -> [any AppService] {
        sealIfNeeded(by: "handlingServices(for: \(callback))")
        let ordered = plan.unsafelyUnwrapped.services.filter { service in
            HandlerTable(CollectionOfOne(service)).count(for: callback) > 0
        }
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

    /// Calls `body` for each service that handles `callback`, in the callback's direction.
    @inline(__always)
    func notify<Service>(
        _ callback: AppCallback,
        _ select: (HandlerTable) -> HandlerTable.List<Service>,
        platform: PlatformObjects?,
        scene: SceneInfo? = nil,
        _ body: (Service, AppContext) -> Void
    ) {
        beginDispatch(callback, scene: scene)
        let handlers = select(plan.unsafelyUnwrapped.handlers)
        // One context for the whole dispatch, re-aimed at each service: making one per
        // service would retain and release the composite and the payloads every time.
        var context = makeContext(nil, callback, platform, scene)
        if callback.direction == .up {
            for handler in handlers {
                context.serviceType = handler.type
                body(handler.service, context)
            }
        } else {
            // Indices rather than `handlers.reversed()`, which reads each element through a
            // generic coroutine.
            for index in handlers.indices.reversed() {
                context.serviceType = handlers[index].type
                body(handlers[index].service, context)
            }
        }
        endDispatch(callback, scene: scene)
    }

    /// Asks each service that handles `callback`, in dependency order, and merges every
    /// answer with `merge`.
    @inline(__always)
    func ask<Service, Response>(
        _ callback: AppCallback,
        _ select: (HandlerTable) -> HandlerTable.List<Service>,
        merge: ResponseMerge<Response>,
        platform: PlatformObjects?,
        scene: SceneInfo? = nil,
        _ body: (Service, AppContext) -> Response
    ) -> Response {
        beginDispatch(callback, scene: scene)
        var fold = ResponseMerge<Response>.Fold(merge)
        var context = makeContext(nil, callback, platform, scene)
        for handler in select(plan.unsafelyUnwrapped.handlers) {
            context.serviceType = handler.type
            fold.add(body(handler.service, context))
        }
        endDispatch(callback, scene: scene)
        return fold.result
    }

    /// Starts a dispatch: seals the composite on first use and records the state change.
    @inline(__always)
    func beginDispatch(_ callback: AppCallback, scene: SceneInfo?) {
        if plan == nil { sealIfNeeded(by: callback.rawValue) }
        precondition(outer == nil, "\(callback) was dispatched to a nested composite; use the outermost composite.")
        trackState(before: callback, scene: scene)
        dispatchDepth += 1
    }

    /// Ends a dispatch: announces lifecycle events, then delivers events queued during it.
    @inline(__always)
    func endDispatch(_ callback: AppCallback, scene: SceneInfo?) {
        trackState(after: callback, scene: scene)
        if let event = LifecycleEvent(callback) { announce(event) }
        dispatchDepth -= 1
        if dispatchDepth == 0 && !pendingEvents.isEmpty { drainPendingEvents() }
    }
}
