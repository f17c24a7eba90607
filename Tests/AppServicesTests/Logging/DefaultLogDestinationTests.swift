import Foundation
import Logging
import Testing

@testable import AppServices

/// Where the library's default logger writes: the unified log in place of swift-log's
/// default `StreamLogHandler` where the unified log exists, the factory's logger otherwise.
struct DefaultLogDestinationTests {
    struct CustomHandler: LogHandler {
        var logLevel: Logger.Level = .info
        var metadata: Logger.Metadata = [:]
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {}
    }

    @Test("swift-log's default StreamLogHandler is replaced by the unified log on Apple platforms")
    func streamHandlerReplacedWhereUnifiedLogExists() {
        let handler = StreamLogHandler.standardError(label: "AppServices")
        #expect(DefaultLogDestination(factoryHandler: handler, unifiedLogIsAvailable: true) == .unifiedLog)
    }

    @Test("swift-log's default StreamLogHandler is kept where there is no unified log (Linux)")
    func streamHandlerKeptWithoutUnifiedLog() {
        let handler = StreamLogHandler.standardOutput(label: "AppServices")
        #expect(DefaultLogDestination(factoryHandler: handler, unifiedLogIsAvailable: false) == .factory)
    }

    @Test(
        "A handler the app bootstrapped is kept, with or without the unified log",
        arguments: [true, false]
    )
    func bootstrappedHandlerKept(unifiedLogIsAvailable: Bool) {
        let handlers: [any LogHandler] = [
            CustomHandler(), SwiftLogNoOpLogHandler(),
            MultiplexLogHandler([StreamLogHandler.standardError(label: "AppServices")]),
        ]
        for handler in handlers {
            #expect(
                DefaultLogDestination(factoryHandler: handler, unifiedLogIsAvailable: unifiedLogIsAvailable)
                    == .factory,
                "\(type(of: handler))"
            )
        }
    }

    @Test("This platform's default logger is the unified log's where it exists and the factory's elsewhere")
    func defaultLoggerOnThisPlatform() {
        // The test process does not bootstrap swift-log: its factory is the default one.
        let logger = Logger.appServicesDefault(label: "AppServices.Tests")
        #expect(logger.label == "AppServices.Tests")
        #if canImport(os)
        #expect(DefaultLogDestination.unifiedLogIsAvailable)
        #expect(logger.handler is OSLogHandler)
        #else
        #expect(!DefaultLogDestination.unifiedLogIsAvailable)
        #expect(logger.handler is StreamLogHandler)
        #endif
    }

    @Test("The composite's and the layered configuration's default loggers are the library default")
    @MainActor
    func libraryDefaults() {
        let composite = ServiceComposite.Configuration()
        let layers = LayeredConfiguration(arguments: ["app"], environment: [:])
        #expect(composite.logger.label == "AppServices")
        #expect(layers.logger.label == "AppServices.Configuration")
        #if canImport(os)
        #expect(composite.logger.handler is OSLogHandler && layers.logger.handler is OSLogHandler)
        #else
        #expect(composite.logger.handler is StreamLogHandler && layers.logger.handler is StreamLogHandler)
        #endif
    }
}
