/// Work that runs once per install, or when upgrading from certain versions, or on the
/// first launch, or after a reinstall, and is remembered when it succeeds: a node of the
/// launch plan, run in dependency order with the other initializers.
///
/// ```swift
/// let plan = try LaunchPlan {
///     DatabaseInitializer()
///     Migration("drafts-to-database", when: .whenUpgrading(from: "1.0"..<"2.0"),
///               dependencies: [DatabaseInitializer.self]) { context in
///         try await DraftMover(database: context.requireService()).moveAll()
///     }
///     Migration("clear-caches-after-reinstall", when: .afterReinstall, onFailure: .skip) { _ in
///         try ImageCache.removeAll()
///     }
/// }
/// ```
///
/// **When it runs.** A migration is due when its ``Trigger`` holds for this launch (as the
/// ``LaunchHistory`` tells) and it has not succeeded before; then it runs like any
/// initializer. A migration that is not due does not run: the report lists it as
/// ``LaunchReport/Outcome/Kind/notDue`` with the reason, and its dependents go on.
///
/// **What is remembered.** Its name, once it succeeds, or once it fails with
/// ``OnFailure/skip`` (given up for good), with the version that ran it, in the launch
/// history. A name is its identity: renaming a migration runs it again.
///
/// **When it fails**, ``OnFailure`` decides: block the launch (it runs again next launch),
/// run again next launch (the launch goes on without it), or skip it for good.
public struct Migration: Initializer {
    /// When a migration is due.
    public struct Trigger: Sendable, Hashable, CustomStringConvertible {
        enum Base: Sendable, Hashable {
            case once
            case upgrading(from: Range<AppVersion>)
            case firstLaunch
            case reinstall
        }

        let base: Base

        /// Once per install, on the first launch that has it (the install's first launch, or
        /// the first launch of the version that added it).
        public static let once = Trigger(base: .once)
        /// On the first launch after an upgrade from a version in `versions` (the previous
        /// launch ran one of them, and this launch runs a later version). If it does not
        /// succeed, it stays due, on later launches too, until it does.
        public static func whenUpgrading(from versions: Range<AppVersion>) -> Trigger {
            Trigger(base: .upgrading(from: versions))
        }
        /// On the install's first launch, a reinstall's included. If it does not succeed, it
        /// stays due, on later launches too, until it does.
        public static let onFirstLaunch = Trigger(base: .firstLaunch)
        /// On the first launch after a reinstall (see ``InstallMarker``). If it does not
        /// succeed, it stays due, on later launches too, until it does.
        public static let afterReinstall = Trigger(base: .reinstall)

        /// The trigger, as the report and the logs name it.
        public var description: String {
            switch base {
            case .once: "once"
            case .upgrading(let versions): "when upgrading from \(versions.lowerBound)..<\(versions.upperBound)"
            case .firstLaunch: "on the first launch"
            case .reinstall: "after a reinstall"
            }
        }
    }

    /// What a failed migration means (after the retries its ``failurePolicy`` allows in the
    /// launch).
    public struct OnFailure: Sendable, Hashable, CustomStringConvertible {
        enum Base: Sendable, Hashable {
            case blockLaunch
            case retryNextLaunch
            case skip
        }

        let base: Base

        /// The launch fails (as a required initializer's failure fails it); the migration is
        /// due again next launch.
        public static let blockLaunch = OnFailure(base: .blockLaunch)
        /// The launch goes on without it (its dependents are skipped); it is due again next
        /// launch.
        public static let retryNextLaunch = OnFailure(base: .retryNextLaunch)
        /// The launch goes on without it, and it is remembered as done: it never runs again.
        public static let skip = OnFailure(base: .skip)

        /// The name, as in the report.
        public var description: String {
            switch base {
            case .blockLaunch: "blockLaunch"
            case .retryNextLaunch: "retryNextLaunch"
            case .skip: "skip"
            }
        }
    }

    /// When it is due.
    public let trigger: Trigger
    /// What its failure means.
    public let onFailure: OnFailure
    /// The work, with the name, phase, dependencies and budget.
    let work: ClosureInitializer
    /// Whether the app's own record says the step was done before the launch history was
    /// kept; see ``doneBeforeHistory(_:)``.
    private(set) var wasDoneBeforeHistory: (@Sendable () -> Bool)?

    /// This migration, not due while `check` answers `true`: for a step the app already ran
    /// before it adopted the launch history, and marked done with a record of its own.
    ///
    /// The first release that adopts the library has no history of what earlier releases
    /// did: a ``Trigger/once`` migration ported from a user-defaults key would run again for
    /// every existing install (settings reset, data made twice). `check` reads the old
    /// record, on the main actor or off it, as launches begin and until the launch history
    /// records the migration (keep it cheap, a user-defaults read); when it answers `true`,
    /// the migration is not due, with that reason in the report.
    ///
    /// ```swift
    /// Migration("rebuild-search-index", when: .once) { _ in await database.rebuildSearchIndex(step: 1) }
    ///     .doneBeforeHistory { UserDefaults.standard.bool(forKey: "SearchIndexRebuiltV2") }
    /// ```
    public func doneBeforeHistory(_ check: @escaping @Sendable () -> Bool) -> Migration {
        var migration = self
        migration.wasDoneBeforeHistory = check
        return migration
    }

