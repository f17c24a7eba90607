public import Logging

#if Configuration
public import Configuration
#endif

/// What an initializer (or startup command) receives: the configuration, a logger that
/// names it, and the application's services.
///
/// ```swift
/// func perform(_ context: InitializerContext) async throws {
///     let timeout = context.configuration.int(forKey: "http.timeout", default: 30)
///     context.logger.info("connecting", metadata: ["timeout": "\(timeout)"])
///     await context.service(AnalyticsService.self)?.track("store-ready")
/// }
/// ```
public struct InitializerContext: Sendable {
    /// The initializer's (or command's) name.
    public let name: String
    /// The phase it runs in.
    public let phase: LaunchPhase
    /// Which try this is: 1 for the first, 2 for the first retry, and so on.
    public let attempt: Int
    /// 0 during the launch; 1, 2, ... for the runs when the application enters the foreground.
    public let foregroundRun: Int
    /// The metadata key naming the work: `initializer` or `command`.
    let metadataKey: String
    let environment: LaunchEnvironment

    init(
        name: String,
        phase: LaunchPhase,
        attempt: Int,
        foregroundRun: Int,
        metadataKey: String = "initializer",
        environment: LaunchEnvironment
    ) {
        self.name = name
        self.phase = phase
        self.attempt = attempt
        self.foregroundRun = foregroundRun
        self.metadataKey = metadataKey
        self.environment = environment
    }

    #if Configuration
    /// The configuration reader of the launch plan.
    public var configuration: ConfigReader { environment.configuration }
    #endif

    /// What the launches of this install have been (read as the launch began): versions,
    /// first launch, reinstall, launch count, safe mode, migrations done.
    public var history: LaunchHistory {
        environment.memory.history ?? environment.memory.begin(safeModeAfter: nil)
    }

    /// Why the application was launched, as known when this is read (see ``LaunchReason``
    /// for when it is settled).
    public var launchReason: LaunchReason { environment.launchReason.withLock { $0 } }

    /// Whether this launch runs the plan's safe mode (see ``LaunchPlan/SafeMode``).
    public var isSafeMode: Bool { history.isSafeMode }

    /// Reports how much of its work the initializer (a migration, typically) has done, from
    /// 0 to 1 (values outside are clamped): the services hear it as a ``LaunchProgress``
    /// event on the main actor, in the order this initializer reported, and
    /// ``Launch/progress`` keeps the latest of each initializer.
    public func reportProgress(_ fractionCompleted: Double) {
        let fraction = min(max(fractionCompleted, 0), 1)
        environment.progress.withLock { $0[name] = fraction }
        let event = LaunchProgress(name: name, fractionCompleted: fraction)
        Task { @MainActor [composite = environment.composite] in _ = composite?.post(event) }
    }

    /// A logger whose metadata names the initializer (`initializer`) or command (`command`).
    ///
    /// Values of the plan's secret keys are replaced by `<redacted>` in everything logged
    /// through it.
    public var logger: Logger {
        var logger = environment.logger
        logger[metadataKey: metadataKey] = "\(name)"
        return logger
    }

    /// The registered service of type `type`, or `nil` when there is none (or the composite
    /// is gone). Off the main actor, `await` it.
    ///
    /// `type` may also be a protocol: the first service in dependency order that conforms
    /// to it is returned.
    @MainActor
    public func service<Service>(_ type: Service.Type = Service.self) -> Service? {
        environment.composite?.service(type)
    }

    /// The registered service of type `type`.
    ///
    /// - Throws: ``ServiceCompositeError`` naming the type when there is none.
    @MainActor
    public func requireService<Service>(
        _ type: Service.Type = Service.self,
        file: String = #fileID,
        line: Int = #line
    ) throws(ServiceCompositeError) -> Service {
        guard let composite = environment.composite else {
            throw ServiceCompositeError(
                code: .serviceNotRegistered,
                message: "\(name) asked for \(Service.self), but the composite that ran the launch is gone. "
                    + "Keep the composite alive while its launch runs.",
                file: file,
                line: line
            )
        }
        return try composite.requireService(type, file: file, line: line)
    }
}

/// What every context of one launch shares.
final class LaunchEnvironment: Sendable {
    #if Configuration
    let configuration: ConfigReader
    #else
    let configuration = NoConfiguration()
    #endif
    let redactor: SecretRedactor
    /// The launch's logger, already redacting.
    let logger: Logger
    weak let composite: ServiceComposite?
    /// The launch history.
    let memory: LaunchMemoryKeeper
    /// The latest progress each initializer reported, by name.
    let progress = Locked<[String: Double]>([:])
    /// Why the application was launched, as the composite knows it.
    let launchReason = Locked(LaunchReason.user)

    #if Configuration
    init(
        configuration: ConfigReader,
        redactor: SecretRedactor,
        logger: Logger,
        composite: ServiceComposite?,
        memory: LaunchMemoryKeeper
    ) {
        self.configuration = configuration
        self.redactor = redactor
        self.logger = redactor.redacting(logger)
        self.composite = composite
        self.memory = memory
    }
    #else
    init(logger: Logger, composite: ServiceComposite?, memory: LaunchMemoryKeeper) {
        self.redactor = SecretRedactor()
        self.logger = logger
        self.composite = composite
        self.memory = memory
    }
    #endif
}

#if !Configuration
/// A launch's configuration without the `Configuration` trait: there is none, and an
/// initializer can require no keys (``RequiredConfigurationKey`` has no values).
struct NoConfiguration: Sendable {
    /// Nothing: no key can be required.
    func missingKeys(_ keys: [RequiredConfigurationKey]) -> [String] { [] }
}
#endif
