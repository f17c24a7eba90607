/// A session of the application's own: a signed-in account, from sign-in to sign-out.
///
/// The identifier names the account (an account or user identifier); no two sessions that
/// live at once have the same one. The name is for people and log messages.
public struct SessionInfo: Sendable, Hashable, CustomStringConvertible {
    /// What names the session's account; unique among the sessions that live at once.
    public var identifier: String
    /// A name for people and log messages (an account's display name), if any.
    public var name: String?

    /// Creates the information of a session whose account `identifier` names.
    public init(identifier: String, name: String? = nil) {
        self.identifier = identifier
        self.name = name
    }

    /// `session alice`, or `session alice (Alice Liddell)`.
    public var description: String { name.map { "session \(identifier) (\($0))" } ?? "session \(identifier)" }
}

/// A service that lives as long as one session: the composite makes one of each registered
/// session-service type, in dependency order, when the application begins a session
/// (``AppContext/beginSession(_:makeCurrent:file:line:)``), and winds them down in reverse and
/// releases them when it ends.
///
/// While its session lives, a session service hears the application's callbacks through the
/// capabilities it adopts, as an application-wide service does: after the application-wide
/// services for "up" callbacks, before them for "down" ones. A session begun during a
/// callback (an application-wide service signs in as it hears it) hears the rest of it when
/// its turn is still to come: an "up" callback that waits for no answer (its services are
/// asked after the application-wide ones), but not a "down" one (they were asked first), nor
/// one with a completion handler, whose services are gathered as it starts. It hears none of
/// the callbacks before it began: a session begun while the application is active hears no
/// `applicationDidBecomeActive` until the next; read ``AppContext/applicationState`` in
/// ``SessionHandling/sessionDidBegin(_:)`` to start what that would. Two things it cannot own:
/// background tasks, which the system registers before the launch returns, when no session
/// lives (declaring some is logged as an error), and VoIP pushes without an
/// application-wide service that handles them too. It hears its own session's
/// ``SessionHandling`` callbacks, and typed events. Its ``AppService/dependencies`` may name
/// application-wide services and other session services, never a scene service; validation
/// reports a type registered twice, a missing dependency and a cycle with the other
/// problems. From its context it finds application-wide services by type
/// (``AppContext/service(_:)``), the services of its own session
/// (``AppContext/sessionService(_:)``), and its session (``AppContext/session``).
///
/// ```swift
/// final class InboxSync: SessionService, ApplicationStateHandling, SessionHandling {
///     let account: String
///     init(session: SessionInfo, context: AppContext) { account = session.identifier }
///     func applicationDidBecomeActive(_ context: AppContext) { /* refresh this account's inbox */ }
///     func sessionWillEnd(_ context: AppContext) { /* stop syncing, close its database */ }
/// }
/// ```
@MainActor
public protocol SessionService: AppService {
    /// Creates the service for `session`, as it begins; `context` finds the
    /// application-wide services and the services of the session made before it.
    init(session: SessionInfo, context: AppContext)
}

/// The session-service types, and the services of each session that lives: written here
/// only, by the composite's state.
@MainActor
struct SessionServices {
    /// The services of one session, in dependency order, with their handler lists, the
    /// event handlers they subscribed, and the context box that names their session.
    struct Instances {
        let session: SessionInfo
        let services: ContiguousArray<any AppService>
        let handlers: HandlerTable
        let routes: [ObjectIdentifier: any AnyEventRoute]
        let origin: AppContext.Origin
    }

    /// The registered types, in registration order.
    private(set) var registered: [any SessionService.Type] = []
    /// The types in dependency order, once the composite is sealed.
    private(set) var ordered: [any SessionService.Type] = []
    /// The sessions that live, by identifier.
    private var live: [String: Instances] = [:]
    /// Their identifiers, in the order they began.
    private(set) var beginOrder: [String] = []
    /// The current session's identifier.
    private(set) var current: String?
    /// The sessions whose end has begun: their services are hearing that they will end.
    private var ending: Set<String> = []

    /// Registers `types` after those registered before.
    mutating func register(_ types: [any SessionService.Type]) { registered += types }

    /// The indices of the handler kinds (``AnyHandlerKind/index``) some session-service type
    /// adopts, once the composite is sealed.
    private var adoptedKinds: Set<Int> = []

    /// Orders the types by the positions `order` gives, once validated, and notes which
    /// callbacks they handle.
    mutating func seal(order: [Int]) {
        ordered = order.map { registered[$0] }
        adoptedKinds = AnyHandlerKind.indices(adoptedBy: ordered)
    }

    /// Whether some session-service type adopts the capability of `callback`, so that the
    /// services of a session that lives hear it.
    func handle(_ callback: AppCallback) -> Bool { adoptedKinds.contains(callback.handlers.index) }

    /// Whether no session lives.
    var isEmpty: Bool { beginOrder.isEmpty }

    /// The session named `identifier`, if it lives.
    subscript(identifier: String) -> Instances? { live[identifier] }

    /// The sessions that live, in the order they began.
    var inBeginOrder: [Instances] { beginOrder.compactMap { live[$0] } }

    /// Whether the session `instances` are of still lives (not one begun since with its
    /// identifier: each session's context box is its own).
    func lives(_ instances: Instances) -> Bool {
        lives(instances.session.identifier, lifetime: instances.origin.sessionLifetime)
    }

    /// Whether the session named `identifier` lives, and is the one whose own box is
    /// `lifetime` (`nil`: any session of that identifier).
    func lives(_ identifier: String, lifetime: AppContext.Origin.Box?) -> Bool {
        guard let living = live[identifier] else { return false }
        guard let lifetime else { return true }
        return living.origin.sessionLifetime === lifetime
    }

    /// `session` began with `services` made so far (in dependency order), with the event
    /// handlers they subscribed (`routes`, collected before, since collecting them runs the
    /// services' code).
    mutating func begin(
        _ session: SessionInfo,
        _ services: ContiguousArray<any AppService>,
        routes: [ObjectIdentifier: any AnyEventRoute],
        origin: AppContext.Origin
    ) {
        if live[session.identifier] == nil { beginOrder.append(session.identifier) }
        live[session.identifier] = Instances(
            session: session,
            services: services,
            handlers: HandlerTable(services),
            routes: routes,
            origin: origin
        )
    }

    /// The session named `identifier` becomes the current one.
    mutating func makeCurrent(_ identifier: String) { current = identifier }

    /// Whether the end of the session named `identifier` has begun: its services are hearing
    /// that it will end, or have heard it.
    func isEnding(_ identifier: String) -> Bool { !ending.isEmpty && ending.contains(identifier) }

    /// The end of the session named `identifier` begins; `false` when it had begun already
    /// (a service ends the session again while its services hear that it will end).
    mutating func beginEnding(_ identifier: String) -> Bool { ending.insert(identifier).inserted }

    /// The session named `identifier` ended: its services are released; when it was the
    /// current one, the session that began last of those that live becomes current.
    mutating func end(_ identifier: String) {
        ending.remove(identifier)
        live[identifier] = nil
        beginOrder.removeAll { $0 == identifier }
        if current == identifier { current = beginOrder.last }
    }
}
