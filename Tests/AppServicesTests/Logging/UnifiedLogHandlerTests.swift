import AppServicesTesting
import Configuration
import Foundation
import Logging
import Testing

@testable import AppServices

/// Records what the unified-log handler would hand to `os.Logger`.
final class UnifiedLogRecorder: Sendable {
    private let written = Locked<[(record: UnifiedLogRecord, subsystem: String)]>([])

    var records: [UnifiedLogRecord] { written.withLock { $0.map(\.record) } }

    /// Records `record`, as written under no particular subsystem.
    func append(_ record: UnifiedLogRecord) { written.withLock { $0.append((record, "")) } }
    var subsystems: [String] { written.withLock { $0.map(\.subsystem) } }

    func handler(
        label: String = "AppServices",
        subsystem: String? = "com.example.app",
        defaultCategory: String? = nil,
        metadataProvider: Logger.MetadataProvider? = nil
    ) -> UnifiedLogHandler {
        UnifiedLogHandler(
            label: label,
            subsystem: subsystem,
            defaultCategory: defaultCategory,
            logLevel: .trace,
            metadataProvider: metadataProvider
        ) { record, subsystem in
            self.written.withLock { $0.append((record, subsystem)) }
        }
    }

    func logger(label: String = "AppServices", metadataProvider: Logger.MetadataProvider? = nil) -> Logger {
        let handler = handler(label: label, metadataProvider: metadataProvider)
        return Logger(label: label) { _ in handler }
    }
}

/// The unified-log handler's own part: merging metadata, the default category and subsystem,
/// and its place behind the redaction of secrets.
@MainActor
struct UnifiedLogHandlerTests {
    @Test("The call's metadata overrides the provider's, which overrides the handler's")
    func mergeOrder() throws {
        let recorder = UnifiedLogRecorder()
        var logger = recorder.logger(
            metadataProvider: .init { ["request": "provided", "trace": "provided"] }
        )
        logger[metadataKey: "request"] = "handler"
        logger[metadataKey: "trace"] = "handler"
        logger[metadataKey: "app"] = "handler"
        logger.info("m", metadata: ["trace": "call"])
        let record = try #require(recorder.records.first)
        #expect(record.text == "m app=handler request=provided trace=call")
    }

    @Test("The default category is the logger's label unless one is given, and the subsystem is the one given")
    func defaultCategoryAndSubsystem() {
        let recorder = UnifiedLogRecorder()
        recorder.logger(label: "AppServices.Configuration").info("a")
        let named = recorder.handler(label: "ignored", defaultCategory: "Networking")
        Logger(label: "ignored") { _ in named }.info("b")
        #expect(recorder.records.map(\.category) == ["AppServices.Configuration", "Networking"])
        #expect(recorder.subsystems == ["com.example.app", "com.example.app"])
    }

