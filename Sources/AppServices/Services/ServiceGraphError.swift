/// The problems that keep a set of services (or initializers) from being ordered and
/// dispatched, all of them, one line each.
///
/// ```text
/// The services cannot be ordered (3 problems):
/// - Dependency cycle: AuthService -> SessionService -> TokenService -> AuthService. Remove one of these dependencies.
/// - AnalyticsService depends on LoggingService, which is not registered. Register LoggingService or remove the dependency.
/// - PushService is registered twice (positions 1 and 4); a composite holds one service per type.
/// ```
public struct ServiceGraphError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One problem.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// What kind of problem this is.
        public let kind: Kind
        /// A sentence naming what is wrong, where, and what to do.
        public let message: String

        /// Creates a problem.
        public init(kind: Kind, message: String) {
            self.kind = kind
            self.message = message
        }

        /// The message.
        public var description: String { message }
    }

    /// The kinds of problem. New kinds may be added.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case dependencyCycle
            case missingDependency
            case duplicate
            case duplicateSubscription
            case dependencyOnLaterPhase
            case invalidNesting
            case asynchronousBeforeLaunchReturns
            case invalidLaunchPlan
            case duplicateBackgroundTask
            case backgroundTaskNotPermitted
            case invalidBackgroundTask
            case duplicateNotificationCategory
            case invalidNotificationCategory
            case sessionOnlyVoIPPushes
        }

        private let base: Base

        /// Nodes that depend on each other in a circle.
        public static let dependencyCycle = Kind(base: .dependencyCycle)
        /// A dependency that is not registered.
        public static let missingDependency = Kind(base: .missingDependency)
        /// Two registrations of one type.
        public static let duplicate = Kind(base: .duplicate)
        /// A service that subscribes to one event type twice.
        public static let duplicateSubscription = Kind(base: .duplicateSubscription)
        /// An initializer that depends on one in a later launch phase.
        public static let dependencyOnLaterPhase = Kind(base: .dependencyOnLaterPhase)
        /// A composite nested where it cannot be.
        public static let invalidNesting = Kind(base: .invalidNesting)
        /// An initializer with `async` work in the ``LaunchPhase/beforeLaunchReturns`` phase,
        /// which takes synchronous work only.
        public static let asynchronousBeforeLaunchReturns = Kind(base: .asynchronousBeforeLaunchReturns)
        /// A launch plan a host's factory could not make (`makeLaunchPlan()` threw).
        public static let invalidLaunchPlan = Kind(base: .invalidLaunchPlan)
        /// A background-task identifier declared twice.
        public static let duplicateBackgroundTask = Kind(base: .duplicateBackgroundTask)
        /// A background-task identifier the application's Info.plist does not permit.
        public static let backgroundTaskNotPermitted = Kind(base: .backgroundTaskNotPermitted)
        /// A background task declared without an identifier.
        public static let invalidBackgroundTask = Kind(base: .invalidBackgroundTask)
        /// Two services define one notification category identifier.
        public static let duplicateNotificationCategory = Kind(base: .duplicateNotificationCategory)
        /// A service defines a notification category with an empty identifier.
        public static let invalidNotificationCategory = Kind(base: .invalidNotificationCategory)
        /// Only session services handle VoIP pushes: a push can arrive when no session lives,
        /// and the push registry would ask for none.
        public static let sessionOnlyVoIPPushes = Kind(base: .sessionOnlyVoIPPushes)

        /// The kind's name.
        public var description: String { base.rawValue }
    }

    /// What was validated, for the first line of the description ("services", "launch plan").
    public let subject: String
    /// Every problem found.
    public let problems: [Problem]

    /// Creates an error listing `problems` found in `subject`.
    public init(subject: String, problems: [Problem]) {
        self.subject = subject
        self.problems = problems
    }

    /// A first line naming the subject and the number of problems, then one line per problem.
    /// The first line says the subject cannot be ordered only when a problem is about the
    /// order (a cycle, a missing dependency, a type registered twice, a dependency on a later
    /// phase); otherwise it says it cannot be used.
    public var description: String {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        let ordering: Set<Kind> = [.dependencyCycle, .missingDependency, .duplicate, .dependencyOnLaterPhase]
        let verdict = problems.contains { ordering.contains($0.kind) } ? "cannot be ordered" : "cannot be used"
        return (["The \(subject) \(verdict) (\(count)):"] + problems.map { "- \($0.message)" })
            .joined(separator: "\n")
    }
}

