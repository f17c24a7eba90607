import AppServices
import AppServicesTesting
import Dispatch
import Logging
import Testing

@MainActor
struct ExactlyOnceTests {
    let clock = TestClock()
    let probe = TrialProbe()
    let logs = LogCapture()
    let push = RemoteNotification(userInfo: ["aps": ["content-available": 1]])

    func composite(_ scripts: [FanOutScript]) -> ServiceComposite {
        ServiceComposite(
            makeScripted(scripts, clock: clock, probe: probe),
            configuration: .init(logger: logs.logger(), clock: clock)
        )
    }

    @Test("A service that never answers: the completion waits for the deadline, then is called once")
    func neverAnswers() async {
        let composite = composite([.answer(.newData), .never])
        let completion = CompletionRecorder<BackgroundFetchResult>(clock: clock)
        composite.didReceiveRemoteNotification(push) { completion.record($0) }

        await probe.waitForReturned(1)
        await clock.waitForSleepers(2)  // the deadline and S1's endless sleep
        clock.advance(by: .seconds(24))
        #expect(completion.count == 0, "the deadline is 25 s; nothing may complete at 24 s")

        clock.advance(by: .seconds(1))
        await completion.waitUntilCalled()
        await composite.waitForPendingWork()
        #expect(completion.values == [.newData])
        #expect(completion.times == [TestClock.Instant(offset: .seconds(25))])
        #expect(logs.messages(at: .warning).contains { $0.contains("deadline") && $0.contains("S1") })
    }