    @Test("Without a configured subsystem it is the bundle identifier, or the process name without one")
    func subsystemFallback() {
        #expect(
            UnifiedLogHandler.defaultSubsystem(bundleIdentifier: "com.example.shop", processName: "Shop")
                == "com.example.shop"
        )
        #expect(UnifiedLogHandler.defaultSubsystem(bundleIdentifier: nil, processName: "shopctl") == "shopctl")
        #expect(UnifiedLogHandler.defaultSubsystem(bundleIdentifier: "", processName: "shopctl") == "shopctl")
        let handler = UnifiedLogRecorder().handler(subsystem: nil)
        #expect(handler.subsystem == UnifiedLogHandler.processSubsystem)
    }

    @Test("The library's code-naming keys are private in the app's own calls; the keys the app named stay public")
    func appKeysArePrivate() throws {
        let recorder = UnifiedLogRecorder()
        let handler = UnifiedLogHandler(label: "MyApp", publicMetadataKeys: ["screen"], logLevel: .trace) { record, _ in
            recorder.append(record)
        }
        var logger = Logger(label: "MyApp") { _ in handler }
        logger[metadataKey: "service"] = "Checkout"  // a logger's own metadata, as a context's logger has
        logger.info("auth", metadata: ["state": "xyz", "callback": "https://example.com/cb?code=1", "screen": "login"])
        let record = try #require(recorder.records.first)
        #expect(record.segments.contains(.private("xyz")))
        #expect(record.segments.contains(.private("https://example.com/cb?code=1")))
        #expect(record.segments.contains { $0.privacy == .public && $0.text.contains("screen=login") })
        #expect(record.segments.contains { $0.privacy == .public && $0.text.contains("service=Checkout") })
        #expect(record.text == "auth callback=https://example.com/cb?code=1 screen=login service=Checkout state=xyz")
    }

    @Test("The app's metadata never names a category, and the provider's stays private in the library's entries")
    func appMetadataStaysPrivate() throws {
        let recorder = UnifiedLogRecorder()
        let logger = recorder.logger(
            metadataProvider: .init { ["state": "oauth-xyz", "service": "https://x.test/?t=1"] }
        )
        logger.error("request failed", metadata: ["service": "https://example.com/?token=abc"])
        logger.warning("Inbox answered late", metadata: ["service": "Inbox"], source: "AppServices")
        logger.warning("a library warning", source: "AppServices")
        let records = recorder.records
        #expect(records.map(\.category) == ["AppServices", "Inbox", "AppServices"])
        #expect(records[0].segments.contains(.private("https://example.com/?token=abc")))
        #expect(records[1].segments.contains(.private("oauth-xyz")), "the provider is the app's, whoever logs")
        #expect(
            records[1].segments.contains { $0.privacy == .public && $0.text.contains("service=Inbox") },
            "the library's own words stay public"
        )
        #expect(records[2].segments.contains(.private("oauth-xyz")))
        #expect(records[2].segments.contains(.private("https://x.test/?t=1")))
    }

    @Test("Through the launch's redacting logger, the provider's metadata stays the app's: private, no category")
    func appMetadataStaysPrivateWhenRedacted() throws {
        let recorder = UnifiedLogRecorder()
        let logger = recorder.logger(
            metadataProvider: .init { ["state": "oauth-xyz", "service": "https://x.test/?t=1&key=s3cr3t-value-42"] }
        )
        let redactor = SecretRedactor(
            reader: ConfigReader(provider: InMemoryProvider(values: ["api.key": "s3cr3t-value-42"])),
            secretKeys: ["api.key"]
        )
        let redacting = redactor.redacting(logger)
        redacting.warning("a library warning", metadata: ["initializer": "Feed"], source: "AppServices")
        let record = try #require(recorder.records.first)
        #expect(record.category == "Feed")
        #expect(record.segments.contains(.private("oauth-xyz")))
        #expect(!record.segments.contains { $0.text.contains("s3cr3t-value-42") }, "the provider's values are redacted")
        #expect(!record.segments.contains { $0.privacy == .public && $0.text.contains("x.test") })
    }

    @Test("A service context's logger writes under the service's category with its callback public")
    func serviceContext() throws {
        final class Greeter: AppService, LaunchHandling {
            func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
                context.logger.info("Hello", metadata: ["url": "https://example.com/a"])
                return true
            }
        }
        let recorder = UnifiedLogRecorder()
        let composite = ServiceComposite([Greeter()], configuration: .init(logger: recorder.logger()))
        _ = composite.didFinishLaunching()
        let record = try #require(recorder.records.first { $0.category == "Greeter" })
        #expect(record.segments.contains(.public(" callback=didFinishLaunching service=Greeter url=")))
        #expect(record.segments.contains(.private("https://example.com/a")))
        #expect(record.segments.contains(.private("Hello")))
    }

    struct Leaky: Initializer {
        var failurePolicy: FailurePolicy { .optional }
        struct Rejected: Error, CustomStringConvertible {
            let token: String
            var description: String { "the server rejected token \(token)" }
        }

        func perform(_ context: InitializerContext) async throws {
            let token = context.configuration.string(forKey: "api.token", isSecret: true) ?? ""
            var logger = context.logger
            logger[metadataKey: "token"] = "\(token)"
            logger.info("using token \(token)", metadata: ["again": "\(token)", "nested": ["list": ["\(token)"]]])
            logger.error("failed", error: Rejected(token: token))
        }
    }

    @Test("A secret configuration value appears in no segment, from the message, metadata, provider or error")
    func secretsNeverWritten() async throws {
        let secret = "tok-27182818284"
        let recorder = UnifiedLogRecorder()
        var configuration = try await LaunchPlan.Configuration(
            LayeredConfiguration(arguments: ["app"], environment: ["API_TOKEN": secret], secretKeys: ["api.token"])
        )
        configuration.logger = recorder.logger(metadataProvider: .init { ["provided": "\(secret)"] })
        let plan = try LaunchPlan(configuration: configuration) { Leaky() }
        let composite = ServiceComposite([], configuration: .init(clock: TestClock()), launchPlan: plan)
        _ = composite.didFinishLaunching()
        try await composite.launch?.run(Leaky.self)

        let written = recorder.records.filter { $0.category == "Leaky" }
        try #require(written.count == 2)
        for segment in written.flatMap(\.segments) { #expect(!segment.text.contains(secret), "\(segment)") }
        #expect(written[0].text.contains("using token <redacted>"))
        #expect(written[0].text.contains("provided=<redacted>"))
        #expect(written[1].text.contains("error=the server rejected token <redacted>"))
    }
}
