import AppServices
import AppServicesTesting
import Foundation
import Logging
import Testing

/// A session's call service, which manages none of the calls it is asked about and reports
/// no call for a VoIP push.
final class AccountCallService: SessionService, CallHandling, VoIPPushHandling {
    init(session: SessionInfo, context: AppContext) {}
}

/// Answers CallKit actions as told, and records them.
final class CallRecorder: RecordingService {}
/// A second call service, which the first depends on.
final class CallAudioRecorder: RecordingService {
    override class var dependencies: [any AppService.Type] { [CallRecorder.self] }
}

/// Reports an incoming call through the context for every VoIP push, and answers `.noCall`
/// all the same.
final class ProviderReportingService: AppService, VoIPPushHandling {
    private(set) var errors: [String] = []

    func pushRegistry(
        _ context: AppContext,
        didReceiveIncomingPushWith payload: PushPayload
    ) async throws -> VoIPCallReport {
        do {
            try await context.reportIncomingCall(
                IncomingCall(uuid: CallHandlingTests.call, localizedCallerName: "Ada", hasVideo: true)
            )
        } catch {
            errors.append("\(error)")
            throw error
        }
        return .noCall
    }
}

/// Reports the call from a task it starts and waits for it, as a service that reports from a
/// helper does; answers `.noCall`.
final class ChildTaskReportingService: AppService, VoIPPushHandling {
    func pushRegistry(
        _ context: AppContext,
        didReceiveIncomingPushWith payload: PushPayload
    ) async throws -> VoIPCallReport {
        let helper = Task { @MainActor in try await context.reportIncomingCall(IncomingCall(uuid: UUID())) }
        try await helper.value
        return .noCall
    }
}

@MainActor
struct CallHandlingTests {
    nonisolated static let call = UUID(uuidString: "6F1A0000-0000-0000-0000-0000000000A1")!
    let journal = CallJournal()
    let clock = TestClock()
    let logs = LogCapture()

    func composite(_ services: [any AppService]) -> ServiceComposite {
        ServiceComposite(services, configuration: .init(logger: logs.logger(), clock: clock))
    }

    // MARK: - The table

