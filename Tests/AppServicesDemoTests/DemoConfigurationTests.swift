import Foundation
import Testing

/// The demo's configuration checked against its declared keys, at launch and on reload,
/// and bounded in size and time.
@Suite(.timeLimit(.minutes(1)))
struct DemoConfigurationTests {
    /// Writes `json` to `demo.json` in `directory`.
    static func write(_ json: String, in directory: URL) throws {
        try Data(json.utf8).write(to: directory.appending(path: "demo.json"))
    }

    @Test("Invalid values fail the launch, every one listed with its key, source and value")
    func invalidAtLaunch() async throws {
        let demo = try DemoProcess(
            ["--config", "demo.json"],
            environment: ["APPEARANCE_THEME": "neon"]
        ) { try Self.write(#"{"analytics": {"sampleRate": "half"}, "log": {"level": 5}}"#, in: $0) }
        defer { demo.cleanUp() }

        let status = await demo.waitForExit()

        #expect(status == 1)
        #expect(demo.output.contains { $0.contains("The configuration has 3 invalid values:") })
        let expected = [
            #"analytics.sampleRate: the configuration file demo.json gives "half"; expected a number from 0.0 to 1.0."#,
            #"appearance.theme: the environment variable APPEARANCE_THEME gives "neon"; expected one of system, light, dark."#,
            "log.level: the configuration file demo.json gives 5; expected one of trace, debug, info, notice, warning,",
        ]
        for line in expected {
            #expect(demo.output.contains { $0.contains(line) }, "missing: \(line)\noutput:\n\(demo.transcript)")
        }
        #expect(!demo.output.contains { $0.contains("1. Launch") }, "nothing ran")
    }

    @Test(
        "A sample rate from the environment that is no finite number from 0 to 1 is refused",
        arguments: ["abc", "-3", "1e300", "nan", "inf"]
    )
    func invalidSampleRate(value: String) async throws {
        let demo = try DemoProcess([], environment: ["ANALYTICS_SAMPLE_RATE": value])
        defer { demo.cleanUp() }

        #expect(await demo.waitForExit() == 1)
        #expect(
            demo.output.contains {
                $0.contains("analytics.sampleRate: the environment variable ANALYTICS_SAMPLE_RATE gives")
            },
            "output:\n\(demo.transcript)"
        )
    }

    @Test("A misspelt key is reported once as unknown, at launch and not again on reload")
    func unknownKey() async throws {
        let demo = try DemoProcess(["--serve", "--config", "demo.json"]) {
            try Self.write(#"{"anaytics": {"sampleRate": 0.5}}"#, in: $0)
        }
        defer { demo.cleanUp() }
        try #require(await demo.waitForLine(containing: DemoServeTests.serving) != nil)
        demo.send(SIGHUP)
        try #require(await demo.waitForLine(containing: "Reloaded the configuration on SIGHUP") != nil)
        demo.send(SIGTERM)
        #expect(await demo.waitForExit() == 0)

        let warnings = demo.output.filter { $0.contains("Unknown configuration keys") }
        #expect(warnings.count == 1, "output:\n\(demo.transcript)")
        #expect(warnings.first?.contains("anaytics.sampleRate in the configuration file demo.json") == true)
    }

    @Test("A reload with a wrongly typed value is rejected whole, logged as such, and the previous rate stays")
    func invalidReload() async throws {
        let demo = try DemoProcess(["--serve", "--config", "demo.json"]) {
            try Self.write(#"{"analytics": {"sampleRate": 0.5}}"#, in: $0)
        }
        defer { demo.cleanUp() }
        try #require(await demo.waitForLine(containing: DemoServeTests.serving) != nil)

        try Self.write(#"{"analytics": {"sampleRate": "half"}, "appearance": {"theme": "dark"}}"#, in: demo.directory)
        demo.send(SIGHUP)
        let rejected = await demo.waitForLine(containing: "Rejected the configuration reloaded on SIGHUP")
        #expect(rejected?.contains("The configuration has an invalid value:") == true)
        demo.send(SIGTERM)
        #expect(await demo.waitForExit() == 0)

        #expect(
            demo.output.contains {
                $0.contains(#"analytics.sampleRate: the configuration file demo.json gives "half""#)
            }
        )
        #expect(!demo.output.contains { $0.contains("ConfigurationDidChange") }, "nothing was posted")
        #expect(demo.output.contains { $0.contains("(sample rate 0.5)") }, "the previous rate stays")
    }

    @Test("A configuration file over the size limit is refused with its size and the limit")
    func fileTooLarge() async throws {
        let demo = try DemoProcess(["--config", "demo.json"]) { directory in
            let padding = String(repeating: " ", count: 1 << 18)
            try Self.write(#"{"analytics": {"sampleRate": 0.5}}"# + padding, in: directory)
        }
        defer { demo.cleanUp() }

        #expect(await demo.waitForExit() == 1)
        #expect(
            demo.output.contains {
                $0.contains(
                    "The configuration file demo.json is 262178 bytes, more than the limit of 262144 bytes (256.0 KiB)."
                )
            },
            "output:\n\(demo.transcript)"
        )
    }

    @Test("SIGTERM during a reload that cannot finish abandons the reload and winds down at once")
    func shutdownDuringReload() async throws {
        let demo = try DemoProcess(["--serve", "--config", "demo.json"]) {
            try Self.write(#"{"analytics": {"sampleRate": 0.5}}"#, in: $0)
        }
        defer { demo.cleanUp() }
        try #require(await demo.waitForLine(containing: DemoServeTests.serving) != nil)
        // A named pipe with no writer: reading it blocks until the test gives up on it, like
        // a reload that takes longer than any budget.
        let file = demo.directory.appending(path: "demo.json")
        try FileManager.default.removeItem(at: file)
        try #require(mkfifo(file.path, 0o644) == 0)

        demo.send(SIGHUP)
        try #require(await demo.waitForLine(containing: "Reading the configuration again on SIGHUP") != nil)
        demo.send(SIGTERM)
        let status = await demo.waitForExit()

        #expect(status == 0, "output:\n\(demo.transcript)")
        #expect(demo.output.contains { $0.contains("the reading was abandoned. The services keep the previous one.") })
        #expect(demo.output.last == "Wound down; exiting.")
    }
}
