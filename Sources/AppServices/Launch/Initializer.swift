/// A unit of start-up work: configure a crash reporter, open a database, warm a cache.
///
/// An initializer is identified by its type (a launch plan holds one of each), declares
/// the initializers it needs, and says when and where it runs. Everything but ``perform(_:)``
/// has a default.
///
/// ```swift
/// struct CrashReporterInitializer: Initializer {
///     static let dependencies: [any Initializer.Type] = [LoggingInitializer.self]
///     var requiredConfigurationKeys: [ConfigKey] { ["crashReporter.dsn"] }
///     var failurePolicy: FailurePolicy { .optional }   // no DSN: skip it, warn once
///     var budget: Duration? { .milliseconds(300) }
///
///     func perform(_ context: InitializerContext) async throws {
///         let dsn = context.configuration.string(forKey: "crashReporter.dsn", isSecret: true)
///         try await CrashReporter.start(dsn: dsn!)
///         context.logger.info("crash reporting is on")
///     }
/// }
/// ```
///
/// **Where it runs.** ``perform(_:)`` is `nonisolated(nonsending)`: it runs where the
/// launch calls it. An initializer whose ``runsOnMainActor`` is `true` is called on the main
/// actor; the others are called off it, in parallel. (Marking `perform` `@MainActor` also
/// works, but then say so with ``runsOnMainActor`` too, or the report will call it
/// background work.)
///
/// **When it runs.** In its ``phase``, as soon as every dependency has succeeded; never
/// before, and at most once per launch, plus once each time the application enters the
/// foreground if ``rerunsOnForeground`` is `true`.
///
/// **Before launch returns.** Initializers in ``LaunchPhase/beforeLaunchReturns`` run inside
/// `didFinishLaunching`, on the main actor, and have finished before it returns, on every
/// supported system. That phase takes synchronous work only: a ``SynchronousInitializer``
/// (or ``ClosureInitializer/beforeLaunchReturns(_:dependencies:dependencyNames:requiredConfigurationKeys:failurePolicy:rerunsOnForeground:minimumInterval:perform:)``);
/// a plan that puts `async` work there is rejected when it is made, naming the
/// initializer. Budgets cannot interrupt synchronous work, and retries there happen at
/// once, without backoff.
public protocol Initializer: Sendable {
    /// The initializers that must succeed before this one starts. They must be in the same
    /// launch plan and in the same phase or an earlier one. Default: none.
    static var dependencies: [any Initializer.Type] { get }

    /// The name used in logs, errors and the report. Default: the type's name.
    var name: String { get }

    /// When the initializer runs. Default: ``LaunchPhase/critical``.
    var phase: LaunchPhase { get }

    /// Configuration keys that must have a value before the initializer runs: string
    /// literals (dot-separated, such as `"crashReporter.dsn"`) or the `ConfigKey` constants
    /// the initializer also reads with. When one is missing the initializer is not run:
    /// it is skipped with one warning naming the missing keys, or, if its policy is
    /// required, it fails the launch. Default: none. Without the package's `Configuration`
    /// trait there is no configuration and the list can only be empty
    /// (``RequiredConfigurationKey``).
    var requiredConfigurationKeys: [RequiredConfigurationKey] { get }

    /// The most time the initializer may take, retries and backoff included; `nil` for no
    /// limit (the default). When it runs out the initializer's task is cancelled; if it has
    /// not returned within the plan's grace period it is abandoned and reported as timed out.
    var budget: Duration? { get }

    /// What a failure means for the launch. Default: ``FailurePolicy/required``.
    var failurePolicy: FailurePolicy { get }

    /// Whether the initializer runs again each time the application enters the
    /// foreground, once it ran at launch, whatever came of that run (a refresh that failed
    /// offline is tried again); one skipped at launch after a dependency failed runs again
    /// with that dependency, once every other dependency has succeeded. Default: `false`.
    var rerunsOnForeground: Bool { get }

    /// Whether ``perform(_:)`` is called on the main actor. Default: `false` (called off
    /// the main actor, in parallel with other work).
    var runsOnMainActor: Bool { get }
    /// How long after its last success the initializer is due again, or `nil` (the
    /// default) to run every time. A throttled initializer is not due, at launch or on
    /// entering the foreground (``rerunsOnForeground``), until this long after it last
    /// succeeded, in this launch or an earlier one: the time of its last success is kept
    /// in the ``LaunchHistory``. When it is not due, the report lists it as
    /// ``LaunchReport/Outcome/Kind/notDue``, and its dependents go on. A last success later
    /// than now (the device's clock was set back) leaves it due: waiting for the clock to
    /// catch up would stretch the interval by however far it went back.
    var minimumInterval: Duration? { get }
    /// Whether, and how often, the initializer runs again while the application is active,
    /// or `nil` (the default) for never (see ``Repetition``).
    var repeats: Repetition? { get }

