public import Logging

#if Configuration
public import Configuration
#endif
#if Metrics
public import Metrics
#endif

/// The start-up work of an application: its initializers, its startup commands, and the
/// configuration they read. Validated when it is made, so a plan that exists can run.
///
/// ```swift
/// let plan = try LaunchPlan(configuration: .init(reader: reader, secretKeys: ["crashReporter.dsn"])) {
///     LoggingInitializer()
///     CrashReporterInitializer()                 // depends on LoggingInitializer
///     DatabaseInitializer()
///     ClosureInitializer("prefetch", phase: .idle, dependencies: [DatabaseInitializer.self]) { context in
///         try await Prefetcher.run()
///     }
/// } commands: {
///     ApplyAppearance()
///     InstallRootView(window: window)
/// }
/// let composite = ServiceComposite(services, launchPlan: plan)
/// ```
///
/// Attach the plan to a ``ServiceComposite`` (``ServiceComposite/attachLaunchPlan(_:file:line:)``);
/// the composite runs it through the application's callbacks and hands out the running
/// ``Launch``.
public struct LaunchPlan: Sendable {
    /// Settings shared by every initializer of the plan.
    ///
    /// The configuration settings (``reader``, ``secretKeys``) need the package's
    /// `Configuration` trait and the metrics settings (``metricsFactory``, ``metricsLabel``)
    /// its `Metrics` trait; both are on by default.
    public struct Configuration: Sendable {
        #if Configuration
        /// The configuration initializers read (``InitializerContext/configuration``) and
        /// required keys are checked against. Default: empty.
        public var reader: ConfigReader
        /// Dot-separated keys whose values are secret: they are replaced by `<redacted>` in
        /// everything the launch logs or reports, and in everything initializers log through
        /// their context's logger.
        public var secretKeys: Set<String>
        #endif
        /// How long an initializer whose budget ran out (or whose launch was cancelled) may
        /// take to return after being cancelled before it is abandoned. Default: 100 ms.
        public var gracePeriod: Duration
        /// Where the launch logs; `nil` (the default) for the composite's logger.
        public var logger: Logger?
        /// Which launch callback runs the before-launch-returns work, and whether the
        /// startup commands run before or after the services' handlers of that callback.
        /// Default: in `didFinishLaunching`, commands after the services.
        public var order = LaunchOrder()
        /// Where the launch history is kept, and this launch's version (see
        /// ``LaunchHistory``). Default: ``LaunchMemory/standard``.
        public var memory = LaunchMemory.standard
        /// The work that counts toward the system's extended launch (MetricKit on iOS): the
        /// critical phase and chosen milestones; `nil` (the default) for none.
        public var extendedLaunch: ExtendedLaunch?
        #if Metrics
        /// Where durations are recorded; `nil` (the default) for the bootstrapped
        /// `MetricsSystem`. Nothing is recorded while no backend is bootstrapped.
        public var metricsFactory: (any MetricsFactory)?
        /// The prefix of the metric labels: `<label>.initializer`, `<label>.phase`. Default:
        /// `appservices.launch`.
        public var metricsLabel: String
        #endif

        // One initializer per combination of the traits, each with the parameters the
        // combination has: `#if` cannot select parameters of one declaration.
        #if Configuration && Metrics
        /// Creates the settings; every parameter has the default described on its property.
        public init(
            reader: ConfigReader = ConfigReader(provider: InMemoryProvider(values: [:])),
            secretKeys: Set<String> = [],
            gracePeriod: Duration = .milliseconds(100),
            logger: Logger? = nil,
            metricsFactory: (any MetricsFactory)? = nil,
            metricsLabel: String = "appservices.launch"
        ) {
            self.reader = reader
            self.secretKeys = secretKeys
            self.gracePeriod = gracePeriod
            self.logger = logger
            self.metricsFactory = metricsFactory
            self.metricsLabel = metricsLabel
        }
        #elseif Configuration
        /// Creates the settings; every parameter has the default described on its property.
        public init(
            reader: ConfigReader = ConfigReader(provider: InMemoryProvider(values: [:])),
            secretKeys: Set<String> = [],
            gracePeriod: Duration = .milliseconds(100),
            logger: Logger? = nil
        ) {
            self.reader = reader
            self.secretKeys = secretKeys
            self.gracePeriod = gracePeriod
            self.logger = logger
        }
        #elseif Metrics
        /// Creates the settings; every parameter has the default described on its property.
        public init(
            gracePeriod: Duration = .milliseconds(100),
            logger: Logger? = nil,
            metricsFactory: (any MetricsFactory)? = nil,
            metricsLabel: String = "appservices.launch"
        ) {
            self.gracePeriod = gracePeriod
            self.logger = logger
            self.metricsFactory = metricsFactory
            self.metricsLabel = metricsLabel
        }
        #else
        /// Creates the settings; every parameter has the default described on its property.
        public init(gracePeriod: Duration = .milliseconds(100), logger: Logger? = nil) {
            self.gracePeriod = gracePeriod
            self.logger = logger
        }
        #endif

        #if Configuration
        /// Settings that read the default layered configuration (arguments, environment,
        /// JSON file, defaults), with its secret keys.
        ///
        /// - Throws: ``ConfigurationError`` naming the file when it is missing or malformed.
        public init(_ layers: LayeredConfiguration) async throws(ConfigurationError) {
            self.init(reader: try await layers.makeReader(), secretKeys: layers.secretKeys)
        }

