import AppServices
import AppServicesTesting
import Testing

@MainActor
struct LaunchSignpostTests {
    @Test("A launch's intervals match its report's nodes one to one: names, outcomes, retried attempts, one end each")
    func intervalsMatchTheReport() async throws {
        let signposts = RecordingSignposter()
        let launch = try ScriptedLaunch(
            [
                Script(name: "Plain"),
                Script(
                    name: "Remote",
                    steps: [.fail(after: .ms(10)), .succeed(after: .ms(10))],
                    policy: .retry(times: 2, backoff: .exponential(initial: .ms(100), multiplier: 2))
                ),
                Script(name: "Broken", steps: [.fail(after: .ms(20))], policy: .optional),
                Script(name: "NeedsBroken", dependencies: ["Broken"]),
            ],
            commands: [ClosureCommand("Appearance") { _ in }],
            signposter: signposts
        )
        let report = await launch.run()
        await launch.launch.waitUntilIdle()

        #expect(signposts.unmatchedEnds.isEmpty)
        #expect(signposts.openIntervals.isEmpty)
        let intervals = signposts.intervals
        // Every interval belongs to one report node, and every node has its intervals.
        #expect(Set(intervals.map(\.nodeName)) == Set(report.nodes.map(\.name)))
        for node in report.nodes {
            let own = intervals.filter { $0.nodeName == node.name }
            let expectedName = node.kind == .command ? "Startup command" : "Initializer"
            #expect(own.allSatisfy { $0.name == expectedName }, "\(own)")
            #expect(own.count == max(1, node.attempts.count), "\(node.name): \(own)")
            // The outcome as the report has it, but for a failure's error: signposts are public.
            let outcome = node.outcome.kind == .failed ? "failed" : "\(node.outcome)"
            #expect(own.last?.endMessage == "\(node.name) (\(node.phase)): \(outcome)")
            for (number, attempt) in own.dropLast().enumerated() {
                #expect(
                    attempt.endMessage == "\(node.name) (\(node.phase)): retried: attempt \(number + 1) of 3 failed"
                )
            }
        }
        #expect(report.node(named: "Remote")?.attempts.count == 2)
        #expect(report.node(named: "Broken")?.outcome.kind == .failed)
        #expect(report.node(named: "NeedsBroken")?.outcome == .skipped("dependency Broken failed"))
        #expect(
            intervals.map(\.description).filter { $0.contains("Remote") } == [
                "Initializer: Remote (critical), attempt 1 -> Remote (critical): retried: attempt 1 of 3 failed",
                "Initializer: Remote (critical), attempt 2 -> Remote (critical): succeeded",
            ]
        )
        #expect(
            intervals.first { $0.nodeName == "NeedsBroken" }?.description
                == "Initializer: NeedsBroken (critical) -> NeedsBroken (critical): skipped: dependency Broken failed"
        )
    }

    @Test("A launch cancelled while a node waits to retry ends that node's run with an interval of its own")
    func cancelledWhileWaitingToRetry() async throws {
        let signposts = RecordingSignposter()
        let launch = try ScriptedLaunch(
            [
                Script(
                    name: "Remote",
                    steps: [.fail(after: .ms(10))],
                    policy: .retry(times: 1, backoff: .exponential(initial: .ms(100), multiplier: 2))
                )
            ],
            signposter: signposts
        )
        launch.start()
        await launch.driver.settle()
        launch.clock.advance(by: .ms(10))
        await launch.driver.settle()
        launch.launch.cancel()
        await launch.launch.waitUntilIdle()

        #expect(launch.launch.report.node(named: "Remote")?.outcome == .cancelled)
        #expect(signposts.unmatchedEnds.isEmpty)
        #expect(signposts.openIntervals.isEmpty)
        #expect(
            signposts.intervals.compactMap(\.endMessage) == [
                "Remote (critical): retried: attempt 1 of 2 failed",
                "Remote (critical): cancelled",
            ]
        )
    }

    @Test("A signposter switched off during the launch still ends the intervals it began, once, and begins no more")
    func switchedOffDuringTheLaunch() async throws {
        let signposts = RecordingSignposter()
        let launch = try ScriptedLaunch(
            [Script(name: "First"), Script(name: "Second", dependencies: ["First"])],
            signposter: signposts
        )
        launch.start()
        await launch.driver.settle()
        signposts.isEnabled = false
        await launch.driver.runUntilIdle()
        await launch.launch.waitUntilIdle()

        #expect(launch.launch.report.node(named: "Second")?.outcome == .succeeded)
        #expect(signposts.unmatchedEnds.isEmpty)
        #expect(
            signposts.intervals.map(\.description) == [
                "Initializer: First (critical), attempt 1 -> First (critical): succeeded"
            ]
        )
    }

    @Test("The first frame is one event, however often the host reports it")
    func firstFrameIsOneEvent() async throws {
        let signposts = RecordingSignposter()
        let launch = try ScriptedLaunch([Script(name: "Plain")], signposter: signposts)
        _ = await launch.run()
        launch.composite.reportFirstFrame()

        #expect(signposts.events(named: "First frame").count == 1)
    }

    @Test("Without a signposter, or with one that is off, a launch marks nothing")
    func nothingWhenOff() async throws {
        let off = RecordingSignposter(isEnabled: false)
        let scripts = [
            Script(name: "Plain"),
            Script(name: "Broken", steps: [.fail(after: .ms(20))], policy: .optional),
            Script(name: "NeedsBroken", dependencies: ["Broken"]),
        ]
        let launch = try ScriptedLaunch(scripts, commands: [ClosureCommand("Appearance") { _ in }], signposter: off)
        _ = await launch.run()
        await launch.launch.waitUntilIdle()
        #expect(off.signposts.isEmpty)

        let none = try ScriptedLaunch(scripts)
        #expect(none.composite.configuration.signposter == nil, "no signposter by default on Linux")
        let report = await none.run()
        #expect(report.node(named: "NeedsBroken")?.outcome.kind == .skipped)
    }
}

extension RecordedInterval {
    /// The launch node an interval is about: its message up to the phase in parentheses.
    var nodeName: String {
        String(beginMessage.prefix { $0 != " " })
    }
}
