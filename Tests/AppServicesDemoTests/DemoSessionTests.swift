import Foundation
import Testing

/// The demo's default run: the scripted session, the timeline and the trace file.
@Suite(.timeLimit(.minutes(1)))
struct DemoSessionTests {
    @Test("The default run exits 0, prints the timeline, and writes a trace with one complete event per run")
    func defaultRun() async throws {
        let demo = try DemoProcess([])
        defer { demo.cleanUp() }

        let status = await demo.waitForExit()

        #expect(status == 0, "output:\n\(demo.output.joined(separator: "\n"))")
        let output = demo.output
        #expect(output.contains { $0.hasPrefix("Launch succeeded:") })
        #expect(output.contains { $0.hasPrefix("Critical path (") })
        // The session reached every step, the store initializer ran again, and the host
        // wound down in reverse order.
        #expect(output.contains { $0.contains("StoreInitializer") && $0.contains("foreground run 1") })
        // Each step's lines come under its heading: the refresh step 7 announces is printed
        // before the heading of step 8.
        let refreshed = output.firstIndex { $0.contains("foreground run 1") && $0.contains("refreshed the store") }
        let quits = output.firstIndex { $0.contains("8. The user taps the notification") }
        #expect(refreshed != nil && quits != nil && refreshed! < quits!, "output:\n\(demo.transcript)")
        #expect(output.contains { $0.contains("CrashReporterInitializer") && $0.contains("skipped") })
        let windDown = output.drop { !$0.contains("9. The user quits") }
        #expect(
            windDown.compactMap { line in
                ["willResignActive", "didEnterBackground", "willTerminate"].first { line.contains($0) }
            }
                == ["willResignActive", "willResignActive", "didEnterBackground", "willTerminate"]
        )