    @Test("A service that never answers counts as failed at the deadline")
    func neverCountsAsFailed() async {
        let composite = composite([.answer(.noData), .never])
        let completion = CompletionRecorder<BackgroundFetchResult>(clock: clock)
        composite.didReceiveRemoteNotification(push) { completion.record($0) }
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(25))
        await completion.waitUntilCalled()
        await composite.waitForPendingWork()
        #expect(completion.values == [.failed])
    }

    @Test("A service that calls its completion handler twice: the first answer counts, the second is logged")
    func answersTwice() async {
        let composite = composite([.twice(.newData, .noData), .answer(.noData)])
        let completion = CompletionRecorder<BackgroundFetchResult>(clock: clock)
        composite.didReceiveRemoteNotification(push) { completion.record($0) }
        await completion.waitUntilCalled()
        await composite.waitForPendingWork()
        #expect(completion.values == [.newData])
        #expect(completion.times == [TestClock.Instant(offset: .zero)], "answered at once, no deadline involved")
        #expect(logs.messages(at: .warning).contains { $0.contains("S0") && $0.contains("more than once") })
    }

    @Test("A late answer after the deadline is ignored and logged with the service's name")
    func answersLate() async {
        let composite = composite([.answer(.noData), .stubborn(.newData)])
        let completion = CompletionRecorder<BackgroundFetchResult>(clock: clock)
        composite.didReceiveRemoteNotification(push) { completion.record($0) }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(25))
        await completion.waitUntilCalled()
        #expect(completion.values == [.failed])

        probe.release()  // S1 ignores cancellation and answers now, too late
        await composite.waitForPendingWork()
        #expect(completion.count == 1)
        #expect(
            logs.messages(at: .warning).contains {
                $0.contains("S1 answered didReceiveRemoteNotification after the completion handler was called")
                    && $0.contains("newData")
            }
        )
    }

    @Test(
        "At termination, a service that ignores cancellation does not keep the completion from being called, once",
        .timeLimit(.minutes(1))
    )
    func terminationWithAStubbornService() async {
        let composite = composite([.answer(.newData), .stubborn(.noData)])
        let completion = CompletionRecorder<BackgroundFetchResult>(clock: clock)
        composite.didReceiveRemoteNotification(push) { completion.record($0) }
        await clock.waitForSleepers(1)  // the deadline
        composite.willTerminate()
        await completion.waitUntilCalled()
        #expect(completion.values == [.newData], "S1 is silent: merged as at a deadline")
        #expect(completion.times == [TestClock.Instant(offset: .zero)], "at once, not at the deadline")
        #expect(logs.messages(at: .warning).contains { $0.contains("terminates") && $0.contains("S1") })

        probe.release()  // S1 answers after all, too late
        await composite.waitForPendingWork()
        #expect(completion.count == 1)
    }

    @Test("At termination, a completion handler not called yet is called before willTerminate returns")
    func terminationCompletesBeforeReturning() async {
        let composite = composite([.answer(.newData), .stubborn(.noData)])
        let completion = CompletionRecorder<BackgroundFetchResult>(clock: clock)
        composite.didReceiveRemoteNotification(push) { completion.record($0) }
        await clock.waitForSleepers(1)  // the deadline
        composite.willTerminate()
        // The system ends the process when willTerminate returns: no later turn of the main
        // actor may be needed.
        #expect(completion.values == [.newData])
        #expect(logs.messages(at: .warning).contains { $0.contains("terminates") && $0.contains("S1") })

        probe.release()
        await composite.waitForPendingWork()
        #expect(completion.count == 1)
    }

    @Test(
        "The deadline counts from the call even when services work on the spot before one waits",
        .timeLimit(.minutes(1))
    )
    func deadlineCountsFromCallPastWorkOnTheSpot() async {
        let composite = ServiceComposite(
            [WaitingFetcher(clock: clock), BusyFetcher(clock: clock)],
            configuration: .init(logger: logs.logger(), clock: clock)
        )
        let completion = CompletionRecorder<BackgroundFetchResult>(clock: clock)
        composite.didReceiveRemoteNotification(push) { completion.record($0) }
        await clock.waitForSleepers(2)  // the deadline and the waiting service
        #expect(clock.now == .init(offset: .seconds(10)), "the busy service worked 10 s on the spot")
        #expect(clock.sleeperDeadlines.contains(.init(offset: .seconds(25))), "25 s from the call, not from 10 s")

        clock.advance(to: .init(offset: .seconds(25)))
        await completion.waitUntilCalled()
        await composite.waitForPendingWork()
        #expect(completion.times == [TestClock.Instant(offset: .seconds(25))])
    }

    @Test("A service that throws counts as failed and does not affect the others")
    func throwsError() async {
        let composite = composite([.fail, .answer(.noData), .answer(.noData)])
        let completion = CompletionRecorder<BackgroundFetchResult>(clock: clock)
        composite.didReceiveRemoteNotification(push) { completion.record($0) }
        await completion.waitUntilCalled()
        await composite.waitForPendingWork()
        #expect(completion.values == [.failed])
        #expect(probe.returned == 3, "every service ran")
        #expect(logs.messages(at: .error).contains { $0.contains("S0 failed didReceiveRemoteNotification") })
    }

    @Test(
        "A service that throws on the spot before another waits counts as failed, and is logged once",
        .timeLimit(.minutes(1))
    )
    func throwsBeforeOneWaits() async {
        let composite = composite([.fail, .after(.seconds(1), .noData)])
        let completion = CompletionRecorder<BackgroundFetchResult>(clock: clock)
        composite.didReceiveRemoteNotification(push) { completion.record($0) }
        await clock.waitForSleepers(2)  // the deadline and the waiting service
        clock.advance(by: .seconds(1))
        await completion.waitUntilCalled()
        await composite.waitForPendingWork()
        #expect(completion.values == [.failed], "the failure on the spot counts in the merge the gate makes")
        #expect(logs.messages(at: .error).filter { $0.contains("S0 failed didReceiveRemoteNotification") }.count == 1)
    }

    @Test("The deadline counts from the moment the system called, not from when the work starts")
    func deadlineCountsFromDispatch() async {
        let composite = composite([.stubborn(.newData)])
        let completion = CompletionRecorder<BackgroundFetchResult>(clock: clock)
        composite.didReceiveRemoteNotification(push) { completion.record($0) }
        // Time passes before the fan-out's task has had a chance to run at all.
        clock.advance(by: .seconds(25))
        await completion.waitUntilCalled()
        #expect(completion.times == [TestClock.Instant(offset: .seconds(25))])
        probe.release()
        await composite.waitForPendingWork()
    }

    @Test(
        "A deadline already due when the fan-out starts completes once and cancels the service still working",
        .timeLimit(.minutes(1))
    )
    func deadlineDueAtOnce() async {
        var deadlines = ServiceComposite.Configuration.Deadlines()
        deadlines.remoteNotification = .zero
        let composite = ServiceComposite(
            makeScripted([.answer(.noData), .never], clock: clock, probe: probe),
            configuration: .init(logger: logs.logger(), clock: clock, deadlines: deadlines)
        )
        let completion = CompletionRecorder<BackgroundFetchResult>(clock: clock)
        composite.didReceiveRemoteNotification(push) { completion.record($0) }
        await completion.waitUntilCalled()
        // The service sleeping for an hour was cancelled at the deadline, and the timer and
        // the service's work left nothing pending.
        await composite.waitForPendingWork()
        #expect(completion.values == [.failed])
        #expect(clock.sleeperCount == 0)
        #expect(composite.pendingWorkCount == 0)
    }

    @Test("The completion comes when the last service answers, before the deadline")
    func completesWhenLastAnswers() async {
        let composite = composite([.after(.seconds(3), .noData), .after(.seconds(24), .newData)])
        let completion = CompletionRecorder<BackgroundFetchResult>(clock: clock)
        composite.didReceiveRemoteNotification(push) { completion.record($0) }
        await clock.waitForSleepers(3)
        clock.advance(to: .init(offset: .seconds(3)))
        await probe.waitForReturned(1)
        #expect(completion.count == 0)
        clock.advance(to: .init(offset: .seconds(24)))
        await completion.waitUntilCalled()
        await composite.waitForPendingWork()
        #expect(completion.values == [.newData])
        #expect(completion.times == [TestClock.Instant(offset: .seconds(24))])
        #expect(clock.sleeperCount == 0, "the deadline timer was cancelled")
    }

    @Test(
        "Each completion-handler callback uses its own configured deadline",
        arguments: [
            AppCallback.didReceiveRemoteNotification, .performFetch, .handleEventsForBackgroundURLSession,
            .performActionForShortcutItem, .handleWatchKitExtensionRequest, .didReceiveIncomingPush,
        ]
    )
    func perCallbackDeadlines(_ callback: AppCallback) async {
        var deadlines = ServiceComposite.Configuration.Deadlines()
        deadlines.remoteNotification = .seconds(11)
        deadlines.backgroundFetch = .seconds(12)
        deadlines.backgroundURLSession = .seconds(13)
        deadlines.shortcutItem = .seconds(14)
        deadlines.watchKitRequest = .seconds(15)
        deadlines.voIPPush = .seconds(16)
        let expected: [AppCallback: Duration] = [
            .didReceiveRemoteNotification: .seconds(11), .performFetch: .seconds(12),
            .handleEventsForBackgroundURLSession: .seconds(13), .performActionForShortcutItem: .seconds(14),
            .handleWatchKitExtensionRequest: .seconds(15), .didReceiveIncomingPush: .seconds(16),
        ]
        let composite = ServiceComposite(
            makeScripted([.never], clock: clock, probe: probe),
            configuration: .init(logger: logs.logger(), clock: clock, deadlines: deadlines)
        )
        let completion = CompletionRecorder<String>(clock: clock)
        switch callback {
        case .didReceiveRemoteNotification: composite.didReceiveRemoteNotification(push) { completion.record("\($0)") }
        case .performFetch: composite.performFetch { completion.record("\($0)") }
        case .handleEventsForBackgroundURLSession:
            composite.handleEventsForBackgroundURLSession("s") { completion.record("done") }
        case .performActionForShortcutItem:
            composite.performAction(for: ShortcutItem(type: "t", localizedTitle: "T")) { completion.record("\($0)") }
        case .didReceiveIncomingPush: composite.didReceiveIncomingPush(PushPayload()) { completion.record("\($0)") }
        default: composite.handleWatchKitExtensionRequest(nil) { completion.record("\(String(describing: $0))") }
        }
        await clock.waitForSleepers(2)
        clock.advanceToNextDeadline()
        await completion.waitUntilCalled()
        await composite.waitForPendingWork()
        #expect(completion.count == 1)
        #expect(completion.times == [TestClock.Instant(offset: expected[callback]!)])
    }

    @Test("With no handling service the completion is called at once with the no-answer value")
    func noHandlerCompletesAtOnce() {
        let composite = ServiceComposite([])
        var results: [BackgroundFetchResult] = []
        composite.didReceiveRemoteNotification(push) { results.append($0) }
        composite.performFetch { results.append($0) }
        #expect(results == [.noData, .noData], "called synchronously, before the entry point returns")
        #expect(composite.pendingWorkCount == 0)
    }

    @Test("A completion-handler bridge called after its deadline cancelled it is ignored and logged")
    func bridgeCalledAfterCancellation() async {
        let sdk = LegacySDK()
        let composite = ServiceComposite(
            [LegacyBridgeService(sdk: sdk)],
            configuration: .init(logger: logs.logger(), clock: clock)
        )
        let completion = CompletionRecorder<BackgroundFetchResult>(clock: clock)
        composite.didReceiveRemoteNotification(push) { completion.record($0) }
        await clock.waitForSleepers(1)
        await sdk.waitUntilAsked()
        clock.advance(by: .seconds(25))
        await completion.waitUntilCalled()
        await composite.waitForPendingWork()  // the bridge threw CancellationError at the deadline
        sdk.finish(.newData)  // the SDK calls back at last
        #expect(completion.values == [.failed])
        #expect(
            logs.messages(at: .warning).contains {
                $0.contains(
                    "LegacyBridgeService called its completion handler for didReceiveRemoteNotification after the work was cancelled"
                )
            }
        )
    }

    // MARK: - Randomized trials

    /// What one trial expects: the merged result and when the completion comes.
    static func oracle(_ scripts: [FanOutScript], deadline: Duration) -> (result: BackgroundFetchResult, at: Duration) {
        var finishes: [Duration] = []
        var contributions: [BackgroundFetchResult] = []
        var allFinishInTime = true
        for script in scripts {
            switch script {
            case .answer(let result): contributions.append(result); finishes.append(.zero)
            case .fail: contributions.append(.failed); finishes.append(.zero)
            case .twice(let first, _): contributions.append(first); finishes.append(.zero)
            case .after(let delay, let result) where delay < deadline:
                contributions.append(result); finishes.append(delay)
            case .after, .never, .stubborn: contributions.append(.failed); allFinishInTime = false
            }
        }
        let result: BackgroundFetchResult =
            contributions.contains(.newData) ? .newData : contributions.contains(.failed) ? .failed : .noData
        return (result, allFinishInTime ? (finishes.max() ?? .zero) : deadline)
    }

    /// A random script, whose delays fall before `deadline` or after it, never on it.
    static func randomScript(_ random: inout SplitMix64, deadline: Duration) -> FanOutScript {
        let results = BackgroundFetchResult.allCases
        let result = results.randomElement(using: &random)!
        // Delays avoid the deadline itself, where two timers would tie.
        let seconds = Int(deadline.components.seconds)
        let delay = Duration.seconds(
            [Int](1...(seconds - 1)).randomElement(using: &random)! + (Bool.random(using: &random) ? 0 : seconds)
        )
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return .answer(result)
        case 1: return .fail
        case 2: return .twice(result, results.randomElement(using: &random)!)
        case 3: return .after(delay, result)
        case 4: return .never
        default: return .stubborn(result)
        }
    }

    @Test(
        "10,000 seeded trials: the completion is called exactly once, with the right result, at the right time",
        arguments: [AppCallback.didReceiveRemoteNotification, .didReceiveNotificationResponse, .didReceiveIncomingPush]
    )
    func randomizedTrials(_ callback: AppCallback) async {
        var random = SplitMix64(seed: 0x5EED_A11C_E000_0001)
        let response = NotificationResponse(notification: UserNotification(identifier: "n1"))
        let voIPPush = PushPayload(type: .voIP, dictionaryPayload: ["caller": "Ada"])
        let deadline = callback == .didReceiveIncomingPush ? Duration.seconds(5) : .seconds(25)
        var failures = 0
        for trial in 0..<10_000 {
            let scripts = (0..<Int.random(in: 0...5, using: &random)).map { _ in
                Self.randomScript(&random, deadline: deadline)
            }
            let (expectedResult, expectedTime) = Self.oracle(scripts, deadline: deadline)
            let clock = TestClock()
            let probe = TrialProbe()
            let logs = LogCapture()
            let composite = ServiceComposite(
                makeScripted(scripts, clock: clock, probe: probe),
                configuration: .init(logger: logs.logger(level: .warning), clock: clock)
            )
            // A notification response has no result: only its completion's count and time count.
            // A VoIP push's scripted services report the call when their result is newData.
            let completion = CompletionRecorder<String?>(clock: clock)
            let expectedValue: String?
            switch callback {
            case .didReceiveRemoteNotification:
                expectedValue = "\(expectedResult)"
                composite.didReceiveRemoteNotification(push) { completion.record("\($0)") }
            case .didReceiveIncomingPush:
                expectedValue = "\(expectedResult == .newData ? VoIPCallReport.reportedCall : .noCall)"
                composite.didReceiveIncomingPush(voIPPush) { completion.record("\($0)") }
            default:
                expectedValue = nil
                composite.didReceiveNotificationResponse(response) { completion.record(nil) }
            }

            let prompt = scripts.filter(\.isPrompt).count
            await probe.waitForReturned(prompt)
            let sleepers = scripts.filter {
                if case .after = $0 { true } else if case .never = $0 { true } else { false }
            }
            if !sleepers.isEmpty { await clock.waitForSleepers(1 + sleepers.count) }
            // Step through every time something is due, waiting for its effect each time.
            let steps = Set(
                scripts.compactMap { script -> Duration? in
                    if case .after(let delay, _) = script, delay < expectedTime { return delay }
                    return nil
                }
            ).sorted()
            var returned = prompt
            for step in steps {
                clock.advance(to: .init(offset: step))
                returned += scripts.filter { if case .after(step, _) = $0 { true } else { false } }.count
                await probe.waitForReturned(returned)
            }
            if !scripts.isEmpty { clock.advance(to: .init(offset: expectedTime)) }
            await completion.waitUntilCalled()
            probe.release()
            clock.advance(by: .seconds(7200))
            await composite.waitForPendingWork()

            let ok =
                completion.values == [expectedValue] && completion.times == [.init(offset: expectedTime)]
                && logs.messages(at: .warning).filter { $0.contains("more than once") }.count
                    == scripts.filter { if case .twice = $0 { true } else { false } }.count
            if !ok {
                failures += 1
                Issue.record(
                    """
                    trial \(trial) \(scripts): got \(completion.values) at \(completion.times), \
                    expected \(String(describing: expectedValue)) at \(expectedTime); warnings: \(logs.messages(at: .warning))
                    """
                )
                if failures > 5 { return }
            }
        }
    }
}