    /// A migration named `name`, due when `trigger` holds, that runs `perform`.
    ///
    /// - Parameters:
    ///   - name: Its name, unique in the plan, and its identity in the launch history.
    ///   - trigger: When it is due.
    ///   - onFailure: What a failure means. Default: ``OnFailure/retryNextLaunch``.
    ///   - phase: When it runs. Default: ``LaunchPhase/critical``.
    ///   - dependencies: Initializer types that must succeed (or not be due) first.
    ///   - dependencyNames: Names of closure initializers and migrations that must succeed (or
    ///     not be due) first.
    ///   - budget: The most time it may take, or `nil`.
    ///   - retries: How many times it is tried again in this launch before it counts as
    ///     failed. Default: 0.
    ///   - perform: The work. Report progress with ``InitializerContext/reportProgress(_:)``.
    public init(
        _ name: String,
        when trigger: Trigger,
        onFailure: OnFailure = .retryNextLaunch,
        phase: LaunchPhase = .critical,
        dependencies: [any Initializer.Type] = [],
        dependencyNames: [String] = [],
        budget: Duration? = nil,
        retries: Int = 0,
        perform: @escaping @isolated(any) @Sendable (InitializerContext) async throws -> Void
    ) {
        self.trigger = trigger
        self.onFailure = onFailure
        self.work = ClosureInitializer(
            name,
            phase: phase,
            dependencies: dependencies,
            dependencyNames: dependencyNames,
            budget: budget,
            failurePolicy: Self.policy(onFailure, retries: retries),
            perform: perform
        )
    }

    /// A migration named `name` whose synchronous work runs on the main actor before
    /// `didFinishLaunching` returns (``LaunchPhase/beforeLaunchReturns``): for what the
    /// first screen reads, such as renamed settings. The other parameters are those of
    /// ``init(_:when:onFailure:phase:dependencies:dependencyNames:budget:retries:perform:)``.
    public static func beforeLaunchReturns(
        _ name: String,
        when trigger: Trigger,
        onFailure: OnFailure = .retryNextLaunch,
        dependencies: [any Initializer.Type] = [],
        dependencyNames: [String] = [],
        retries: Int = 0,
        perform: @escaping @MainActor @Sendable (InitializerContext) throws -> Void
    ) -> Migration {
        Migration(
            trigger: trigger,
            onFailure: onFailure,
            work: .beforeLaunchReturns(
                name,
                dependencies: dependencies,
                dependencyNames: dependencyNames,
                failurePolicy: policy(onFailure, retries: retries),
                perform: perform
            )
        )
    }

    private init(trigger: Trigger, onFailure: OnFailure, work: ClosureInitializer) {
        self.trigger = trigger
        self.onFailure = onFailure
        self.work = work
    }

    private static func policy(_ onFailure: OnFailure, retries: Int) -> FailurePolicy {
        let exhausted: FailurePolicy = onFailure == .blockLaunch ? .required : .optional
        return retries > 0 ? .retry(times: retries, backoff: .exponential(), whenExhausted: exhausted) : exhausted
    }

    /// Its name.
    public var name: String { work.name }
    /// Its phase.
    public var phase: LaunchPhase { work.phase }
    /// Its budget.
    public var budget: Duration? { work.budget }
    /// Required when it blocks the launch, optional otherwise, with its retries.
    public var failurePolicy: FailurePolicy { work.failurePolicy }
    /// Whether its work runs on the main actor.
    public var runsOnMainActor: Bool { work.runsOnMainActor }

    /// Runs the work.
    public nonisolated(nonsending) func perform(_ context: InitializerContext) async throws {
        try await work.perform(context)
    }
}

/// How far an initializer (a migration, typically) has come, as it reported with
/// ``InitializerContext/reportProgress(_:)``: posted to the services, so that a window
/// service can show it.
///
/// ```swift
/// func subscribe(to events: inout EventSubscriptions) {
///     events.on(LaunchProgress.self) { [weak self] progress, _ in
///         self?.progressView.progress = Float(progress.fractionCompleted)
///     }
/// }
/// ```
public struct LaunchProgress: AppEvent, Hashable {
    /// The initializer's name.
    public let name: String
    /// How much is done, from 0 to 1.
    public let fractionCompleted: Double

    /// Progress of the initializer `name`.
    public init(name: String, fractionCompleted: Double) {
        self.name = name
        self.fractionCompleted = fractionCompleted
    }
}

extension Launch {
    /// The latest progress each initializer reported, by name (see
    /// ``InitializerContext/reportProgress(_:)``).
    public var progress: [String: Double] { running.environment.progress.withLock { $0 } }
}
