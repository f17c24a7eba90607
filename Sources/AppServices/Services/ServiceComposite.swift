import Logging

/// The host's single entry point: holds the services, validates and orders them, and
/// dispatches every callback to every service that handles it.
///
/// ```swift
/// let composite = ServiceComposite {
///     LoggingService()
///     AnalyticsService()
///     PushNotificationService()
/// }
/// try composite.validate()                       // every problem at once, or nothing
/// _ = composite.didFinishLaunching(LaunchOptions())
/// composite.didBecomeActive()
/// ```
///
/// **Registration and sealing.** Services are registered at creation or with
/// ``register(_:file:line:)`` until the first callback, or until the first question about
/// its services (an adapter's `responds(to:)`, ``handles(_:)``, `post(_:)`, `beginSession(_:)`,
/// a wait for a milestone), which seals it as well. The first callback (or ``validate()``)
/// validates the whole set and reports every problem at once: dependency cycles with their
/// path, missing dependencies, two services of one type, duplicate event subscriptions.
/// The first callback then seals the composite: the order and, for each callback, the list
/// of services that handle it are computed once. Registering afterwards throws
/// ``ServiceCompositeError/Code/registrationAfterDispatch``. A composite whose services
/// cannot be ordered is a programming error: its first callback stops the program with
/// the full report, so call ``validate()`` in a unit test.
///
/// **Dispatch.** Every handling service is called, none is skipped because another
/// answered; answers are merged by the rule documented on each capability protocol.
/// "Up" callbacks go in dependency order, "down" callbacks in reverse
/// (``AppCallback/direction``). Completion handlers the system passes in are called exactly
/// once, when every service has finished or at the deadline
/// (``Configuration-swift.struct/deadlines``), whichever comes first.
///
/// **Nesting.** A composite is itself an ``AppService``: register one inside another and the
/// outer composite treats the inner one's services as its own, at the inner composite's
/// position, so a nested composite behaves exactly like the flat list. The outermost
/// composite's configuration applies.
@MainActor
public final class ServiceComposite: AppService {
    /// The composite's settings.
    public let configuration: Configuration

    /// Whether the configuration has a signposter: read on every completion-handler
    /// callback, where copying the optional existential to find it `nil` cost a
    /// twentieth of target 8.
    let hasSignposter: Bool

    /// Everything the composite remembers between calls. Its state is written in one file
    /// (`CompositeState.swift`); the composite's other files read it and tell it what
    /// happened.
    let state: CompositeState

    /// Set once the composite is sealed: the validated, ordered services and handler lists.
    var plan: Plan? { state.plan }
    /// The plan's handler lists.
    var handlers: HandlerTable { state.handlers }
    /// The composite this one was flattened into, if any.
    var outer: ServiceComposite? { state.isNested ? state.outer : nil }
    /// The callback that sealed the composite, for error messages.
    var sealedBy: String? { state.sealedBy }

    /// The application's state, tracked from the callbacks.
    public var applicationState: ApplicationState {
        // Read several times in every scene callback (which moves the application's state):
        // the nested case apart, so that the usual one retains and releases nothing.
        if state.isNested, let outer = state.outer { return outer.applicationState }
        return state.lifecycle.application
    }

    /// The platform's background time, held while background work runs (see
    /// ``AppContext/beginBackgroundWork(named:endsOnForeground:_:)``): what the host gave
    /// ``useBackgroundTime(_:)``, `nil` (the default) for none.
    public var backgroundTime: (any BackgroundTimeProvider)? {
        get { (outer ?? self).state.backgroundTime }
        @available(*, deprecated, renamed: "useBackgroundTime(_:)")
        set { useBackgroundTime(newValue) }
    }

    /// Gives the composite the platform's background time, held while background work runs
    /// (see ``AppContext/beginBackgroundWork(named:endsOnForeground:_:)``): the UIKit adapter gives
    /// `UIApplication`'s `beginBackgroundTask`; `nil` (the default) for none. Hosts call it
    /// before the first callback; on a nested composite it applies to the outermost one.
    public func useBackgroundTime(_ provider: (any BackgroundTimeProvider)?) {
        (outer ?? self).state.install(backgroundTime: provider)
    }