/// A callback-based SDK whose answer the test controls.
@MainActor
final class LegacySDK {
    private var pending: (@Sendable (BackgroundFetchResult) -> Void)?
    private var askedWaiter: CheckedContinuation<Void, Never>?

    func fetch(completion: @escaping @Sendable (BackgroundFetchResult) -> Void) {
        pending = completion
        askedWaiter?.resume()
        askedWaiter = nil
    }

    func waitUntilAsked() async {
        if pending != nil { return }
        await withCheckedContinuation { askedWaiter = $0 }
    }

    func finish(_ result: BackgroundFetchResult) { pending?(result) }
}

final class LegacyBridgeService: AppService, RemoteNotificationHandling {
    let sdk: LegacySDK
    init(sdk: LegacySDK) { self.sdk = sdk }

    func application(
        _ context: AppContext,
        didReceiveRemoteNotification notification: RemoteNotification
    ) async throws
        -> BackgroundFetchResult
    {
        try await context.withCompletionHandler { completion in sdk.fetch(completion: completion) }
    }
}

@MainActor
struct FanOutConcurrencyTests {
    @Test("A service that waits does not delay the services after it")
    func waitingServiceDoesNotDelayOthers() async {
        let clock = TestClock()
        let probe = TrialProbe()
        let composite = ServiceComposite(
            makeScripted(
                [.after(.seconds(10), .noData), .answer(.newData), .after(.seconds(3), .noData)],
                clock: clock,
                probe: probe
            ),
            configuration: .init(clock: clock)
        )
        let completion = CompletionRecorder<BackgroundFetchResult>(clock: clock)
        composite.didReceiveRemoteNotification(RemoteNotification(userInfo: [:])) { completion.record($0) }
        // S0 is waiting, yet S1 has already answered, before the dispatch returned (where
        // work starts on the spot; elsewhere all of it starts at the main actor's next turn).
        #expect(probe.returned == (ServiceComposite.startsWorkAtOnce ? 1 : 0))
        await clock.waitForSleepers(3)  // S0, S2 and the deadline
        #expect(probe.returned == 1)

        clock.advance(by: .seconds(3))
        await probe.waitForReturned(2)
        #expect(completion.count == 0)
        clock.advance(by: .seconds(7))
        await completion.waitUntilCalled()
        await composite.waitForPendingWork()
        #expect(completion.values == [.newData])
        #expect(completion.times == [TestClock.Instant(offset: .seconds(10))])
    }
}

