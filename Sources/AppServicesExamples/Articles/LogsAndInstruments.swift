// The code of the "Logs and Instruments" article.

import AppServices
import Logging

// MARK: Debug messages in the unified log

/// The composite's settings with the library's default logger lowered to debug messages.
func makeVerboseCompositeConfiguration() -> ServiceComposite.Configuration {
    var logger = Logger.appServicesDefault(label: "AppServices")
    logger.logLevel = .debug
    let configuration = ServiceComposite.Configuration(logger: logger)
    return configuration
}

// MARK: Turning it off

/// The composite's settings with a logger of the app's choice: standard error, as swift-log's
/// default handler writes, on every platform.
func makeStandardErrorCompositeConfiguration() -> ServiceComposite.Configuration {
    let logger = Logger(label: "AppServices") { StreamLogHandler.standardError(label: $0) }
    let configuration = ServiceComposite.Configuration(logger: logger)
    return configuration
}
