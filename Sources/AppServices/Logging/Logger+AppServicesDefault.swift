public import Logging

extension Logger {
    /// The logger the library uses when it is given none: on Apple platforms one that
    /// writes to the unified log (`OSLogHandler`) while the app has not bootstrapped
    /// swift-log, and otherwise the logger swift-log's bootstrapped factory makes.
    ///
    /// swift-log cannot be asked whether it was bootstrapped; its default factory makes a
    /// `StreamLogHandler` (standard error). So when the factory's handler is a
    /// `StreamLogHandler`, the unified log, where an app's messages are read, takes its
    /// place, with the factory's level and metadata provider. An app that bootstrapped its
    /// own handler keeps it; one that bootstrapped a `StreamLogHandler` on purpose and wants
    /// it on an Apple platform passes its logger in the configuration. On Linux and other
    /// platforms without the unified log it is always the factory's logger.
    ///
    /// The defaults of `ServiceComposite.Configuration`, `LayeredConfiguration` and the other
    /// configurations of the library are this logger.
    ///
    /// - Parameter label: The logger's label; on the unified log, the category of entries
    ///   that name no service, initializer or command.
    public static func appServicesDefault(label: String) -> Logger {
        let factoryLogger = Logger(label: label)
        switch DefaultLogDestination(factoryHandler: factoryLogger.handler) {
        case .factory:
            return factoryLogger
        case .unifiedLog:
            #if canImport(os)
            let handler = OSLogHandler(
                label: label,
                logLevel: factoryLogger.logLevel,
                metadataProvider: factoryLogger.handler.metadataProvider
            )
            return Logger(label: label) { _ in handler }
            #else
            return factoryLogger
            #endif
        }
    }
}

/// Where the library's default logger writes: the decision of
/// `Logger.appServicesDefault(label:)`, made apart from the platform so that it is tested
/// everywhere.
enum DefaultLogDestination: Sendable, Hashable {
    /// The logger swift-log's factory makes.
    case factory
    /// The unified log, through `OSLogHandler`.
    case unifiedLog

    /// Whether the unified log exists on the platform the library was compiled for.
    static var unifiedLogIsAvailable: Bool {
        #if canImport(os)
        true
        #else
        false
        #endif
    }

    /// The destination when swift-log's factory makes `factoryHandler`: the unified log
    /// when it is available and the handler is swift-log's default, a `StreamLogHandler`.
    init(factoryHandler: any LogHandler, unifiedLogIsAvailable: Bool = Self.unifiedLogIsAvailable) {
        self = unifiedLogIsAvailable && factoryHandler is StreamLogHandler ? .unifiedLog : .factory
    }
}