/// Sleeps past the deadline, swallowing its cancellation, then bridges an SDK call.
@MainActor
final class LateBridge: RemoteNotificationHandling {
    let clock: TestClock
    private(set) var started = 0
    private(set) var threw = false
    init(clock: TestClock) { self.clock = clock }

    func application(
        _ context: AppContext,
        didReceiveRemoteNotification notification: RemoteNotification
    ) async throws -> BackgroundFetchResult {
        try? await clock.sleep(for: .seconds(3600))
        do {
            return try await context.withCompletionHandler { completion in
                started += 1
                completion(BackgroundFetchResult.newData)
            }
        } catch {
            threw = true
            throw error
        }
    }
}

@MainActor
struct CompletionHandlerAfterDeadlineTests {
    @Test("withCompletionHandler entered after the deadline throws without starting the bridged work")
    func notStartedAfterTheDeadline() async {
        let clock = TestClock()
        let logs = LogCapture()
        let bridge = LateBridge(clock: clock)
        let composite = ServiceComposite([bridge], configuration: .init(logger: logs.logger(), clock: clock))
        let completion = CompletionRecorder<BackgroundFetchResult>(clock: clock)
        composite.didReceiveRemoteNotification(RemoteNotification(userInfo: [:])) { completion.record($0) }
        await clock.waitForSleepers(2)  // the service and the deadline
        clock.advance(by: .seconds(30))
        await completion.waitUntilCalled()
        await composite.waitForPendingWork()
        #expect(bridge.threw)
        #expect(bridge.started == 0)
        #expect(!logs.messages(at: .warning).contains { $0.contains("after the work was cancelled") })
    }
}