    /// Does the work.
    ///
    /// Check for cancellation in long work: the launch cancels an initializer whose budget
    /// runs out and every running initializer when the launch is cancelled.
    ///
    /// - Parameter context: Configuration, a logger naming the initializer, and service lookup.
    /// - Throws: Any error; the failure policy decides what it means.
    nonisolated(nonsending) func perform(_ context: InitializerContext) async throws
}

extension Initializer {
    /// No dependencies.
    public static var dependencies: [any Initializer.Type] { [] }

    /// The type's name.
    public var name: String { String(describing: Self.self) }

    /// ``LaunchPhase/critical``.
    public var phase: LaunchPhase { .critical }

    /// No required keys.
    public var requiredConfigurationKeys: [RequiredConfigurationKey] { [] }

    /// No budget.
    public var budget: Duration? { nil }

    /// ``FailurePolicy/required``.
    public var failurePolicy: FailurePolicy { .required }

    /// Runs once per launch.
    public var rerunsOnForeground: Bool { false }

    /// Runs off the main actor.
    public var runsOnMainActor: Bool { false }
    /// Not throttled.
    public var minimumInterval: Duration? { nil }
    /// Never runs again while active.
    public var repeats: Repetition? { nil }
}

/// An initializer whose work is synchronous and runs on the main actor: the kind the
/// ``LaunchPhase/beforeLaunchReturns`` phase takes, so that it has finished before
/// `didFinishLaunching` returns on every supported system.
///
/// ```swift
/// struct AppearanceInitializer: SynchronousInitializer {
///     func performSynchronously(_ context: InitializerContext) throws {
///         Appearance.apply(context.configuration.string(forKey: "theme", default: "system"))
///     }
/// }
/// ```
///
/// Its phase defaults to ``LaunchPhase/beforeLaunchReturns``. In a later phase, or when it
/// re-runs on entering the foreground, it runs as a main-actor task like any other.
public protocol SynchronousInitializer: Initializer {
    /// Does the work, synchronously, on the main actor.
    ///
    /// - Parameter context: Configuration, a logger naming the initializer, and service lookup.
    /// - Throws: Any error; the failure policy decides what it means.
    @MainActor func performSynchronously(_ context: InitializerContext) throws
}

extension SynchronousInitializer {
    /// ``LaunchPhase/beforeLaunchReturns``.
    public var phase: LaunchPhase { .beforeLaunchReturns }

    /// Runs on the main actor.
    public var runsOnMainActor: Bool { true }

    /// Runs ``performSynchronously(_:)`` on the main actor.
    public nonisolated(nonsending) func perform(_ context: InitializerContext) async throws {
        try await MainActor.run { try performSynchronously(context) }
    }
}

/// An initializer made from a name and a closure, for small jobs that do not deserve a type.
///
/// ```swift
/// ClosureInitializer("warm-image-cache", phase: .idle, dependencies: [NetworkInitializer.self]) { context in
///     try await ImageCache.shared.warm()
/// }
/// ClosureInitializer.beforeLaunchReturns("appearance") { context in
///     Appearance.apply(context.configuration.string(forKey: "theme", default: "system"))
/// }
/// ```
///
/// Its identity is its name: a plan holds one closure initializer per name, and other
/// closure initializers depend on it by that name (`dependencyNames`).
///
/// **Where it runs** is the closure's isolation: a closure marked `@MainActor`
/// (`{ @MainActor context in ... }`) runs on the main actor, and the report says so; any
/// other runs off it, in parallel with other work. Mark main-actor work explicitly: an
/// unmarked closure's isolation is inferred, and a capture list such as `[weak self]`
/// changes it.
public struct ClosureInitializer: Initializer {
    /// The initializer's name, which is also its identity in the plan.
    public let name: String
    /// When it runs.
    public let phase: LaunchPhase
    /// Keys that must have a value before it runs.
    public let requiredConfigurationKeys: [RequiredConfigurationKey]
    /// The most time it may take.
    public let budget: Duration?
    /// What a failure means.
    public let failurePolicy: FailurePolicy
    /// Whether it runs again on entering the foreground.
    public let rerunsOnForeground: Bool
    /// How long after its last success it is due again, or `nil`.
    public let minimumInterval: Duration?
    /// How often it runs again while the application is active, or `nil`.
    public let repeats: Repetition?
    /// Initializer types it depends on.
    let dependencyTypes: [any Initializer.Type]
    /// Closure initializers it depends on, by name.
    let dependencyNames: [String]
    private let body: Body

    private enum Body: Sendable {
        case asynchronous(@isolated(any) @Sendable (InitializerContext) async throws -> Void)
        case synchronous(@MainActor @Sendable (InitializerContext) throws -> Void)
    }

    /// Whether it runs on the main actor: its closure is isolated to it, or it runs before
    /// launch returns.
    public var runsOnMainActor: Bool {
        switch body {
        case .asynchronous(let perform): (perform.isolation as AnyObject?) === MainActor.shared
        case .synchronous: true
        }
    }

