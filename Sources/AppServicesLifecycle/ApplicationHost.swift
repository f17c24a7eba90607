public import AppServices
import Configuration
import Logging
public import ServiceLifecycle
import Synchronization
import UnixSignals

#if !Configuration
#error(
    "AppServicesLifecycle reads the application's configuration: enable the Configuration trait of AppServices."
)
#endif

/// Runs an application's services as a swift-service-lifecycle `Service`: the host that
/// UIKit is on iOS, for a server or a command-line program.
///
/// ```swift
/// let composite = ServiceComposite(launchPlan: plan) {
///     AnalyticsService()
///     PushNotificationService()
/// }
/// let host = ApplicationHost(composite: composite, configuration: .init(configurationLayers: layers))
/// let group = ServiceGroup(
///     services: [host],
///     gracefulShutdownSignals: [.sigterm, .sigint],
///     logger: logger
/// )
/// try await group.run()
/// ```
///
/// `run()` walks the application through the life cycle UIKit gives an app:
///
/// 1. **Launch**: `willFinishLaunching`, then `didFinishLaunching`, which runs the launch
///    plan's before-launch-returns initializers and startup commands and starts its critical
///    phase. The host then waits for the critical phase.
/// 2. **Active**: it reports the first frame (a server "shows" it when it starts serving,
///    which starts the after-first-frame and idle phases) and sends `didBecomeActive`.
/// 3. **Serving**, announced through `Configuration-swift.struct/whenServing` once every
///    signal is trapped, until graceful shutdown (the service group's `gracefulShutdownSignals`,
///    such as SIGTERM and SIGINT) or cancellation. Meanwhile each reload signal (SIGHUP by
///    default) reads the configuration layers again and posts `ConfigurationDidChange`
///    (`reloadConfiguration()`), and each background-task signal (SIGUSR1 by default) runs
///    the background tasks whose requests are due (`runDueBackgroundTasks()`).
/// 4. **Wind-down**, in reverse: background-task runs still going are expired (their work is
///    cancelled, and each is completed as failed, once), then `willResignActive`,
///    `didEnterBackground`, `willTerminate`.
///    After each step the host waits for the background work services began
///    (`AppContext/beginBackgroundWork(named:endsOnForeground:_:)`) up to the step's budget
///    (`Configuration-swift.struct/Budgets-swift.struct`), then cancels what still runs
///    and goes on. Then `run()` returns, so the service group ends cleanly.
///
/// A graceful shutdown that arrives before the launch (a signal held since the process
/// started, see ``holdSignals(_:)``) launches nothing, so there is nothing to wind down.
/// A graceful shutdown that arrives during the launch cancels it (running initializers are
/// cancelled, the others skipped); the host then winds down from the state the application
/// is in, sending only callbacks UIKit sends from there: from `inactive`, that is
/// `didEnterBackground` and `willTerminate`. A launch whose required initializer fails is
/// wound down the same way, and `run()` then throws ``ApplicationHostError``, which ends
/// the service group with that error; also when the initializer is of a phase that runs
/// while the application serves (after the first frame, idle): serving ends then.
///
/// The host plays `BGTaskScheduler` with an `InProcessBackgroundTaskScheduler`
/// (`backgroundTaskScheduler`): the composite registers its declared background tasks with it
/// before `willFinishLaunching`, so services can submit requests from their launch callbacks
/// on, and the host runs the due ones when triggered.
///
/// Budgets bound the asynchronous background work, not the callbacks themselves: a service's
/// synchronous main-actor handler cannot be interrupted, so long work belongs in background
/// work. All budgets are measured on the composite's clock
/// (`ServiceComposite/Configuration-swift.struct/clock`).
public final class ApplicationHost: Service {
    /// The application: its services and the launch plan attached to it.
    public let composite: ServiceComposite
    /// The host's settings.
    public let configuration: Configuration
    /// Whether `run()` was called, so that it runs once.
    private let started = Atomic(false)
    /// The host's background tasks, made on the main actor the first time they are needed
    /// (their type is main-actor isolated; the host is not).
    private let backgroundTaskState = Locked<HostBackgroundTasks?>(nil)
    /// The configuration reloads started, and the last whose configuration was posted, with
    /// its reader: when reloads overlap, the one started last wins.
    let reloads = Mutex<(started: Int, posted: Int, reader: ConfigReader?)>((0, 0, nil))

    var logger: Logger { configuration.logger }

    /// The host's background tasks: its scheduler and the runs going on.
    @MainActor
    var backgroundTasks: HostBackgroundTasks {
        backgroundTaskState.withLock { state in
            if let state { return state }
            let made = HostBackgroundTasks(logger: logger)
            state = made
            return made
        }
    }

    /// Creates a host for `composite`, which should have its launch plan attached.
    ///
    /// - Parameters:
    ///   - composite: The application's services, with its launch plan (see
    ///     `ServiceComposite/attachLaunchPlan(_:file:line:)`). Without a plan, the host
    ///     becomes active as soon as `didFinishLaunching` returns.
    ///   - configuration: Launch options, wind-down budgets, the configuration to reload,
    ///     and the logger.
    public init(composite: ServiceComposite, configuration: Configuration = Configuration()) {
        self.composite = composite
        self.configuration = configuration
    }

