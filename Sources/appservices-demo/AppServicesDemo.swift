import AppServices
import AppServicesLifecycle
import ArgumentParser
import Configuration
import Foundation
import Logging
import ServiceLifecycle
import UnixSignals

/// The example app of the AppServices README, on the Linux host; started by
/// ``ProcessStart``.
struct AppServicesDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "appservices-demo",
        abstract: "Runs the AppServices example app on the Linux host (swift-service-lifecycle).",
        discussion: """
            The app: push-notification, analytics, inbox and reminder services; initializers \
            for logging, crash reporting, feature flags, the local store and the image cache; \
            and two startup commands (root view, appearance). ApplicationHost runs it as a \
            swift-service-lifecycle service.

            By default the demo walks one scripted session (launch, push token, silent push, \
            open URL, background, the inbox's background refresh, foreground with the store \
            initializer running again, a tap on a message's notification, quit), printing each \
            callback and event the services see. Then it prints the launch \
            timeline, as a table and as a bar per initializer so that parallel work shows, and \
            writes the launch as a Chrome trace to open in https://ui.perfetto.dev or \
            chrome://tracing. It needs no configuration file.

            With --serve it launches, prints "serving" once its signal handlers are in place, \
            and serves until SIGINT (Ctrl-C) or SIGTERM, then winds down: resign active, enter \
            background, terminate, each step within a budget. SIGHUP reads the configuration \
            again and tells the services; an invalid configuration is rejected whole and the \
            previous one stays. SIGUSR1 runs the background tasks whose requests are due (the \
            inbox's refresh, which schedules its next run). With --trace, it writes the trace \
            after the wind-down.

            LAUNCH MEMORY
              The host keeps a launch history (--history, by default in the user's cache
              directory). A migration moves drafts on the first run only; another reindexes
              the inbox when upgrading from 1.x (run once more with --app-version 2.0). Three
              runs with --crash-before-first-frame end before their first frame; the fourth
              starts in safe mode, and a run that reaches its first frame ends it.

            CONFIGURATION
              No file is needed. Environment variables override the JSON file named by
              --config (or APP_CONFIG_FILE), which overrides the built-in defaults. In the
              file, keys nest: {"analytics": {"sampleRate": 0.5}}. Every value is checked
              at launch and on reload; unknown keys are reported. The file may be at most
              256 KiB.

            \(DemoSetting.helpText)

            EXAMPLES
              appservices-demo
              CRASH_REPORTER_DSN=https://key@crashes.example.com/1 appservices-demo
              appservices-demo --config demo.json --serve
              appservices-demo --app-version 2.0
              appservices-demo --crash-before-first-frame   (three times, then once more)
              kill -HUP <pid>          (while serving: reload demo.json)
              kill -USR1 <pid>         (while serving: run the due background tasks)
            """
    )

    @Flag(help: "Serve until SIGINT or SIGTERM instead of walking the scripted session.")
    var serve = false

    @Option(name: .customLong("config"), help: ArgumentHelp("A JSON configuration file.", valueName: "file"))
    var configFile: String?

    @Option(
        help: ArgumentHelp(
            "Where to write the Chrome trace of the launch (default: \(Self.defaultTracePath); with --serve, none).",
            valueName: "file"
        )
    )
    var trace: String?

    @Flag(help: "Show the host's informational logs in the scripted session too.")
    var verbose = false

    @Option(
        help: ArgumentHelp(
            "Where the launch history is kept (default: appservices-demo in the user's cache directory).",
            valueName: "directory"
        )
    )
    var history: String?

    @Option(help: ArgumentHelp("The version this run is, for the launch history.", valueName: "version"))
    var appVersion = "1.0"

    @Flag(help: "End the process before the first frame, as a crash would; the fourth such run starts in safe mode.")
    var crashBeforeFirstFrame = false

    /// Where the scripted session writes its trace when `--trace` is not given.
    static let defaultTracePath = "appservices-launch-trace.json"

    mutating func run() async throws {
        var logger = Logger(label: "appservices-demo")
        logger.logLevel = serve || verbose ? .info : .warning

        let layers = DemoApplication.configurationLayers(file: configFile, logger: logger)
        // A configuration that cannot be used is a ConfigurationError naming the file or
        // every invalid value: printed by the argument parser, with a non-zero exit status.
        let reader = try await layers.makeReader()
        // Opened before the session, so that a trace path that cannot be written fails now.
        let traceFile = try (serve ? trace : trace ?? Self.defaultTracePath).map { path throws(TraceFileError) in
            try TraceFile(path: path)
        }
        let log = EventLog()
        let historyDirectory =
            history.map { URL(filePath: $0, directoryHint: .isDirectory) }
            ?? ApplicationHost.cacheDirectory(named: "appservices-demo")
        Console.writeLine(
            "Launch history: \(historyDirectory.appending(path: "launch-history.json").path(percentEncoded: false)) "
                + "(version \(appVersion); delete it to launch as a new install)"
        )
        let app = try await DemoApplication(
            layers: layers,
            reader: reader,
            logger: logger,
            log: log,
            memory: .directory(historyDirectory, version: AppVersion(appVersion)),
            crashesBeforeFirstFrame: crashBeforeFirstFrame,
            whenServing: serve ? Self.announceServing : nil
        )

        if serve {
            try await Self.serve(app, logger: logger)
        } else {
            try await Self.walkSession(app, log: log, logger: logger)
        }
        if let traceFile { try await Self.writeTrace(of: app, to: traceFile) }
    }

    /// Tells the operator that the demo serves: called by the host once its signals are
    /// trapped, so that a signal sent on this line is handled.
    @Sendable
    private static func announceServing() {
        Console.writeLine("appservices-demo serving (pid \(ProcessInfo.processInfo.processIdentifier)).")
        Console.writeLine(
            "Stop with Ctrl-C or SIGTERM; reload the configuration with SIGHUP; run the due background tasks with SIGUSR1."
        )
    }

    /// Runs the app until SIGINT or SIGTERM.
    private static func serve(_ app: DemoApplication, logger: Logger) async throws {
        let group = ServiceGroup(
            services: [app.host],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        )
        try await group.run()
        Console.writeLine("Wound down; exiting.")
    }

    /// Walks the scripted session.
    private static func walkSession(_ app: DemoApplication, log: EventLog, logger: Logger) async throws {
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
    }

    /// Prints the launch timeline and writes the trace.
    private static func writeTrace(of app: DemoApplication, to file: TraceFile) async throws {
        guard let report = await app.composite.launch?.report else { return }
        Console.writeLine("\nLaunch report\n")
        Console.writeLine(report.textTable)
        Console.writeLine()
        Console.writeLine(LaunchTimeline(report: report).text)

        try file.write(try report.chromeTraceData())
        let runs = (report.nodes + report.foregroundRuns).filter { $0.start != nil && $0.end != nil }.count
        Console.writeLine("\nChrome trace: \(runs) runs written to \(file.absolutePath)")
        Console.writeLine("Open it in https://ui.perfetto.dev or chrome://tracing.")
    }
}
