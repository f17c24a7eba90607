import Foundation
import Testing

/// The demo when its standard output goes away: it stops printing, says so once on standard
/// error, winds down, writes its trace, and exits 0, never killed by a signal.
@Suite(.timeLimit(.minutes(1)))
struct DemoOutputTests {
    /// The scripted session finished and wrote a trace that is JSON.
    func expectSurvived(_ demo: DemoProcess, status: Int32?, reason: String) throws {
        #expect(status == 0, "output:\n\(demo.transcript)")
        #expect(demo.process.terminationReason == .exit, "ended by a signal")
        #expect(demo.output.contains { $0.contains("standard output failed (\(reason)); printing stops") })
        #expect(!demo.output.contains { $0.contains("Fatal error") })
        let trace = try Data(contentsOf: demo.directory.appending(path: "appservices-launch-trace.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: trace) as? [String: Any])
        #expect(object["traceEvents"] != nil)
    }

    @Test("Standard output on a full device (>/dev/full): the session goes on and the trace is written")
    func fullDevice() async throws {
        let demo = try DemoProcess([], standardOutput: .file("/dev/full"))
        defer { demo.cleanUp() }
        let status = await demo.waitForExit()
        try expectSurvived(demo, status: status, reason: "No space left on device")
    }

    @Test("Standard output closed (>&-): the session goes on and no file takes its place")
    func closedOutput() async throws {
        let demo = try DemoProcess([], standardOutput: .closed)
        defer { demo.cleanUp() }
        let status = await demo.waitForExit()
        try expectSurvived(demo, status: status, reason: "it is closed")
    }

    @Test("A reader that has gone away (| head -1): no SIGPIPE, and the trace is written")
    func readerGoesAway() async throws {
        let demo = try DemoProcess(
            [],
            environment: ["APPSERVICES_DEMO_PAUSE_AT_START": "1"],
            standardOutput: .ownPipe
        )
        defer { demo.cleanUp() }
        // The reader goes away before the demo writes: its first write finds no reader,
        // however little it writes (a pipe's buffer would otherwise take all of it).
        try #require(await demo.waitForLine(containing: "paused at start") != nil)
        demo.closeStandardOutput()
        demo.sendInputLine()
        let status = await demo.waitForExit()
        try expectSurvived(demo, status: status, reason: "Broken pipe")
    }

    @Test("--serve whose reader went away survives the next SIGHUP and still winds down")
    func serveReaderGoesAway() async throws {
        let demo = try DemoProcess(["--serve", "--config", "demo.json"], standardOutput: .ownPipe) { directory in
            try Data(#"{"analytics": {"sampleRate": 0.5}}"#.utf8).write(to: directory.appending(path: "demo.json"))
        }
        defer { demo.cleanUp() }
        #expect(await demo.firstStandardOutputLine() != nil)
        try #require(await demo.waitForLine(containing: DemoServeTests.serving) != nil)
        demo.closeStandardOutput()

        demo.send(SIGHUP)
        #expect(await demo.waitForLine(containing: "Reloaded the configuration on SIGHUP") != nil)
        demo.send(SIGTERM)
        let status = await demo.waitForExit()

        #expect(status == 0, "output:\n\(demo.transcript)")
        #expect(demo.process.terminationReason == .exit, "ended by a signal")
        #expect(demo.output.contains { $0.contains("standard output failed (Broken pipe)") })
        #expect(demo.output.contains { $0.contains("The application has wound down.") })
    }
}
