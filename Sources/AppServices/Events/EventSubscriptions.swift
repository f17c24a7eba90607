/// The event handlers a service declares in ``AppService/subscribe(to:)``.
public struct EventSubscriptions {
    struct Entry {
        /// The event type, named only in the message of a second subscription to it.
        let event: Any.Type
        var eventType: ObjectIdentifier { ObjectIdentifier(event) }
        let install:
            @MainActor (_ serviceType: any AppService.Type, inout [ObjectIdentifier: any AnyEventRoute]) -> Void
    }

    private(set) var entries: [Entry] = []

    init() {}

    /// Handles events of type `event`.
    ///
    /// Subscribe once per event type; a second subscription to the same type is reported
    /// by ``ServiceComposite/validate()`` for an application-wide service. A scene's or a
    /// session's service is made only when its scene connects or its session begins: its
    /// second subscription is logged as an error then, and the first one is kept.
    ///
    /// - Parameters:
    ///   - event: The event type.
    ///   - handler: Called with the event and a context for each delivery; returns this
    ///     service's answer.
    public mutating func on<Event: AppEvent>(
        _ event: Event.Type,
        perform handler: @escaping @MainActor (Event, AppContext) -> Event.Response
    ) {
        entries.append(
            Entry(event: event) { serviceType, routes in
                let id = ObjectIdentifier(event)
                let route = routes[id] as? EventRoute<Event> ?? EventRoute<Event>()
                route.handlers.append((serviceType, handler))
                routes[id] = route
            }
        )
    }
}

/// One service's subscriptions, ready to check and install.
@MainActor
struct ServiceSubscriptions {
    let serviceType: any AppService.Type
    let entries: [EventSubscriptions.Entry]

    init(of service: any AppService) {
        var subscriptions = EventSubscriptions()
        service.subscribe(to: &subscriptions)
        self.serviceType = type(of: service)
        self.entries = subscriptions.entries
    }

    func duplicateProblems() -> [ServiceGraphError.Problem] {
        var seen: Set<ObjectIdentifier> = []
        var reported: Set<ObjectIdentifier> = []
        var problems: [ServiceGraphError.Problem] = []
        for entry in entries where !seen.insert(entry.eventType).inserted && reported.insert(entry.eventType).inserted {
            problems.append(
                .init(
                    kind: .duplicateSubscription,
                    message:
                        "\(serviceType.serviceName) subscribes to \(entry.event) more than once; subscribe once "
                        + "per event type and handle every case in that handler."
                )
            )
        }
        return problems
    }

    /// Installs the handlers into `routes`; with `firstOfEachEventOnly`, a second
    /// subscription to an event type is left out.
    func install(into routes: inout [ObjectIdentifier: any AnyEventRoute], firstOfEachEventOnly: Bool = false) {
        var installed: Set<ObjectIdentifier> = []
        for entry in entries where !firstOfEachEventOnly || installed.insert(entry.eventType).inserted {
            entry.install(serviceType, &routes)
        }
    }

    /// The event handlers of services made for a scene or a session: the first each
    /// service subscribed for an event type, with the duplicate subscriptions, which
    /// validation reports for application-wide services before anything runs and which
    /// only show for these once they are made.
    static func routes(
        of services: ContiguousArray<any AppService>
    ) -> (routes: [ObjectIdentifier: any AnyEventRoute], problems: [ServiceGraphError.Problem]) {
        var routes: [ObjectIdentifier: any AnyEventRoute] = [:]
        var problems: [ServiceGraphError.Problem] = []
        for service in services {
            let subscriptions = ServiceSubscriptions(of: service)
            problems += subscriptions.duplicateProblems()
            subscriptions.install(into: &routes, firstOfEachEventOnly: true)
        }
        return (routes, problems)
    }
}
