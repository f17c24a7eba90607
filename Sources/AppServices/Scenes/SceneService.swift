import Logging

/// A service that lives as long as one connected scene: the composite creates one of each
/// registered scene-service type when a scene connects, and releases them when it
/// disconnects.
///
/// A scene service adopts capability protocols as any service does (``SceneHandling``,
/// ``URLOpenHandling``, ``UserActivityHandling``, ...), but hears only the callbacks of its
/// own scene: after the application-wide services for "up" callbacks, before them for
/// "down" ones. The callbacks of gates and sessions belong to no scene: a scene service that
/// adopts ``GateHandling`` or ``SessionHandling`` never hears them, and an error says so as
/// its scene connects. Per-scene state lives in it instead of in a dictionary keyed by scene
/// identifier.
///
/// Its ``AppService/dependencies`` may name application-wide services and other scene
/// services; validation reports a missing one, a cycle, and a type registered twice with
/// the other problems. From its context it finds application-wide services by type
/// (``AppContext/service(_:)``) and the services of its own scene
/// (``AppContext/sceneService(_:)``); application-wide services find a scene's services
/// with ``ServiceComposite/sceneService(_:in:)``.
///
/// ```swift
/// final class EditorSession: SceneService, SceneHandling {
///     let scene: SceneInfo
///     init(scene: SceneInfo, context: AppContext) { self.scene = scene }
///     func sceneDidEnterBackground(_ context: AppContext) { /* save this scene's draft */ }
/// }
/// ```
@MainActor
public protocol SceneService: AppService {
    /// Creates the service for `scene`, as it connects; `context` finds the
    /// application-wide services.
    init(scene: SceneInfo, context: AppContext)
}

/// A service that adopts every capability to record what reaches it (the test kit's
/// recorders, `RecordingSceneService` among them): the checks that warn about a capability
/// a service cannot have meant to adopt leave it alone.
package protocol RecordsEveryCallback {}

/// The scene services of every connected scene: written here only.
@MainActor
struct SceneServices {
    /// The services of one connected scene, in dependency order, with their handler lists
    /// and the event handlers they subscribed.
    struct Instances {
        /// The scene they belong to.
        let scene: SceneInfo
        let services: ContiguousArray<any AppService>
        let handlers: HandlerTable
        let routes: [ObjectIdentifier: any AnyEventRoute]
    }

    /// The registered types, in registration order.
    private(set) var registered: [any SceneService.Type] = []
    /// The types in dependency order, once the composite is sealed.
    private(set) var ordered: [any SceneService.Type] = []
    /// The indices of the handler kinds (``AnyHandlerKind/index``) some scene-service type
    /// adopts, once the composite is sealed.
    private var adoptedKinds: Set<Int> = []
    private var connected: [String: Instances] = [:]
    /// The identifiers of the scenes with services, in the order they connected.
    private(set) var connectionOrder: [String] = []

    /// Registers `types` after those registered before.
    mutating func register(_ types: [any SceneService.Type]) { registered += types }

    /// Orders the types by `order` (positions in ``registered``), as the composite seals,
    /// and notes which callbacks they handle.
    mutating func seal(order: [Int]) {
        ordered = order.map { registered[$0] }
        adoptedKinds = AnyHandlerKind.indices(adoptedBy: ordered)
    }

    /// Whether any scene-service type is registered.
    var isEmpty: Bool { registered.isEmpty }

    /// Whether some scene-service type adopts the capability of `callback`, so that a scene's
    /// services hear it.
    func handle(_ callback: AppCallback) -> Bool { adoptedKinds.contains(callback.handlers.index) }

    /// The services of the scene `identifier`, if it is connected and has any.
    subscript(identifier: String) -> Instances? { connected.isEmpty ? nil : connected[identifier] }

