/// How a plan identifies an initializer: its type, or, for a ``ClosureInitializer``, its name.
enum InitializerKey: Hashable, Sendable {
    case type(ObjectIdentifier)
    case named(String)

    init(_ type: any Initializer.Type) { self = .type(ObjectIdentifier(type)) }
}

/// A plan's initializers validated and compiled for scheduling: their settings read once,
/// their dependencies resolved to positions both ways, and each phase's members in
/// dependency order.
///
/// Validation is ``DependencyGraph``'s (duplicates, missing dependencies, cycles with their
/// path) plus the one rule of launch plans: a dependency may not be in a later phase.
struct LaunchGraph: Sendable {
    /// One initializer as the launch schedules it.
    ///
    /// A class: the launch reads a node at every step of every initializer (start, each
    /// attempt, its end, the report), and as a struct of fifteen fields each read copied
    /// it, retaining and releasing its eight references (a twentieth of a cold launch's
    /// samples in `perf`).
    final class Node: Sendable {
        let initializer: any Initializer
        let name: String
        let phase: LaunchPhase
        let budget: Duration?
        let policy: FailurePolicy
        let rerunsOnForeground: Bool
        /// Always true before launch returns, which is main-actor work by definition.
        let runsOnMainActor: Bool
        let requiredKeys: [RequiredConfigurationKey]
        /// When it is a migration: when it is due, what its failure means, and what says it
        /// was done before the launch history was kept.
        let migration:
            (
                trigger: Migration.Trigger, onFailure: Migration.OnFailure,
                doneBeforeHistory: (@Sendable () -> Bool)?
            )?
        /// How long after its last success it is due again, for a throttled initializer.
        let minimumInterval: Duration?
        /// How it runs again while the application is active, if it does.
        let repeats: Repetition?
        /// Whether it runs in safe mode only (`true`), outside it only (`false`), or always
        /// (`nil`).
        let safeMode: Bool?
        /// The work of a synchronous initializer, which runs on the spot before launch returns.
        let synchronousWork: (@MainActor @Sendable (InitializerContext) throws -> Void)?
        /// Positions of the nodes this one depends on.
        let dependencies: [Int]
        /// Positions of the nodes that depend on this one, in dependency order.
        let dependents: [Int]

        /// Reads `initializer`'s settings once; `closure` is the closure initializer it is or
        /// holds (``LaunchGraph/closure(of:)``), found once for the whole plan.
        fileprivate init(
            _ initializer: any Initializer,
            name: String,
            closure: ClosureInitializer?,
            phase: LaunchPhase,
            safeMode: Bool?,
            dependencies: [Int],
            dependents: [Int]
        ) {
            self.initializer = initializer
            self.name = name
            self.phase = phase
            budget = initializer.budget
            policy = initializer.failurePolicy
            rerunsOnForeground = initializer.rerunsOnForeground
            runsOnMainActor = initializer.runsOnMainActor || phase == .beforeLaunchReturns
            requiredKeys = initializer.requiredConfigurationKeys
            // Only a closure initializer can be a migration, which holds one.
            migration =
                closure == nil
                ? nil : (initializer as? Migration).map { ($0.trigger, $0.onFailure, $0.wasDoneBeforeHistory) }
            minimumInterval = initializer.minimumInterval
            repeats = initializer.repeats
            self.safeMode = safeMode
            synchronousWork = LaunchGraph.synchronousWork(of: initializer, closure: closure)
            self.dependencies = dependencies
            self.dependents = dependents
        }

        /// How long after its last success it is due again: its minimum interval, or the
        /// interval it repeats at. Its successes are remembered when it has one.
        var dueInterval: Duration? { minimumInterval ?? repeats?.interval }
    }

    /// The nodes in the order the plan listed them.
    let nodes: [Node]
    /// For each phase (by ``LaunchPhase/index``), its nodes in dependency order.
    let membersByPhase: [[Int]]
    /// Each node's position by its key.
    let positions: [InitializerKey: Int]
    /// The positions of the nodes that repeat while the application is active.
    let repeating: [Int]

