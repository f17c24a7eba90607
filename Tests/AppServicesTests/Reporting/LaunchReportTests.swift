import AppServicesTesting
import Foundation
import Metrics
import Synchronization
import Testing

@testable import AppServices

@MainActor
struct LaunchReportTests {
    /// A launch with every kind of row: main and background work, a failure, a skip, a
    /// retry, a command, and the phases up to idle.
    static func knownLaunch() async throws -> (ScriptedLaunch, LaunchReport) {
        let launch = try ScriptedLaunch(
            [
                Script(name: "A", steps: [.succeed(after: .ms(10))]),
                Script(name: "B", dependencies: ["A"], steps: [.succeed(after: .ms(30))], mainActor: true),
                Script(
                    name: "C",
                    dependencies: ["A"],
                    steps: [.fail(after: .ms(2)), .succeed(after: .ms(3))],
                    policy: .retry(times: 1, backoff: .immediate)
                ),
                Script(name: "D", dependencies: ["B", "C"], steps: [.succeed(after: .ms(10))]),
                Script(name: "F", phase: .afterFirstFrame, dependencies: ["A"], steps: [.succeed(after: .ms(15))]),
                Script(name: "E", phase: .idle, steps: [.succeed(after: .ms(20))], mainActor: true),
                Script(name: "Broken", steps: [.fail(after: .ms(4))], policy: .optional),
                Script(name: "NeedsBroken", dependencies: ["Broken"]),
            ],
            commands: [ClosureCommand("RootView") { _ in }]
        )
        return (launch, await launch.run())
    }

    @Test("The critical path of a known graph is the chain that bounded the wall time")
    func criticalPath() async throws {
        let (_, report) = try await Self.knownLaunch()
        // RootView runs before launch returns and the critical phase starts; then A 0-10,
        // B 10-40, C 10-15, D 40-50, F 10-25; idle starts at 50: E 50-70.
        #expect(report.criticalPath == ["RootView", "A", "B", "D", "E"])
        #expect(report.criticalPathLength == .ms(70))
        #expect(report.wallTime == .ms(70))
        #expect(report.totalWork == .ms(10 + 30 + 5 + 10 + 15 + 20 + 4))
        #expect(report.parallelism == Double(94) / 70)
        #expect(report.status == .succeeded)
    }

