import Logging

extension ServiceComposite {
    /// Registers session-service types: one instance of each is made for every session the
    /// application begins.
    ///
    /// - Throws: ``ServiceCompositeError`` with
    ///   ``ServiceCompositeError/Code/registrationAfterDispatch`` once the composite has
    ///   dispatched; nothing is registered.
    public func registerSessionServices(
        _ types: [any SessionService.Type],
        file: String = #fileID,
        line: Int = #line
    ) throws(ServiceCompositeError) {
        if let closed = registrationClosed(types, file: file, line: line) { throw closed }
        state.registerSessionServices(types)
    }

    /// The current session: the one begun last with `makeCurrent`, or made current since;
    /// `nil` when no session lives.
    public var currentSession: SessionInfo? {
        let root = outer ?? self
        return root.state.sessionServices.current.flatMap { root.state.sessionServices[$0]?.session }
    }

    /// The sessions that live, in the order they began.
    public var sessions: [SessionInfo] { (outer ?? self).state.sessionServices.inBeginOrder.map(\.session) }

    /// The service of type `type` of `session` (by default, the current session), or `nil`:
    /// as ``service(_:)`` finds one, of exactly that type first, else the first that is one.
    public func sessionService<Service>(_ type: Service.Type = Service.self, in session: SessionInfo? = nil) -> Service?
    {
        let root = outer ?? self
        guard let identifier = session?.identifier ?? root.state.sessionServices.current else { return nil }
        return root.state.sessionServices[identifier].flatMap { Self.lookUp(type, in: $0.services) }
    }

    /// Begins `session`: makes its services in dependency order, each with a context naming
    /// it and the session, then dispatches ``SessionHandling/sessionDidBegin(_:)`` to the
    /// application-wide services and the session's own.
    ///
    /// A service that ends the session as it is made (it finds the account signed out) wins:
    /// the session does not begin, the services made before it hear that it will end (and
    /// never that it began), and this returns without an error.
    ///
    /// - Parameters:
    ///   - session: The session; no session that lives may have its identifier.
    ///   - makeCurrent: Whether it becomes the current session. The first session always
    ///     does.
    ///   - file: The caller's file, which an error names.
    ///   - line: The caller's line, which an error names.
    /// - Throws: ``ServiceCompositeError`` with
    ///   ``ServiceCompositeError/Code/sessionAlreadyBegun`` when a session with its
    ///   identifier lives; nothing changes.
    public func beginSession(
        _ session: SessionInfo,
        makeCurrent: Bool = true,
        file: String = #fileID,
        line: Int = #line
    ) throws(ServiceCompositeError) {
        if let outer { return try outer.beginSession(session, makeCurrent: makeCurrent, file: file, line: line) }
        sealIfNeeded(by: "beginSession(\(session.identifier))")
        if let living = state.sessionServices[session.identifier] {
            throw ServiceCompositeError(
                code: .sessionAlreadyBegun,
                message: "Cannot begin \(session): \(living.session) lives already with that identifier. "
                    + "End it first, or switch with switchSession(to:).",
                file: file,
                line: line
            )
        }
        var made = ContiguousArray<any AppService>()
        var problems: [ServiceGraphError.Problem] = []
        let origin = AppContext.Origin.boxed(platform: nil, scene: nil, session: session)
        // An event a service posts as it is made (it signs in to analytics) reaches all of
        // the session's services, with the session current, once they have heard it began.
        state.beginMakingServices()
        defer { if state.endMakingServices() { drainPendingEvents() } }
        problems = state.beginSession(session, made, origin: origin)
        for type in state.sessionServices.ordered {
            made.append(
                type.init(
                    session: session,
                    context: AppContext(composite: self, service: type, callback: .sessionDidBegin, origin: origin)
                )
            )
            // A service that ended the session as it was made (it found the account's token
            // revoked, say): the end wins, and the session does not begin.
            guard state.sessionServices[session.identifier] != nil else {
                configuration.logger.info(
                    "\(session) was ended while its services were being made (by \(type.serviceName)); it does not begin.",
                    metadata: ["session": "\(session.identifier)"]
                )
                return
            }
            // Made one by one, so a session service finds those it depends on as it is made.
            problems = state.beginSession(session, made, origin: origin)
        }
        for problem in problems {
            configuration.logger.error(
                "\(problem.message) \(session) keeps the first subscription.",
                metadata: ["session": "\(session.identifier)"]
            )
        }
        if makeCurrent || state.sessionServices.current == nil { self.makeCurrent(session.identifier) }
        configuration.logger.debug(
            "Began \(session)",
            metadata: ["session": "\(session.identifier)", "services": "\(made.map { type(of: $0).serviceName })"]
        )
        registerNotificationCategories(as: session, "began")
        if let instances = state.sessionServices[session.identifier] {
            if state.sessionServices.handle(.didReceiveIncomingPush) { checkPushTypes(of: instances) }
            checkBackgroundTasks(of: instances.services, madeFor: "\(session)", why: "when no session lives")
            notifySession(.sessionDidBegin, instances) { $0.sessionDidBegin($1) }
        }
    }