    /// The launch plan attached with ``attachLaunchPlan(_:file:line:)``, being run by the
    /// composite's callbacks; `nil` when none is attached.
    ///
    /// Once the composite is sealed, the launch that runs every plan of the tree: plans
    /// attached to nested composites are merged into the outermost one (see
    /// ``attachLaunchPlan(_:file:line:)``).
    public var launch: Launch? { state.launch }

    /// Creates a composite holding `services`, in this registration order.
    ///
    /// Nothing is validated yet; see ``validate()``.
    public init(_ services: [any AppService], configuration: Configuration = Configuration()) {
        self.state = CompositeState(registered: services, clock: configuration.clock)
        self.configuration = configuration
        hasSignposter = configuration.signposter != nil
    }

    /// Creates a composite from a list of services written one per line.
    ///
    /// ```swift
    /// let composite = ServiceComposite {
    ///     LoggingService()
    ///     if featureFlags.analytics { AnalyticsService() }
    /// }
    /// ```
    public convenience init(
        configuration: Configuration = Configuration(),
        @ServiceListBuilder _ services: () -> [any AppService]
    ) {
        self.init(services(), configuration: configuration)
    }

    /// Adds a service.
    ///
    /// - Throws: ``ServiceCompositeError`` with code
    ///   ``ServiceCompositeError/Code/registrationAfterDispatch`` once the composite (or the
    ///   composite it is nested in) has dispatched a callback; the service is not added.
    public func register(
        _ service: any AppService,
        file: String = #fileID,
        line: Int = #line
    ) throws(ServiceCompositeError) {
        try register(contentsOf: [service], file: file, line: line)
    }

    /// Adds several services, in order.
    ///
    /// - Throws: ``ServiceCompositeError`` once dispatch has begun; no service is added.
    public func register(
        contentsOf services: [any AppService],
        file: String = #fileID,
        line: Int = #line
    ) throws(ServiceCompositeError) {
        if let closed = registrationClosed(services.map { type(of: $0) }, file: file, line: line) { throw closed }
        state.register(services)
    }

    /// Why `types` cannot be registered (application-wide, per scene or per session): the
    /// composite has dispatched and its services are fixed; `nil` while it takes more.
    func registrationClosed(
        _ types: [any AppService.Type],
        file: String = #fileID,
        line: Int = #line
    ) -> ServiceCompositeError? {
        guard let sealer = outer?.sealedBy ?? sealedBy else { return nil }
        return ServiceCompositeError(
            code: .registrationAfterDispatch,
            message: "Cannot register \(types.map { $0.serviceName }.joined(separator: ", ")): the composite was "
                + "sealed by \(sealer), and its services are fixed. Its first callback seals it, and so does the first "
                + "question about its services (an adapter's responds(to:), handles, post, beginSession, a wait); "
                + "register every service before that: when making the composite, or from an adapter's "
                + "makeServices().",
            file: file,
            line: line
        )
    }

    /// The services in dispatch order (dependency order, ties in registration order), with
    /// nested composites flattened; on a nested composite, the outermost one's.
    ///
    /// - Throws: ``ServiceGraphError`` when the services cannot be ordered.
    public func orderedServices() throws(ServiceGraphError) -> [any AppService] {
        if let outer { return try outer.orderedServices() }
        if let plan { return Array(plan.services) }
        return Array(try makePlanAndLaunchPlan().plan.services)
    }

    /// Checks that the services can be ordered, reporting every problem at once.
    ///
    /// - Throws: ``ServiceGraphError`` listing every dependency cycle (with its path), every
    ///   missing dependency, every type registered twice, every duplicate event
    ///   subscription of an application-wide service (a scene's or a session's service is
    ///   made later, and its duplicate logged then), and every background-task identifier
    ///   declared twice or not permitted
    ///   (``Configuration-swift.struct/permittedBackgroundTasks``), one line each. On a
    ///   nested composite, the outermost one's services are checked: a nested composite's
    ///   services may depend on its outer composite's.
    public func validate() throws(ServiceGraphError) {
        if let outer { return try outer.validate() }
        if plan == nil { _ = try makePlanAndLaunchPlan() }
    }