    /// Stores the services made for the scene `identifier`, with the event handlers they
    /// subscribed (`routes`: the first one of a service for each event type, collected
    /// before, since collecting them runs the services' code).
    mutating func connect(
        _ scene: SceneInfo,
        _ services: ContiguousArray<any AppService>,
        routes: [ObjectIdentifier: any AnyEventRoute]
    ) {
        let identifier = scene.identifier
        if connected[identifier] == nil { connectionOrder.append(identifier) }
        connected[identifier] = Instances(
            scene: scene,
            services: services,
            handlers: HandlerTable(services),
            routes: routes
        )
    }

    /// Releases the services of the scene `identifier`.
    ///
    /// - Returns: The services of the scene, so that the caller releases them (and their
    ///   `deinit`s run) once the table is stored back.
    mutating func disconnect(_ identifier: String) -> Instances? {
        connectionOrder.removeAll { $0 == identifier }
        return connected.removeValue(forKey: identifier)
    }

    /// The services of the connected scenes, in the order the scenes connected.
    var inConnectionOrder: [Instances] { connectionOrder.compactMap { connected[$0] } }
}

extension ServiceComposite {
    /// Registers scene-service types: one instance of each is made per connected scene.
    ///
    /// - Throws: ``ServiceCompositeError`` with
    ///   ``ServiceCompositeError/Code/registrationAfterDispatch`` once the composite has
    ///   dispatched; nothing is registered.
    public func registerSceneServices(
        _ types: [any SceneService.Type],
        file: String = #fileID,
        line: Int = #line
    ) throws(ServiceCompositeError) {
        if let closed = registrationClosed(types, file: file, line: line) { throw closed }
        state.registerSceneServices(types)
    }

    /// The service of type `type` of the connected scene `scene`, or `nil`: as
    /// ``service(_:)`` finds one, of exactly that type first, else the first that is one.
    public func sceneService<Service>(_ type: Service.Type = Service.self, in scene: SceneInfo) -> Service? {
        if let outer { return outer.sceneService(type, in: scene) }
        return state.sceneServices[scene.identifier].flatMap { Self.lookUp(type, in: $0.services) }
    }

    /// Makes the scene services of `scene`, in dependency order, as it connects; nothing if
    /// it has them already.
    func connectSceneServices(_ scene: SceneInfo, platform: PlatformObjects?) {
        guard !state.sceneServices.isEmpty, state.sceneServices[scene.identifier] == nil else { return }
        var made = ContiguousArray<any AppService>()
        var problems: [ServiceGraphError.Problem] = []
        for type in state.sceneServices.ordered {
            made.append(type.init(scene: scene, context: makeContext(type, .sceneWillConnect, platform, scene)))
            // Made one by one, so a scene service finds those it depends on as it is made.
            problems = state.connect(scene, made)
        }
        for problem in problems {
            configuration.logger.error(
                "\(problem.message) Scene \(scene.identifier) keeps the first subscription.",
                metadata: ["scene": "\(scene.identifier)"]
            )
        }
        registerNotificationCategories(asConnected: scene)
        checkBackgroundTasks(
            of: made,
            madeFor: "scene \(scene.identifier)",
            why: "before any scene connects, and run without one"
        )
        checkApplicationWideCapabilities(of: made, in: scene)
    }

    /// Logs an error for each scene service adopting a capability whose callbacks belong to
    /// no scene (gates, sessions): a scene service hears only its scene's callbacks, so its
    /// members would never be called, with nothing to tell.
    private func checkApplicationWideCapabilities(of services: some Sequence<any AppService>, in scene: SceneInfo) {
        for service in services where !(service is any RecordsEveryCallback) {
            var adopted: [String] = []
            if service is any GateHandling { adopted.append("GateHandling") }
            if service is any SessionHandling { adopted.append("SessionHandling") }
            guard !adopted.isEmpty else { continue }
            let name = type(of: service).serviceName
            let message =
                "\(name) of scene \(scene.identifier) adopts \(adopted.joined(separator: " and ")), whose callbacks "
                + "belong to no scene: a scene service hears only its scene's, so they never reach it. Adopt it in an "
                + "application-wide service, which can find the scene's services with sceneService(_:in:)."
            configuration.logger.error("\(message)", metadata: ["scene": "\(scene.identifier)"])
        }
    }

