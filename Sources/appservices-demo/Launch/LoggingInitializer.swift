import AppServices
import Configuration
import Logging

/// Sets up logging before anything else, inside `didFinishLaunching`: the one initializer
/// that must run before launch returns. Work there is synchronous, so it is quick.
///
/// It checks `log.level`, so that a typo in the configuration fails the launch with a
/// message naming the key, rather than silently logging at the wrong level.
struct LoggingInitializer: SynchronousInitializer {
    let log: EventLog

    func performSynchronously(_ context: InitializerContext) throws {
        let level = context.configuration.string(forKey: "log.level", default: "info")
        guard Logger.Level(rawValue: level) != nil else {
            throw InvalidSetting(
                key: "log.level",
                value: level,
                expected: Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            )
        }
        // A real app would configure its logging backend here.
        log.record(context, "log level \(level)")
    }
}

/// A configuration value the demo cannot use.
struct InvalidSetting: Error, CustomStringConvertible {
    let key: String
    let value: String
    let expected: String

    var description: String { "\(key) is \"\(value)\"; use one of: \(expected)." }
}