/// Keeps the context it got and what the context said during the call.
final class ContextKeeper: AppService, ApplicationStateHandling, SystemEventHandling {
    var kept: AppContext?
    var namesDuringCall: [String?] = []
    weak var composite: ServiceComposite?
    func applicationDidBecomeActive(_ context: AppContext) {
        kept = context
        namesDuringCall.append(context.serviceName)
        composite?.didReceiveMemoryWarning()  // a nested dispatch
        namesDuringCall.append(context.serviceName)
    }
}

final class OtherService: AppService, SystemEventHandling {
    var name: String?
    func applicationDidReceiveMemoryWarning(_ context: AppContext) { name = context.serviceName }
}

@MainActor
struct ContextServiceNameTests {
    @Test("A context names its service during the call, after a nested dispatch, and once kept past it")
    func contextNamesItsService() {
        let keeper = ContextKeeper()
        let other = OtherService()
        let composite = ServiceComposite([keeper, other])
        keeper.composite = composite
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        #expect(keeper.namesDuringCall == ["ContextKeeper", "ContextKeeper"])
        #expect(other.name == "OtherService")
        #expect(
            keeper.kept?.serviceName == "ContextKeeper",
            "a context kept after its callback still names its service, never another"
        )
    }
}

/// Waits an hour on the test clock before answering: silent until any deadline.
@MainActor
final class WaitingFetcher: RemoteNotificationHandling {
    let clock: TestClock
    init(clock: TestClock) { self.clock = clock }