    /// Releases the scene services of `scene` after it disconnected.
    func disconnectSceneServices(_ scene: SceneInfo) {
        state.disconnect(scene)
    }

    /// The services of `scene` that hear `callback` (adopting `Service`), if it has any.
    @inline(never)
    func sceneHandlers<Service>(
        of callback: AppCallback,
        as service: Service.Type,
        _ scene: SceneInfo?
    ) -> HandlerList<Service>? {
        guard let scene, !state.sceneServices.isEmpty, let instances = state.sceneServices[scene.identifier] else {
            return nil
        }
        let list = instances.handlers.list(of: callback, as: service)
        return list.isEmpty ? nil : list
    }

    /// Calls `body` for the services of each connected scene that hear `callback`, a callback
    /// that concerns no scene but is meant for every service (the outcome of a request the
    /// scenes' services took part in), scene by scene in the order they connected, each with
    /// its scene in the context.
    func notifyConnectedScenes<Service>(
        _ callback: AppCallback,
        _ service: Service.Type,
        _ body: (borrowing Service, borrowing AppContext) -> Void
    ) {
        guard !state.sceneServices.isEmpty else { return }
        beginDispatch(callback)
        for instances in state.sceneServices.inConnectionOrder {
            // A scene whose services are released once its callback ends hears no more.
            guard state.lifecycle.scenes[instances.scene.identifier] != .disconnected,
                let own = sceneHandlers(of: callback, as: service, instances.scene)
            else { continue }
            // The scene as its latest callback described it (its title may have changed
            // since it connected), in a box of its own: the scene callbacks' shared box, and
            // the list of connected scenes it keeps current, are theirs.
            let scene = state.latestDescription(of: instances.scene)
            call(own, callback, .boxed(platform: nil, scene: scene), reversed: false, body)
        }
        endDispatch(callback)
    }

    /// What keeps the scene-service types from being made: a type registered twice (or
    /// also application-wide), a dependency neither registered application-wide nor a
    /// scene service, a cycle. Returns the order of the types when there is no problem.
    func sceneServiceProblems(appWide: [any AppService]) -> (problems: [ServiceGraphError.Problem], order: [Int]?) {
        let types = state.sceneServices.registered
        guard !types.isEmpty else { return ([], []) }
        let appWideTypes = Set(appWide.map { ObjectIdentifier(Swift.type(of: $0)) })
        var problems: [ServiceGraphError.Problem] = []
        for type in types where appWideTypes.contains(ObjectIdentifier(type)) {
            problems.append(
                .init(
                    kind: .duplicate,
                    message:
                        "\(type.serviceName) is registered both as a scene service and application-wide; register it once."
                )
            )
        }
        // Application-wide dependencies are met already; the graph checks the others.
        let sessionTypes = Set(state.sessionServices.registered.map { ObjectIdentifier($0) })
        let (graphProblems, order) = DependencyGraph.orderScoped(
            types,
            noun: "scene service",
            metElsewhere: appWideTypes,
            registeredPerScope: { sessionTypes.contains($0) ? .session : nil }
        )
        return (problems + graphProblems, problems.isEmpty ? order : nil)
    }
}

extension AppContext {
    /// The service of type `type` of the scene this callback concerns, or `nil` when there
    /// is no such scene service (or no scene).
    public func sceneService<Service>(_ type: Service.Type = Service.self) -> Service? {
        guard let scene else { return nil }
        return composite.sceneService(type, in: scene)
    }
}

extension ServiceComposite {
    /// Asks every service, application-wide ones in dependency order, then the current
    /// session's and, for a `scene`, that scene's own services, and returns the first
    /// non-`nil` answer.
    ///
    /// Adapters use it for what a platform asks once and one service provides, such as a
    /// scene's window: `ask` casts the service to the adapter's protocol and answers
    /// through it, with a context naming the service and the scene.
    public func firstAnswer<Answer>(
        in scene: SceneInfo?,
        platform: PlatformObjects? = nil,
        _ ask: (any AppService, AppContext) -> Answer?
    ) -> Answer? {
        if let outer { return outer.firstAnswer(in: scene, platform: platform, ask) }
        sealIfNeeded(by: "firstAnswer(in:)")
        return firstAnswer(among: plan.unsafelyUnwrapped.services, in: scene, platform: platform, ask)
    }

