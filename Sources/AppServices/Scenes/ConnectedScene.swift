import Logging

/// A scene connected now, as the composite knows it: for routing work to the scene that
/// shows something, and for walking every scene.
public struct ConnectedScene: Sendable {
    /// The scene.
    public let scene: SceneInfo
    /// Its state.
    public let state: SceneState
    /// Its scene services (``SceneService``), in dependency order.
    public let services: [any AppService]

    /// The scene's identifier: its session's persistent identifier.
    public var identifier: String { scene.identifier }
    /// The scene's role (a window on the device's screen, a CarPlay screen, ...).
    public var role: SceneSessionRole { scene.session.role }
}

extension ServiceComposite {
    /// The scenes connected now, in the order they connected.
    public var connectedScenes: [ConnectedScene] {
        let root = outer ?? self
        return root.state.connectedScenes.compactMap { scene in
            guard let state = root.state.lifecycle.scenes[scene.identifier], state != .disconnected else { return nil }
            let services = root.state.sceneServices[scene.identifier].map { Array($0.services) } ?? []
            return ConnectedScene(scene: scene, state: state, services: services)
        }
    }

    /// Hands the composite `work` to run on the main actor for the scene whose identifier is
    /// `identifier`, with that scene in ``AppContext/scene``: at once when it is connected,
    /// else right after it connects (once its services heard `sceneWillConnect`), after the
    /// work routed to it before. Work routed to a scene whose session is discarded
    /// (``didDiscardSceneSessions(_:platform:)``) before it connects is dropped with that
    /// reason, logged and listed in ``heldWork``, as is work still held when the application
    /// terminates. Work a session's service routes (``AppContext/route(toScene:named:perform:)``)
    /// runs for that session, and is dropped when the session ends first.
    ///
    /// ```swift
    /// // Show the tab in the window that owns it, once that window is there:
    /// context.route(toScene: tab.windowIdentifier, named: "show tab \(tab.id)") { context in
    ///     context.sceneService(TabsService.self)?.select(tab)
    /// }
    /// ```
    public func route(
        toScene identifier: String,
        named name: String,
        by service: (any AppService.Type)? = nil,
        perform work: @escaping @MainActor (AppContext) -> Void
    ) {
        route(toScene: identifier, named: name, by: service, origin: nil, droppedBecause: nil, perform: work)
    }

    /// Routes `work` for `service` from a context whose origin is `origin`: the work keeps its
    /// session, is dropped when that session ends, and is dropped at once (`ended` says why)
    /// when it has ended already.
    func route(
        toScene identifier: String,
        named name: String,
        by service: (any AppService.Type)?,
        origin: AppContext.Origin?,
        droppedBecause ended: String?,
        perform work: @escaping @MainActor (AppContext) -> Void
    ) {
        if let outer {
            return outer.route(
                toScene: identifier,
                named: name,
                by: service,
                origin: origin,
                droppedBecause: ended,
                perform: work
            )
        }
        hold(
            { [unowned self] context in
                let scene = state.connectedScenes.first { $0.identifier == identifier }
                work(
                    AppContext(
                        composite: self,
                        service: context.service,
                        callback: nil,
                        origin: context.origin?.inScene(scene) ?? .boxed(platform: nil, scene: scene)
                    )
                )
            },
            until: Self.connectionPoint(of: identifier),
            named: name,
            by: service,
            origin: origin,
            owner: nil,
            droppedBecause: ended
        )
    }

    /// The readiness point of the scene named `identifier` being connected.
    static func connectionPoint(of identifier: String) -> ReadinessPoint { .milestone("scene \(identifier) connected") }

    /// `scene` connected and its services heard it: the work routed to it runs.
    func sceneConnected(_ scene: SceneInfo) {
        state.sceneConnected(scene)
        pointReached(Self.connectionPoint(of: scene.identifier))
    }

    /// `scene` is disconnecting, before anyone hears it: work routed to it from now on (from
    /// its own `sceneDidDisconnect`, say) waits for it to connect again.
    func sceneDisconnecting(_ scene: SceneInfo) {
        state.reset(Self.connectionPoint(of: scene.identifier))
    }