    /// The work, when it is synchronous.
    var synchronousWork: (@MainActor @Sendable (InitializerContext) throws -> Void)? {
        if case .synchronous(let work) = body { work } else { nil }
    }

    /// Creates an initializer named `name` that runs `perform` with the closure's own
    /// isolation: on the main actor when it is marked `@MainActor`, off it otherwise.
    ///
    /// - Parameters:
    ///   - name: The name, unique among the plan's closure initializers.
    ///   - phase: When it runs. Default: ``LaunchPhase/critical``.
    ///   - dependencies: Initializer types that must succeed first.
    ///   - dependencyNames: Names of closure initializers that must succeed first.
    ///   - requiredConfigurationKeys: Keys that must have a value before it runs.
    ///   - budget: The most time it may take, or `nil`.
    ///   - failurePolicy: What a failure means. Default: ``FailurePolicy/required``.
    ///   - rerunsOnForeground: Whether it runs again on entering the foreground.
    ///   - minimumInterval: How long after its last success it is due again, or `nil`
    ///     (``Initializer/minimumInterval``).
    ///   - repeats: How often it runs again while the application is active, or `nil`
    ///     (``Initializer/repeats``).
    ///   - perform: The work.
    public init(
        _ name: String,
        phase: LaunchPhase = .critical,
        dependencies: [any Initializer.Type] = [],
        dependencyNames: [String] = [],
        requiredConfigurationKeys: [RequiredConfigurationKey] = [],
        budget: Duration? = nil,
        failurePolicy: FailurePolicy = .required,
        rerunsOnForeground: Bool = false,
        minimumInterval: Duration? = nil,
        repeats: Repetition? = nil,
        perform: @escaping @isolated(any) @Sendable (InitializerContext) async throws -> Void
    ) {
        self.init(
            name: name,
            phase: phase,
            dependencyTypes: dependencies,
            dependencyNames: dependencyNames,
            requiredConfigurationKeys: requiredConfigurationKeys,
            budget: budget,
            failurePolicy: failurePolicy,
            rerunsOnForeground: rerunsOnForeground,
            minimumInterval: minimumInterval,
            repeats: repeats,
            body: .asynchronous(perform)
        )
    }

    /// Creates an initializer named `name` that runs `perform` synchronously, on the main
    /// actor, inside `didFinishLaunching`: in the ``LaunchPhase/beforeLaunchReturns`` phase.
    ///
    /// It has no budget (synchronous work cannot be interrupted), and does not repeat while
    /// the application is active. The other parameters are those of
    /// ``init(_:phase:dependencies:dependencyNames:requiredConfigurationKeys:budget:failurePolicy:rerunsOnForeground:minimumInterval:repeats:perform:)``.
    public static func beforeLaunchReturns(
        _ name: String,
        dependencies: [any Initializer.Type] = [],
        dependencyNames: [String] = [],
        requiredConfigurationKeys: [RequiredConfigurationKey] = [],
        failurePolicy: FailurePolicy = .required,
        rerunsOnForeground: Bool = false,
        minimumInterval: Duration? = nil,
        perform: @escaping @MainActor @Sendable (InitializerContext) throws -> Void
    ) -> ClosureInitializer {
        ClosureInitializer(
            name: name,
            phase: .beforeLaunchReturns,
            dependencyTypes: dependencies,
            dependencyNames: dependencyNames,
            requiredConfigurationKeys: requiredConfigurationKeys,
            budget: nil,
            failurePolicy: failurePolicy,
            rerunsOnForeground: rerunsOnForeground,
            minimumInterval: minimumInterval,
            repeats: nil,
            body: .synchronous(perform)
        )
    }

    private init(
        name: String,
        phase: LaunchPhase,
        dependencyTypes: [any Initializer.Type],
        dependencyNames: [String],
        requiredConfigurationKeys: [RequiredConfigurationKey],
        budget: Duration?,
        failurePolicy: FailurePolicy,
        rerunsOnForeground: Bool,
        minimumInterval: Duration?,
        repeats: Repetition?,
        body: Body
    ) {
        self.name = name
        self.phase = phase
        self.dependencyTypes = dependencyTypes
        self.dependencyNames = dependencyNames
        self.requiredConfigurationKeys = requiredConfigurationKeys
        self.budget = budget
        self.failurePolicy = failurePolicy
        self.rerunsOnForeground = rerunsOnForeground
        self.minimumInterval = minimumInterval
        self.repeats = repeats
        self.body = body
    }

    /// Runs the closure.
    public nonisolated(nonsending) func perform(_ context: InitializerContext) async throws {
        switch body {
        case .asynchronous(let perform): try await perform(context)
        case .synchronous(let perform): try await MainActor.run { try perform(context) }
        }
    }
}
