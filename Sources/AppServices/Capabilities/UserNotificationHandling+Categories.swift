import Logging

// The notification categories services define, registered as one set, and the one request
// for notification authorization (see `UserNotificationHandling`, "Categories and
// authorization").

extension ServiceComposite {
    /// Gives the composite the platform's notification center, and registers there the
    /// categories the services define (``definedNotificationCategories``), when any does.
    ///
    /// The UIKit adapter gives `UNUserNotificationCenter.current()` before launch returns, so
    /// that the categories are registered before the first notification can arrive. Hosts
    /// call it once; on a nested composite it applies to the outermost one.
    public func useNotificationCenter(_ provider: any NotificationCenterProvider) {
        let root = outer ?? self
        root.state.install(notificationCenter: provider)
        root.registerNotificationCategories(when: "the notification center was installed")
    }

    /// Registers again the categories the services define, as one set: for categories a
    /// server decides, after a service's ``UserNotificationHandling/definedNotificationCategories``
    /// changed. Nothing is registered before the host installs the notification center.
    public func updateNotificationCategories() {
        let root = outer ?? self
        root.sealIfNeeded(by: "updateNotificationCategories()")
        root.readNotificationCategories()
        root.registerNotificationCategories(when: "a service asked")
    }

    /// Reads whether some application-wide notification service declares the categories it
    /// hears, so that a notification no service filters skips the per-service check.
    func readNotificationCategories() {
        let services = handlers.list(HandlerKinds.userNotifications).services
        state.notificationCategoriesRead(declared: services.contains { $0.notificationCategories != nil })
    }

    /// Whether a notification must be matched against each service's
    /// ``UserNotificationHandling/notificationCategories``: some application-wide service
    /// declared categories when they were last read, or services of sessions or of `scene`
    /// hear it (their categories are read at each notification).
    func matchesNotificationCategories(_ callback: AppCallback, scene: SceneInfo?) -> Bool {
        state.servicesFilterNotifications || state.hasSessions
            || (scene != nil && state.sceneServices.handle(callback))
    }

    /// The notification categories every ``UserNotificationHandling`` service defines, in
    /// dependency order of the services: what the host registers as the application's set.
    /// The services of the sessions that live (``SessionService``) follow the
    /// application-wide ones, session by session in the order they began; the set is
    /// registered again when a session begins or ends. The scene services' categories follow
    /// (``SceneService``): they join when a scene that has them first connects, and stay after
    /// it disconnects. An identifier two application-wide
    /// services define is a validation error; should a service define one later, after
    /// validation, or a session service define one another service does, the first
    /// service's category is kept and an error is logged. The services of one session-service
    /// type in several sessions may define one identifier: the first session's is kept.
    public var definedNotificationCategories: [NotificationCategory] {
        (outer ?? self).collectNotificationCategories().categories
    }

    /// The union of the authorization options the ``UserNotificationHandling`` services need
    /// (``UserNotificationHandling/notificationAuthorizationOptions``): the
    /// application-wide ones, those of the sessions that live, and those of the connected
    /// scenes.
    public var notificationAuthorizationOptions: NotificationAuthorizationOptions {
        let root = outer ?? self
        root.sealIfNeeded(by: "notificationAuthorizationOptions")
        return root.notificationServices().reduce(into: []) { $0.formUnion($1.notificationAuthorizationOptions) }
    }

    /// The ``UserNotificationHandling`` services: the application-wide ones in dependency
    /// order, then those of each session that lives, in the order they began, then those of
    /// each connected scene, in the order they connected.
    private func notificationServices() -> [any UserNotificationHandling] {
        var services = Array(handlers.list(HandlerKinds.userNotifications).services)
        for session in state.sessionServices.inBeginOrder {
            services += session.handlers.list(HandlerKinds.userNotifications).services
        }
        for scene in state.sceneServices.inConnectionOrder {
            services += scene.handlers.list(HandlerKinds.userNotifications).services
        }
        return services
    }