    /// Launches the application, keeps it active until graceful shutdown, and winds it down.
    ///
    /// - Throws: ``ApplicationHostError`` when `run()` was called before or a required
    ///   initializer failed the launch (after the wind-down); `ServiceGraphError` listing
    ///   every problem when the composite's services cannot be ordered (before anything
    ///   is dispatched).
    public func run() async throws {
        guard !started.exchange(true, ordering: .relaxed) else {
            throw ApplicationHostError(
                code: .alreadyStarted,
                message: "ApplicationHost.run() was called a second time; a host launches its application once. "
                    + "Create a new host and composite to launch again."
            )
        }
        try await MainActor.run { try composite.validate() }
        // Trapped before the launch, so a reload or background-task signal that arrives early
        // is handled once the application serves instead of ending the process.
        let servingSignals = await trapServingSignals()
        // Every handler is in place now (a service group traps its shutdown signals before it
        // starts its services): the signals held since the process started can be served.
        Self.raiseHeldSignals()
        // A shutdown that arrived before anything was launched leaves nothing to wind down.
        if Task.isShuttingDownGracefully || Task.isCancelled {
            logger.info("Shutdown arrived before the launch; nothing was launched, so there is nothing to wind down.")
            return
        }

        let launch = await launchApplication()
        var outcome = await waitForCriticalPhase(of: launch)
        if case .ready = outcome {
            await becomeActive()
            if let failure = await serve(handling: servingSignals, watching: launch) { outcome = .failed(failure) }
        }
        await windDown()
        // After the wind-down cancelled the launch, every running initializer returns or is
        // abandoned within the plan's grace period, so the report is complete when `run()`
        // returns; also when the host's task was cancelled (a sibling service failed), which
        // would end the wait at once: it waits in a task of its own, bounded by that period.
        if let launch { await Task { await launch.waitUntilIdle() }.value }
        // What the launch history changed last (a migration done, a success, also one that
        // returned within the grace period after the wind-down) outlives the process.
        await launch?.waitUntilHistoryIsWritten()

        if case .failed(let error) = outcome {
            throw ApplicationHostError(
                code: .launchFailed,
                initializer: error.initializer,
                message: "\(error.message) The application was wound down."
            )
        }
    }

    // MARK: - Launch

    /// How waiting for the critical phase ended.
    private enum LaunchOutcome {
        /// The critical phase is ready (or there is no launch plan).
        case ready
        /// Graceful shutdown or cancellation arrived first; the launch was cancelled.
        case stopped
        /// A required initializer failed.
        case failed(LaunchError)
    }

    /// Registers the background tasks, sends will- and didFinishLaunching; returns the launch
    /// they started, if a plan is attached.
    @MainActor
    private func launchApplication() -> Launch? {
        let options = configuration.launchOptions
        if let memory = configuration.launchMemory {
            if composite.keepLaunchHistory(in: memory) {
                logger.info("The launch history is kept in the \(memory.store.description).")
            } else {
                logger.warning(
                    "The launch history is not kept in the \(memory.store.description): the composite has no launch plan, or its launch has begun."
                )
            }
        }
        // As an app registers with BGTaskScheduler before launch returns; before the
        // services hear of the launch, so that they can submit requests from it on.
        backgroundTasks.register(composite)
        if !composite.willFinishLaunching(options) {
            logger.debug("A service answered false to willFinishLaunching; the launch goes on.")
        }
        if !composite.didFinishLaunching(options) {
            logger.debug("A service answered false to didFinishLaunching; the launch goes on.")
        }
        return composite.launch
    }

    /// Waits until the critical phase is ready. Graceful shutdown or cancellation cancels
    /// the launch, which ends the wait.
    private func waitForCriticalPhase(of launch: Launch?) async -> LaunchOutcome {
        if let launch {
            do {
                try await withTaskCancellationOrGracefulShutdownHandler {
                    try await launch.waitUntilReady(.critical)
                } onCancelOrGracefulShutdown: {
                    launch.cancel()
                }
            } catch let error as LaunchError where error.code != .cancelled {
                return .failed(error)  // the launch has logged it
            } catch {
                return stoppedDuringLaunch()
            }
        }
        // Shutdown that arrived while the launch callbacks ran, with no plan or a critical
        // phase ready by then, stops the launch too: the application never becomes active.
        if Task.isShuttingDownGracefully || Task.isCancelled {
            launch?.cancel()
            return stoppedDuringLaunch()
        }
        return .ready
    }

    private func stoppedDuringLaunch() -> LaunchOutcome {
        logger.info("Shutdown arrived during the launch; the launch is cancelled and the application winds down.")
        return .stopped
    }

    /// Reports the first frame and, unless the application was launched into the
    /// background, sends didBecomeActive.
    @MainActor
    private func becomeActive() {
        composite.reportFirstFrame()
        if composite.applicationState == .inactive { composite.didBecomeActive() }
    }
}