    /// Ends the session named `identifier`: dispatches ``SessionHandling/sessionWillEnd(_:)``
    /// to its own services (in reverse) and then to the application-wide ones, gives up the
    /// work held for the milestones that belong to it (dropped with its reason, listed in
    /// ``heldWork``; their waiters get an error naming the milestone and the session), resets
    /// those milestones, and releases its services. When it was the current session, the one
    /// begun last of those that still live becomes current.
    ///
    /// A session ends once: ending it again while its services hear that it will end (a
    /// service that signs out from its own ``SessionHandling/sessionWillEnd(_:)``) does
    /// nothing more, and it lives, under its identifier, until they all have.
    ///
    /// - Throws: ``ServiceCompositeError`` with ``ServiceCompositeError/Code/sessionNotFound``
    ///   when no session with that identifier lives; nothing changes. It names `file` and
    ///   `line`, by default the caller's.
    public func endSession(
        _ identifier: String,
        file: String = #fileID,
        line: Int = #line
    ) throws(ServiceCompositeError) {
        if let outer { return try outer.endSession(identifier, file: file, line: line) }
        guard let instances = state.sessionServices[identifier] else {
            throw sessionNotFound(identifier, file: file, line: line)
        }
        guard state.sessionWillEnd(identifier) else { return }
        notifySession(.sessionWillEnd, instances) { $0.sessionWillEnd($1) }
        endSessionReadiness(instances)
        state.endSession(identifier)
        registerNotificationCategories(as: instances.session, "ended")
        configuration.logger.debug("Ended \(instances.session)", metadata: ["session": "\(identifier)"])
    }

    /// Switches to `session`: ends the current session (if any), then begins `session` as
    /// the current one, with no callback in between.
    ///
    /// - Throws: ``ServiceCompositeError`` with
    ///   ``ServiceCompositeError/Code/sessionAlreadyBegun`` when `session` lives already;
    ///   nothing changes. It names `file` and `line`, by default the caller's.
    public func switchSession(
        to session: SessionInfo,
        file: String = #fileID,
        line: Int = #line
    ) throws(ServiceCompositeError) {
        if let outer { return try outer.switchSession(to: session, file: file, line: line) }
        if let living = state.sessionServices[session.identifier] {
            throw ServiceCompositeError(
                code: .sessionAlreadyBegun,
                message: "Cannot switch to \(session): \(living.session) lives already with that identifier; "
                    + "make it current with makeCurrentSession(_:) instead.",
                file: file,
                line: line
            )
        }
        if let current = state.sessionServices.current { try endSession(current, file: file, line: line) }
        try beginSession(session, makeCurrent: true, file: file, line: line)
    }

    /// Makes the session named `identifier`, which lives, the current one.
    ///
    /// - Throws: ``ServiceCompositeError`` with ``ServiceCompositeError/Code/sessionNotFound``
    ///   when no session with that identifier lives. It names `file` and `line`, by default
    ///   the caller's.
    public func makeCurrentSession(
        _ identifier: String,
        file: String = #fileID,
        line: Int = #line
    ) throws(ServiceCompositeError) {
        if let outer { return try outer.makeCurrentSession(identifier, file: file, line: line) }
        guard state.sessionServices[identifier] != nil else {
            throw sessionNotFound(identifier, file: file, line: line)
        }
        makeCurrent(identifier)
    }

    /// Makes the session named `identifier` current: the waits that follow the current
    /// session (a repeating initializer's condition on a session's milestone) resolve again,
    /// for it.
    private func makeCurrent(_ identifier: String) {
        state.makeCurrentSession(identifier)
        for waiter in state.takeWaiters(followingCurrentSessionBut: identifier) {
            waiter.resume(
                .failure(
                    Self.unreachable(waiter.point, waiter: waiter.name, reason: "session \(identifier) is current now")
                )
            )
        }
    }

    private func sessionNotFound(_ identifier: String, file: String, line: Int) -> ServiceCompositeError {
        let living = state.sessionServices.inBeginOrder.map(\.session.identifier)
        return ServiceCompositeError(
            code: .sessionNotFound,
            message:
                "No session \(identifier) lives (living: \(living.isEmpty ? "none" : living.joined(separator: ", "))).",
            file: file,
            line: line
        )
    }

    /// Dispatches a callback of `instances`' session to the application-wide services and to
    /// that session's own, in the callback's direction, with contexts naming the session.
    private func notifySession(
        _ callback: AppCallback,
        _ instances: SessionServices.Instances,
        _ body: (borrowing any SessionHandling, borrowing AppContext) -> Void
    ) {
        beginDispatch(callback)
        let service = (any SessionHandling).self
        let own = instances.handlers.list(of: callback, as: service)
        let appWide = handlers.list(of: callback, as: service)
        let down = callback.direction == .down
        for list in down ? [own, appWide] : [appWide, own] {
            callWhileLiving(instances, list, callback, instances.origin, reversed: down, body)
        }
        endDispatch(callback)
    }