extension DependencyGraph {
    /// The graph's problems as messages, naming nodes by their names.
    ///
    /// - Parameters:
    ///   - noun: What a node is, for messages ("service", "initializer").
    ///   - container: Where nodes are registered, for messages ("a composite", "a launch plan").
    ///   - identity: What tells two nodes of a key's kind apart, for messages ("type").
    ///   - name: The name of the node at a position; asked only to describe a problem.
    ///   - dependencyName: How to name a missing dependency's key.
    ///   - registeredPerScope: For a missing dependency registered where the nodes cannot
    ///     reach it (per scene or per session), what it is registered as.
    func describedProblems(
        noun: String,
        container: String,
        identity: (Key) -> String = { _ in "type" },
        name: (Int) -> String,
        dependencyName: (Key) -> String,
        registeredPerScope: (Key) -> ServiceScope? = { _ in nil }
    ) -> [ServiceGraphError.Problem] {
        problems().map { problem in
            switch problem {
            case .duplicate(let first, let duplicate):
                return .init(
                    kind: .duplicate,
                    message: "\(name(duplicate)) is registered twice (positions \(first + 1) and \(duplicate + 1)); "
                        + "\(container) holds one \(noun) per \(identity(keys[duplicate])). Remove one registration."
                )
            case .missing(let dependent, let dependency):
                let missing = dependencyName(dependency)
                if let scope = registeredPerScope(dependency) {
                    return .init(
                        kind: .missingDependency,
                        message: "\(name(dependent)) depends on \(missing), which is registered as \(scope.noun), "
                            + "made per \(scope.unit): a \(noun) cannot depend on it. Depend on an application-wide "
                            + "service instead, or find \(missing) when it is needed with \(scope.lookup)."
                    )
                }
                return .init(
                    kind: .missingDependency,
                    message: "\(name(dependent)) depends on \(missing), which is not registered. "
                        + "Register \(missing) or remove the dependency."
                )
            case .cycle(let path):
                let cycle = (path + [path[0]]).map(name).joined(separator: " -> ")
                return .init(
                    kind: .dependencyCycle,
                    message: "Dependency cycle: \(cycle). Remove one of these dependencies."
                )
            }
        }
    }
}

extension DependencyGraph<ObjectIdentifier> {
    /// The name of the service type `key` that one of `types` depends on, found by
    /// searching their dependencies: asked only to describe a missing dependency.
    @MainActor
    static func nameOfDependency(_ key: ObjectIdentifier, of types: [any AppService.Type]) -> String {
        for type in types {
            if let dependency = type.dependencies.first(where: { ObjectIdentifier($0) == key }) {
                return dependency.serviceName
            }
        }
        return "\(key)"
    }

    /// The problems that keep service types made per scene or per session from being ordered
    /// (a type registered twice among them, a dependency missing, a cycle), and their order
    /// (positions in `types`) when there is none.
    ///
    /// - Parameters:
    ///   - types: The types, in registration order.
    ///   - noun: What they are, for messages ("scene service").
    ///   - metElsewhere: Dependencies the graph leaves out: application-wide services, met
    ///     already, and those the caller reports itself.
    ///   - registeredPerScope: What a dependency the types cannot reach is registered as.
    @MainActor
    static func orderScoped(
        _ types: [any AppService.Type],
        noun: String,
        metElsewhere: Set<ObjectIdentifier>,
        registeredPerScope: (ObjectIdentifier) -> ServiceScope? = { _ in nil }
    ) -> (problems: [ServiceGraphError.Problem], order: [Int]?) {
        let graph = DependencyGraph(
            types.map { type in
                Node(
                    key: ObjectIdentifier(type),
                    dependencies: type.dependencies.map { ObjectIdentifier($0) }.filter { !metElsewhere.contains($0) }
                )
            }
        )
        let problems = graph.describedProblems(
            noun: noun,
            container: "a composite",
            name: { types[$0].serviceName },
            dependencyName: { nameOfDependency($0, of: types) },
            registeredPerScope: registeredPerScope
        )
        return (problems, problems.isEmpty ? graph.order() : nil)
    }
}

/// Where services of a type registered per scene or per session live, for the messages of
/// a dependency or a lookup that cannot reach them.
struct ServiceScope {
    /// What the type is registered as ("a scene service").
    let noun: String
    /// What each instance is made for ("scene").
    let unit: String
    /// How to find an instance ("sceneService(_:in:)").
    let lookup: String

    /// Scene services (``SceneService``).
    static let scene = ServiceScope(
        noun: "a scene service",
        unit: "scene",
        lookup: "sceneService(_:in:) (or a scene's context.sceneService(_:))"
    )
    /// Session services (``SessionService``).
    static let session = ServiceScope(
        noun: "a session service",
        unit: "session",
        lookup: "sessionService(_:in:) (or a session's context.sessionService(_:))"
    )
}