    /// `scene` disconnected, and its services were released: it is no longer listed. The work
    /// held from its callbacks (for a milestone, a phase, a gate) lets go of the scene's
    /// objects (its window), and when what it waits for comes, it is routed to the scene:
    /// it runs at once if the scene has connected again (UIKit disconnects a scene in the
    /// background to reclaim memory, and connects its session again when the person comes
    /// back), else when it does, and it is dropped with the scene's session when UIKit
    /// discards it. Work held for a gate that has closed again by the time the scene
    /// connects waits for the gate anew, in the scene, after the work held for it meanwhile.
    /// Work routed to a scene's connection stays as it is.
    func sceneDisconnected(_ scene: SceneInfo) {
        state.sceneDisconnected(scene.identifier)
        state.rebindHeld(fromScene: scene.identifier) { entry, forGate in
            // Not the entry itself: its origin holds the scene's objects.
            let (label, service, held) = (entry.label, entry.service, entry.work)
            // The label is `Service: name` (see `hold`); routed, it is made so again.
            let name = service.map { String(label.dropFirst($0.serviceName.count + 2)) } ?? label
            var work = held
            if forGate {
                // A gate opens and closes: it may be closed again when the scene comes back
                // (an app lock that closed in the background).
                let gate = entry.point
                work = { [unowned self] context in
                    guard !state.readiness.isReached(gate) else { return held(context) }
                    hold(held, until: gate, named: name, by: service, origin: context.origin, owner: nil)
                }
            }
            return ReadinessBoard.Entry(
                id: entry.id,
                point: entry.point,
                label: label,
                service: service,
                origin: entry.origin?.inScene(scene),
                work: { [unowned self] context in
                    route(
                        toScene: scene.identifier,
                        named: name,
                        by: service,
                        origin: context.origin,
                        droppedBecause: nil,
                        perform: work
                    )
                }
            )
        }
    }

    /// The sessions of scenes were discarded: the work routed to them is dropped, and so is
    /// work routed to them later (the point stays unreachable until a scene of that
    /// identifier connects, which UIKit never does for a discarded session).
    func sceneSessionsDiscarded(_ sessions: Set<SceneSession>) {
        for session in sessions {
            let point = Self.connectionPoint(of: session.persistentIdentifier)
            let reason = "the session of scene \(session.persistentIdentifier) was discarded"
            let (_, dropped) = state.giveUpAndDrop(point, reason: reason)
            for entry in dropped {
                configuration.logger.warning(
                    "\(entry.label) was dropped: it was routed to scene \(session.persistentIdentifier), and \(reason).",
                    metadata: ["scene": "\(session.persistentIdentifier)"]
                )
            }
        }
        heldWorkChanged()
    }
}

extension ReadinessPoint {
    /// Whether this is a milestone of a session, or of the next session: a session's
    /// services reach it, whatever became of the launch.
    var isSessionMilestone: Bool {
        if case .milestone(let name) = self {
            name.contains(" of session ") || name.hasSuffix(" of the next session")
        } else {
            false
        }
    }

    /// Whether this is the connection of a scene (work routed to it waits for it), which
    /// comes whatever becomes of the launch.
    var isSceneConnection: Bool {
        if case .milestone(let name) = self { name.hasPrefix("scene ") } else { false }
    }
}

extension AppContext {
    /// The scenes connected now, in the order they connected.
    public var connectedScenes: [ConnectedScene] { composite.connectedScenes }

    /// Hands the composite `work` to run for the scene whose identifier is `identifier`; see
    /// ``ServiceComposite/route(toScene:named:by:perform:)``.
    public func route(
        toScene identifier: String,
        named name: String,
        perform work: @escaping @MainActor (AppContext) -> Void
    ) {
        composite.route(
            toScene: identifier,
            named: name,
            by: currentServiceType,
            origin: origin,
            droppedBecause: endedSessionName,
            perform: work
        )
    }
}