    /// Asks the person, once, to allow notifications in the ways the services need (the union
    /// of their ``UserNotificationHandling/notificationAuthorizationOptions``), and tells every
    /// ``UserNotificationHandling`` service the outcome
    /// (``UserNotificationHandling/userNotificationCenter(_:didRequestAuthorization:)``): the
    /// application-wide ones in dependency order, then those of each session that lives, then
    /// those of each connected scene (with the scene in their context).
    ///
    /// A call made while a request is under way waits for that request's outcome instead of
    /// asking again. Without a notification center (``useNotificationCenter(_:)``; Linux has
    /// none) the outcome is not granted, with a failure that says so.
    ///
    /// - Returns: The outcome the services were told.
    @discardableResult
    public func requestNotificationAuthorization() async -> NotificationAuthorization {
        let root = outer ?? self
        if let running = root.state.authorizationRequest { return await running.value }
        let options = notificationAuthorizationOptions
        let request = Task { @MainActor [root] in
            let outcome = await root.askForAuthorization(options)
            root.state.authorizationRequest(nil)
            root.notify(.didRequestNotificationAuthorization, (any UserNotificationHandling).self, platform: nil) {
                $0.userNotificationCenter($1, didRequestAuthorization: outcome)
            }
            // The connected scenes' services asked for options too (`notificationServices()`).
            root.notifyConnectedScenes(.didRequestNotificationAuthorization, (any UserNotificationHandling).self) {
                $0.userNotificationCenter($1, didRequestAuthorization: outcome)
            }
            return outcome
        }
        root.state.authorizationRequest(request)
        return await request.value
    }

    private func askForAuthorization(_ options: NotificationAuthorizationOptions) async -> NotificationAuthorization {
        guard let center = state.notificationCenter else {
            return NotificationAuthorization(
                requested: options,
                granted: false,
                failure:
                    "No notification center to ask: the host installed none (ServiceComposite.useNotificationCenter(_:))."
            )
        }
        do {
            return NotificationAuthorization(
                requested: options,
                granted: try await center.requestAuthorization(options: options)
            )
        } catch {
            configuration.logger.error(
                "The request for notification authorization (\(options.rawValue)) failed: \(error)."
            )
            return NotificationAuthorization(requested: options, granted: false, failure: "\(error)")
        }
    }

    /// Registers the categories again as `session` began or ended, when session services
    /// handle notifications: their categories join or leave the set.
    func registerNotificationCategories(as session: SessionInfo, _ change: String) {
        guard state.sessionServices.handle(.willPresentNotification) else { return }
        registerNotificationCategories(when: "\(session) \(change)")
    }

    /// Registers the categories again as `scene` connected, when its services define
    /// categories other than those kept for their types.
    func registerNotificationCategories(asConnected scene: SceneInfo) {
        guard let services = state.sceneServices[scene.identifier]?.handlers.list(HandlerKinds.userNotifications),
            keepSceneNotificationCategories(of: services.services)
        else { return }
        registerNotificationCategories(when: "scene \(scene.identifier) connected")
    }

    /// Keeps what each of `services`, scene services, defines now, for its type (the first
    /// service of a type wins); returns whether that changed for any type.
    @discardableResult
    private func keepSceneNotificationCategories(of services: some Sequence<any UserNotificationHandling>) -> Bool {
        var read: Set<ObjectIdentifier> = []
        var changed = false
        for service in services where read.insert(ObjectIdentifier(type(of: service))).inserted {
            let type = ObjectIdentifier(type(of: service))
            changed = state.keepSceneNotificationCategories(service.definedNotificationCategories, of: type) || changed
        }
        return changed
    }

    private func registerNotificationCategories(when reason: String) {
        guard let center = state.notificationCenter else { return }
        let (categories, problems) = collectNotificationCategories()
        for problem in problems {
            configuration.logger.error("\(problem.message) The first definition is registered.")
        }
        // An application whose services define no category keeps whatever it registers itself.
        guard !categories.isEmpty || state.registeredNotificationCategories else { return }
        state.registeredNotificationCategories(true)
        center.setNotificationCategories(categories)
        configuration.logger.debug(
            "Registered \(categories.count) notification categories (\(reason)): \(categories.map(\.identifier).joined(separator: ", "))."
        )
    }