    /// Seals the composite before its first dispatch: validates, orders, and computes the
    /// handler lists once. Stops the program with the full report when validation fails.
    func sealIfNeeded(by callback: String) {
        guard plan == nil else { return }
        precondition(
            outer == nil,
            "\(callback) was dispatched to a composite nested in another; dispatch through the outermost composite."
        )
        let sealed: (plan: Plan, launchPlan: MergedLaunchPlan?)
        do {
            sealed = try makePlanAndLaunchPlan()
        } catch {
            configuration.logger.critical("Sealing the composite on \(callback): \(error)")
            preconditionFailure("Sealing the composite on \(callback): \(error)")
        }
        state.seal(sealed.plan, by: callback)
        readNotificationCategories()
        for inner in sealed.plan.nested { inner.state.nest(in: self) }
        if let merged = sealed.launchPlan {
            runMergedLaunchPlan(merged, nested: sealed.plan.nested)
        } else if let launch, launch.hasStopped {
            // Cancelled before it began: the nested composites' launches run nothing either.
            for inner in sealed.plan.nested { inner.launch?.cancel() }
        }
        configuration.logger.debug(
            "Sealed the service composite",
            metadata: ["services": "\(sealed.plan.services.map { type(of: $0).serviceName })"]
        )
    }

    /// Whether the composite has been sealed, by its first callback or the first question
    /// about its services, and no longer accepts registrations.
    public var isSealed: Bool { sealedBy != nil || outer?.sealedBy != nil }

    // MARK: - Lookup

    /// The registered service of type `type`, or `nil` when there is none.
    ///
    /// `type` may also be a protocol or a base class: the service of exactly that type if
    /// one is registered, else the first service in dependency order that conforms to it,
    /// before the composite is sealed as after; so services can depend on abstractions that
    /// tests replace.
    public func service<Service>(_ type: Service.Type = Service.self) -> Service? {
        if let outer { return outer.service(type) }
        if let plan {
            if let exact = plan.byType[ObjectIdentifier(type)] { return exact as? Service }
            for candidate in plan.services { if let match = candidate as? Service { return match } }
            return nil
        }
        // Before sealing, the same answer as after: the service of exactly that type, else
        // the first that conforms in dependency order (registration order while the graph
        // has a problem, which sealing will report).
        let services = flattened().services
        let order = Self.dependencyGraph(of: services).order() ?? Array(services.indices)
        return Self.lookUp(type, in: order.map { services[$0] })
    }

    /// The service of exactly `type` among `services`, else the first (in their order) that
    /// is a `Service`: a subclass, or a conformer of a protocol.
    static func lookUp<Service>(_ type: Service.Type, in services: some Collection<any AppService>) -> Service? {
        let key = ObjectIdentifier(type)
        if let exact = services.first(where: { ObjectIdentifier(Swift.type(of: $0)) == key }) {
            return exact as? Service
        }
        return services.lazy.compactMap { $0 as? Service }.first
    }

    /// The dependency graph of `services`, keyed by their types.
    private static func dependencyGraph(of services: [any AppService]) -> DependencyGraph<ObjectIdentifier> {
        DependencyGraph(
            services.map { service in
                let type = Swift.type(of: service)
                return DependencyGraph<ObjectIdentifier>.Node(
                    key: ObjectIdentifier(type),
                    dependencies: type.dependencies.map { ObjectIdentifier($0) }
                )
            }
        )
    }

    /// The registered service of type `type`.
    ///
    /// - Throws: ``ServiceCompositeError`` with code
    ///   ``ServiceCompositeError/Code/serviceNotRegistered``, naming `type` and the services
    ///   that are registered.
    public func requireService<Service>(
        _ type: Service.Type = Service.self,
        file: String = #fileID,
        line: Int = #line
    ) throws(ServiceCompositeError) -> Service {
        if let found = service(type) { return found }
        // The services of the whole tree, which the lookup searched: the outermost composite's.
        let root = outer ?? self
        if let scope = root.scope(ofRegistered: ObjectIdentifier(type)) {
            throw ServiceCompositeError(
                code: .serviceNotRegistered,
                message: "\(Service.self) is registered as \(scope.noun), made per \(scope.unit), which "
                    + "requireService(_:) does not find: it finds application-wide services. Find it with "
                    + "\(scope.lookup).",
                file: file,
                line: line
            )
        }
        let names = (root.plan.map { Array($0.services) } ?? root.flattened().services).map {
            Swift.type(of: $0).serviceName
        }
        throw ServiceCompositeError(
            code: .serviceNotRegistered,
            message: "No service of type \(Service.self) is registered (registered: "
                + "\(names.isEmpty ? "none" : names.joined(separator: ", "))). Register one before looking it up.",
            file: file,
            line: line
        )
    }

