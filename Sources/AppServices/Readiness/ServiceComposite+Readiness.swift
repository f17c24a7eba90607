import Logging

extension AppContext {
    /// Waits until every initializer of `phase`, and of the phases before it, has finished.
    /// Returns at once when the composite has no launch plan.
    ///
    /// - Throws: ``ReadinessError`` with ``ReadinessError/Code/unreachable`` when the
    ///   launch fails or is cancelled first (the message names the initializer), or when
    ///   this is the context of a session's service (or of a callback of a session) and that
    ///   session has ended (now or while waiting); ``ReadinessError/Code/cancelled`` when the
    ///   waiting task is cancelled.
    public func waitUntilReady(_ phase: LaunchPhase) async throws(ReadinessError) {
        let waiter = waiterName
        try refuseWaitAfterItsSession(waiter, for: "the \(phase) phase", at: .phase(phase))
        try await composite.waitUntil(.phase(phase), waiter: waiter, owner: nil, session: origin?.sessionLifetime)
    }

    /// Throws when this context's session has ended (a context a task kept past the
    /// sign-out): `waiter` would wait for `what`, at `point`, for none of the sessions after.
    func refuseWaitAfterItsSession(_ waiter: String, for what: String, at point: ReadinessPoint) throws(ReadinessError)
    {
        guard let ended = endedSessionName else { return }
        throw ReadinessError(
            code: .unreachable,
            point: point,
            message: "\(waiter) waits for \(what) from a context kept after \(ended); it waits for nothing of the "
                + "sessions after it."
        )
    }

    /// Who waits, for messages: the service, or the callback a task of a service's started
    /// in (a context shared by a synchronous dispatch names its service only during it).
    private var waiterName: String {
        serviceName ?? callback.map { "Work started in \($0)" } ?? "A service"
    }

    /// Waits until `milestone` is reached; returns at once if it was.
    ///
    /// The wait knows the service the context was given to (also in a task that kept the
    /// context past an `await`), and the milestone's owner waiting for its own milestone is
    /// caught as a deadlock. To act once a milestone is reached from a synchronous
    /// callback, holding the work with ``whenReached(_:named:perform:)`` needs no task.
    ///
    /// ```swift
    /// try await context.waitUntilReached(RootCoordinatorReady.self)
    /// ```
    ///
    /// - Throws: ``ReadinessError``: ``ReadinessError/Code/deadlock`` when the calling
    ///   service is the one that must reach it; ``ReadinessError/Code/unreachable`` when
    ///   its owner is not registered, the launch failed (for a milestone of the
    ///   application), or the application terminated
    ///   (now or while waiting), or, for a milestone of a session, when the session ends
    ///   (now or while waiting), and when this is the context of a session's service (or of
    ///   a callback of a session) and that session has ended (now or while waiting);
    ///   ``ReadinessError/Code/cancelled`` when the waiting task is cancelled. Every message
    ///   names the milestone and the waiter.
    public func waitUntilReached<Milestone: AppMilestone>(_ milestone: Milestone.Type) async throws(ReadinessError) {
        let waiter = waiterName
        if isGiven(to: Milestone.reachedBy) {
            throw ReadinessError(
                code: .deadlock,
                point: .milestone(milestone),
                message: "\(waiter) waits for \(Milestone.name), which only \(waiter) reaches: it would wait forever. "
                    + "Reach it before waiting for what follows it, or wait from another service."
            )
        }
        if let ended = endedSession(of: milestone) {
            throw ReadinessError(
                code: .unreachable,
                point: point(milestone),
                message: "\(waiter) waits for \(Milestone.name) of \(ended), which has ended."
            )
        }
        try refuseWaitAfterItsSession(waiter, for: Milestone.name, at: .milestone(milestone))
        try await composite.waitUntil(
            composite.sessionPoint(milestone, session: session?.identifier),
            waiter: waiter,
            owner: Milestone.reachedBy,
            session: origin?.sessionLifetime
        )
    }