    @Test("Work before launch returns runs one after the other: the critical path is all of it when it ends last")
    func criticalPathBeforeLaunchReturns() throws {
        let clock = TestClock()
        let plan = try LaunchPlan {
            ClosureInitializer.beforeLaunchReturns("A") { _ in clock.advance(by: .ms(10)) }
            ClosureInitializer.beforeLaunchReturns("B") { _ in clock.advance(by: .ms(10)) }
        } commands: {
            ClosureCommand("RootView") { _ in clock.advance(by: .ms(5)) }
        }
        let composite = ServiceComposite([], configuration: .init(clock: clock), launchPlan: plan)
        _ = composite.didFinishLaunching()

        let report = try #require(composite.launch?.report)
        // Each starts when the one before it ends, not when the launch queued it.
        #expect(
            report.nodes.map { "\($0.name) \($0.start!)" } == [
                "A 0.0 seconds", "B 0.01 seconds", "RootView 0.02 seconds",
            ]
        )
        #expect(report.criticalPath == ["A", "B", "RootView"])
        #expect(report.criticalPathLength == .ms(25))
        #expect(report.wallTime == .ms(25))
    }

    @Test("Before-launch-returns work that depends on earlier work still waited for all the work before it")
    func criticalPathBeforeLaunchReturnsWithDependency() throws {
        let clock = TestClock()
        let plan = try LaunchPlan {
            ClosureInitializer.beforeLaunchReturns("A") { _ in clock.advance(by: .ms(10)) }
            ClosureInitializer.beforeLaunchReturns("B") { _ in clock.advance(by: .ms(10)) }
            ClosureInitializer.beforeLaunchReturns("C", dependencyNames: ["A"]) { _ in clock.advance(by: .ms(10)) }
        }
        let composite = ServiceComposite([], configuration: .init(clock: clock), launchPlan: plan)
        _ = composite.didFinishLaunching()

        let report = try #require(composite.launch?.report)
        // A 0-10, B 10-20, C 20-30, one after the other: C waited for B too.
        #expect(report.criticalPath == ["A", "B", "C"])
        #expect(report.criticalPathLength == .ms(30))
        #expect(report.wallTime == .ms(30))
    }

    @Test(
        "A report made by hand whose rows depend on each other in a cycle still has a critical path",
        .timeLimit(.minutes(1))
    )
    func criticalPathOfCyclicRows() {
        let rows = ["A": "B", "B": "A"].sorted { $0.key < $1.key }.map { name, dependency in
            LaunchReport.Node(
                name: name,
                phase: .critical,
                placement: .background,
                dependencies: [dependency],
                start: .zero,
                end: .ms(10),
                outcome: .init(kind: .succeeded, detail: nil)
            )
        }
        let report = LaunchReport(status: .succeeded, nodes: rows, phaseStarts: [.init(phase: .critical, start: .zero)])
        // The walk starts from A (the first of those that ended last) and goes to B, its
        // dependency, and stops there: A is on the path already.
        #expect(report.criticalPath == ["B", "A"])
    }

    @Test("A dependency that was not due keeps the chain through it on the critical path")
    func criticalPathThroughWorkNotDue() {
        let report = LaunchReport(
            status: .succeeded,
            nodes: [
                .init(
                    name: "Database",
                    phase: .critical,
                    placement: .background,
                    start: .zero,
                    end: .ms(40),
                    outcome: .init(kind: .succeeded, detail: nil)
                ),
                .init(
                    name: "Store",
                    phase: .critical,
                    placement: .background,
                    dependencies: ["SchemaV2"],
                    start: .ms(40),
                    end: .ms(60),
                    outcome: .init(kind: .succeeded, detail: nil)
                ),
                .init(
                    name: "SchemaV2",
                    phase: .critical,
                    placement: .background,
                    dependencies: ["Database"],
                    outcome: .init(kind: .notDue, detail: "it was done in version 1.0")
                ),
            ],
            phaseStarts: [.init(phase: .critical, start: .zero)]
        )
        #expect(report.criticalPath == ["Database", "Store"])
        #expect(report.criticalPathLength == .ms(60))
    }

    @Test("Idle work run on demand before its phase is not held back by work that ended after it started")
    func criticalPathOfIdleWorkRunEarly() {
        let report = LaunchReport(
            status: .succeeded,
            nodes: [
                .init(
                    name: "C",
                    phase: .critical,
                    placement: .background,
                    start: .zero,
                    end: .ms(50),
                    outcome: .init(kind: .succeeded, detail: nil)
                ),
                .init(
                    name: "I",
                    phase: .idle,
                    placement: .background,
                    start: .zero,
                    end: .ms(100),
                    outcome: .init(kind: .succeeded, detail: nil)
                ),
            ],
            phaseStarts: [
                .init(phase: .critical, start: .zero), .init(phase: .afterFirstFrame, start: .zero),
                .init(phase: .idle, start: .ms(50)),
            ]
        )
        #expect(report.criticalPath == ["I"])
        #expect(report.criticalPathLength == .ms(100))
    }

    @Test("A report whose JSON holds a duration no report can hold fails to decode, naming the number")
    func jsonDurationOutOfRange() async throws {
        let (_, report) = try await Self.knownLaunch()
        var object = try #require(try JSONSerialization.jsonObject(with: try report.jsonData()) as? [String: Any])
        for huge in [1e300, -1e300] {
            object["wallTimeMicroseconds"] = huge
            let data = try JSONSerialization.data(withJSONObject: object)
            #expect {
                _ = try JSONDecoder().decode(LaunchReport.self, from: data)
            } throws: { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return false }
                return context.debugDescription.contains("microseconds is not a duration")
                    && context.codingPath.last?.stringValue == "wallTimeMicroseconds"
            }
        }
    }

    @Test("More interleaved main-actor runs than a hundred do not share a thread with background work")
    func traceThreadsOfManyInterleavedRuns() throws {
        var rows = (0..<120).map { index in
            LaunchReport.Node(
                name: "M\(index)",
                phase: .critical,
                placement: .main,
                start: .ms(index),
                end: .ms(200),
                outcome: .init(kind: .succeeded, detail: nil)
            )
        }
        rows.append(
            .init(
                name: "Background",
                phase: .critical,
                placement: .background,
                start: .zero,
                end: .ms(5),
                outcome: .init(kind: .succeeded, detail: nil)
            )
        )
        let report = LaunchReport(status: .succeeded, nodes: rows, phaseStarts: [.init(phase: .critical, start: .zero)])
        let json = try JSONSerialization.jsonObject(with: try report.chromeTraceData()) as? [String: Any]
        let complete = (json?["traceEvents"] as? [[String: Any]] ?? []).filter { $0["ph"] as? String == "X" }
        let background = try #require(complete.first { $0["name"] as? String == "Background" })
        let mainThreads = Set(complete.filter { $0["name"] as? String != "Background" }.map { $0["tid"] as! Int })
        #expect(mainThreads.count == 120)
        #expect(!mainThreads.contains(background["tid"] as! Int))
    }

    @Test("The trace parses as JSON, has one complete event per executed run, and its times match the report")
    func chromeTrace() async throws {
        let (_, report) = try await Self.knownLaunch()
        let json = try JSONSerialization.jsonObject(with: try report.chromeTraceData()) as? [String: Any]
        let events = try #require(json?["traceEvents"] as? [[String: Any]])
        let complete = events.filter { $0["ph"] as? String == "X" }

        let executed = report.nodes.filter { $0.start != nil }
        #expect(complete.count == executed.count)
        #expect(Set(complete.compactMap { $0["name"] as? String }) == Set(executed.map(\.name)))
        #expect(!executed.map(\.name).contains("NeedsBroken"))
        var mainThreads: Set<Int> = []
        var backgroundThreads: Set<Int> = []
        for event in complete {
            let node = try #require(report.node(named: event["name"] as! String))
            #expect(event["ts"] as? Double == node.start!.microseconds)
            #expect(event["dur"] as? Double == node.duration!.microseconds)
            #expect(event["pid"] as? Int == 1)
            let tid = try #require(event["tid"] as? Int)
            if node.placement == .main { mainThreads.insert(tid) } else { backgroundThreads.insert(tid) }
        }
        #expect(!mainThreads.isEmpty && !backgroundThreads.isEmpty)
        #expect(mainThreads.isDisjoint(with: backgroundThreads))
    }

    @Test("A run still going when the report was made is in the trace, lasting to the latest time the report knows")
    func runningRunInTrace() throws {
        let report = LaunchReport(
            status: .running,
            nodes: [
                .init(
                    name: "Store",
                    phase: .critical,
                    placement: .background,
                    start: .zero,
                    end: .ms(8),
                    outcome: .init(kind: .succeeded, detail: nil)
                ),
                .init(
                    name: "Sync",
                    phase: .critical,
                    placement: .background,
                    start: .ms(5),
                    outcome: .init(kind: .running, detail: nil)
                ),
            ],
            phaseStarts: [.init(phase: .critical, start: .zero)]
        )
        let json = try JSONSerialization.jsonObject(with: try report.chromeTraceData()) as? [String: Any]
        let complete = try #require(json?["traceEvents"] as? [[String: Any]]).filter { $0["ph"] as? String == "X" }
        let sync = try #require(complete.first { $0["name"] as? String == "Sync" })
        #expect(sync["ts"] as? Double == 5_000)
        #expect(sync["dur"] as? Double == 3_000)
        #expect((sync["args"] as? [String: String])?["outcome"] == "running")
        #expect(sync["tid"] as? Int != complete.first { $0["name"] as? String == "Store" }?["tid"] as? Int)
    }

    @Test("Overlapping work on one placement gets separate lanes, so events never overlap on a thread")
    func lanes() async throws {
        let (_, report) = try await Self.knownLaunch()
        let json = try JSONSerialization.jsonObject(with: try report.chromeTraceData()) as? [String: Any]
        let complete = try #require(json?["traceEvents"] as? [[String: Any]]).filter { $0["ph"] as? String == "X" }
        #expect(!complete.isEmpty)
        let byThread = Dictionary(grouping: complete) { $0["tid"] as! Int }
        for events in byThread.values {
            let spans = events.map { ($0["ts"] as! Double, $0["ts"] as! Double + ($0["dur"] as! Double)) }.sorted {
                $0.0 < $1.0
            }
            for (earlier, later) in zip(spans, spans.dropFirst()) { #expect(earlier.1 <= later.0) }
        }
    }

    @Test("The report round-trips through JSON")
    func json() async throws {
        let (_, report) = try await Self.knownLaunch()
        let decoded = try JSONDecoder().decode(LaunchReport.self, from: try report.jsonData())
        #expect(decoded == report)
        let object = try JSONSerialization.jsonObject(with: try report.jsonData()) as? [String: Any]
        #expect(object?["wallTimeMicroseconds"] as? Double == 70_000)
        #expect(object?["criticalPath"] as? [String] == ["RootView", "A", "B", "D", "E"])
    }

    @Test("The text table is aligned and lists every row, the critical path and the overruns")
    func textTable() async throws {
        let (_, report) = try await Self.knownLaunch()
        let lines = report.textTable.split(separator: "\n").map(String.init)
        #expect(lines[0] == "Launch succeeded: wall time 70.0 ms, total work 94.0 ms, parallelism 1.34x")
        let header = lines[1]
        let rows = Array(lines[2..<(2 + report.nodes.count)])
        for column in ["Phase", "Where", "Start", "Retries", "Outcome"] {
            let offset = header.distance(from: header.startIndex, to: header.range(of: column)!.lowerBound)
            for row in rows {
                let cell = row.dropFirst(offset)
                #expect(
                    row.dropFirst(offset - 2).hasPrefix("  ") && cell.first != " ",
                    "\(column) is misaligned in: \(row)"
                )
            }
        }
        #expect(rows.contains { $0.hasPrefix("RootView [command]") })
        #expect(rows.contains { $0.hasPrefix("C ") && $0.contains(" 1 ") && $0.hasSuffix("succeeded") })
        #expect(rows.contains { $0.hasSuffix("skipped: dependency Broken failed") })
        #expect(
            lines.suffix(3) == [
                "Critical path (70.0 ms): RootView -> A -> B -> D -> E", "Budget overruns: none",
                // The default memory outside Apple platforms: in memory, so every launch is a first.
                "History: version 0; first launch",
            ]
        )
    }

    @Test("Durations are recorded as metrics timers")
    func metrics() async throws {
        let factory = RecordingMetrics()
        var configuration = LaunchPlan.Configuration()
        configuration.metricsFactory = factory
        let launch = try ScriptedLaunch(
            [
                Script(name: "A", steps: [.succeed(after: .ms(10))]),
                Script(name: "B", dependencies: ["A"], steps: [.fail(after: .ms(5))], policy: .optional),
            ],
            configuration: configuration
        )
        _ = await launch.run()

        let runs = factory.recorded.filter { $0.label == "appservices.launch.initializer" }
        #expect(
            runs.map(\.description).sorted() == [
                "initializer=A outcome=succeeded phase=critical run=launch: 10000000",
                "initializer=B outcome=failed phase=critical run=launch: 5000000",
            ]
        )
        let phases = factory.recorded.filter { $0.label == "appservices.launch.phase" }.map(\.description)
        #expect(phases.contains("phase=critical: 15000000"))
        #expect(!phases.contains { $0.hasPrefix("phase=onDemand") }, "on-demand work has no phase start")
    }

    @Test("A run on entering the foreground is recorded as such, apart from the launch's runs")
    func foregroundRunMetrics() async throws {
        let factory = RecordingMetrics()
        var configuration = LaunchPlan.Configuration()
        configuration.metricsFactory = factory
        let launch = try ScriptedLaunch(
            [Script(name: "Session", steps: [.succeed(after: .ms(10))], rerunsOnForeground: true)],
            configuration: configuration
        )
        _ = await launch.run()
        launch.composite.didBecomeActive()
        launch.composite.willResignActive()
        launch.composite.didEnterBackground()
        launch.composite.willEnterForeground()
        await launch.driver.runUntilIdle()

        let runs = factory.recorded.filter { $0.label == "appservices.launch.initializer" }
        #expect(
            runs.map(\.description) == [
                "initializer=Session outcome=succeeded phase=critical run=launch: 10000000",
                "initializer=Session outcome=succeeded phase=critical run=foreground: 10000000",
            ]
        )
    }
}