    /// Checks `initializers` as a plan, reporting every problem at once, and returns the
    /// resolved graph and each initializer's phase for compiling.
    ///
    /// Checking needs no order and no compiled nodes, so ``LaunchPlan/validate(_:)`` stops
    /// here: resolving the dependencies, finding cycles and checking phases are linear.
    ///
    /// - Parameter safeModeOnly: How many initializers at the end run in safe mode only
    ///   (``LaunchPlan/SafeMode``), whose dependents must run in safe mode only too.
    /// - Parameter replacedInSafeMode: Whether the others do not run in safe mode, so the
    ///   safe-mode initializers may not depend on them.
    @discardableResult
    static func validate(
        _ initializers: [any Initializer],
        safeModeOnly: Int = 0,
        replacedInSafeMode: Bool = false
    ) throws(ServiceGraphError) -> (
        graph: DependencyGraph<InitializerKey>, phases: [LaunchPhase], closures: [ClosureInitializer?], names: [String]
    ) {
        // Closure initializers (the many-node case) are read once, so the graph can visit
        // their dependencies without an array of keys per node, and compiling the plan
        // reads them again from here (each cast copies the initializer).
        let closures = initializers.map(Self.closure(of:))
        let graph = DependencyGraph<InitializerKey>(
            count: initializers.count,
            key: { index in
                if let closure = closures[index] { return .named(closure.name) }
                return InitializerKey(Swift.type(of: initializers[index]))
            },
            dependencies: { index, visit in
                if let closure = closures[index] {
                    for type in closure.dependencyTypes { visit(InitializerKey(type)) }
                    for name in closure.dependencyNames { visit(.named(name)) }
                } else {
                    for dependency in Swift.type(of: initializers[index]).dependencies {
                        visit(InitializerKey(dependency))
                    }
                }
            }
        )
        // Read once: the nodes keep them.
        let names = initializers.map(\.name)
        let name = { (index: Int) in names[index] }
        var problems = graph.describedProblems(
            noun: "initializer",
            container: "a launch plan",
            identity: { key in if case .named = key { "name" } else { "type" } },
            name: name
        ) { key in
            switch key {
            case .type: nameOfDependency(key, of: initializers, closures: closures)
            case .named(let name): "the initializer named \"\(name)\""
            }
        }
        let phases = initializers.map(\.phase)
        problems += phaseProblems(initializers, closures: closures, phases: phases, graph: graph)
        problems += safeModeProblems(graph, safeModeOnly: safeModeOnly, replaced: replacedInSafeMode, name: name)
        problems += nameProblems(initializers, names: names, graph: graph)
        guard problems.isEmpty else {
            throw ServiceGraphError(subject: "launch plan", problems: problems)
        }
        return (graph, phases, closures, names)
    }

    /// Initializers of different identities with one name: the launch history keeps what an
    /// initializer did under its name (its last success, a migration's completion) and
    /// ``Launch/run(named:)`` finds it by name, so one would count as the other.
    private static func nameProblems(
        _ initializers: [any Initializer],
        names: [String],
        graph: DependencyGraph<InitializerKey>
    ) -> [ServiceGraphError.Problem] {
        var first: [String: Int] = [:]
        var problems: [ServiceGraphError.Problem] = []
        for index in 0..<graph.count where graph.isPrimary(index) {
            guard let earlier = first[names[index]] else {
                first[names[index]] = index
                continue
            }
            let both = [earlier, index].map { qualifiedTypeName(Swift.type(of: initializers[$0])) }
            problems.append(
                .init(
                    kind: .duplicate,
                    message: "Two initializers are named \(names[index]) (\(both[0]) and \(both[1])): the launch "
                        + "history keeps an initializer's last success and a migration's completion under its name, "
                        + "and run(named:) finds it by name, so one would count as the other. Give one a name of its "
                        + "own (its name property)."
                )
            )
        }
        return problems
    }

    /// A launch without safe mode does not run the safe-mode initializers (the last
    /// `safeModeOnly`), so nothing else may depend on them; when they `replaced` the plan, a
    /// launch in safe mode runs nothing else, so they may depend on nothing else.
    private static func safeModeProblems(
        _ graph: DependencyGraph<InitializerKey>,
        safeModeOnly: Int,
        replaced: Bool,
        name: (Int) -> String
    ) -> [ServiceGraphError.Problem] {
        let firstSafe = graph.count - safeModeOnly
        var problems: [ServiceGraphError.Problem] = []
        for index in firstSafe..<graph.count where replaced && graph.isPrimary(index) {
            for dependency in graph.edges(of: index) where dependency < firstSafe {
                problems.append(
                    .init(
                        kind: .missingDependency,
                        message: "Safe-mode initializer \(name(index)) depends on \(name(dependency)), "
                            + "which the safe mode replaces, so it never runs in safe mode. Add what it needs to the "
                            + "safe mode's initializers, or let the safe mode run in addition to the plan."
                    )
                )
            }
        }
        for index in 0..<firstSafe where graph.isPrimary(index) {
            for dependency in graph.edges(of: index) where dependency >= firstSafe {
                problems.append(
                    .init(
                        kind: .missingDependency,
                        message: "\(name(index)) depends on \(name(dependency)), which runs in safe mode "
                            + "only, so a launch outside safe mode could never start it. Move \(name(index)) "
                            + "into the safe mode's initializers, or depend on an initializer of the plan."
                    )
                )
            }
        }
        return problems
    }