    /// This context's session, when `milestone` is a session's and that session has ended (a
    /// context a task kept past the sign-out); `nil` otherwise.
    private func endedSession<Milestone: AppMilestone>(of milestone: Milestone.Type) -> SessionInfo? {
        guard Milestone.scope == .session, let session,
            !composite.sessionLives(session.identifier, lifetime: origin?.sessionLifetime)
        else { return nil }
        return session
    }

    /// Why work held or routed from this context is dropped at once: the session of this
    /// context's session service has ended (a context a task kept past the sign-out);
    /// `nil` otherwise.
    var endedSessionName: String? {
        guard let own = origin?.session, !composite.sessionLives(own.identifier, lifetime: origin?.sessionLifetime)
        else { return nil }
        return "\(own) ended"
    }

    /// Reaches `milestone`: resumes everyone waiting for it and runs the work held until
    /// it, in the order it was handed over. Reaching it again does nothing. A milestone of
    /// a session (``MilestoneScope/session``) is reached for this context's ``session``,
    /// and for the work held for the next session while none lived.
    ///
    /// - Throws: ``ReadinessError`` with ``ReadinessError/Code/notOwner`` when the calling
    ///   service is not the milestone's ``AppMilestone/reachedBy``, and with
    ///   ``ReadinessError/Code/unreachable`` for a milestone of a session when no session
    ///   lives, or when this context's session has ended (a task that outlived it).
    public func reach<Milestone: AppMilestone>(_ milestone: Milestone.Type) throws(ReadinessError) {
        guard isGiven(to: Milestone.reachedBy) else {
            throw ReadinessError(
                code: .notOwner,
                point: point(milestone),
                message: "\(serviceName ?? "Code outside a service") tried to reach \(Milestone.name), "
                    + "which \(Milestone.reachedBy.serviceName) reaches; only the milestone's owner may reach it."
            )
        }
        guard Milestone.scope == .session else {
            composite.signpostMilestone(Milestone.name, point: .milestone(milestone), session: nil)
            return composite.pointReached(.milestone(milestone))
        }
        guard let session else {
            throw ReadinessError(
                code: .unreachable,
                point: point(milestone),
                message: "\(serviceName ?? "Code outside a service") tried to reach \(Milestone.name), a milestone of "
                    + "a session, while no session lives. Begin a session first."
            )
        }
        // A context a task kept after its session ended (a load that finished after the
        // sign-out) reaches nothing: not the ended session's milestone, which a later
        // session of that identifier would find reached, nor the next session's.
        guard endedSession(of: milestone) == nil else {
            throw ReadinessError(
                code: .unreachable,
                point: point(milestone),
                message: "\(serviceName ?? "Code outside a service") tried to reach \(Milestone.name) of \(session), "
                    + "which has ended."
            )
        }
        let next = ServiceComposite.point(of: Milestone.name, session: nil)
        let reached = composite.sessionPoint(milestone, session: session.identifier)
        composite.signpostMilestone(Milestone.name, point: reached, session: session.identifier)
        // The work held for this session's milestone runs in contexts that name this session,
        // whichever session is current by now.
        let instances = composite.state.sessionServices[session.identifier]
        // The work held while no session lived was for the next session: this one, which
        // its contexts name. Both run in the order they were handed over.
        composite.pointsReached([reached, next], forSession: instances)
        composite.state.reset(next)
    }

    /// The point `milestone` stands for in this context: the milestone, or for a milestone
    /// of a session, the milestone of this context's session (of the next session when none
    /// lives).
    func point<Milestone: AppMilestone>(_ milestone: Milestone.Type) -> ReadinessPoint {
        guard Milestone.scope == .session else { return .milestone(milestone) }
        return ServiceComposite.point(of: Milestone.name, session: session?.identifier)
    }

    /// Hands the composite `work` to run on the main actor once `phase` is ready: at once
    /// if it is, else when it becomes ready, after work held before it. Work still held
    /// when the application terminates, or when the phase can never be ready, is dropped.
    ///
    /// A synchronous callback uses it to answer at once and act later:
    ///
    /// ```swift
    /// func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
    ///     context.whenReady(.critical, named: "open \(url.path)") { context in
    ///         context.service(Router.self)?.route(url)
    ///     }
    ///     return true
    /// }
    /// ```
    public func whenReady(
        _ phase: LaunchPhase,
        named name: String,
        perform work: @escaping @MainActor (AppContext) -> Void
    ) {
        composite.hold(
            work,
            until: .phase(phase),
            named: name,
            by: currentServiceType,
            origin: origin,
            owner: nil,
            droppedBecause: endedSessionName
        )
    }

