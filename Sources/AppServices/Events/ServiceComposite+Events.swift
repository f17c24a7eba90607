extension ServiceComposite {
    /// Posts `event` to the services that subscribed to its type (in dispatch order), then
    /// to the session services of each session that lives (``SessionService``; the sessions
    /// in the order they began; a session whose end has begun, before or during the delivery,
    /// hears no more: its services wind down in `sessionWillEnd`), then to the scene services
    /// of each connected scene that
    /// subscribed (``SceneService``; the
    /// scenes in the order they connected, each handler with its scene in
    /// ``AppContext/scene``), then to handlers made with ``subscribe(to:_:)`` (in
    /// subscription order).
    ///
    /// When no dispatch is running the event is delivered at once and the merged answer
    /// returned as ``EventDelivery/delivered(_:)``. When a callback or another event is being
    /// dispatched (the event was posted from inside a handler), or a session's or a scene's
    /// services are being made (posted from one's initializer), it is queued and delivered
    /// right after that dispatch ends, or once they all exist and have heard that the
    /// session began or the scene connects; the result is then ``EventDelivery/queued``.
    /// Queued events keep their posting order, so every subscriber sees all events in one
    /// global order.
    @discardableResult
    public func post<Event: AppEvent>(_ event: Event) -> EventDelivery<Event.Response> {
        if let outer { return outer.post(event) }
        sealIfNeeded(by: "post(\(Event.self))")
        if state.eventsMustWait {
            state.queueEvent { [unowned self] in _ = self.deliver(event) }
            return .queued
        }
        let response = deliver(event)
        drainPendingEvents()
        return .delivered(response)
    }

    /// Handles events of type `event` outside any service (a view model, a test).
    ///
    /// Each call makes an independent subscription, delivered after the services'
    /// handlers; subscribing twice delivers twice. The subscription ends when the returned
    /// object is cancelled or released.
    public func subscribe<Event: AppEvent>(
        to event: Event.Type,
        _ handler: @escaping @MainActor (Event) -> Event.Response
    ) -> EventSubscription {
        if let outer { return outer.subscribe(to: event, handler) }
        let id = ObjectIdentifier(event)
        let route = state.dynamicSubscribers[id] as? DynamicEventRoute<Event> ?? DynamicEventRoute<Event>()
        let token = HandlerSubscription(handler)
        route.subscribers.append(Weak(object: token))
        state.subscribe(route, to: id)
        return token
    }

    private func deliver<Event: AppEvent>(_ event: Event) -> Event.Response {
        state.beginEventDelivery()
        // Delivered from inside a post or the drain, which empties the queue itself.
        defer { state.endEventDelivery() }
        let id = ObjectIdentifier(Event.self)
        var fold = ResponseMerge<Event.Response>.Fold(Event.responseMerge)
        if let route = plan?.routes[id] as? EventRoute<Event> {
            for (serviceType, handler) in route.handlers {
                fold.add(handler(event, makeContext(serviceType, nil, nil, nil)))
            }
        }
        if state.hasSessions {
            for instances in state.sessionServices.inBeginOrder {
                guard let route = instances.routes[id] as? EventRoute<Event> else { continue }
                for (serviceType, handler) in route.handlers {
                    // A session whose end has begun hears no more events: one posted while
                    // its services hear that it will end (they wind down there), or during
                    // the event (a handler signs out), as a disconnecting scene hears none.
                    // Whether the event is delivered at once or after an outer dispatch, the
                    // ending session's services do not hear it.
                    guard state.sessionServices.lives(instances),
                        !state.sessionServices.isEnding(instances.session.identifier)
                    else { break }
                    fold.add(
                        handler(
                            event,
                            AppContext(composite: self, service: serviceType, callback: nil, origin: instances.origin)
                        )
                    )
                }
            }
        }
        for instances in state.sceneServices.inConnectionOrder {
            guard let route = instances.routes[id] as? EventRoute<Event> else { continue }
            // A scene that disconnected, whose services are released once its callback ends
            // (an event posted from `sceneDidDisconnect`), hears no more.
            guard state.lifecycle.scenes[instances.scene.identifier] != .disconnected else { continue }
            // The scene as its latest callback described it, as scene callbacks have it.
            let scene = state.latestDescription(of: instances.scene)
            for (serviceType, handler) in route.handlers {
                fold.add(handler(event, makeContext(serviceType, nil, nil, scene)))
            }
        }
        if let route = state.dynamicSubscribers[id] as? DynamicEventRoute<Event> {
            route.subscribers.removeAll { $0.object?.handler == nil }
            for subscriber in route.subscribers {
                // A handler may cancel a subscription after it: that one is left out.
                guard let handler = subscriber.object?.handler else { continue }
                fold.add(handler(event))
            }
        }
        return fold.result
    }

    /// Delivers queued events in order; events they post join the end of the queue.
    func drainPendingEvents() {
        guard state.beginDrainingEvents() else { return }
        while let delivery = state.nextEvent() { delivery() }
    }
}
