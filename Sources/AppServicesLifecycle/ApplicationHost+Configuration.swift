public import AppServices
public import Logging
public import UnixSignals

extension ApplicationHost {
    /// A host's settings: what the application is launched with, how long each wind-down
    /// step may take, and what a reload signal re-reads.
    public struct Configuration: Sendable {
        /// How long the services' background work may run after each wind-down step before
        /// it is cancelled and the next step goes on.
        ///
        /// Each step's budget covers all the background work still going, whenever it was
        /// begun: work begun while serving is cancelled at the end of the first step, and work
        /// begun in `didEnterBackground` gets that step's 5 s. That is tighter than iOS, which
        /// never cancels work as the application resigns active and gives background work
        /// about 30 s: the whole wind-down takes at most the budgets' sum, 12 s by default,
        /// within the 30 s most process supervisors (systemd, Kubernetes) allow before they
        /// send SIGKILL. Raise the budgets for longer work, within the supervisor's. Once the host's
        /// task is cancelled (a service group cancels its services when graceful shutdown
        /// overruns its `maximumGracefulShutdownDuration`), the steps that remain send their
        /// callbacks and cut the background work off at once, without waiting their budgets.
        public struct Budgets: Sendable, Hashable {
            /// After `applicationWillResignActive`, for all the background work going on,
            /// what was begun while serving included. Default: 2 s (UIKit sets no limit, and
            /// cancels nothing there).
            public var resignActive: Duration
            /// After `applicationDidEnterBackground`. Default: 5 s, as UIKit.
            public var enterBackground: Duration
            /// After `applicationWillTerminate`. Default: 5 s, as UIKit.
            public var terminate: Duration
            /// How long reading the configuration again may take
            /// (``ApplicationHost/reloadConfiguration()``). A reading over budget is
            /// abandoned and the services keep the configuration they have. Default: 5 s.
            public var reload: Duration

            /// Creates budgets; every parameter has the default described on its property.
            public init(
                resignActive: Duration = .seconds(2),
                enterBackground: Duration = .seconds(5),
                terminate: Duration = .seconds(5),
                reload: Duration = .seconds(5)
            ) {
                self.resignActive = resignActive
                self.enterBackground = enterBackground
                self.terminate = terminate
                self.reload = reload
            }
        }

        /// What `willFinishLaunching` and `didFinishLaunching` receive. Default: the
        /// process's command-line arguments, in the foreground.
        ///
        /// With `launchedInBackground`, the application serves in the background state, as
        /// UIKit leaves an application launched for a silent push: no `didBecomeActive`, and
        /// the wind-down is `willTerminate` alone.
        public var launchOptions: LaunchOptions
        /// How long each wind-down step may take.
        public var budgets: Budgets
        /// The configuration `reloadSignal` reads again, or `nil` (the default) for none.
        /// Give it the layers the launch plan's reader was made from, or a copy: which files
        /// were read before is kept by that value and its copies, not by one built the same
        /// way.
        public var configurationLayers: LayeredConfiguration?
        /// The signal that reloads `configurationLayers`. Default: SIGHUP, as daemons do.
        /// Trapped only while the host runs and only when there are layers to reload; `nil`
        /// traps nothing.
        public var reloadSignal: UnixSignal?
        /// The signal that runs the background tasks whose requests are due
        /// (``ApplicationHost/runDueBackgroundTasks()``), as the system would launch them.
        /// Default: SIGUSR1. Trapped while the host runs; `nil` traps nothing. Give it a
        /// signal other than `reloadSignal`.
        public var backgroundTaskSignal: UnixSignal?
        /// Where the host logs the launch, each wind-down step, each reload and each
        /// background-task run.
        public var logger: Logger
        /// Where the host keeps the launch history (`LaunchHistory`), in place of the
        /// launch plan's `LaunchPlan.Configuration.memory`, which outside Apple platforms
        /// keeps it in memory only; `nil` (the default) keeps the plan's.
        ///
        /// Give it `LaunchMemory.directory(_:version:)` with a directory the process may
        /// write and keeps across restarts (a service's state directory, or
        /// ``ApplicationHost/cacheDirectory(named:)`` for a tool run by a user), and the
        /// version being run: migrations, throttled initializers and the safe mode then work
        /// across runs as they do across launches of an app.
        public var launchMemory: LaunchMemory?
        /// Called once, when the application serves: it has launched (through its critical
        /// phase), is active, and its signals are trapped, the reload signal by the host and
        /// the graceful-shutdown signals by the service group, which traps them before it
        /// starts its services. Default: `nil`.
        ///
        /// Announce readiness here (print "serving", tell a supervisor such as systemd),
        /// never before `run()`: a signal sent on an earlier announcement may find no
        /// handler and end the process (see ``ApplicationHost/holdSignals(_:)``). The host
        /// logs "The application is active and serving until graceful shutdown." at the
        /// same moment. Not called when shutdown arrives first or the launch fails.
        public var whenServing: (@Sendable () -> Void)?

        /// Creates settings; every parameter has the default described on its property.
        public init(
            launchOptions: LaunchOptions = LaunchOptions(arguments: CommandLine.arguments),
            budgets: Budgets = Budgets(),
            configurationLayers: LayeredConfiguration? = nil,
            reloadSignal: UnixSignal? = .sighup,
            backgroundTaskSignal: UnixSignal? = .sigusr1,
            logger: Logger = Logger(label: "AppServicesLifecycle"),
            launchMemory: LaunchMemory? = nil,
            whenServing: (@Sendable () -> Void)? = nil
        ) {
            self.launchMemory = launchMemory
            self.launchOptions = launchOptions
            self.budgets = budgets
            self.configurationLayers = configurationLayers
            self.reloadSignal = reloadSignal
            self.backgroundTaskSignal = backgroundTaskSignal
            self.logger = logger
            self.whenServing = whenServing
        }
    }
}
