import AppServices
import AppServicesTesting
import Logging
import Testing

@MainActor
struct LaunchBudgetAndRetryTests {
    @Test("An expired budget cancels the initializer; one that stops at once is timed out then")
    func budgetCancels() async throws {
        let launch = try ScriptedLaunch([
            Script(name: "Slow", steps: [.succeed(after: .ms(100))], budget: .ms(30), policy: .optional),
            Script(name: "NeedsSlow", dependencies: ["Slow"]),
        ])
        let report = await launch.run()

        let slow = try #require(report.node(named: "Slow"))
        #expect(slow.outcome == .timedOut)
        #expect(slow.end == .ms(30))
        #expect(slow.abandoned == false)
        #expect(report.node(named: "NeedsSlow")?.outcome == .skipped("dependency Slow timed out"))
        #expect(report.budgetOverruns == [.init(name: "Slow", budget: .ms(30), duration: .ms(30))])
        #expect(report.status == .succeeded)
        #expect(
            launch.logs.messages(at: .warning).contains { $0.contains("Slow ran out of its budget of 0.03 seconds") }
        )
    }

    @Test("One that ignores cancellation is abandoned after the grace period and reported timed out")
    func abandonment() async throws {
        var configuration = LaunchPlan.Configuration()
        configuration.gracePeriod = .ms(50)
        let launch = try ScriptedLaunch(
            [
                Script(name: "Stuck", steps: [.hang], budget: .ms(30)),
                Script(name: "Other", steps: [.succeed(after: .ms(500))]),
            ],
            configuration: configuration
        )
        launch.start()
        let readiness = Task { try await launch.launch.waitUntilReady(.critical) }
        await launch.driver.runUntilIdle()

        let stuck = try #require(launch.launch.report.node(named: "Stuck"))
        #expect(stuck.outcome == .timedOut)
        #expect(stuck.end == .ms(80))
        #expect(stuck.abandoned)
        // Stuck is required: its timeout fails the launch and cancels the rest.
        let error = await #expect(throws: LaunchError.self) { try await readiness.value }
        #expect(error?.code == .timedOut)
        #expect(error?.initializer == "Stuck")
        #expect(launch.launch.report.node(named: "Other")?.outcome == .cancelled)
        #expect(launch.launch.report.node(named: "Other")?.end == .ms(80))
        launch.probe.openGate()
    }

    @Test("One that finishes within the grace period succeeded, late, and is listed as an overrun")
    func finishesWithinGrace() async throws {
        let launch = try ScriptedLaunch([Script(name: "Late", steps: [.stubborn(.ms(50))], budget: .ms(30))])
        let report = await launch.run()

        #expect(report.node(named: "Late")?.outcome == .succeeded)
        #expect(report.node(named: "Late")?.end == .ms(50))
        #expect(report.budgetOverruns == [.init(name: "Late", budget: .ms(30), duration: .ms(50))])
        #expect(report.status == .succeeded)
    }

    @Test("A try cut off by its budget is listed with what ended it, not as a try that succeeded")
    func cutOffAttemptHasAnError() async throws {
        let launch = try ScriptedLaunch([
            Script(
                name: "Flaky",
                steps: [.fail(after: .ms(1)), .succeed(after: .ms(100))],
                budget: .ms(30),
                policy: .retry(times: 1, backoff: .immediate, whenExhausted: .optional)
            )
        ])
        let report = await launch.run()

        let flaky = try #require(report.node(named: "Flaky"))
        #expect(flaky.outcome == .timedOut)
        #expect(flaky.attempts.map(\.error) == ["Flaky failed on purpose (attempt 1)", "timed out"])
    }

    @Test("A required initializer that times out after the launch stopped says so, not that the launch goes on")
    func timeoutAfterTheLaunchStopped() async throws {
        var configuration = LaunchPlan.Configuration()
        configuration.gracePeriod = .ms(50)
        let launch = try ScriptedLaunch(
            [
                Script(name: "Stuck", steps: [.hang], budget: .ms(30)),
                Script(name: "Breaks", steps: [.fail(after: .ms(40))]),
            ],
            configuration: configuration
        )
        launch.start()
        await launch.driver.runUntilIdle()

        #expect(launch.launch.report.node(named: "Stuck")?.outcome == .timedOut)
        #expect(launch.launch.report.node(named: "Breaks")?.outcome.kind == .failed)
        let warnings = launch.logs.messages(at: .warning)
        #expect(!warnings.contains { $0.contains("run on demand") || $0.contains("the launch goes on") }, "\(warnings)")
        #expect(warnings.contains("After the launch had stopped, Stuck timed out."), "\(warnings)")
        launch.probe.openGate()
    }

    @Test("Retries happen the exact number of times, after the exact backoff")
    func retryTiming() async throws {
        let launch = try ScriptedLaunch([
            Script(
                name: "Remote",
                steps: [.fail(after: .ms(10)), .fail(after: .ms(10)), .succeed(after: .ms(10))],
                policy: .retry(times: 3, backoff: .exponential(initial: .ms(100), multiplier: 2))
            ),
            Script(name: "NeedsRemote", dependencies: ["Remote"], steps: [.succeed(after: .ms(1))]),
        ])
        let report = await launch.run()

        let remote = try #require(report.node(named: "Remote"))
        #expect(remote.outcome == .succeeded)
        #expect(remote.retries == 2)
        #expect(
            remote.attempts.map { "\($0.start)-\($0.end)" } == [
                "0.0 seconds-0.01 seconds", "0.11 seconds-0.12 seconds", "0.32 seconds-0.33 seconds",
            ]
        )
        #expect(
            remote.attempts.map(\.error) == [
                "Remote failed on purpose (attempt 1)", "Remote failed on purpose (attempt 2)", nil,
            ]
        )
        #expect(launch.probe.calls(of: "Remote").map(\.attempt) == [1, 2, 3])
        #expect(report.node(named: "NeedsRemote")?.start == .ms(330))
        #expect(launch.logs.messages(at: .warning).filter { $0.hasPrefix("Remote failed (attempt") }.count == 2)
    }

    @Test("When retries run out, the policy given for that decides", arguments: [true, false])
    func retriesExhausted(required: Bool) async throws {
        let launch = try ScriptedLaunch([
            Script(
                name: "Flaky",
                steps: [.fail(after: .ms(10))],
                policy: .retry(times: 2, backoff: .constant(.ms(5)), whenExhausted: required ? .required : .optional)
            ),
            Script(name: "NeedsFlaky", dependencies: ["Flaky"]),
        ])
        let report = await launch.run()

        let flaky = try #require(report.node(named: "Flaky"))
        #expect(flaky.retries == 2)
        #expect(flaky.end == .ms(40))
        #expect(flaky.outcome == .failed("Flaky failed on purpose (attempt 3)"))
        #expect(report.status == (required ? .failed : .succeeded))
        #expect(
            report.node(named: "NeedsFlaky")?.outcome
                == .skipped(required ? "the launch failed: Flaky failed" : "dependency Flaky failed")
        )
        if required {
            #expect(
                report.failure
                    == "The launch failed: Flaky failed after 3 attempts: Flaky failed on purpose (attempt 3)"
            )
        }
    }

    @Test("The budget covers retries and backoff")
    func budgetCoversRetries() async throws {
        let launch = try ScriptedLaunch([
            Script(
                name: "Flaky",
                steps: [.fail(after: .ms(10))],
                budget: .ms(150),
                policy: .retry(times: 5, backoff: .constant(.ms(100)), whenExhausted: .optional)
            )
        ])
        let report = await launch.run()

        let flaky = try #require(report.node(named: "Flaky"))
        #expect(flaky.outcome == .timedOut)
        #expect(flaky.end == .ms(150))
        #expect(launch.probe.calls(of: "Flaky").map(\.start) == [.zero, .ms(110)])
    }

    @Test(
        "Backoff delays",
        arguments: [
            (FailurePolicy.Backoff.constant(.ms(7)), [7, 7, 7, 7]),
            (.exponential(initial: .ms(10), multiplier: 3, maximum: .ms(200)), [10, 30, 90, 200]),
            (.immediate, [0, 0, 0, 0]),
        ]
    )
    func backoffDelays(backoff: FailurePolicy.Backoff, milliseconds: [Int]) {
        #expect((1...4).map { backoff.delay(beforeRetry: $0) } == milliseconds.map { .ms($0) })
    }
}