        /// Settings that read the default layered configuration on the calling thread
        /// (``LayeredConfiguration/makeReaderBlocking()``), for a synchronous plan factory:
        /// an application delegate's or a SwiftUI host's.
        ///
        /// - Throws: ``ConfigurationError`` naming the file when it is missing or malformed.
        public init(blocking layers: LayeredConfiguration) throws(ConfigurationError) {
            self.init(reader: try layers.makeReaderBlocking(), secretKeys: layers.secretKeys)
        }
        #endif

        /// These settings with the secret keys of `others` added, for a plan merged from
        /// several: the merged launch redacts every plan's secrets.
        func merged(with others: [Configuration]) -> Configuration {
            #if Configuration
            var merged = self
            for other in others { merged.secretKeys.formUnion(other.secretKeys) }
            return merged
            #else
            self
            #endif
        }
    }

    /// The plan's settings.
    public let configuration: Configuration
    /// The initializers, in the order they were listed.
    public let initializers: [any Initializer]
    /// The startup commands, in the order they run.
    public let commands: [any StartupCommand]
    /// What a launch runs after too many launches in a row never reached their first
    /// frame, or `nil`.
    public let safeMode: SafeMode?
    /// The initializers compiled for scheduling: ``initializers``, then the safe mode's.
    let graph: LaunchGraph

    /// Creates a plan from lists written one element per line.
    ///
    /// - Throws: ``ServiceGraphError`` (subject "launch plan") listing every problem at
    ///   once, one line each: dependency cycles with their path, missing dependencies,
    ///   initializers listed twice, and dependencies on a later phase.
    public init(
        configuration: Configuration = Configuration(),
        safeMode: SafeMode? = nil,
        @InitializerListBuilder _ initializers: () -> [any Initializer],
        @StartupCommandListBuilder commands: () -> [any StartupCommand] = { [] }
    ) throws(ServiceGraphError) {
        try self.init(
            configuration: configuration,
            initializers: initializers(),
            commands: commands(),
            safeMode: safeMode
        )
    }

    /// Creates a plan from arrays.
    ///
    /// - Throws: ``ServiceGraphError`` listing every problem at once (see above).
    public init(
        configuration: Configuration = Configuration(),
        initializers: [any Initializer],
        commands: [any StartupCommand] = [],
        safeMode: SafeMode? = nil
    ) throws(ServiceGraphError) {
        self.configuration = configuration
        self.initializers = initializers
        self.commands = commands
        self.safeMode = safeMode
        self.graph = try LaunchGraph(
            initializers + (safeMode?.initializers ?? []),
            safeModeOnly: safeMode?.initializers.count ?? 0,
            replacedInSafeMode: safeMode?.replacesPlan ?? false
        )
    }

    /// Checks a list of initializers without making a plan.
    ///
    /// - Throws: ``ServiceGraphError`` listing every problem at once.
    public static func validate(_ initializers: [any Initializer]) throws(ServiceGraphError) {
        try LaunchGraph.validate(initializers)
    }
}

extension LaunchPlan {
    /// What a launch runs when the launches before it kept failing before their first
    /// frame: after ``after`` launches in a row that never reached it (they crashed, or
    /// were killed), the launch runs these initializers instead of the plan's (or in
    /// addition to them), and every context says so (``InitializerContext/isSafeMode``,
    /// ``AppContext/isSafeMode``). Reaching the first frame ends it: the count starts again.
    ///
    /// ```swift
    /// let plan = try LaunchPlan(safeMode: .init(after: 3) {
    ///     ClosureInitializer("reset-caches") { _ in try Caches.removeAll() }
    ///     ClosureInitializer("offer-a-fresh-start") { @MainActor _ in SafeModeBanner.show() }
    /// }) {
    ///     DatabaseInitializer()
    ///     SyncInitializer()
    /// }
    /// ```
    ///
    /// In safe mode, the plan's own initializers that do not run are listed in the report as
    /// ``LaunchReport/Outcome/Kind/notDue``; outside it, the safe mode's are.
    public struct SafeMode: Sendable {
        /// How many launches in a row without a first frame start safe mode. At least 1.
        public let after: Int
        /// Whether the safe mode's initializers run instead of the plan's (`true`) or in
        /// addition to them.
        public let replacesPlan: Bool
        /// The initializers that run in safe mode only.
        public let initializers: [any Initializer]

        /// A safe mode that starts after `after` launches in a row without a first frame.
        ///
        /// - Parameters:
        ///   - after: How many such launches start it. Default: 3.
        ///   - replacesPlan: Whether its initializers run instead of the plan's (the
        ///     default) or in addition to them. Instead, they may depend on each other
        ///     only; in addition, also on the plan's.
        ///   - initializers: What runs in safe mode only.
        public init(
            after: Int = 3,
            replacesPlan: Bool = true,
            @InitializerListBuilder _ initializers: () -> [any Initializer] = { [] }
        ) {
            precondition(after >= 1, "Safe mode starts after at least 1 launch without a first frame, not \(after).")
            self.after = after
            self.replacesPlan = replacesPlan
            self.initializers = initializers()
        }
    }
}