    /// Hands the composite `work` to run on the main actor once `milestone` is reached; see
    /// ``whenReady(_:named:perform:)``. Work held until a milestone whose owner is not
    /// registered, or until a milestone of this context's session once that session has
    /// ended, is dropped at once, with a warning, and listed in ``ServiceComposite/heldWork``.
    public func whenReached<Milestone: AppMilestone>(
        _ milestone: Milestone.Type,
        named name: String,
        perform work: @escaping @MainActor (AppContext) -> Void
    ) {
        let point = composite.sessionPoint(milestone, session: session?.identifier)
        composite.hold(
            work,
            until: point,
            named: name,
            by: currentServiceType,
            origin: origin,
            owner: Milestone.reachedBy,
            droppedBecause: endedSession(of: milestone).map { "\($0) ended" } ?? endedSessionName
        )
    }
}

extension InitializerContext {
    /// Waits until every initializer of `phase`, and of the phases before it, has finished.
    ///
    /// - Throws: ``ReadinessError`` with ``ReadinessError/Code/deadlock`` when this
    ///   initializer is part of that wait (it runs in `phase` or an earlier one during the
    ///   launch), naming both; otherwise as ``AppContext/waitUntilReady(_:)``.
    @MainActor
    public func waitUntilReady(_ phase: LaunchPhase) async throws(ReadinessError) {
        // An on-demand initializer too: the on-demand phase is ready once every on-demand
        // initializer has run, this one included.
        if foregroundRun == 0, self.phase <= phase {
            throw ReadinessError(
                code: .deadlock,
                point: .phase(phase),
                message: "\(name) runs in the \(self.phase) phase and waits for the \(phase) phase to be ready, "
                    + "which needs \(name) to finish: it would wait forever. Wait for an earlier phase"
                    + (self.phase == .onDemand ? "." : ", or move \(name) later.")
            )
        }
        try await composite().waitUntil(.phase(phase), waiter: name, owner: nil)
    }

    /// Waits until `milestone` is reached; see ``AppContext/waitUntilReached(_:)``.
    @MainActor
    public func waitUntilReached<Milestone: AppMilestone>(_ milestone: Milestone.Type) async throws(ReadinessError) {
        let composite = try composite()
        try await composite.waitUntil(
            composite.sessionPoint(milestone, session: composite.currentSession?.identifier),
            waiter: name,
            owner: Milestone.reachedBy
        )
    }

    @MainActor
    private func composite() throws(ReadinessError) -> ServiceComposite {
        guard let composite = environment.composite else {
            throw ReadinessError(
                code: .unreachable,
                point: .phase(phase),
                message: "\(name) waited for the launch, but the composite that ran it is gone."
            )
        }
        return composite.outer ?? composite
    }
}

extension ServiceComposite {
    /// The work services handed over to run once a phase was ready or a milestone reached,
    /// in the order it was handed over, with what became of it.
    public var heldWork: [HeldWork] { (outer ?? self).state.readiness.records }

    /// Whether `milestone` has been reached (a milestone of a session: by the current
    /// session).
    public func isReached<Milestone: AppMilestone>(_ milestone: Milestone.Type) -> Bool {
        let root = outer ?? self
        return root.state.readiness.isReached(root.point(milestone))
    }

    /// The point `milestone` stands for on the composite: the milestone, or for a milestone
    /// of a session, the milestone of the current session (of the next one when none lives).
    func point<Milestone: AppMilestone>(_ milestone: Milestone.Type) -> ReadinessPoint {
        guard Milestone.scope == .session else { return .milestone(milestone) }
        return Self.point(of: Milestone.name, session: currentSession?.identifier)
    }