        // The timeline: a bar per launch run, and the runs it names are those of the trace.
        let bars = try timelineBars(in: output)
        #expect(bars.keys.contains("StoreInitializer"))
        #expect(bars.keys.contains("FeatureFlagsInitializer"))
        let (traceFile, runs) = try announcedTrace(in: output)
        #expect(
            traceFile.deletingLastPathComponent().standardizedFileURL.path == demo.directory.standardizedFileURL.path
        )

        let trace = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: traceFile)) as? [String: Any]
        )
        let events = try #require(trace["traceEvents"] as? [[String: Any]])
        let complete = events.filter { $0["ph"] as? String == "X" }.compactMap { $0["name"] as? String }
        #expect(complete.count == runs)
        #expect(Set(complete).count == complete.count, "one event per run")
        #expect(Set(complete.filter { !$0.contains("(foreground") }) == Set(bars.keys))
        #expect(complete.contains("StoreInitializer (foreground 1)"))
        #expect(!complete.contains("CrashReporterInitializer"), "skipped, so it has no event")
    }

    @Test("The background refresh runs through the host's scheduler, is completed once, and schedules its next run")
    func backgroundRefresh() async throws {
        let demo = try DemoProcess([])
        defer { demo.cleanUp() }
        #expect(await demo.waitForExit() == 0, "output:\n\(demo.transcript)")

        #expect(
            Self.lines(under: "1. Launch", in: demo.output).contains(
                "InboxService didFinishLaunching scheduled the first inbox refresh"
            ),
            "submitted from didFinishLaunching: the host registered the task before"
        )
        #expect(
            Self.lines(under: "6. The system runs the inbox's background refresh", in: demo.output) == [
                "InboxService runBackgroundTask refreshing the inbox in the background",
                "InboxService runBackgroundTask 1 new message; 3 in the inbox",
                "AnalyticsService InboxDidRefresh tracked inbox.refreshed (1 new)",
                "InboxService runBackgroundTask scheduled the next refresh",
                "(system) setTaskCompleted called once, success true, for com.example.demo.inbox-refresh",
                "(system) pending task requests com.example.demo.inbox-refresh",
            ],
            "output:\n\(demo.transcript)"
        )
    }

    @Test("A tap on a message's notification reaches the inbox and analytics, and not the reminder service")
    func notificationTap() async throws {
        let demo = try DemoProcess([])
        defer { demo.cleanUp() }
        #expect(await demo.waitForExit() == 0, "output:\n\(demo.transcript)")

        let lines = Self.lines(under: "8. The user taps the notification of a new message", in: demo.output)
        #expect(
            Set(lines.dropLast()) == [
                "InboxService didReceiveNotificationResponse opening message 43 from Ana",
                "AnalyticsService didReceiveNotificationResponse tracked notification.opened (category message)",
            ],
            "output:\n\(demo.transcript)"
        )
        #expect(lines.last == "(system) notification completion called once; ReminderService hears reminders only")
        #expect(
            !demo.output.contains { $0.contains("ReminderService ") && $0.contains("didReceiveNotificationResponse") }
        )
    }

    /// The lines of the session step whose heading contains `heading`, up to the next
    /// heading, with their columns' padding collapsed to one space.
    static func lines(under heading: String, in output: [String]) -> [String] {
        let isHeading = { (line: String) in line.hasPrefix("  ") && line.dropFirst(2).first?.isNumber == true }
        guard let start = output.firstIndex(where: { isHeading($0) && $0.contains(heading) }) else { return [] }
        return output[(start + 1)...].prefix { !isHeading($0) && !$0.isEmpty }
            .filter { $0.hasPrefix("    ") }
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
    }

    @Test("An environment variable overrides the default, and a secret value is never printed")
    func environmentOverride() async throws {
        let secret = "https://s3cr3t-token@crashes.example.com/7"
        let demo = try DemoProcess([], environment: ["CRASH_REPORTER_DSN": secret, "APPEARANCE_THEME": "dark"])
        defer { demo.cleanUp() }

        #expect(await demo.waitForExit() == 0)

        #expect(
            demo.output.contains { $0.contains("CrashReporterInitializer") && $0.contains("crash reporting is on") }
        )
        #expect(demo.output.contains { $0.contains("AppearanceCommand") && $0.contains("theme dark") })
        let (traceFile, _) = try announcedTrace(in: demo.output)
        let trace = try String(contentsOf: traceFile, encoding: .utf8)
        #expect(!demo.output.joined().contains("s3cr3t"))
        #expect(!trace.contains("s3cr3t"))
        #expect(trace.contains("\"CrashReporterInitializer\""))
    }

    @Test("A malformed configuration file is reported with its path, with a non-zero exit and no crash")
    func malformedFile() async throws {
        let demo = try DemoProcess(["--config", "broken.json"]) { directory in
            try Data(#"{"analytics": {"sampleRate": "#.utf8).write(to: directory.appending(path: "broken.json"))
        }
        defer { demo.cleanUp() }

        let status = await demo.waitForExit()

        #expect(status == 1)
        #expect(demo.process.terminationReason == .exit, "an error exit, not a signal")
        #expect(demo.output.contains { $0.contains("The configuration file broken.json is not a valid JSON object") })
    }

    /// The timeline's rows that have a bar, by name.
    private func timelineBars(in output: [String]) throws -> [String: String] {
        let start = try #require(output.firstIndex { $0.hasPrefix("Launch timeline") })
        var bars: [String: String] = [:]
        for line in output[(start + 1)...] {
            guard !line.isEmpty else { break }
            let parts = line.split(separator: "|", omittingEmptySubsequences: false)
            guard parts.count == 3 else { continue }  // a skipped run: no bar
            bars[parts[0].trimmingCharacters(in: .whitespaces)] = String(parts[1])
        }
        return bars
    }

    /// The trace file the demo names, and how many runs it says it holds.
    private func announcedTrace(in output: [String]) throws -> (URL, Int) {
        // "Chrome trace: 7 runs written to /tmp/.../appservices-launch-trace.json"
        let line = try #require(output.first { $0.hasPrefix("Chrome trace: ") })
        let words = line.split(separator: " ")
        let runs = try #require(Int(words[2]))
        let path = try #require(line.range(of: " written to ").map { String(line[$0.upperBound...]) })
        return (URL(fileURLWithPath: path), runs)
    }
}
