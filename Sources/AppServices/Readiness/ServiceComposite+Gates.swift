import Logging

extension AppContext {
    /// Opens `gate`: tells the ``GateHandling`` services, then runs the work held for it, in
    /// the order it was handed over, unless one of them closed it again. Opening an open
    /// gate does nothing.
    ///
    /// - Throws: ``ReadinessError`` with ``ReadinessError/Code/notOwner`` when the calling
    ///   service is not the gate's ``AppGate/openedBy``; the message names both. With
    ///   ``ReadinessError/Code/unreachable`` from the context of a session service whose
    ///   session has ended (a task that authenticated the signed-out account): the gate
    ///   stays as it is, for the next session.
    public func open<Gate: AppGate>(_ gate: Gate.Type) throws(ReadinessError) {
        try checkOwner(of: gate, doing: "open")
        composite.setGate(gate, open: true)
    }

    /// Closes `gate`: work handed over for it is held from now on, until it opens. Closing a
    /// closed gate does nothing.
    ///
    /// - Throws: ``ReadinessError`` as ``open(_:)`` does.
    public func close<Gate: AppGate>(_ gate: Gate.Type) throws(ReadinessError) {
        try checkOwner(of: gate, doing: "close")
        composite.setGate(gate, open: false)
    }

    /// Whether `gate` is open.
    public func isOpen<Gate: AppGate>(_ gate: Gate.Type) -> Bool { composite.isOpen(gate) }

    /// Hands the composite `work` to run on the main actor while `gate` is open: at once if
    /// it is, else when it opens, after the work held before it (work held from a scene's
    /// callback that disconnected, and connected again after the gate closed once more,
    /// waits anew, after the work held meanwhile). Work still held when the
    /// application terminates is dropped, and so is work held until a closed gate whose
    /// owner (``AppGate/openedBy``) is not registered, at once, with a warning, listed in
    /// ``ServiceComposite/heldWork``: nothing could open it.
    public func whenOpen<Gate: AppGate>(
        _ gate: Gate.Type,
        named name: String,
        perform work: @escaping @MainActor (AppContext) -> Void
    ) {
        composite.noteGate(gate)
        composite.hold(
            work,
            until: Gate.point,
            named: name,
            by: currentServiceType,
            origin: origin,
            owner: Gate.openedBy,
            droppedBecause: endedSessionName
        )
    }

    /// Waits until `gate` is open; returns at once if it is.
    ///
    /// - Throws: ``ReadinessError``: ``ReadinessError/Code/deadlock`` when the calling
    ///   service is the one that opens it; ``ReadinessError/Code/unreachable`` when the
    ///   gate is closed and its owner (``AppGate/openedBy``) is not registered, the
    ///   application terminates while waiting, or this is the context of a session service
    ///   whose session has ended (now or while waiting); ``ReadinessError/Code/cancelled``
    ///   when the waiting task is cancelled.
    public func waitUntilOpen<Gate: AppGate>(_ gate: Gate.Type) async throws(ReadinessError) {
        let waiter = serviceName ?? "Code outside a service"
        try refuseWaitAfterItsSession(waiter, for: "gate \(Gate.name)", at: Gate.point)
        if isGiven(to: Gate.openedBy), !composite.isOpen(gate) {
            throw ReadinessError(
                code: .deadlock,
                point: Gate.point,
                message: "\(waiter) waits for gate \(Gate.name) to open, which only \(waiter) opens: it would wait "
                    + "forever. Hold the work with whenOpen instead, or wait from another service."
            )
        }
        composite.noteGate(gate)
        try await composite.waitUntil(
            Gate.point,
            waiter: waiter,
            owner: Gate.openedBy,
            session: origin?.sessionLifetime
        )
    }

    /// How long the application has been, or last was, in the background.
    public var backgroundTimes: BackgroundTimes { composite.backgroundTimes }

    private func checkOwner<Gate: AppGate>(of gate: Gate.Type, doing action: String) throws(ReadinessError) {
        guard isGiven(to: Gate.openedBy) else {
            throw ReadinessError(
                code: .notOwner,
                point: Gate.point,
                message: "\(serviceName ?? "Code outside a service") tried to \(action) gate \(Gate.name), which "
                    + "\(Gate.openedBy.serviceName) opens and closes; only the gate's owner may."
            )
        }
        // A task kept past the sign-out (an authentication that finished late) acts for an
        // account that is gone: it must not unlock, or lock, the next one.
        if let ended = endedSessionName {
            throw ReadinessError(
                code: .unreachable,
                point: Gate.point,
                message: "\(serviceName ?? "Code outside a service") tried to \(action) gate \(Gate.name) from a "
                    + "context kept after \(ended); the gate stays \(composite.isOpen(gate) ? "open" : "closed") for the "
                    + "sessions after it."
            )
        }
    }
}

extension ServiceComposite {
    /// Whether `gate` is open.
    public func isOpen<Gate: AppGate>(_ gate: Gate.Type) -> Bool {
        let root = outer ?? self
        root.noteGate(gate)
        return root.state.readiness.isReached(Gate.point) || root.state.readiness.isOpenWhileChanging(Gate.point)
    }