    /// The point `milestone` stands for to code of the session named `session` (`nil`: of
    /// no session, which waits for the next session's): a milestone of a session is noted as
    /// that session's, so that as it ends its waiters fail, the work held for it is dropped,
    /// and it is reset, whether it was reached, waited for or held for.
    func sessionPoint<Milestone: AppMilestone>(_ milestone: Milestone.Type, session: String?) -> ReadinessPoint {
        guard Milestone.scope == .session else { return .milestone(milestone) }
        let point = Self.point(of: Milestone.name, session: session)
        if let session { (outer ?? self).state.note(point, ofSession: session) }
        return point
    }

    /// Whether a session named `identifier` lives, and, with `lifetime`, is the one whose own
    /// context box that is (not a later session of the same identifier).
    func sessionLives(_ identifier: String, lifetime: AppContext.Origin.Box? = nil) -> Bool {
        (outer ?? self).state.sessionServices.lives(identifier, lifetime: lifetime)
    }

    /// The point of the milestone named `name` of the session named `session`, or of the
    /// next session to reach it.
    static func point(of name: String, session: String?) -> ReadinessPoint {
        .milestone(session.map { "\(name) of session \($0)" } ?? "\(name) of the next session")
    }

    /// Gives up the milestones of the session of `instances`, which ends: their waiters fail
    /// with an error naming the milestone and the session, the work held for them is dropped,
    /// logged and listed in ``heldWork``, and they are reset for a session of the same
    /// identifier later. The work its services held for anything else is dropped too.
    func endSessionReadiness(_ instances: SessionServices.Instances) {
        let session = instances.session
        let reason = "\(session) ended"
        // What its services held, for whatever it waits (a gate, a phase), goes with them:
        // they are released, and it would act for a session that has ended.
        if let lifetime = instances.origin.sessionLifetime {
            // So do its services' waits, which would resume for a session that has ended.
            for waiter in state.takeWaiters(fromSession: lifetime) {
                waiter.resume(.failure(Self.unreachable(waiter.point, waiter: waiter.name, reason: reason)))
            }
            for entry in state.dropHeld(fromSession: lifetime) {
                configuration.logger.warning(
                    "\(entry.label) was dropped: it waited for \(entry.point), and \(reason).",
                    metadata: ["session": "\(session.identifier)"]
                )
            }
        }
        for point in state.takePoints(ofSession: session.identifier).sortedOnce(by: { "\($0)" < "\($1)" }) {
            let (waiters, dropped) = state.giveUpAndDrop(point, reason: reason)
            for waiter in waiters {
                waiter.resume(.failure(Self.unreachable(waiter.point, waiter: waiter.name, reason: reason)))
            }
            for entry in dropped {
                configuration.logger.warning(
                    "\(entry.label) was dropped: it waited for \(point), and \(reason).",
                    metadata: ["session": "\(session.identifier)"]
                )
            }
            state.reset(point)
        }
        heldWorkChanged()
    }

    /// Waits until every initializer of `phase`, and of the phases before it, has finished:
    /// for hosts and tests, which have no service context; services use
    /// ``AppContext/waitUntilReady(_:)``. Returns at once without a launch plan.
    ///
    /// - Throws: ``ReadinessError`` as ``AppContext/waitUntilReady(_:)`` does, naming the
    ///   waiter "The host".
    public func waitUntilReady(_ phase: LaunchPhase) async throws(ReadinessError) {
        try await (outer ?? self).waitUntil(.phase(phase), waiter: "The host", owner: nil)
    }

    /// Waits until `milestone` is reached: for hosts and tests; services use
    /// ``AppContext/waitUntilReached(_:)``.
    ///
    /// - Throws: ``ReadinessError`` as ``AppContext/waitUntilReached(_:)`` does, naming the
    ///   waiter "The host".
    public func waitUntilReached<Milestone: AppMilestone>(_ milestone: Milestone.Type) async throws(ReadinessError) {
        let root = outer ?? self
        try await root.waitUntil(
            root.sessionPoint(milestone, session: root.currentSession?.identifier),
            waiter: "The host",
            owner: Milestone.reachedBy
        )
    }

