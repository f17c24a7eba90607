import AppServices
import AppServicesLifecycle
import ArgumentParser
import Configuration
import Foundation
import Logging
import ServiceLifecycle
import UnixSignals

/// The example app of the AppServices README, on the Linux host.
@main
struct AppServicesDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "appservices-demo",
        abstract: "Runs the AppServices example app on the Linux host (swift-service-lifecycle).",
        discussion: """
            The app: a push-notification service and an analytics service; initializers for \
            logging, crash reporting, feature flags, the local store and the image cache; and \
            two startup commands (root view, appearance). ApplicationHost runs it as a \
            swift-service-lifecycle service.

            By default the demo walks one scripted session (launch, push token, silent push, \
            open URL, background, foreground with the store initializer running again, quit), \
            printing each callback and event the services see. Then it prints the launch \
            timeline, as a table and as a bar per initializer so that parallel work shows, and \
            writes the launch as a Chrome trace to open in https://ui.perfetto.dev or \
            chrome://tracing. It needs no configuration file.

            With --serve it launches and serves until SIGINT (Ctrl-C) or SIGTERM, then winds \
            down: resign active, enter background, terminate, each step within a budget. \
            SIGHUP reads the configuration again and tells the services.

            CONFIGURATION
              No file is needed. Environment variables override the JSON file named by
              --config (or APP_CONFIG_FILE), which overrides the built-in defaults. In the
              file, keys nest: {"analytics": {"sampleRate": 0.5}}.

            \(DemoSetting.helpText)

            EXAMPLES
              appservices-demo
              CRASH_REPORTER_DSN=https://key@crashes.example.com/1 appservices-demo
              appservices-demo --config demo.json --serve
              kill -HUP <pid>          (while serving: reload demo.json)
            """
    )

    @Flag(help: "Serve until SIGINT or SIGTERM instead of walking the scripted session.")
    var serve = false

    @Option(name: .customLong("config"), help: ArgumentHelp("A JSON configuration file.", valueName: "file"))
    var configFile: String?

    @Option(help: ArgumentHelp("Where to write the Chrome trace of the launch.", valueName: "file"))
    var trace = "appservices-launch-trace.json"

    @Flag(help: "Show the host's informational logs in the scripted session too.")
    var verbose = false

    mutating func run() async throws {
        var logger = Logger(label: "appservices-demo")
        logger.logLevel = serve || verbose ? .info : .warning

        let layers = DemoApplication.configurationLayers(file: configFile)
        // A missing or malformed file is a ConfigurationError naming it: printed by the
        // argument parser, with a non-zero exit status.
        let reader = try await layers.makeReader()
        let log = EventLog()
        let app = try await DemoApplication(layers: layers, reader: reader, logger: logger, log: log)

        if serve {
            try await Self.serve(app, logger: logger)
        } else {
            try await Self.walkSession(app, log: log, logger: logger, tracePath: trace)
        }
    }

    /// Runs the app until SIGINT or SIGTERM.
    private static func serve(_ app: DemoApplication, logger: Logger) async throws {
        Console.writeLine("appservices-demo serving (pid \(ProcessInfo.processInfo.processIdentifier)).")
        Console.writeLine("Stop with Ctrl-C or SIGTERM; reload the configuration with SIGHUP.")
        let group = ServiceGroup(
            services: [app.host],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        )
        try await group.run()
        Console.writeLine("Wound down; exiting.")
    }

    /// Walks the scripted session, then prints the launch timeline and writes the trace.
    private static func walkSession(
        _ app: DemoApplication,
        log: EventLog,
        logger: Logger,
        tracePath: String
    ) async throws {
        Console.writeLine("appservices-demo: one scripted session of the example app. See --help for more.")
        let session = await ScriptedSession(app: app, log: log)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [
                    .init(service: app.host),
                    // When the session ends, the group shuts down gracefully: the host winds down.
                    .init(service: session, successTerminationBehavior: .gracefullyShutdownGroup),
                ],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger
            )
        )
        session.begin()
        try await group.run()

        guard let report = await app.composite.launch?.report else { return }
        Console.writeLine("\nLaunch report\n")
        Console.writeLine(report.textTable)
        Console.writeLine()
        Console.writeLine(LaunchTimeline(report: report).text)

        let traceURL = URL(fileURLWithPath: tracePath)
        try report.chromeTraceData().write(to: traceURL)
        let runs = (report.nodes + report.foregroundRuns).filter { $0.start != nil && $0.end != nil }.count
        Console.writeLine("\nChrome trace: \(runs) runs written to \(traceURL.path)")
        Console.writeLine("Open it in https://ui.perfetto.dev or chrome://tracing.")
    }
}