    /// What keeps the session-service types from being made: a type registered twice, or
    /// also application-wide or as a scene service; a dependency on a scene service; a
    /// dependency neither application-wide nor a session service; a cycle. Returns the
    /// order of the types when there is no problem.
    func sessionServiceProblems(appWide: [any AppService]) -> (problems: [ServiceGraphError.Problem], order: [Int]?) {
        let types = state.sessionServices.registered
        guard !types.isEmpty else { return ([], []) }
        let appWideTypes = Set(appWide.map { ObjectIdentifier(Swift.type(of: $0)) })
        let sceneTypes = Set(state.sceneServices.registered.map { ObjectIdentifier($0) })
        var problems: [ServiceGraphError.Problem] = []
        for type in types {
            if appWideTypes.contains(ObjectIdentifier(type)) || sceneTypes.contains(ObjectIdentifier(type)) {
                let other = appWideTypes.contains(ObjectIdentifier(type)) ? "application-wide" : "as a scene service"
                problems.append(
                    .init(
                        kind: .duplicate,
                        message: "\(type.serviceName) is registered both as a session service and \(other); "
                            + "register it once."
                    )
                )
            }
            for dependency in type.dependencies where sceneTypes.contains(ObjectIdentifier(dependency)) {
                problems.append(
                    .init(
                        kind: .missingDependency,
                        message: "Session service \(type.serviceName) depends on scene service "
                            + "\(dependency.serviceName), which a session cannot reach: a scene's services live "
                            + "per scene. Depend on an application-wide or session service instead."
                    )
                )
            }
        }
        if !appWide.contains(where: { $0 is any VoIPPushHandling }),
            let voIP = types.first(where: { $0 is any VoIPPushHandling.Type })
        {
            problems.append(
                .init(
                    kind: .sessionOnlyVoIPPushes,
                    message: "Session service \(voIP.serviceName) handles VoIP pushes, and no application-wide "
                        + "service does: a push can arrive when no session lives (it launches the application), "
                        + "and iOS terminates an application that does not report a call to CallKit for it. "
                        + "Handle VoIP pushes in an application-wide VoIPPushHandling service, which reports the "
                        + "call and can hand the push to the session's services."
                )
            )
        }
        // Application-wide dependencies are met already, scene ones reported above; the
        // graph checks the others.
        let (graphProblems, order) = DependencyGraph.orderScoped(
            types,
            noun: "session service",
            metElsewhere: appWideTypes.union(sceneTypes)
        )
        return (problems + graphProblems, problems.isEmpty ? order : nil)
    }
}

extension AppContext {
    /// The service of type `type` of this context's session (``session``), or `nil`.
    public func sessionService<Service>(_ type: Service.Type = Service.self) -> Service? {
        // A context kept past its session's end finds nothing, not the services of a
        // later session of the same identifier.
        if let own = origin?.session, !composite.sessionLives(own.identifier, lifetime: origin?.sessionLifetime) {
            return nil
        }
        return composite.sessionService(type, in: session)
    }

    /// Begins `session`; see ``ServiceComposite/beginSession(_:makeCurrent:file:line:)``.
    public func beginSession(
        _ session: SessionInfo,
        makeCurrent: Bool = true,
        file: String = #fileID,
        line: Int = #line
    ) throws(ServiceCompositeError) {
        try composite.beginSession(session, makeCurrent: makeCurrent, file: file, line: line)
    }

    /// Ends the session named `identifier`; see ``ServiceComposite/endSession(_:file:line:)``.
    public func endSession(
        _ identifier: String,
        file: String = #fileID,
        line: Int = #line
    ) throws(ServiceCompositeError) {
        try composite.endSession(identifier, file: file, line: line)
    }

    /// Switches to `session`; see ``ServiceComposite/switchSession(to:file:line:)``.
    public func switchSession(
        to session: SessionInfo,
        file: String = #fileID,
        line: Int = #line
    ) throws(ServiceCompositeError) {
        try composite.switchSession(to: session, file: file, line: line)
    }
}

extension ServiceComposite {
    /// The services of each session that lives that handle `kind` (and pass `include`), in
    /// the order the sessions began, each named with its session for messages: "Calls
    /// (session alice)".
    func sessionServiceNames<Service>(
        _ kind: HandlerKind<Service>,
        where include: (Service) -> Bool = { _ in true }
    ) -> [String] {
        guard state.hasSessions else { return [] }
        return state.sessionServices.inBeginOrder.flatMap { instances in
            instances.handlers.list(kind).filter(include).types.map {
                "\($0.serviceName) (session \(instances.session.identifier))"
            }
        }
    }
}