    func application(
        _ context: AppContext,
        didReceiveRemoteNotification notification: RemoteNotification
    ) async throws -> BackgroundFetchResult {
        try await clock.sleep(for: .seconds(3600))
        return .newData
    }
}

/// Works 10 s on the main thread (the test clock's) before answering, without waiting.
@MainActor
final class BusyFetcher: RemoteNotificationHandling {
    let clock: TestClock
    init(clock: TestClock) { self.clock = clock }

    func application(
        _ context: AppContext,
        didReceiveRemoteNotification notification: RemoteNotification
    ) async throws -> BackgroundFetchResult {
        clock.advance(by: .seconds(10))
        return .noData
    }
}

@MainActor
struct FanOutFromMainQueueTests {
    @Test(
        "A fan-out dispatched from a main-queue block completes once, even where tasks cannot start on the spot there",
        .timeLimit(.minutes(1))
    )
    func fromMainQueueBlock() async {
        let clock = TestClock()
        let probe = TrialProbe()
        let composite = ServiceComposite(
            makeScripted([.answer(.noData), .answer(.newData), .answer(.noData)], clock: clock, probe: probe),
            configuration: .init(clock: clock)
        )
        let result: BackgroundFetchResult = await withCheckedContinuation { continuation in
            // On Linux a worker thread may drain the main queue: isolated to the main actor,
            // but not on its executor, where an immediate task does not start on the spot.
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    composite.didReceiveRemoteNotification(RemoteNotification(userInfo: [:])) {
                        continuation.resume(returning: $0)
                    }
                }
            }
        }
        await composite.waitForPendingWork()
        #expect(result == .newData)
        #expect(probe.returned == 3)
    }
}