    /// What the type `key` is registered as when it is one of this composite's scene or
    /// session service types.
    func scope(ofRegistered key: ObjectIdentifier) -> ServiceScope? {
        if state.sceneServices.registered.contains(where: { ObjectIdentifier($0) == key }) { return .scene }
        if state.sessionServices.registered.contains(where: { ObjectIdentifier($0) == key }) { return .session }
        return nil
    }

    // MARK: - Planning

    /// The validated, ordered services and everything computed from them once.
    struct Plan {
        /// Leaf services in dispatch order.
        let services: ContiguousArray<any AppService>
        /// Each service by its type.
        let byType: [ObjectIdentifier: any AppService]
        /// Per-capability handler lists, in dispatch order.
        let handlers: HandlerTable
        /// Service event subscriptions, by event type, in dispatch order.
        let routes: [ObjectIdentifier: any AnyEventRoute]
        /// The composites that were flattened into this one.
        let nested: [ServiceComposite]
        /// The order of the scene-service types (positions in registration order).
        let sceneServiceOrder: [Int]
        /// The order of the session-service types (positions in registration order).
        let sessionServiceOrder: [Int]
        /// The declared background tasks, in dispatch order, with their services.
        let backgroundTasks: [(declaration: BackgroundTaskDeclaration, service: any AppService.Type)]
    }

    /// The composite as an error message's sentence begins with it: "The composite of
    /// Detail, Tail" (its first services, in registration order), or "An empty composite".
    private var namedByServices: String {
        let names = state.registered.map { type(of: $0).serviceName }
        guard !names.isEmpty else { return "An empty composite" }
        let shown = names.prefix(3).joined(separator: ", ")
        return "The composite of " + shown + (names.count > 3 ? " and \(names.count - 3) more" : "")
    }

    /// What a nested composite registered or was handed that only the outermost one serves:
    /// session and scene service types, which would otherwise never be made, and work held
    /// until a scene connects or a milestone is reached, which would never run.
    private var nestedRegistrationProblems: [ServiceGraphError.Problem] {
        var problems: [ServiceGraphError.Problem] = []
        let kinds = [
            ("session services", state.sessionServices.registered.map { $0.serviceName }),
            ("scene services", state.sceneServices.registered.map { $0.serviceName }),
        ].filter { !$0.1.isEmpty }
        if !kinds.isEmpty {
            let listed = kinds.map { "\($0.0) (\($0.1.joined(separator: ", ")))" }.joined(separator: " and ")
            problems.append(
                .init(
                    kind: .invalidNesting,
                    message: "\(namedByServices), nested, registers \(listed), which only the outermost composite "
                        + "makes; register them on it."
                )
            )
        }
        let held = state.readiness.heldLabels
        if !held.isEmpty {
            problems.append(
                .init(
                    kind: .invalidNesting,
                    message: "\(namedByServices), nested, was handed work to hold before it was nested "
                        + "(\(held.joined(separator: ", "))), which the outermost composite would never run; "
                        + "hand it to the outermost composite, or to a service's context."
                )
            )
        }
        return problems
    }