    @Test("Every CallKit callback is declared once, with CXProviderDelegate's selector and no other delegate's")
    func table() {
        let callbacks: [AppCallback] = [
            .providerDidBegin, .providerDidReset, .performStartCallAction, .performAnswerCallAction,
            .performEndCallAction, .performSetHeldCallAction, .performSetMutedCallAction, .performSetGroupCallAction,
            .performPlayDTMFCallAction, .providerTimedOutPerformingAction, .providerDidActivateAudioSession,
            .providerDidDeactivateAudioSession,
        ]
        #expect(
            callbacks.compactMap(\.platformSelectors.provider) == [
                "providerDidBegin:", "providerDidReset:", "provider:performStartCallAction:",
                "provider:performAnswerCallAction:", "provider:performEndCallAction:",
                "provider:performSetHeldCallAction:", "provider:performSetMutedCallAction:",
                "provider:performSetGroupCallAction:", "provider:performPlayDTMFCallAction:",
                "provider:timedOutPerformingAction:", "provider:didActivateAudioSession:",
                "provider:didDeactivateAudioSession:",
            ]
        )
        for callback in callbacks {
            #expect(AppCallback.all.filter { $0 == callback }.count == 1, "\(callback)")
            #expect(
                callback.platformSelectors.application == nil && callback.platformSelectors.scene == nil,
                "\(callback)"
            )
            #expect(callback.platformSelectors.appKit == nil, "\(callback)")
        }
        #expect(AppCallback.all.filter { $0.platformSelectors.provider != nil }.count == callbacks.count)
        #expect(AppCallback.providerDidReset.isClaimedAlways, "CXProviderDelegate's one required method")
        #expect(AppCallback.providerDidReset.direction == .down)
    }

    struct KindCase: Sendable, CustomTestStringConvertible {
        let kind: CallAction.Kind
        let callback: AppCallback
        var testDescription: String { "\(kind)" }
    }

    nonisolated static let kindCases = [
        KindCase(
            kind: .start(handle: CallHandle(kind: .phoneNumber, value: "+1"), isVideo: true, contactIdentifier: "c"),
            callback: .performStartCallAction
        ),
        KindCase(kind: .answer, callback: .performAnswerCallAction),
        KindCase(kind: .end, callback: .performEndCallAction),
        KindCase(kind: .setHeld(true), callback: .performSetHeldCallAction),
        KindCase(kind: .setMuted(false), callback: .performSetMutedCallAction),
        KindCase(kind: .setGroup(with: UUID()), callback: .performSetGroupCallAction),
        KindCase(kind: .playDTMF(digits: "12#", kind: .hardPause), callback: .performPlayDTMFCallAction),
    ]

    @Test(
        "Each kind of action reaches every call service, in dependency order, as its own callback",
        arguments: kindCases
    )
    func kinds(_ testCase: KindCase) async {
        let first = CallAudioRecorder(journal: journal)
        let second = CallRecorder(journal: journal)
        second.answers.callAction = .fulfilled
        let composite = composite([first, second, R0()])
        let action = CallAction(callUUID: Self.call, kind: testCase.kind)
        #expect(await composite.perform(action) == .fulfilled)
        #expect(
            journal.calls.map(\.description) == [
                "CallRecorder.\(testCase.callback)(\(action))", "CallAudioRecorder.\(testCase.callback)(\(action))",
            ]
        )
        #expect(testCase.kind.callback == testCase.callback)
    }

    // MARK: - The merge rule

    nonisolated static let mergeCases: [(answers: [CallAction.Answer], outcome: CallAction.Outcome)] = [
        ([], .failed),
        ([.notMine], .failed),
        ([.fulfilled], .fulfilled),
        ([.failed], .failed),
        ([.notMine, .fulfilled], .fulfilled),
        ([.fulfilled, .notMine, .fulfilled], .fulfilled),
        ([.fulfilled, .failed], .failed),
        ([.failed, .fulfilled, .notMine], .failed),
        ([.notMine, .notMine], .failed),
    ]

    @Test("The merge rule: failed if any fails; else fulfilled if any fulfils; else failed", arguments: mergeCases)
    func mergeRule(_ answers: [CallAction.Answer], _ outcome: CallAction.Outcome) async {
        let services = zip([R0(), R1(), R2()] as [RecordingService], answers).map { service, answer in
            service.answers.callAction = answer
            return service
        }
        let composite = composite(services)
        let completion = CompletionRecorder<CallAction.Outcome>(clock: clock)
        composite.perform(CallAction(callUUID: Self.call, kind: .answer)) { completion.record($0) }
        await completion.waitUntilCalled()
        #expect(completion.values == [outcome])
        #expect(completion.times == [TestClock.Instant(offset: .zero)], "answered at once, no deadline involved")
        let unfulfilled = logs.messages(at: .error).filter { $0.contains("No service fulfilled the CallKit action") }
        #expect(unfulfilled.count == (answers.allSatisfy { $0 == .notMine } ? 1 : 0))
    }

    @Test("Nobody fulfilled it: the error names the services asked and says what to do")
    func unfulfilledErrorNamesServices() async {
        let composite = composite([R0(), R1()])
        #expect(await composite.perform(CallAction(callUUID: Self.call, kind: .end)) == .failed)
        let error = logs.messages(at: .error).first { $0.contains("No service fulfilled") }
        #expect(error?.contains("R0, R1") == true, "\(String(describing: error))")
        #expect(error?.contains("end call \(Self.call.uuidString)") == true)
        #expect(error?.contains("answers .fulfilled") == true)
    }

    @Test("A session's services are named among those asked and those that handled a push none reported")
    func sessionServicesNamedInErrors() async throws {
        let composite = composite([AppCallsService()])
        try composite.registerSessionServices([AccountCallService.self])
        _ = composite.didFinishLaunching()
        try composite.beginSession(SessionInfo(identifier: "alice"))

        #expect(await composite.perform(CallAction(callUUID: Self.call, kind: .end)) == .failed)
        let unfulfilled = logs.messages(at: .error).first { $0.contains("No service fulfilled") }
        #expect(
            unfulfilled?.contains("it was asked of AccountCallService (session alice)") == true,
            "\(unfulfilled ?? "")"
        )

        #expect(await composite.didReceiveIncomingPush(PushPayload(type: .voIP)) == .noCall)
        let unreported = logs.messages(at: .error).first { $0.contains("No service reported an incoming call") }
        #expect(
            unreported?.contains("handled by AppCallsService, AccountCallService (session alice)") == true,
            "\(unreported ?? "")"
        )
    }

    @Test("Without a call service, an action fails at once and the error says none adopts CallHandling")
    func noCallService() async {
        let composite = composite([N0()])
        #expect(await composite.perform(CallAction(callUUID: Self.call, kind: .answer)) == .failed)
        #expect(logs.messages(at: .error).contains { $0.contains("no service adopts CallHandling") })
        #expect(!composite.handles(.providerDidReset))
    }

    // MARK: - Exactly once

    func scripted(_ scripts: [FanOutScript], probe: TrialProbe) -> ServiceComposite {
        ServiceComposite(
            makeScripted(scripts, clock: clock, probe: probe),
            configuration: .init(logger: logs.logger(), clock: clock)
        )
    }

    @Test("A service that never answers: the action fails once, at the 10 s deadline, and the error names it")
    func neverAnswers() async {
        let probe = TrialProbe()
        let composite = scripted([.answer(.noData), .never], probe: probe)
        let completion = CompletionRecorder<CallAction.Outcome>(clock: clock)
        composite.perform(CallAction(callUUID: Self.call, kind: .answer)) { completion.record($0) }
        await probe.waitForReturned(1)
        await clock.waitForSleepers(2)  // the deadline and S1's endless sleep
        clock.advance(by: .seconds(9))
        #expect(completion.count == 0, "the deadline is 10 s; nothing may complete at 9 s")

        clock.advance(by: .seconds(1))
        await completion.waitUntilCalled()
        await composite.waitForPendingWork()
        #expect(completion.values == [.failed])
        #expect(completion.times == [TestClock.Instant(offset: .seconds(10))])
        #expect(logs.messages(at: .error).contains { $0.contains("No service fulfilled") && $0.contains("S0, S1") })
        #expect(logs.messages(at: .warning).contains { $0.contains("deadline") && $0.contains("S1") })
    }

    @Test("A service silent at the deadline does not undo another's fulfilment")
    func silentBesideFulfilled() async {
        let probe = TrialProbe()
        let composite = scripted([.answer(.newData), .never], probe: probe)
        let completion = CompletionRecorder<CallAction.Outcome>(clock: clock)
        composite.perform(CallAction(callUUID: Self.call, kind: .answer)) { completion.record($0) }
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(10))
        await completion.waitUntilCalled()
        await composite.waitForPendingWork()
        #expect(completion.values == [.fulfilled])
    }

    @Test("A late answer after the deadline does not complete the action again, and is logged")
    func answersLate() async {
        let probe = TrialProbe()
        let composite = scripted([.stubborn(.newData)], probe: probe)
        let completion = CompletionRecorder<CallAction.Outcome>(clock: clock)
        composite.perform(CallAction(callUUID: Self.call, kind: .setMuted(true))) { completion.record($0) }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(10))
        await completion.waitUntilCalled()
        #expect(completion.values == [.failed])

        probe.release()  // S0 ignores cancellation and fulfils now, too late
        await composite.waitForPendingWork()
        #expect(completion.count == 1)
        #expect(
            logs.messages(at: .warning).contains {
                $0.contains("S0 answered performSetMutedCallAction after the completion handler was called")
                    && $0.contains("fulfilled")
            }
        )
    }

    @Test("A service that answers twice through a completion handler: the first answer counts")
    func answersTwice() async {
        let probe = TrialProbe()
        let composite = scripted([.twice(.newData, .failed)], probe: probe)
        #expect(await composite.perform(CallAction(callUUID: Self.call, kind: .answer)) == .fulfilled)
        await composite.waitForPendingWork()
        #expect(logs.messages(at: .warning).contains { $0.contains("S0") && $0.contains("more than once") })
    }

    @Test("A service that throws fails the action, is logged by name, and the others still run")
    func throwsError() async {
        let probe = TrialProbe()
        let composite = scripted([.answer(.newData), .fail, .answer(.newData)], probe: probe)
        #expect(await composite.perform(CallAction(callUUID: Self.call, kind: .answer)) == .failed)
        #expect(probe.returned == 3, "every service ran")
        #expect(logs.messages(at: .error).contains { $0.contains("S1 failed performAnswerCallAction") })
        #expect(!logs.messages(at: .error).contains { $0.contains("No service fulfilled") })
    }

    @Test("The deadline is a setting")
    func deadlineSetting() async {
        var configuration = ServiceComposite.Configuration(logger: logs.logger(), clock: clock)
        #expect(configuration.deadlines.callAction == .seconds(10))
        configuration.deadlines.callAction = .seconds(3)
        let probe = TrialProbe()
        let composite = ServiceComposite(
            makeScripted([.never], clock: clock, probe: probe),
            configuration: configuration
        )
        let completion = CompletionRecorder<CallAction.Outcome>(clock: clock)
        composite.perform(CallAction(callUUID: Self.call, kind: .answer)) { completion.record($0) }
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(3))
        await completion.waitUntilCalled()
        await composite.waitForPendingWork()
        #expect(completion.times == [TestClock.Instant(offset: .seconds(3))])
    }

    // MARK: - Randomized trials

    /// What one trial expects: the outcome and when it comes.
    static func oracle(_ scripts: [FanOutScript], deadline: Duration) -> (outcome: CallAction.Outcome, at: Duration) {
        var answers: [CallAction.Answer] = []
        var finishes: [Duration] = []
        var allFinishInTime = true
        func answer(_ result: BackgroundFetchResult) -> CallAction.Answer {
            switch result {
            case .newData: .fulfilled
            case .failed: .failed
            case .noData: .notMine
            }
        }
        for script in scripts {
            switch script {
            case .answer(let result): answers.append(answer(result)); finishes.append(.zero)
            case .fail: answers.append(.failed); finishes.append(.zero)
            case .twice(let first, _): answers.append(answer(first)); finishes.append(.zero)
            case .after(let delay, let result) where delay < deadline:
                answers.append(answer(result)); finishes.append(delay)
            case .after, .never, .stubborn: answers.append(.notMine); allFinishInTime = false
            }
        }
        let outcome: CallAction.Outcome =
            answers.contains(.failed) ? .failed : answers.contains(.fulfilled) ? .fulfilled : .failed
        return (outcome, allFinishInTime ? (finishes.max() ?? .zero) : deadline)
    }

    @Test("5,000 seeded trials: each action is fulfilled or failed exactly once, with the rule's outcome, on time")
    func randomizedTrials() async {
        var random = SplitMix64(seed: 0x5EED_CA11_0000_0001)
        let deadline = Duration.seconds(10)
        var failures = 0
        for trial in 0..<5_000 {
            let scripts = (0..<Int.random(in: 0...5, using: &random)).map { _ in
                ExactlyOnceTests.randomScript(&random, deadline: deadline)
            }
            let (expectedOutcome, expectedTime) = Self.oracle(scripts, deadline: deadline)
            let clock = TestClock()
            let probe = TrialProbe()
            let logs = LogCapture()
            let composite = ServiceComposite(
                makeScripted(scripts, clock: clock, probe: probe),
                configuration: .init(logger: logs.logger(level: .warning), clock: clock)
            )
            let completion = CompletionRecorder<CallAction.Outcome>(clock: clock)
            composite.perform(CallAction(callUUID: Self.call, kind: .answer)) { completion.record($0) }

            let prompt = scripts.filter(\.isPrompt).count
            await probe.waitForReturned(prompt)
            let sleepers = scripts.filter {
                if case .after = $0 { true } else if case .never = $0 { true } else { false }
            }
            if !sleepers.isEmpty { await clock.waitForSleepers(1 + sleepers.count) }
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

            let unfulfilledErrors = logs.messages(at: .error).filter { $0.contains("No service fulfilled") }.count
            let nobodyFulfilled = expectedOutcome == .failed && !Self.anyFails(scripts, deadline: deadline)
            let ok =
                completion.values == [expectedOutcome] && completion.times == [.init(offset: expectedTime)]
                && unfulfilledErrors == (nobodyFulfilled ? 1 : 0)
            if !ok {
                failures += 1
                Issue.record(
                    """
                    trial \(trial) \(scripts): got \(completion.values) at \(completion.times), expected \
                    \(expectedOutcome) at \(expectedTime); errors: \(logs.messages(at: .error))
                    """
                )
                if failures > 5 { return }
            }
        }
    }

    /// Whether a script fails the action (throws, or answers `.failed` in time).
    static func anyFails(_ scripts: [FanOutScript], deadline: Duration) -> Bool {
        scripts.contains { script in
            switch script {
            case .fail, .answer(.failed), .twice(.failed, _): true
            case .after(let delay, .failed): delay < deadline
            default: false
            }
        }
    }

    // MARK: - The other callbacks

    @Test("Begin, time-out and audio sessions go in dependency order; a reset in reverse")
    func otherCallbacks() {
        let composite = composite([CallAudioRecorder(journal: journal), CallRecorder(journal: journal)])
        let action = CallAction(callUUID: Self.call, kind: .answer)
        composite.providerDidBegin()
        composite.providerTimedOut(performing: action)
        composite.providerDidActivateAudioSession()
        composite.providerDidDeactivateAudioSession()
        composite.providerDidReset()
        #expect(
            journal.calls.map(\.description) == [
                "CallRecorder.providerDidBegin", "CallAudioRecorder.providerDidBegin",
                "CallRecorder.providerTimedOutPerformingAction(\(action))",
                "CallAudioRecorder.providerTimedOutPerformingAction(\(action))",
                "CallRecorder.providerDidActivateAudioSession", "CallAudioRecorder.providerDidActivateAudioSession",
                "CallRecorder.providerDidDeactivateAudioSession", "CallAudioRecorder.providerDidDeactivateAudioSession",
                "CallAudioRecorder.providerDidReset", "CallRecorder.providerDidReset",
            ]
        )
    }

    // MARK: - Reporting incoming calls

    @Test(
        "A VoIP push reported through the context's reporter satisfies the CallKit rule though the service answers .noCall"
    )
    func reportedThroughReporter() async throws {
        let simulator = LifecycleSimulator(driving: composite([ProviderReportingService()]))
        try simulator.launchIntoBackground()
        let report = try await simulator.deliverIncomingPush(PushPayload(type: .voIP))
        #expect(report == .reportedCall)
        #expect(simulator.system.calls.reported.map(\.uuid) == [Self.call])
        #expect(simulator.system.calls.reported.first?.localizedCallerName == "Ada")
        #expect(!logs.messages(at: .error).contains { $0.contains("No service reported an incoming call") })
    }

    @Test("A call reported from a task the push's handler starts counts for the push")
    func reportedFromChildTask() async throws {
        let simulator = LifecycleSimulator(driving: composite([ChildTaskReportingService()]))
        try simulator.launchIntoBackground()
        #expect(try await simulator.deliverIncomingPush(PushPayload(type: .voIP)) == .reportedCall)
        #expect(simulator.system.calls.reported.count == 1)
        #expect(!logs.messages(at: .error).contains { $0.contains("No service reported an incoming call") })
    }

    @Test("A VoIP push that reports nothing logs the CallKit error, which names the reporting API")
    func reportedNothing() async throws {
        let simulator = LifecycleSimulator(driving: composite([R0()]))
        try simulator.launchIntoBackground()
        #expect(try await simulator.deliverIncomingPush(PushPayload(type: .voIP)) == .noCall)
        #expect(simulator.system.calls.reported.isEmpty)
        let error = logs.messages(at: .error).first { $0.contains("No service reported an incoming call") }
        #expect(error?.contains("context.reportIncomingCall(_:)") == true, "\(String(describing: error))")
    }

    @Test("A call reported for one push does not count for a push handled at the same time", .timeLimit(.minutes(1)))
    func reportsArePerPush() async throws {
        /// Reports a call only for a push that names a caller, then works a second on the
        /// test clock, so that both pushes are being handled at once.
        final class CallerReportingService: AppService, VoIPPushHandling {
            let clock: TestClock
            init(clock: TestClock) { self.clock = clock }
            func pushRegistry(
                _ context: AppContext,
                didReceiveIncomingPushWith payload: PushPayload
            ) async throws -> VoIPCallReport {
                if payload.dictionaryPayload["caller"] != nil {
                    try await context.reportIncomingCall(
                        IncomingCall(uuid: CallHandlingTests.call, localizedCallerName: "Ada", hasVideo: false)
                    )
                }
                try await clock.sleep(for: .seconds(1))
                return .noCall
            }
        }
        let composite = composite([CallerReportingService(clock: clock)])
        composite.useIncomingCallReporter(SimulatedCalls())
        _ = composite.didFinishLaunching()
        async let withCaller = composite.didReceiveIncomingPush(
            PushPayload(type: .voIP, dictionaryPayload: ["caller": "Ada"])
        )
        async let withoutCaller = composite.didReceiveIncomingPush(PushPayload(type: .voIP))
        let second = TestClock.Instant(offset: .seconds(1))
        await clock.waitForSleepers(until: [second, second])
        clock.advance(by: .seconds(1))
        #expect(await withCaller == .reportedCall)
        #expect(await withoutCaller == .noCall)
    }

    @Test("Reporting without an installed reporter throws an error that names the service and what to do")
    func noReporter() async throws {
        let service = ProviderReportingService()
        let composite = composite([service])
        _ = composite.didFinishLaunching()
        #expect(await composite.didReceiveIncomingPush(PushPayload(type: .voIP)) == .noCall)
        let error = try #require(service.errors.first)
        #expect(error.contains("ProviderReportingService reported the incoming call \(Self.call.uuidString)"))
        #expect(error.contains("ServiceOrientedProviderDelegate.install(on:configuration:)"))
        #expect(logs.messages(at: .error).contains { $0.contains("No service reported an incoming call") })
    }

    @Test("A refused report throws the system's error to the service")
    func refusedReport() async throws {
        struct Blocked: Error {}
        let service = ProviderReportingService()
        let simulator = LifecycleSimulator(driving: composite([service]))
        simulator.system.calls.refusal = Blocked()
        try simulator.launchIntoBackground()
        _ = try await simulator.deliverIncomingPush(PushPayload(type: .voIP))
        #expect(simulator.system.calls.refused.map(\.uuid) == [Self.call])
        #expect(service.errors == ["Blocked()"])
    }

    // MARK: - The simulator's steps

    @Test("The simulator delivers CallKit's steps, waking a suspended application for an action")
    func simulatorSteps() async throws {
        let recorder = CallRecorder(journal: journal)
        recorder.answers.callAction = .fulfilled
        let simulator = LifecycleSimulator(driving: composite([recorder]))
        try simulator.launchIntoBackground()
        try simulator.beginCallProvider()
        try simulator.suspend()
        let action = CallAction(callUUID: Self.call, kind: .answer)
        #expect(try await simulator.performCallAction(action) == .fulfilled)
        #expect(simulator.state == .background)
        try simulator.setCallAudioSession(active: true)
        try simulator.setCallAudioSession(active: false)
        try simulator.timeOutCallAction(action)
        try simulator.resetCallProvider()
        // Timed out after it was fulfilled: the run keeps its outcome.
        #expect(simulator.callActions.map(\.outcomes) == [[.fulfilled]])
        #expect(simulator.callActions.map(\.isTimedOut) == [false])
        #expect(
            recorder.callbacks.filter { AppCallback.callCallbacks.contains($0) } == [
                .providerDidBegin, .performAnswerCallAction, .providerDidActivateAudioSession,
                .providerDidDeactivateAudioSession, .providerTimedOutPerformingAction, .providerDidReset,
            ]
        )
    }

    @Test("A CallKit step before launch is refused, naming the step")
    func stepBeforeLaunch() async {
        let simulator = LifecycleSimulator(driving: composite([CallRecorder()]))
        #expect(throws: LifecycleSimulatorError.self) {
            try simulator.resetCallProvider()
        }
    }
}
