import AppServices
import AppServicesLifecycle
import Configuration
import Logging

/// The example app, whole: its services, its launch plan (initializers and startup
/// commands), and the host that runs it. Read this first; it is what an app delegate looks
/// like once it only delegates.
@MainActor
struct DemoApplication {
    /// The services, initializers and commands with their launch plan.
    let composite: ServiceComposite
    /// Runs the composite as a swift-service-lifecycle service.
    let host: ApplicationHost
    /// The app's local database, shared by the store initializer and the push service.
    let store: LocalStore

    /// Assembles the app.
    ///
    /// - Parameters:
    ///   - layers: Where the configuration comes from; read again on SIGHUP.
    ///   - reader: The configuration as read at start.
    ///   - logger: Where the host, the composite and the launch log.
    ///   - log: Where the services and initializers tell what they do.
    ///   - memory: Where the host keeps the launch history, and the version that runs.
    ///   - crashesBeforeFirstFrame: Whether the launch ends the process before its first
    ///     frame (unless it runs in safe mode).
    ///   - whenServing: Called once the host serves, its signals trapped.
    init(
        layers: LayeredConfiguration,
        reader: ConfigReader,
        logger: Logger,
        log: EventLog,
        memory: LaunchMemory,
        crashesBeforeFirstFrame: Bool = false,
        whenServing: (@Sendable () -> Void)? = nil
    ) throws {
        let store = LocalStore()
        let plan = try LaunchPlan(
            configuration: .init(reader: reader, secretKeys: layers.secretKeys),
            safeMode: LaunchMemoryDemo.safeMode(log: log)
        ) {
            LoggingInitializer(log: log)
            CrashReporterInitializer(log: log)
            FeatureFlagsInitializer(log: log)
            StoreInitializer(store: store, log: log)
            ImageCacheInitializer(log: log)
            LaunchMemoryDemo.migrations(log: log)
            if crashesBeforeFirstFrame { LaunchMemoryDemo.crash(log: log) }
        } commands: {
            RootViewCommand(log: log)
            AppearanceCommand(log: log)
        }
        let composite = ServiceComposite(configuration: .init(logger: logger), launchPlan: plan) {
            // Listed in any order: the push service declares that it depends on analytics.
            PushNotificationService(store: store, log: log)
            AnalyticsService(sampleRate: reader.double(forKey: DemoSetting.sampleRate.key) ?? 1.0, log: log)
            InboxService(store: store, log: log)
            ReminderService(log: log)
        }
        self.composite = composite
        self.store = store
        self.host = ApplicationHost(
            composite: composite,
            configuration: .init(
                configurationLayers: layers,
                logger: logger,
                launchMemory: memory,
                whenServing: whenServing
            )
        )
    }

    /// The configuration layers: environment variables, then the JSON file named by
    /// `--config` or `APP_CONFIG_FILE`, then the built-in defaults.
    ///
    /// The command line belongs to the demo's own options, so it is not a layer here. Every
    /// value is checked against ``DemoSetting``; unknown keys are logged through `logger`.
    nonisolated static func configurationLayers(file: String?, logger: Logger) -> LayeredConfiguration {
        LayeredConfiguration(
            arguments: ["appservices-demo"] + (file.map { ["--config", $0] } ?? []),
            settings: DemoSetting.all,
            logger: logger
        )
    }
}