    /// Registered services with nested composites replaced by their services, depth first.
    private func flattened() -> (
        services: [any AppService], nested: [ServiceComposite], problems: [ServiceGraphError.Problem]
    ) {
        var services: [any AppService] = []
        var nested: [ServiceComposite] = []
        var problems: [ServiceGraphError.Problem] = []
        var visiting: Set<ObjectIdentifier> = [ObjectIdentifier(self)]

        func walk(_ composite: ServiceComposite) {
            for member in composite.state.registered {
                guard let inner = member as? ServiceComposite else {
                    services.append(member)
                    continue
                }
                let id = ObjectIdentifier(inner)
                if visiting.contains(id) || nested.contains(where: { $0 === inner }) {
                    problems.append(
                        .init(
                            kind: .invalidNesting,
                            message: "\(inner.namedByServices) is nested inside itself or "
                                + "registered twice; each composite may appear once in the tree."
                        )
                    )
                    continue
                }
                if let other = inner.outer, other !== self {
                    problems.append(
                        .init(
                            kind: .invalidNesting,
                            message: "\(inner.namedByServices) is nested already, in "
                                + other.namedByServices.prefix(1).lowercased() + other.namedByServices.dropFirst()
                                + "; a composite may be nested in one composite only."
                        )
                    )
                    continue
                }
                if inner.plan != nil {
                    problems.append(
                        .init(
                            kind: .invalidNesting,
                            message: "\(inner.namedByServices), nested, has already dispatched "
                                + "\(inner.sealedBy ?? "a callback") on its own; nest a composite before its first callback."
                        )
                    )
                    continue
                }
                nested.append(inner)
                visiting.insert(id)
                walk(inner)
                visiting.remove(id)
            }
        }
        walk(self)
        return (services, nested, problems)
    }

    /// The plan, and the launch plans of the tree merged into one when a nested composite
    /// has one (kept out of the plan, which the dispatch path reads and must stay small).
    private func makePlanAndLaunchPlan() throws(ServiceGraphError) -> (plan: Plan, launchPlan: MergedLaunchPlan?) {
        let (leaves, nested, nestingProblems) = flattened()
        let graph = Self.dependencyGraph(of: leaves)
        let (launchPlan, mergeProblems) = mergedLaunchPlan(nested: nested)
        var problems = nestingProblems + state.launchPlanProblems + mergeProblems
        problems += nested.flatMap(\.nestedRegistrationProblems)
        problems += graph.describedProblems(
            noun: "service",
            container: "a composite",
            name: { Swift.type(of: leaves[$0]).serviceName },
            dependencyName: { DependencyGraph.nameOfDependency($0, of: leaves.map { Swift.type(of: $0) }) },
            registeredPerScope: { self.scope(ofRegistered: $0) }
        )
        problems += Self.backgroundTaskProblems(of: leaves, permitted: configuration.permittedBackgroundTasks)
        problems += Self.notificationCategoryProblems(of: leaves)
        let (sceneProblems, sceneOrder) = sceneServiceProblems(appWide: leaves)
        problems += sceneProblems
        let (sessionProblems, sessionOrder) = sessionServiceProblems(appWide: leaves)
        problems += sessionProblems

        var subscriptions: [ServiceSubscriptions] = []
        for service in leaves {
            let collected = ServiceSubscriptions(of: service)
            problems += collected.duplicateProblems()
            subscriptions.append(collected)
        }

        guard problems.isEmpty, let order = graph.order() else {
            throw ServiceGraphError(subject: "services", problems: problems)
        }
        let services = ContiguousArray(order.map { leaves[$0] })
        var byType: [ObjectIdentifier: any AppService] = [:]
        for service in services { byType[ObjectIdentifier(Swift.type(of: service))] = service }
        var routes: [ObjectIdentifier: any AnyEventRoute] = [:]
        for index in order { subscriptions[index].install(into: &routes) }
        let plan = Plan(
            services: services,
            byType: byType,
            handlers: HandlerTable(services),
            routes: routes,
            nested: nested,
            sceneServiceOrder: sceneOrder ?? [],
            sessionServiceOrder: sessionOrder ?? [],
            backgroundTasks: services.flatMap { service in
                let declarations = (service as? any BackgroundTaskHandling)?.backgroundTasks ?? []
                return declarations.map { ($0, Swift.type(of: service)) }
            }
        )
        return (plan, launchPlan)
    }
}

/// Builds a list of services written one per line, with `if`, `if let`, `for` and
/// availability checks: the launch plan's list builder, for services.
public typealias ServiceListBuilder = LaunchListBuilder<any AppService>
