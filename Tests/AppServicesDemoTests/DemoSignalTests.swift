import Foundation
import Testing

/// Signals that arrive before the demo serves: none may end it without its wind-down.
@Suite(.timeLimit(.minutes(1)))
struct DemoSignalTests {
    @Test("SIGHUP sent on the \"serving\" line reloads the configuration instead of ending the process")
    func sighupOnServingLine() async throws {
        let demo = try DemoProcess(["--serve", "--config", "demo.json"]) { directory in
            try Data(#"{"analytics": {"sampleRate": 0.5}}"#.utf8).write(to: directory.appending(path: "demo.json"))
        }
        defer { demo.cleanUp() }
        try #require(await demo.waitForLine(containing: "appservices-demo serving (pid") != nil)

        demo.send(SIGHUP)
        #expect(await demo.waitForLine(containing: "Reloaded the configuration on SIGHUP") != nil)
        demo.send(SIGTERM)

        #expect(await demo.waitForExit() == 0, "output:\n\(demo.transcript)")
        #expect(demo.output.last == "Wound down; exiting.")
    }

    @Test(
        "A shutdown signal at the earliest point, before anything is set up, still ends in an orderly exit 0",
        arguments: [SIGTERM, SIGINT]
    )
    func shutdownAtStart(signal: Int32) async throws {
        let demo = try DemoProcess(["--serve"], environment: ["APPSERVICES_DEMO_PAUSE_AT_START": "1"])
        defer { demo.cleanUp() }
        try #require(await demo.waitForLine(containing: "paused at start with signals held") != nil)

        demo.send(signal)
        demo.sendInputLine()
        let status = await demo.waitForExit()

        #expect(status == 0, "output:\n\(demo.transcript)")
        #expect(demo.process.terminationReason == .exit, "ended by the signal")
        #expect(demo.output.last == "Wound down; exiting.")
        #expect(!demo.output.contains { $0.contains("appservices-demo serving") }, "it never announced serving")
        // Whatever had launched when the signal was seen was wound down, in order.
        let steps = demo.output.filter { $0.contains("Wind-down step") }
        #expect(steps.isEmpty || steps.last?.contains("willTerminate") == true)
    }

    @Test("SIGUSR1 at the earliest point is held and runs the due background tasks once the demo serves")
    func sigusr1AtStart() async throws {
        let demo = try DemoProcess(["--serve"], environment: ["APPSERVICES_DEMO_PAUSE_AT_START": "1"])
        defer { demo.cleanUp() }
        try #require(await demo.waitForLine(containing: "paused at start with signals held") != nil)

        demo.send(SIGUSR1)
        demo.sendInputLine()
        #expect(await demo.waitForLine(containing: DemoServeTests.refreshed) != nil)
        demo.send(SIGTERM)

        #expect(await demo.waitForExit() == 0, "output:\n\(demo.transcript)")
        #expect(demo.process.terminationReason == .exit, "ended by the signal")
        let serving = try #require(demo.output.firstIndex { $0.contains(DemoServeTests.serving) })
        let ran = try #require(
            demo.output.firstIndex { $0.contains("Running background task com.example.demo.inbox-refresh on SIGUSR1.") }
        )
        #expect(serving < ran, "run once the application serves, not before")
    }

    @Test("SIGHUP at the earliest point is held and handled once the demo serves")
    func sighupAtStart() async throws {
        let demo = try DemoProcess(
            ["--serve", "--config", "demo.json"],
            environment: ["APPSERVICES_DEMO_PAUSE_AT_START": "1"]
        ) { directory in
            try Data(#"{"analytics": {"sampleRate": 0.5}}"#.utf8).write(to: directory.appending(path: "demo.json"))
        }
        defer { demo.cleanUp() }
        try #require(await demo.waitForLine(containing: "paused at start with signals held") != nil)

        demo.send(SIGHUP)
        demo.sendInputLine()
        #expect(await demo.waitForLine(containing: "Reloaded the configuration on SIGHUP") != nil)
        demo.send(SIGTERM)

        #expect(await demo.waitForExit() == 0, "output:\n\(demo.transcript)")
        let serving = try #require(demo.output.firstIndex { $0.contains(DemoServeTests.serving) })
        let reloaded = try #require(demo.output.firstIndex { $0.contains("Reloaded the configuration on SIGHUP") })
        #expect(serving < reloaded, "reloaded once the application serves, not before")
    }
}