    /// The launch plans' own rules: work before launch returns is synchronous, and a
    /// dependency is in the same phase or an earlier one.
    private static func phaseProblems(
        _ initializers: [any Initializer],
        closures: [ClosureInitializer?],
        phases: [LaunchPhase],
        graph: DependencyGraph<InitializerKey>
    ) -> [ServiceGraphError.Problem] {
        var problems: [ServiceGraphError.Problem] = []
        for index in 0..<graph.count where phases[index] == .beforeLaunchReturns {
            if synchronousWork(of: initializers[index], closure: closures[index]) == nil {
                let name = initializers[index].name
                problems.append(
                    .init(
                        kind: .asynchronousBeforeLaunchReturns,
                        message: "\(name) is in the beforeLaunchReturns phase but its work is async, which could still "
                            + "be running when didFinishLaunching returns. Make it a SynchronousInitializer (or a "
                            + "ClosureInitializer.beforeLaunchReturns), or move it to the critical phase."
                    )
                )
            }
        }
        for index in 0..<graph.count where graph.isPrimary(index) {
            for dependency in graph.edges(of: index) where phases[dependency] > phases[index] {
                let (name, other) = (initializers[index].name, initializers[dependency].name)
                problems.append(
                    .init(
                        kind: .dependencyOnLaterPhase,
                        message: "\(name) (phase \(phases[index])) depends on \(other) (phase \(phases[dependency])), "
                            + "which runs later. Move \(other) to \(phases[index]) or an earlier phase, or \(name) to "
                            + "\(phases[dependency]) or a later one."
                    )
                )
            }
        }
        return problems
    }

    /// The synchronous work of `initializer`, whose closure initializer is `closure`
    /// (``closure(of:)``), or `nil` when its work is `async`.
    static func synchronousWork(
        of initializer: any Initializer,
        closure: ClosureInitializer?
    ) -> (@MainActor @Sendable (InitializerContext) throws -> Void)? {
        if let synchronous = initializer as? any SynchronousInitializer {
            return { try synchronous.performSynchronously($0) }
        }
        return closure?.synchronousWork
    }

    /// The name of the initializer type `key` that one of `initializers` depends on, found
    /// by searching their dependencies: asked only to describe a missing dependency.
    private static func nameOfDependency(
        _ key: InitializerKey,
        of initializers: [any Initializer],
        closures: [ClosureInitializer?]
    ) -> String {
        for (initializer, closure) in zip(initializers, closures) {
            let types = closure?.dependencyTypes ?? Swift.type(of: initializer).dependencies
            if let type = types.first(where: { InitializerKey($0) == key }) { return String(describing: type) }
        }
        return "an unknown initializer type"
    }

    /// The closure initializer `initializer` is, or a migration's: identified by its name,
    /// with its dependencies listed in it.
    static func closure(of initializer: any Initializer) -> ClosureInitializer? {
        (initializer as? ClosureInitializer) ?? (initializer as? Migration)?.work
    }

    /// Compiles `initializers`: the last `safeModeOnly` of them run in safe mode only, and
    /// with `replacedInSafeMode` the others outside it only.
    init(
        _ initializers: [any Initializer],
        safeModeOnly: Int = 0,
        replacedInSafeMode: Bool = false
    ) throws(ServiceGraphError) {
        let (graph, phases, closures, names) = try Self.validate(
            initializers,
            safeModeOnly: safeModeOnly,
            replacedInSafeMode: replacedInSafeMode
        )
        let firstSafe = initializers.count - safeModeOnly
        let roles: [Bool?] = initializers.indices.map { index in
            if index >= firstSafe { return true }
            return replacedInSafeMode ? false : nil
        }
        guard let order = graph.order() else {
            preconditionFailure("A launch graph without cycles has an order; validation missed a cycle.")
        }

        var membersByPhase = [[Int]](repeating: [], count: LaunchPhase.allCases.count)
        var dependents = [[Int]](repeating: [], count: initializers.count)
        for index in order {
            membersByPhase[phases[index].index].append(index)
            for dependency in graph.edges(of: index) { dependents[dependency].append(index) }
        }
        let nodes = initializers.indices.map { index in
            Node(
                initializers[index],
                name: names[index],
                closure: closures[index],
                phase: phases[index],
                safeMode: roles[index],
                dependencies: Array(graph.edges(of: index)),
                dependents: dependents[index]
            )
        }
        self.nodes = nodes
        self.membersByPhase = membersByPhase
        self.positions = graph.positions
        self.repeating = nodes.indices.filter { nodes[$0].repeats != nil }
    }
}
