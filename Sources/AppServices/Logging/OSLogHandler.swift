#if canImport(os)
public import Logging
import os
import Synchronization

/// A swift-log handler that writes to Apple's unified log (`os.Logger`), so that the
/// library's messages, and an app's own, appear in Xcode's console and in Console.app with a
/// subsystem, a category and privacy.
///
/// The library uses it by default on Apple platforms when the app has not bootstrapped
/// swift-log (see `Logger.appServicesDefault(label:)`). An app that bootstraps swift-log
/// itself can send everything to the unified log with it:
///
/// ```swift
/// LoggingSystem.bootstrap { OSLogHandler(label: $0) }
/// ```
///
/// **Subsystem and category.** Entries are written under the main bundle's identifier, or
/// for a process without one (a command-line tool) under the process's name, unless a
/// subsystem is given. The category is the name of the code that logged, from the metadata
/// the library sets: `service` (a service's context logger, and the composite's messages
/// about one service), then `initializer`, then `command` (a startup command). Other entries
/// go under the default category, the logger's label unless one is given (`AppServices`,
/// `AppServices.Configuration` for the library's own loggers).
///
/// **Levels.** `OSLogType` has five types for swift-log's seven levels:
///
/// | swift-log | unified log |
/// |---|---|
/// | `trace`, `debug` | `.debug` |
/// | `info` | `.info` |
/// | `notice` | `.default` |
/// | `warning` | `.error` |
/// | `error` | `.error` |
/// | `critical` | `.fault` |
///
/// A warning is an `.error` rather than a `.default` entry: the unified log has no warning
/// type, the library warns when something did not happen as written (an initializer skipped
/// for a missing key, a service's late answer ignored), and `.default` is the type of every
/// ordinary notice, where Xcode does not highlight it and `messageType == error` does not
/// find it. The price is that a warning and an error share one type; the text still says
/// which. `.fault` is kept for `critical`, since the system treats faults as bugs and keeps
/// more context for them.
///
/// **Text and privacy.** An entry's text is the message followed by the metadata, in key
/// order, as `key=value`: the handler's metadata, overridden by the metadata provider's,
/// overridden by the call's; then `error=` and the attached error, if any. The unified log
/// shows public parts to anyone who reads it and private parts only while a debugger is
/// attached (Xcode's console) or on a device set to show private data. Public: the metadata
/// keys, the values of the keys given as `publicMetadataKeys`, and the values of the keys
/// that name code (`service`, `services`, `initializer`, `command`, `callback`, `milestone`,
/// `phase`, `gate`, `state`) where the library set them: in its own entries, and in a
/// logger's metadata (a service context's logger names its service and callback). In the
/// metadata of the app's own calls, and in the metadata provider's, those words are private
/// like any other key, since the app may use them for anything. Private: every other value (URLs, user info, tokens, configuration
/// values, identifiers), the attached error, and the message text. The message is private
/// because it interpolates whatever the caller had at hand, a URL or a configuration value
/// as easily as a name, and swift-log's messages do not say which part is which; the names
/// that explain an entry are in its public metadata and category.
///
/// **Secrets.** The handler does not know which configuration values are secret. Secret
/// values are removed before events reach it: an initializer's logger replaces them with
/// `<redacted>` whatever handler is behind it, this one included, so a secret is not even
/// written as private data.
///
/// **Levels below `info`.** Like swift-log's own handlers it starts at `.info`, so debug
/// messages are not rendered unless the handler's level is lowered (`logger.logLevel =
/// .debug`); the unified log then keeps them in memory only, and `log stream --level debug`
/// shows them.
public struct OSLogHandler: LogHandler {
    /// The subsystem entries are written under.
    public var subsystem: String { base.subsystem }
    /// The category of entries whose metadata names no service, initializer or command.
    public var defaultCategory: String { base.defaultCategory }

    /// The level below which events are dropped. Default: `.info`.
    public var logLevel: Logging.Logger.Level {
        get { base.logLevel }
        set { base.logLevel = newValue }
    }

    /// Metadata added to every entry (overridden by the provider's and the call's).
    public var metadata: Logging.Logger.Metadata {
        get { base.metadata }
        set { base.metadata = newValue }
    }

    /// Metadata added to every entry when it is logged.
    public var metadataProvider: Logging.Logger.MetadataProvider? {
        get { base.metadataProvider }
        set { base.metadataProvider = newValue }
    }

    private var base: UnifiedLogHandler

