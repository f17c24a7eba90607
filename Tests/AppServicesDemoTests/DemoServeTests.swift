import Foundation
import Testing

/// `appservices-demo --serve`, stopped and reloaded with real signals.
@Suite(.timeLimit(.minutes(1)))
struct DemoServeTests {
    /// The host's log line once the application is active and the reload signal trapped.
    static let serving = "serving until graceful shutdown"

    @Test("--serve exits 0 on SIGTERM after printing its wind-down in reverse order")
    func sigterm() async throws {
        let demo = try DemoProcess(["--serve"])
        defer { demo.cleanUp() }
        try #require(await demo.waitForLine(containing: Self.serving) != nil)

        demo.send(SIGTERM)
        let status = await demo.waitForExit()

        #expect(status == 0, "output:\n\(demo.output.joined(separator: "\n"))")
        let windDown = demo.output.drop { !$0.contains(Self.serving) }
        let steps = windDown.filter { $0.contains("Wind-down step") }
        #expect(steps.count == 3)
        #expect(steps.map { $0.contains("willResignActive") } == [true, false, false])
        #expect(steps.last?.contains("willTerminate") == true)
        // The services heard it, the push service before the analytics service it depends on.
        let resign = windDown.filter { $0.contains("  willResignActive") }
        #expect(
            resign.map { $0.trimmingCharacters(in: .whitespaces).prefix { $0 != " " } } == [
                "PushNotificationService", "AnalyticsService",
            ]
        )
        #expect(windDown.contains { $0.contains("AnalyticsService") && $0.contains("willTerminate") })
        #expect(demo.output.last == "Wound down; exiting.")
    }

    /// The host's log line once the inbox's refresh has been completed with success.
    static let refreshed = "Background task com.example.demo.inbox-refresh succeeded."

    @Test("SIGUSR1 runs the due background tasks: the inbox refresh, which schedules itself and runs again")
    func sigusr1() async throws {
        let demo = try DemoProcess(["--serve"])
        defer { demo.cleanUp() }
        try #require(await demo.waitForLine(containing: Self.serving) != nil)

        demo.send(SIGUSR1)
        #expect(await demo.waitForLine(containing: Self.refreshed) != nil)
        demo.send(SIGUSR1)
        #expect(await demo.waitForLine(containing: Self.refreshed) != nil)
        demo.send(SIGTERM)

        #expect(await demo.waitForExit() == 0, "output:\n\(demo.transcript)")
        #expect(
            demo.output.filter { $0.contains("Running background task com.example.demo.inbox-refresh on SIGUSR1.") }
                .count == 2
        )
        #expect(
            demo.output.filter { $0.contains("InboxService") && $0.contains("scheduled the next refresh") }.count == 2
        )
        #expect(demo.output.contains { $0.contains("InboxService") && $0.contains("1 new message; 2 in the inbox") })
        #expect(demo.output.last == "Wound down; exiting.")
    }

    @Test("SIGHUP reloads the configuration file; a malformed one is reported and the old one stays")
    func sighup() async throws {
        let demo = try DemoProcess(["--serve", "--config", "demo.json"]) { directory in
            try Data(#"{"analytics": {"sampleRate": 0.5}}"#.utf8).write(to: directory.appending(path: "demo.json"))
        }
        defer { demo.cleanUp() }
        let file = demo.directory.appending(path: "demo.json")
        try #require(await demo.waitForLine(containing: Self.serving) != nil)

        try Data(#"{"analytics": {"sampleRate": 0.25}}"#.utf8).write(to: file)
        demo.send(SIGHUP)
        let changed = await demo.waitForLine(containing: "ConfigurationDidChange")
        #expect(changed?.contains("sample rate 0.25 (was 0.5)") == true)

        try Data(#"{"analytics": "#.utf8).write(to: file)
        demo.send(SIGHUP)
        let failed = await demo.waitForLine(containing: "Could not reload the configuration on SIGHUP")
        #expect(failed?.contains("demo.json is not a valid JSON object") == true)

        demo.send(SIGTERM)
        #expect(await demo.waitForExit() == 0)
        // The old configuration stayed: the last upload still uses the rate of the good file.
        #expect(demo.output.contains { $0.contains("(sample rate 0.25)") })
        #expect(demo.output.filter { $0.contains("ConfigurationDidChange") }.count == 1)
    }
}
