import Foundation
import Testing

/// Files the demo cannot use: each is named with its role and the problem in a sentence,
/// before the session starts.
@Suite(.timeLimit(.minutes(1)))
struct DemoFileErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let environment: [String: String]
        let message: String
        var testDescription: String { (arguments + environment.map { "\($0)=\($1)" }).joined(separator: " ") }
    }

    @Test(
        "A configuration or trace path that cannot be used is an error naming the file, its role and the problem",
        arguments: [
            Case(
                arguments: ["--config", "adir"],
                environment: [:],
                message: "The configuration file adir is a directory, not a file."
            ),
            Case(
                arguments: [],
                environment: ["APP_CONFIG_FILE": ""],
                message: "APP_CONFIG_FILE is empty, so it names no configuration file."
            ),
            Case(
                arguments: ["--trace", "/nonexistent/dir/x.json"],
                environment: [:],
                message:
                    "The trace file /nonexistent/dir/x.json cannot be opened for writing: No such file or directory."
            ),
            Case(
                arguments: ["--trace", "adir"],
                environment: [:],
                message: "The trace file adir cannot be opened for writing: Is a directory."
            ),
            Case(
                arguments: ["--trace", "/dev/full"],
                environment: [:],
                message: "The trace file /dev/full cannot be written: No space left on device."
            ),
        ]
    )
    func unusablePath(_ test: Case) async throws {
        let demo = try DemoProcess(test.arguments, environment: test.environment) { directory in
            try FileManager.default.createDirectory(
                at: directory.appending(path: "adir"),
                withIntermediateDirectories: true
            )
        }
        defer { demo.cleanUp() }

        let status = await demo.waitForExit()

        #expect(status == 1)
        #expect(demo.output.contains { $0.contains(test.message) }, "output:\n\(demo.transcript)")
        #expect(!demo.output.contains { $0.contains("NSCocoaErrorDomain") })
        #expect(!demo.output.contains { $0.contains("1. Launch") }, "checked before the session")
    }

    @Test("--trace with --serve writes the trace after the wind-down")
    func traceWhileServing() async throws {
        let demo = try DemoProcess(["--serve", "--trace", "serve-trace.json"])
        defer { demo.cleanUp() }
        try #require(await demo.waitForLine(containing: DemoServeTests.serving) != nil)
        demo.send(SIGTERM)

        #expect(await demo.waitForExit() == 0, "output:\n\(demo.transcript)")
        let trace = try Data(contentsOf: demo.directory.appending(path: "serve-trace.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: trace) as? [String: Any])
        #expect((object["traceEvents"] as? [Any])?.isEmpty == false)
        #expect(demo.output.contains { $0.hasPrefix("Chrome trace: ") })
    }
}
