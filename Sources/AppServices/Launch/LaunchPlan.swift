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
    /// The initializers compiled for scheduling.
    let graph: LaunchGraph

    /// Creates a plan from lists written one element per line.
    ///
    /// - Throws: ``ServiceGraphError`` (subject "launch plan") listing every problem at
    ///   once, one line each: dependency cycles with their path, missing dependencies,
    ///   initializers listed twice, and dependencies on a later phase.
    public init(
        configuration: Configuration = Configuration(),
        @InitializerListBuilder _ initializers: () -> [any Initializer],
        @StartupCommandListBuilder commands: () -> [any StartupCommand] = { [] }
    ) throws(ServiceGraphError) {
        try self.init(configuration: configuration, initializers: initializers(), commands: commands())
    }

    /// Creates a plan from arrays.
    ///
    /// - Throws: ``ServiceGraphError`` listing every problem at once (see above).
    public init(
        configuration: Configuration = Configuration(),
        initializers: [any Initializer],
        commands: [any StartupCommand] = []
    ) throws(ServiceGraphError) {
        self.configuration = configuration
        self.initializers = initializers
        self.commands = commands
        self.graph = try LaunchGraph(initializers)
    }

    /// Checks a list of initializers without making a plan.
    ///
    /// - Throws: ``ServiceGraphError`` listing every problem at once.
    public static func validate(_ initializers: [any Initializer]) throws(ServiceGraphError) {
        try LaunchGraph.validate(initializers)
    }
}