    /// The categories the services define, each identifier once (the first definition, in
    /// dependency order), and the problems of those defined twice or without an identifier.
    private func collectNotificationCategories() -> (
        categories: [NotificationCategory], problems: [ServiceGraphError.Problem]
    ) {
        sealIfNeeded(by: "definedNotificationCategories")
        // What the connected scenes' services define now replaces what was kept for their
        // types; the types of no connected scene keep what they defined last.
        let connected = state.sceneServices.inConnectionOrder.flatMap {
            $0.handlers.list(HandlerKinds.userNotifications).services
        }
        keepSceneNotificationCategories(of: connected)
        let connectedTypes = Set(connected.map { ObjectIdentifier(type(of: $0)) })
        var (categories, problems) = Self.notificationCategories(of: notificationServices())
        var defined = Set(categories.map(\.identifier))
        for kept in state.sceneNotificationCategories where !connectedTypes.contains(kept.type) {
            for category in kept.categories where defined.insert(category.identifier).inserted {
                categories.append(category)
            }
        }
        return (categories, problems)
    }

    /// The categories `services` define, each identifier once, and what is wrong with them:
    /// an identifier defined twice (``ServiceGraphError/Kind/duplicateNotificationCategory``)
    /// or empty (``ServiceGraphError/Kind/invalidNotificationCategory``). What an earlier
    /// service of the same type defined (a session-service type, in each session that
    /// lives) is neither kept again nor a problem again.
    static func notificationCategories(
        of services: [any UserNotificationHandling]
    ) -> (categories: [NotificationCategory], problems: [ServiceGraphError.Problem]) {
        var categories: [NotificationCategory] = []
        var problems: [ServiceGraphError.Problem] = []
        var owners = IdentifierOwners()
        // The identifiers each type's earlier services defined.
        var definedByType: [ObjectIdentifier: Set<String>] = [:]
        for service in services {
            // Named only in a problem's message.
            var name: String { type(of: service).serviceName }
            let key = ObjectIdentifier(type(of: service))
            let earlier = definedByType[key]
            for category in service.definedNotificationCategories {
                let identifier = category.identifier
                if earlier?.contains(identifier) == true { continue }
                definedByType[key, default: []].insert(identifier)
                guard !identifier.isEmpty else {
                    problems.append(
                        .init(
                            kind: .invalidNotificationCategory,
                            message:
                                "\(name) defines a notification category with an empty identifier; give it the identifier its notifications carry in categoryIdentifier."
                        )
                    )
                    continue
                }
                if let who = owners.claim(identifier, by: type(of: service)) {
                    problems.append(
                        .init(
                            kind: .duplicateNotificationCategory,
                            message:
                                "Notification category \(identifier) is defined by \(who); the system keeps one category per identifier, so one definition would silently replace the other. Define it in one service."
                        )
                    )
                    continue
                }
                categories.append(category)
            }
        }
        return (categories, problems)
    }

    /// What is wrong with the categories the services of a composite define, for validation.
    static func notificationCategoryProblems(of services: [any AppService]) -> [ServiceGraphError.Problem] {
        notificationCategories(of: services.compactMap { $0 as? any UserNotificationHandling }).problems
    }
}

extension AppContext {
    /// Registers again the categories every service defines, as one set, after this
    /// service's ``UserNotificationHandling/definedNotificationCategories`` changed (categories
    /// a server decides). See ``ServiceComposite/updateNotificationCategories()``.
    public func updateNotificationCategories() {
        composite.updateNotificationCategories()
    }

    /// Asks once for the notification authorization every service needs, and tells every
    /// notification service the outcome. See ``ServiceComposite/requestNotificationAuthorization()``.
    @discardableResult
    public func requestNotificationAuthorization() async -> NotificationAuthorization {
        await composite.requestNotificationAuthorization()
    }
}