    /// Waits until `gate` is open: for hosts and tests; services use
    /// ``AppContext/waitUntilOpen(_:)``.
    ///
    /// - Throws: ``ReadinessError`` as ``AppContext/waitUntilOpen(_:)`` does, naming the
    ///   waiter "The host".
    public func waitUntilOpen<Gate: AppGate>(_ gate: Gate.Type) async throws(ReadinessError) {
        let root = outer ?? self
        root.noteGate(gate)
        try await root.waitUntil(Gate.point, waiter: "The host", owner: Gate.openedBy)
    }

    /// How long the application has been, or last was, in the background, on the
    /// composite's clock.
    public var backgroundTimes: BackgroundTimes {
        let state = (outer ?? self).state
        return BackgroundTimes(
            inBackgroundFor: state.enteredBackgroundAt.map { state.clock.now - $0 },
            lastTimeInBackground: state.lastTimeInBackground,
            isFirstForeground: state.foregroundsFromBackground == 0
        )
    }

    /// Opens or closes `gate` as its owner would: for the test kit, which plays the owner
    /// (an app lock's user unlocking).
    package func setGate<Gate: AppGate>(_ gate: Gate.Type, open: Bool) {
        if let outer { return outer.setGate(gate, open: open) }
        noteGate(gate)
        setGate(Gate.point, named: Gate.name, open: open)
    }

    /// Remembers `gate`, the first time it is named.
    func noteGate<Gate: AppGate>(_ gate: Gate.Type) {
        let root = outer ?? self
        _ = root.state.note(
            gate: Gate.point,
            initiallyOpen: Gate.isInitiallyOpen,
            closesAfterBackground: { Gate.closesAfterBackground }
        )
    }

    /// Opens or closes the gate at `point`, telling the ``GateHandling`` services; opening
    /// runs its held work after them.
    ///
    /// A service may open or close the gate again while the services hear it change (a lock
    /// that opens at once when the person turned it off): that change is heard after this
    /// one, by every service, so that the last thing each hears is what the gate is.
    private func setGate(_ point: ReadinessPoint, named name: String, open: Bool) {
        let isOpen = state.readiness.isReached(point) || state.readiness.isOpenWhileChanging(point)
        guard isOpen != open else { return }
        configuration.logger.debug("Gate \(name) \(open ? "opens" : "closes").", metadata: ["gate": "\(name)"])
        // Changed while its services hear it change: heard once they have (or, changed back
        // again, not at all).
        if state.changeWhileHeard(point, opens: open) { return }
        if open { openGate(point, named: name) } else { closeGate(point, named: name) }
    }

    /// Opens the gate at `point`: open while its services hear it. What waits for it, and
    /// what they hand over for it meanwhile, goes on after them, in order, if it is still
    /// open; a close meanwhile is heard after the open.
    private func openGate(_ point: ReadinessPoint, named name: String) {
        state.beginChanging(point, opens: true)
        notify(.gateDidOpen, (any GateHandling).self, platform: nil) { $0.gateDidOpen($1, gate: name) }
        if state.endChanging(point) {
            pointReached(point)
        } else {
            closeGate(point, named: name)
        }
    }

    /// Closes the gate at `point`: closed while its services hear it; an open meanwhile is
    /// heard after the close.
    private func closeGate(_ point: ReadinessPoint, named name: String) {
        state.reset(point)
        state.beginChanging(point, opens: false)
        notify(.gateDidClose, (any GateHandling).self, platform: nil) { $0.gateDidClose($1, gate: name) }
        if !state.endChanging(point) { openGate(point, named: name) }
    }

    /// The application left the background at `now`: closes the gates that close after a
    /// time in the background it stayed at least.
    func returnedFromBackground() {
        let closedAlready = state.gatesClosedInThisStay
        guard let away = state.enteringForeground(at: state.clock.now) else { return }
        closeGates(dueAfter: away, but: closedAlready)
    }

    /// A scene connects while the application is in the background (its other scenes went
    /// there, or it was launched there): the gates that close after a time in the
    /// background it stayed at least close now, before the scene's services hear of it and
    /// its connection options (a link, a notification response) are delivered. The return
    /// to the foreground, which follows, closes only the gates that did not close then:
    /// one opened in between (the person unlocked on the connecting scene) stays open.
    func returningFromBackgroundToConnect() {
        guard let away = state.timeInBackground(at: state.clock.now) else { return }
        let closedAlready = state.gatesClosedInThisStay
        let due = gatesDue(after: away, but: closedAlready)
        state.closedInThisStay(due.map(\.point))
        close(due)
    }

    /// The gates that close after `away` in the background, as their times tell now, but
    /// those `closedAlready` in this stay.
    private func gatesDue(
        after away: Duration,
        but closedAlready: Set<ReadinessPoint>
    ) -> [(point: ReadinessPoint, name: String)] {
        state.readiness.gatesClosingInBackground.compactMap { gate in
            guard away >= gate.after, !closedAlready.contains(gate.point), case .milestone(let name) = gate.point
            else { return nil }
            return (gate.point, String(name.dropFirst("gate ".count)))
        }
    }

    /// Closes the gates due after `away` in the background, but those `closedAlready`.
    private func closeGates(dueAfter away: Duration, but closedAlready: Set<ReadinessPoint>) {
        close(gatesDue(after: away, but: closedAlready))
    }

    /// Closes `gates`, as their owners would.
    private func close(_ gates: [(point: ReadinessPoint, name: String)]) {
        for gate in gates { setGate(gate.point, named: gate.name, open: false) }
    }
}
