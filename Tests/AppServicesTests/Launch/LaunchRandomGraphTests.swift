import AppServices
import AppServicesTesting
import Foundation
import Testing

/// 2,000 random launches (seeded, so a failure names a reproducible seed) with random
/// phases, dependencies, durations, failures, hangs, budgets, retry policies, first-frame
/// times and cancellations; each must keep every scheduling invariant.
@MainActor
struct LaunchRandomGraphTests {
    /// A random launch and the moments the test acts on it.
    struct Scenario {
        let seed: UInt64
        let scripts: [Script]
        let gracePeriod: Duration
        /// When the first frame is reported.
        let firstFrame: Duration
        /// When the launch is cancelled, if it is.
        let cancellation: Duration?

        // Work, backoff, first frame and cancellation happen at even milliseconds and budgets
        // last an odd number, so a budget never expires at the very moment work ends (the
        // order of two events at one instant is up to the scheduler).
        init(seed: UInt64) {
            var random = SplitMix64(seed: seed)
            func even(_ range: ClosedRange<Int>) -> Duration { .ms(2 * Int.random(in: range, using: &random)) }
            self.seed = seed
            let phases: [LaunchPhase] = [.critical, .critical, .critical, .afterFirstFrame, .idle]
            var scripts: [Script] = []
            for index in 0..<Int.random(in: 2...8, using: &random) {
                var script = Script(name: "N\(index)")
                script.phase = phases.randomElement(using: &random)!
                script.dependencies = scripts.filter {
                    $0.phase <= script.phase && Int.random(in: 0..<10, using: &random) < 3
                }.map(\.name)
                if Int.random(in: 0..<10, using: &random) < 3 {
                    script.budget = .ms(2 * Int.random(in: 2...40, using: &random) + 1)
                }
                script.steps = (0..<3).map { _ in
                    switch Int.random(in: 0..<20, using: &random) {
                    case 0..<3: return .fail(after: even(0...20))
                    case 3 where script.budget != nil: return .hang
                    case 4: return .stubborn(even(1...30))
                    default: return .succeed(after: even(0...20))
                    }
                }
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<3: script.policy = .required
                case 3..<7: script.policy = .optional
                default:
                    script.policy = .retry(
                        times: Int.random(in: 1...2, using: &random),
                        backoff: .constant(even(0...10)),
                        whenExhausted: Bool.random(using: &random) ? .required : .optional
                    )
                }
                script.mainActor = Int.random(in: 0..<5, using: &random) == 0
                scripts.append(script)
            }
            self.scripts = scripts
            self.gracePeriod = even(1...20)
            self.firstFrame = Bool.random(using: &random) ? .zero : even(1...30)
            self.cancellation = Int.random(in: 0..<7, using: &random) == 0 ? even(0...40) : nil
        }
    }

    @Test("Random launches keep every scheduling invariant", arguments: 0..<8)
    func randomLaunches(batch: UInt64) async throws {
        for seed in (batch * 250)..<((batch + 1) * 250) {
            try await check(Scenario(seed: seed))
        }
    }

    func check(_ scenario: Scenario) async throws {
        var configuration = LaunchPlan.Configuration()
        configuration.gracePeriod = scenario.gracePeriod
        let launch = try ScriptedLaunch(scenario.scripts, configuration: configuration)
        launch.start(reportingFirstFrame: scenario.firstFrame == .zero)
        var events = [(scenario.firstFrame, "frame")]
        if let cancellation = scenario.cancellation { events.append((cancellation, "cancel")) }
        for (time, event) in events.sorted(by: { $0.0 < $1.0 }) {
            await launch.driver.run(until: time)
            if event == "frame" { launch.composite.reportFirstFrame() } else { launch.launch.cancel() }
        }
        await launch.driver.runUntilIdle()
        // Hanging initializers without budgets would hold the launch forever: stop it.
        let stopped = launch.launch.report.nodes.contains { $0.outcome.kind == .pending || $0.outcome.kind == .running }
        let stoppedAt = launch.clock.now.offset
        if stopped {
            launch.launch.cancel()
            await launch.driver.runUntilIdle()
        }
        let report = launch.launch.report
        launch.probe.openGate()
        let cancelledAt = scenario.cancellation ?? (stopped ? stoppedAt : nil)
        try verify(report, launch.probe.allCalls, scenario, cancelledAt: cancelledAt)
    }

    func verify(_ report: LaunchReport, _ calls: [Call], _ scenario: Scenario, cancelledAt: Duration?) throws {
        let seed = scenario.seed
        let nodes = Dictionary(uniqueKeysWithValues: report.nodes.map { ($0.name, $0) })
        let phaseStarts = Dictionary(uniqueKeysWithValues: report.phaseStarts.map { ($0.phase, $0.start) })
        let grace = scenario.gracePeriod

        for script in scenario.scripts {
            let node = try #require(nodes[script.name], "seed \(seed)")
            let context = Comment(rawValue: "seed \(seed), \(script.name): \(node)")
            let myCalls = calls.filter { $0.name == script.name }

            // The report is complete.
            #expect(node.outcome.kind != .pending && node.outcome.kind != .running, context)

            // At most once per launch: attempts numbered 1, 2, ..., within the policy.
            #expect(myCalls.map(\.attempt) == Array(1..<(myCalls.count + 1)), context)
            #expect(myCalls.count <= script.policy.maxRetries + 1, context)
            #expect(myCalls.isEmpty == (node.start == nil), context)
            if !node.attempts.isEmpty { #expect(node.attempts.count == myCalls.count, context) }
            #expect(myCalls.map(\.onMainActor).allSatisfy { $0 == script.mainActor }, context)

            guard let start = node.start, let end = node.end else {
                // Never started: skipped, naming a dependency that did not succeed, or the launch stopping.
                #expect(node.outcome.kind == .skipped, context)
                let reason = node.outcome.detail ?? ""
                let failedDependency = script.dependencies.contains {
                    reason.hasPrefix("dependency \($0) ") && nodes[$0]?.outcome.kind != .succeeded
                }
                #expect(
                    failedDependency || reason.hasPrefix("the launch failed: ") || reason == "the launch was cancelled",
                    context
                )
                continue
            }

            // Never before the dependencies succeeded; exactly when the last of them (or the phase) allowed.
            var gate = phaseStarts[script.phase] ?? .zero
            for dependency in script.dependencies {
                let other = try #require(nodes[dependency])
                #expect(other.outcome.kind == .succeeded, context)
                #expect(other.end! <= start, context)
                gate = max(gate, other.end!)
            }
            #expect(start == gate, context)
            #expect(myCalls.first?.start == start, context)
            if let cancelledAt { #expect(start <= cancelledAt, context) }

            // Retries follow the backoff exactly.
            for (earlier, later) in zip(node.attempts, node.attempts.dropFirst()) {
                #expect(later.start == earlier.end + script.policy.backoff.delay(beforeRetry: 1), context)
            }

            // Budgets: cancelled at expiry, timed out then or, if ignored, after the grace period.
            if let budget = script.budget {
                #expect(end - start <= budget + grace, context)
                if node.outcome.kind == .timedOut {
                    #expect(end == start + budget + (node.abandoned ? grace : .zero), context)
                }
            } else {
                #expect(node.outcome.kind != .timedOut, context)
            }
            if node.abandoned { #expect(node.outcome.kind == .timedOut || node.outcome.kind == .cancelled, context) }

            // The idle phase starts once critical and after-first-frame work is done.
            if script.phase == .idle {
                let before = report.nodes.filter { $0.phase == .critical || $0.phase == .afterFirstFrame }
                #expect(before.allSatisfy { ($0.end ?? .zero) <= start }, context)
            }
            if script.phase == .afterFirstFrame { #expect(start >= scenario.firstFrame, context) }
        }

        // A required failure fails the launch and the failure names it; nothing else does.
        let requiredFailures = scenario.scripts.filter { script in
            let kind = nodes[script.name]!.outcome.kind
            return script.policy.isRequired && (kind == .failed || kind == .timedOut)
        }
        if report.status == .failed {
            #expect(
                requiredFailures.contains { report.failure?.contains($0.name) == true },
                "seed \(seed): \(report.textTable)"
            )
        } else if scenario.cancellation == nil {
            #expect(requiredFailures.isEmpty, "seed \(seed): \(report.textTable)")
        }

        // The trace has one complete event per started run, at the report's times.
        let json = try JSONSerialization.jsonObject(with: try report.chromeTraceData()) as? [String: Any]
        let complete = (json?["traceEvents"] as? [[String: Any]] ?? []).filter { $0["ph"] as? String == "X" }
        let started = report.nodes.filter { $0.start != nil }
        #expect(complete.count == started.count, "seed \(seed)")
        for event in complete {
            let node = nodes[event["name"] as? String ?? ""]
            #expect(event["ts"] as? Double == node?.start?.microseconds, "seed \(seed)")
            #expect(event["dur"] as? Double == node?.duration?.microseconds, "seed \(seed)")
        }
    }
}