    /// ``firstAnswer(in:platform:_:)`` asking only the services that adopt `capability` (an
    /// adapter's protocol, `(any PrivacyCoverProviding).self`), each as one.
    ///
    /// Which application-wide services adopt it is found once (the plan does not change once
    /// sealed), so a platform's frequent question (a scene resigning active, a menu command
    /// validated) casts no service that cannot answer; a scene's own services are cast each
    /// time.
    package func firstAnswer<Capability, Answer>(
        from capability: Capability.Type,
        in scene: SceneInfo?,
        platform: PlatformObjects? = nil,
        _ ask: (Capability, AppContext) -> Answer?
    ) -> Answer? {
        if let outer { return outer.firstAnswer(from: capability, in: scene, platform: platform, ask) }
        sealIfNeeded(by: "firstAnswer(in:)")
        // Asked at every scene resigning active (privacy covers): when nobody can answer,
        // return before the adopters' list is retained or anything generic over the answer
        // is made.
        if state.isAdoptedByNone(capability), scene == nil || state.sceneServices.isEmpty, !state.hasSessions {
            return nil
        }
        let adopters = state.adopters(of: capability, among: plan.unsafelyUnwrapped.services)
        return firstAnswer(among: adopters, in: scene, platform: platform) { service, context in
            (service as? Capability).flatMap { ask($0, context) }
        }
    }

    /// Calls `body` with every service that adopts `capability`, as in
    /// ``firstAnswer(from:in:platform:_:)``: for what an adapter asks of all of them (the
    /// UIKit adapter's menus).
    package func forEachService<Capability>(
        adopting capability: Capability.Type,
        in scene: SceneInfo?,
        platform: PlatformObjects? = nil,
        _ body: (Capability, AppContext) -> Void
    ) {
        let _: Never? = firstAnswer(from: capability, in: scene, platform: platform) { service, context in
            body(service, context)
            return nil
        }
    }

    /// Whether `services`, the current session's, or for a `scene` its own services, may
    /// answer: most questions reach no service (no privacy cover, no session, no scene
    /// services), and then no box is made.
    private func mayAnswer(_ services: some Collection<any AppService>, in scene: SceneInfo?) -> Bool {
        !services.isEmpty || state.hasSessions || (scene != nil && !state.sceneServices.isEmpty)
    }

    /// Asks `services`, then the current session's services (a per-account privacy cover),
    /// then, for a `scene`, that scene's own services, in order, until one answers; every
    /// context carries one box of `platform` and `scene`, made once (with the session for
    /// the session's services).
    private func firstAnswer<Answer>(
        among services: some Collection<any AppService>,
        in scene: SceneInfo?,
        platform: PlatformObjects?,
        _ ask: (any AppService, AppContext) -> Answer?
    ) -> Answer? {
        guard mayAnswer(services, in: scene) else { return nil }
        let origin = state.origin(platform: platform, scene: scene)
        for service in services {
            let context = AppContext(composite: self, service: type(of: service), callback: nil, origin: origin)
            if let answer = ask(service, context) { return answer }
        }
        if state.hasSessions, let current = state.sessionServices.current,
            let instances = state.sessionServices[current]
        {
            let sessionOrigin = origin?.for(instances.session, sessionBox: instances.origin) ?? instances.origin
            for service in instances.services {
                let serviceType = type(of: service)
                let context = AppContext(composite: self, service: serviceType, callback: nil, origin: sessionOrigin)
                if let answer = ask(service, context) { return answer }
            }
        }
        guard let scene, let own = state.sceneServices[scene.identifier] else { return nil }
        for service in own.services {
            let context = AppContext(composite: self, service: type(of: service), callback: nil, origin: origin)
            if let answer = ask(service, context) { return answer }
        }
        return nil
    }
}