    /// Why `point` cannot come: its owner is not registered, or the launch gave up on it,
    /// or nothing more will come. `nil` when it may still come.
    func whyUnreachable(_ point: ReadinessPoint, owner: (any AppService.Type)?) -> String? {
        if let reason = state.readiness.whyUnreachable(point) { return reason }
        if let owner {
            sealIfNeeded(by: "waiting for \(point)")
            let id = ObjectIdentifier(owner)
            let registered =
                plan.unsafelyUnwrapped.byType[id] != nil
                || state.sessionServices.registered.contains { ObjectIdentifier($0) == id }
                || state.sceneServices.registered.contains { ObjectIdentifier($0) == id }
            if !registered {
                let role = if case .milestone(let name) = point, name.hasPrefix("gate ") { "opens" } else { "reaches" }
                return "\(owner.serviceName), which \(role) it, is not registered"
            }
        }
        return nil
    }

    func waitUntil(
        _ point: ReadinessPoint,
        waiter: String,
        owner: (any AppService.Type)?,
        session: AppContext.Origin.Box? = nil,
        followsCurrentSession: Bool = false
    ) async throws(ReadinessError) {
        noteIfReady(point)
        if state.readiness.isReached(point) { return }
        if case .phase = point, launch == nil { return }
        if let reason = whyUnreachable(point, owner: owner) {
            throw Self.unreachable(point, waiter: waiter, reason: reason)
        }
        watch(point)
        let id = state.makeReadinessID()
        let result: Result<Void, ReadinessError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(returning: .failure(Self.cancelled(point, waiter: waiter)))
                } else {
                    state.wait(
                        .init(
                            id: id,
                            point: point,
                            name: waiter,
                            session: session,
                            followsCurrentSession: followsCurrentSession
                        ) { continuation.resume(returning: $0) }
                    )
                }
            }
        } onCancel: {
            Task { @MainActor in
                self.state.removeWaiter(id: id)?.resume(.failure(Self.cancelled(point, waiter: waiter)))
            }
        }
        try result.get()
    }

    /// Holds `work` until `point`, or runs it at once when the point has come; drops it,
    /// listed, when the point can never come, or with `ended` (the reason: a session that
    /// ended) at once.
    func hold(
        _ work: @escaping @MainActor (AppContext) -> Void,
        until point: ReadinessPoint,
        named name: String,
        by service: (any AppService.Type)?,
        origin: AppContext.Origin?,
        owner: (any AppService.Type)?,
        droppedBecause ended: String? = nil
    ) {
        let label = service.map { "\($0.serviceName): \(name)" } ?? name
        if let ended {
            // Held for a session that ended: dropped and listed at once. The point is left as
            // it is: a later session of the same identifier names the same point, and its
            // waiters, its held work and whether it was reached are that session's.
            state.recordDropped(name: label, point: point)
            heldWorkChanged()
            configuration.logger.warning("\(label) was dropped: it waits for \(point), and \(ended).")
            return
        }
        noteIfReady(point)
        if state.readiness.isReached(point) || (launch == nil && { if case .phase = point { true } else { false } }()) {
            state.recordImmediate(name: label, point: point)
            heldWorkChanged()
            work(AppContext(composite: self, service: service, callback: nil, origin: origin))
            return
        }
        let entry = ReadinessBoard.Entry(
            id: state.makeReadinessID(),
            point: point,
            label: label,
            service: service,
            origin: origin,
            work: work
        )
        state.hold(entry, name: label)
        defer { heldWorkChanged() }
        if let reason = whyUnreachable(point, owner: owner) {
            _ = state.giveUp(point, reason: reason)
            configuration.logger.warning(
                "\(label) was dropped: it waits for \(point), which can never come: \(reason)."
            )
            return
        }
        configuration.logger.debug("\(label) is held until \(point).")
        watch(point)
    }

    /// Marks a phase the launch has made ready but whose watcher has not heard yet as
    /// reached (running what was held for it before), so that what asks now is answered
    /// at once, as the phase is ready.
    private func noteIfReady(_ point: ReadinessPoint) {
        guard case .phase(let phase) = point, !state.readiness.isReached(point), let launch, launch.isReady(phase)
        else { return }
        pointReached(point)
    }

    /// `point` came: resumes its waiters and runs its held work in order.
    func pointReached(_ point: ReadinessPoint) {
        pointsReached([point], forSession: nil)
    }

    /// `points` came at once (a session's milestone, and the same milestone held for the
    /// next session while none lived): resumes their waiters and runs their held work in
    /// the order it was handed over, whichever point it waited for; with `session`, in
    /// contexts that name it.
    func pointsReached(_ points: [ReadinessPoint], forSession session: SessionServices.Instances?) {
        for case .milestone(let name) in points { launch?.reachedMilestone(name) }
        let (waiters, work) = state.reach(points)
        for waiter in waiters { waiter.resume(.success(())) }
        for (index, entry) in zip(work.indices, work) {
            let point = entry.point
            // A gate the work before closed again: the rest waits for it to open again.
            guard state.readiness.isReached(point) || !state.readiness.isGate(point) else {
                return state.holdAgain(work[index...])
            }
            // The session the work is for (its service's, or the one whose milestone it waited
            // for) ended in the work before: it is dropped, as what that session held is.
            if let ended = session?.session ?? entry.origin?.session,
                !sessionLives(
                    ended.identifier,
                    lifetime: session?.origin.sessionLifetime ?? entry.origin?.sessionLifetime
                )
            {
                state.recordCancelled(work[index...index])
                heldWorkChanged()
                configuration.logger.warning("\(entry.label) was dropped: it waits for \(point), and \(ended) ended.")
                continue
            }
            state.recordRun(of: entry)
            heldWorkChanged()
            var origin = entry.origin
            if let session { origin = origin?.for(session.session, sessionBox: session.origin) ?? session.origin }
            entry.work(AppContext(composite: self, service: entry.service, callback: nil, origin: origin))
        }
    }

    /// Nothing more will come (`reason`): fails every waiter and drops every held work.
    func endReadiness(reason: String) {
        fail(state.endReadiness(reason: reason), reason: reason)
    }

    /// Fails `waiters`, whose points can never come (`reason` says why).
    private func fail(_ waiters: [ReadinessBoard.Waiter], reason: String) {
        for waiter in waiters {
            waiter.resume(.failure(Self.unreachable(waiter.point, waiter: waiter.name, reason: reason)))
        }
        heldWorkChanged()
    }

    /// Hands the held-work records to the launch, whose report lists them.
    func heldWorkChanged() {
        launch?.heldWorkChanged(state.readiness.records)
    }

    /// Starts, once per point, the task that learns from the launch when a phase is ready,
    /// and, once per composite, the one that learns that the launch failed.
    private func watch(_ point: ReadinessPoint) {
        guard let launch else { return }
        let watched: ReadinessPoint
        switch point {
        case .phase(let phase): watched = .phase(phase)
        // The idle phase comes last: when it cannot come, the launch failed or was cancelled.
        case .milestone: watched = .phase(.idle)
        }
        guard state.startWatching(watched), case .phase(let phase) = watched else { return }
        Task { @MainActor [weak self] in
            do throws(LaunchError) {
                try await launch.waitUntilReady(phase)
                self?.pointReached(watched)
            } catch {
                self?.launchGaveUp(on: phase, error)
            }
        }
    }

    private func launchGaveUp(on phase: LaunchPhase, _ error: LaunchError) {
        let reason = "the launch did not get there: \(error.message)"
        fail(state.giveUp(.phase(phase), reason: reason), reason: reason)
        // The milestones of the application's services, and later phases, cannot come
        // either; a gate still opens when its service opens it, and a session's services
        // still reach its milestones.
        if phase == .idle { fail(state.endLaunchReadiness(reason: reason), reason: reason) }
    }

    static func unreachable(_ point: ReadinessPoint, waiter: String, reason: String) -> ReadinessError {
        ReadinessError(
            code: .unreachable,
            point: point,
            message: "\(waiter) waited for \(point), which can never come: \(reason)."
        )
    }

    private static func cancelled(_ point: ReadinessPoint, waiter: String) -> ReadinessError {
        ReadinessError(
            code: .cancelled,
            point: point,
            message: "\(waiter) stopped waiting for \(point): its task was cancelled."
        )
    }
}