@Suite("Launch metrics")
struct LaunchMetricsTests {
    @Test("Without a factory of the plan's own, the backend bootstrapped by the time of each record is used")
    func backendBootstrappedDuringLaunch() {
        let backend = Mutex<any MetricsFactory>(NOOPMetricsHandler.instance)
        let metrics = LaunchMetrics(factory: nil, label: "app.launch") { backend.withLock { $0 } }
        metrics.recordRun(
            of: "Early",
            phase: .beforeLaunchReturns,
            outcome: .succeeded,
            inForeground: false,
            duration: .ms(1)
        )

        let recording = RecordingMetrics()
        backend.withLock { $0 = recording }
        metrics.recordRun(of: "Late", phase: .critical, outcome: .succeeded, inForeground: false, duration: .ms(2))
        metrics.recordPhase(.critical, duration: .ms(3))

        #expect(
            recording.recorded.map { "\($0.label) \($0.description)" } == [
                "app.launch.initializer initializer=Late outcome=succeeded phase=critical run=launch: 2000000",
                "app.launch.phase phase=critical: 3000000",
            ]
        )
    }
}

extension Duration {
    var microseconds: Double { Double(components.seconds) * 1_000_000 + Double(components.attoseconds) / 1e12 }
}

/// Records timer values; everything else goes nowhere.
final class RecordingMetrics: MetricsFactory, Sendable {
    struct Record: Sendable {
        let label: String
        let dimensions: [String]
        let nanoseconds: Int64
        var description: String { "\(dimensions.sorted().joined(separator: " ")): \(nanoseconds)" }
    }

    private let records = Locked<[Record]>([])
    var recorded: [Record] { records.withLock { $0 } }

    final class TimerRecorder: TimerHandler, Sendable {
        let label: String
        let dimensions: [String]
        let factory: RecordingMetrics
        init(label: String, dimensions: [String], factory: RecordingMetrics) {
            self.label = label
            self.dimensions = dimensions
            self.factory = factory
        }
        func recordNanoseconds(_ duration: Int64) {
            factory.records.withLock { $0.append(Record(label: label, dimensions: dimensions, nanoseconds: duration)) }
        }
    }

    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        TimerRecorder(label: label, dimensions: dimensions.map { "\($0.0)=\($0.1)" }, factory: self)
    }
    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        NOOPMetricsHandler.instance
    }
    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        NOOPMetricsHandler.instance
    }
    func destroyCounter(_ handler: any CounterHandler) {}
    func destroyRecorder(_ handler: any RecorderHandler) {}
    func destroyTimer(_ handler: any TimerHandler) {}
}