    /// Creates a handler for the logger labelled `label`.
    ///
    /// - Parameters:
    ///   - label: The logger's label; the default category unless `defaultCategory` is given.
    ///   - subsystem: The subsystem; `nil` for the main bundle's identifier, or the process's
    ///     name when it has none.
    ///   - defaultCategory: The category of entries whose metadata names no service,
    ///     initializer or command; `nil` for `label`.
    ///   - publicMetadataKeys: Metadata keys whose values the unified log shows publicly,
    ///     besides the library's names of code. Name only keys whose values are never
    ///     personal or secret.
    ///   - logLevel: The level below which events are dropped.
    ///   - metadataProvider: Metadata added to every entry when it is logged; by default
    ///     the one bootstrapped with swift-log.
    public init(
        label: String,
        subsystem: String? = nil,
        defaultCategory: String? = nil,
        publicMetadataKeys: Set<String> = [],
        logLevel: Logging.Logger.Level = .info,
        metadataProvider: Logging.Logger.MetadataProvider? = LoggingSystem.metadataProvider
    ) {
        let loggers = OSLoggers()
        base = UnifiedLogHandler(
            label: label,
            subsystem: subsystem,
            defaultCategory: defaultCategory,
            publicMetadataKeys: publicMetadataKeys,
            logLevel: logLevel,
            metadataProvider: metadataProvider
        ) { record, subsystem in
            Self.write(record, to: loggers.logger(subsystem: subsystem, category: record.category))
        }
    }

    /// The metadata value for `key`.
    public subscript(metadataKey key: String) -> Logging.Logger.Metadata.Value? {
        get { base[metadataKey: key] }
        set { base[metadataKey: key] = newValue }
    }

    /// Writes `event` to the unified log.
    public func log(event: LogEvent) {
        base.log(event: event)
    }

    /// Writes `record` with one interpolation per segment, each with its privacy. The
    /// record's segments alternate public and private, starting public, at most
    /// `UnifiedLogRecord.maximumSegmentCount`: the unified log needs a literal message, so
    /// each count has its own.
    private static func write(_ record: UnifiedLogRecord, to logger: os.Logger) {
        let type = OSLogType(record.type)
        let s = record.segments.map(\.text)
        switch s.count {
        case 1:
            logger.log(level: type, "\(s[0], privacy: .public)")
        case 2:
            logger.log(level: type, "\(s[0], privacy: .public)\(s[1], privacy: .private)")
        case 3:
            logger.log(level: type, "\(s[0], privacy: .public)\(s[1], privacy: .private)\(s[2], privacy: .public)")
        case 4:
            logger.log(
                level: type,
                "\(s[0], privacy: .public)\(s[1], privacy: .private)\(s[2], privacy: .public)\(s[3], privacy: .private)"
            )
        case 5:
            logger.log(
                level: type,
                """
                \(s[0], privacy: .public)\(s[1], privacy: .private)\(s[2], privacy: .public)\(s[3], privacy: .private)\
                \(s[4], privacy: .public)
                """
            )
        case 6:
            logger.log(
                level: type,
                """
                \(s[0], privacy: .public)\(s[1], privacy: .private)\(s[2], privacy: .public)\(s[3], privacy: .private)\
                \(s[4], privacy: .public)\(s[5], privacy: .private)
                """
            )
        case 7:
            logger.log(
                level: type,
                """
                \(s[0], privacy: .public)\(s[1], privacy: .private)\(s[2], privacy: .public)\(s[3], privacy: .private)\
                \(s[4], privacy: .public)\(s[5], privacy: .private)\(s[6], privacy: .public)
                """
            )
        case 8:
            logger.log(
                level: type,
                """
                \(s[0], privacy: .public)\(s[1], privacy: .private)\(s[2], privacy: .public)\(s[3], privacy: .private)\
                \(s[4], privacy: .public)\(s[5], privacy: .private)\(s[6], privacy: .public)\(s[7], privacy: .private)
                """
            )
        case 9:
            logger.log(
                level: type,
                """
                \(s[0], privacy: .public)\(s[1], privacy: .private)\(s[2], privacy: .public)\(s[3], privacy: .private)\
                \(s[4], privacy: .public)\(s[5], privacy: .private)\(s[6], privacy: .public)\(s[7], privacy: .private)\
                \(s[8], privacy: .public)
                """
            )
        default:
            // Ten, the most a record has (`UnifiedLogRecord.maximumSegmentCount`); any
            // further text would be private, so it is joined into the last private part.
            let last = s[9...].joined()
            logger.log(
                level: type,
                """
                \(s[0], privacy: .public)\(s[1], privacy: .private)\(s[2], privacy: .public)\(s[3], privacy: .private)\
                \(s[4], privacy: .public)\(s[5], privacy: .private)\(s[6], privacy: .public)\(s[7], privacy: .private)\
                \(s[8], privacy: .public)\(last, privacy: .private)
                """
            )
        }
    }
}

extension OSLogType {
    /// The unified log's type for a record's type.
    fileprivate init(_ type: UnifiedLogType) {
        switch type {
        case .debug: self = .debug
        case .info: self = .info
        case .default: self = .default
        case .error: self = .error
        case .fault: self = .fault
        }
    }
}

/// The `os.Logger`s of one handler and its copies, one per subsystem and category, made
/// once each.
private final class OSLoggers: Sendable {
    private let loggers = Mutex<[String: os.Logger]>([:])

    func logger(subsystem: String, category: String) -> os.Logger {
        loggers.withLock { loggers in
            let key = "\(subsystem)\u{0}\(category)"
            if let logger = loggers[key] { return logger }
            let logger = os.Logger(subsystem: subsystem, category: category)
            loggers[key] = logger
            return logger
        }
    }
}
#endif
