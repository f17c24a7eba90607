#if !canImport(UIKit)
import AppServices
import AppServicesCallKit
import AppServicesCallKitShim
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import Foundation
import Logging
import Testing

/// Manages the application's calls: answers the actions on calls it knows, as told.
final class CallService: AppService, CallHandling, VoIPPushHandling {
    var answer = CallAction.Answer.fulfilled
    /// When set, the service never answers an action (it waits until it is cancelled).
    var isStuck = false
    private(set) var actions: [CallAction] = []
    private(set) var events: [String] = []
    private(set) var rawActions: [String] = []

    func pushRegistry(
        _ context: AppContext,
        didReceiveIncomingPushWith payload: PushPayload
    ) async throws -> VoIPCallReport {
        guard let caller = payload.dictionaryPayload["caller"]?.stringValue else { return .noCall }
        try await context.reportIncomingCall(
            IncomingCall(
                uuid: ProviderDelegateTests.call,
                handle: CallHandle(kind: .emailAddress, value: "\(caller)@example.com"),
                localizedCallerName: caller,
                supportsHolding: true,
                supportsDTMF: true
            )
        )
        return .noCall
    }

    func provider(_ context: AppContext, perform action: CallAction) async throws -> CallAction.Answer {
        actions.append(action)
        rawActions.append(context.callKit.action.map { "\(type(of: $0))" } ?? "none")
        if isStuck {
            let (never, continuation) = AsyncStream<Never>.makeStream()
            for await _ in never {}
            continuation.finish()
            throw CancellationError()
        }
        return answer
    }

    func providerDidBegin(_ context: AppContext) { events.append("begin \(context.callKit.provider != nil)") }
    func providerDidReset(_ context: AppContext) { events.append("reset") }
    func provider(_ context: AppContext, timedOutPerforming action: CallAction) { events.append("timedOut \(action)") }
    func providerDidActivateAudioSession(_ context: AppContext) {
        events.append("activate \(context.callKit.audioSession != nil)")
    }
    func providerDidDeactivateAudioSession(_ context: AppContext) { events.append("deactivate") }
}

/// An application delegate that installs the CallKit adapter before launch returns.
final class CallingAppDelegate: ServiceOrientedAppDelegate {
    let calls = CallService()
    let logs = LogCapture()
    let clock = TestClock()
    let servicesAdoptCalls: Bool
    private(set) var providerDelegate: ServiceOrientedProviderDelegate?

    init(servicesAdoptCalls: Bool = true) {
        self.servicesAdoptCalls = servicesAdoptCalls
        super.init()
    }

    override func makeServices() -> [any AppService] { servicesAdoptCalls ? [calls] : [AnalyticsService()] }

    override func makeConfiguration() -> ServiceComposite.Configuration {
        var configuration = super.makeConfiguration()
        configuration.logger = logs.logger()
        configuration.clock = clock
        return configuration
    }

    override func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let configuration = CXProviderConfiguration()
        configuration.supportedHandleTypes = [.phoneNumber, .emailAddress]
        configuration.ringtoneSound = "Ring.caf"
        providerDelegate = ServiceOrientedProviderDelegate.install(on: composite, configuration: configuration)
        return super.application(application, willFinishLaunchingWithOptions: launchOptions)
    }
}

/// A service that adopts no call capability.
final class AnalyticsService: AppService, ApplicationStateHandling {}

@MainActor
struct ProviderDelegateTests {
    nonisolated static let call = UUID(uuidString: "6F1A0000-0000-0000-0000-0000000000B2")!

    /// A launched application whose delegate installed the adapter, driven by a simulated UIKit.
    func launched(
        _ delegate: CallingAppDelegate = CallingAppDelegate()
    ) throws -> (CallingAppDelegate, SimulatedUIKit, LifecycleSimulator) {
        let uiKit = SimulatedUIKit(delegate: delegate)
        let simulator = LifecycleSimulator(driving: uiKit)
        try simulator.launchIntoBackground()
        return (delegate, uiKit, simulator)
    }

    // MARK: - Installing

    @Test("No provider is created when no service adopts CallHandling")
    func noProviderWithoutCallServices() throws {
        let (delegate, uiKit, _) = try launched(CallingAppDelegate(servicesAdoptCalls: false))
        #expect(delegate.providerDelegate == nil)
        #expect(uiKit.callProviders.isEmpty)
        #expect(delegate.composite.incomingCallReporter == nil)
    }

    /// Reports the calls its VoIP pushes announce; no service adopts CallHandling.
    final class VoIPOnly: AppService, VoIPPushHandling {
        func pushRegistry(
            _ context: AppContext,
            didReceiveIncomingPushWith payload: PushPayload
        ) async throws -> VoIPCallReport {
            try await context.reportIncomingCall(
                IncomingCall(uuid: ProviderDelegateTests.call, handle: CallHandle(kind: .generic, value: "Ada"))
            )
            return .reportedCall
        }
    }

    @Test("A VoIP service without a CallHandling one gets a provider to report its calls, as on the composite")
    func providerForVoIPServices() {
        let composite = ServiceComposite([VoIPOnly()])
        let record = SimulatedCallProviders()
        let installed = SimulatedCallKit.$current.withValue(record) {
            ServiceOrientedProviderDelegate.install(on: composite, configuration: CXProviderConfiguration())
        }
        #expect(installed != nil)
        #expect(composite.incomingCallReporter === installed)
        #expect(record.all.count == 1)
    }

    @Test("The adapter creates one provider, is its delegate on the main queue, and the composite's reporter")
    func installs() throws {
        let (delegate, uiKit, _) = try launched()
        let adapter = try #require(delegate.providerDelegate)
        #expect(uiKit.callProviders.count == 1)
        #expect(uiKit.callProviders.first === adapter.provider)
        #expect(adapter.provider.delegate === adapter)
        #expect(adapter.provider.delegateQueue == nil, "nil: the main queue")
        #expect(delegate.composite.incomingCallReporter === adapter)
    }

    @Test("The composite keeps the adapter: the provider's weak delegate stays set when the app drops it")
    func compositeKeepsTheAdapter() {
        let composite = ServiceComposite([CallService()])
        let record = SimulatedCallProviders()
        weak var installed: ServiceOrientedProviderDelegate?
        SimulatedCallKit.$current.withValue(record) {
            installed = ServiceOrientedProviderDelegate.install(on: composite, configuration: CXProviderConfiguration())
        }
        #expect(installed != nil)
        #expect(record.all.first?.delegate != nil)
    }

    @Test("Installing twice keeps the first provider and delegate")
    func installsOnce() {
        let composite = ServiceComposite([CallService()])
        let record = SimulatedCallProviders()
        let (first, second) = SimulatedCallKit.$current.withValue(record) {
            (
                ServiceOrientedProviderDelegate.install(on: composite, configuration: CXProviderConfiguration()),
                ServiceOrientedProviderDelegate.install(on: composite, configuration: CXProviderConfiguration())
            )
        }
        #expect(first != nil && first === second)
        #expect(record.all.count == 1)
    }

    // MARK: - Selectors

    @Test("The adapter claims exactly the real selectors of CXProviderDelegate it implements")
    func selectors() throws {
        let (delegate, _, _) = try launched()
        let adapter = try #require(delegate.providerDelegate)
        let real = [
            "providerDidReset:", "providerDidBegin:", "provider:performStartCallAction:",
            "provider:performAnswerCallAction:", "provider:performEndCallAction:",
            "provider:performSetHeldCallAction:", "provider:performSetMutedCallAction:",
            "provider:performSetGroupCallAction:", "provider:performPlayDTMFCallAction:",
            "provider:timedOutPerformingAction:", "provider:didActivateAudioSession:",
            "provider:didDeactivateAudioSession:",
        ]
        #expect(Set(ServiceOrientedProviderDelegate.forwardedSelectors) == Set(real))
        for selector in real { #expect(adapter.responds(to: Selector((selector))), "\(selector)") }
        for selector in ["provider:executeTransaction:", "provider:performSetTranslatingCallAction:"] {
            #expect(!adapter.responds(to: Selector((selector))), "\(selector) is not implemented")
        }
    }

    // MARK: - Actions, exactly once

    struct KindCase: Sendable, CustomTestStringConvertible {
        let kind: CallAction.Kind
        let platformClass: String
        var testDescription: String { platformClass }
    }

    nonisolated static let kinds = [
        KindCase(
            kind: .start(
                handle: CallHandle(kind: .phoneNumber, value: "+15550100"),
                isVideo: true,
                contactIdentifier: "c1"
            ),
            platformClass: "CXStartCallAction"
        ),
        KindCase(kind: .answer, platformClass: "CXAnswerCallAction"),
        KindCase(kind: .end, platformClass: "CXEndCallAction"),
        KindCase(kind: .setHeld(true), platformClass: "CXSetHeldCallAction"),
        KindCase(kind: .setMuted(true), platformClass: "CXSetMutedCallAction"),
        KindCase(
            kind: .setGroup(with: UUID(uuidString: "6F1A0000-0000-0000-0000-0000000000C3")),
            platformClass: "CXSetGroupCallAction"
        ),
        KindCase(kind: .playDTMF(digits: "4#", kind: .softPause), platformClass: "CXPlayDTMFCallAction"),
    ]

    @Test(
        "Each CallKit action reaches the services through the protocol, converted, and is completed exactly once",
        arguments: kinds,
        [CallAction.Answer.fulfilled, .failed, .notMine]
    )
    func actions(_ testCase: KindCase, answer: CallAction.Answer) async throws {
        let (delegate, uiKit, simulator) = try launched()
        delegate.calls.answer = answer
        let action = CallAction(callUUID: Self.call, kind: testCase.kind)
        let outcome = try await simulator.performCallAction(action)

        #expect(outcome == (answer == .fulfilled ? .fulfilled : .failed))
        #expect(delegate.calls.actions == [action])
        #expect(delegate.calls.rawActions == [testCase.platformClass])
        let platformAction = try #require(uiKit.deliveredCallActions.first)
        #expect(platformAction.fulfillCount + platformAction.failCount == 1, "completed exactly once")
        #expect(platformAction.fulfillCount == (answer == .fulfilled ? 1 : 0))
        #expect(uiKit.delivered.contains(testCase.kind.callback.platformSelectors.provider ?? ""))
    }

    @Test("A service that never answers: CallKit's action fails once, at the deadline, and the error names it")
    func neverAnswers() async throws {
        let (delegate, uiKit, simulator) = try launched()
        delegate.calls.isStuck = true
        let run = try simulator.startCallAction(CallAction(callUUID: Self.call, kind: .answer))
        await delegate.clock.waitForSleepers(1)
        delegate.clock.advance(by: .seconds(9))
        #expect(!run.isCompleted)
        delegate.clock.advance(by: .seconds(1))
        #expect(await run.outcome() == .failed)
        await delegate.composite.waitForPendingWork()
        let platformAction = try #require(uiKit.deliveredCallActions.first)
        #expect(platformAction.failCount == 1 && platformAction.fulfillCount == 0)
        #expect(run.outcomes == [.failed])
        #expect(
            delegate.logs.messages(at: .error).contains {
                $0.contains("No service fulfilled") && $0.contains("CallService")
            }
        )
    }

    @Test("An action CallKit timed out before the services answered is neither fulfilled nor failed")
    func alreadyTimedOut() async throws {
        let (delegate, _, _) = try launched()
        let adapter = try #require(delegate.providerDelegate)
        delegate.calls.isStuck = true
        let action = CXAnswerCallAction(call: Self.call)
        let callKit = adapter as any CXProviderDelegate
        callKit.provider(adapter.provider, perform: action)
        await delegate.clock.waitForSleepers(1)
        // CallKit's own timeout: it tells the delegate, and the action stays incomplete.
        callKit.provider(adapter.provider, timedOutPerforming: action)
        #expect(!action.isComplete)
        delegate.clock.advance(by: .seconds(10))
        await delegate.composite.waitForPendingWork()
        #expect(action.failCount == 0 && action.fulfillCount == 0)
        #expect(delegate.logs.messages(at: .notice).contains { $0.contains("was not completed again") })

        // The next action is completed as usual.
        delegate.calls.isStuck = false
        let next = CXAnswerCallAction(call: Self.call)
        callKit.provider(adapter.provider, perform: next)
        await delegate.composite.waitForPendingWork()
        #expect(next.failCount + next.fulfillCount == 1)
    }

    @Test("Through the test kit, CallKit times out the action it performs, which is then never completed")
    func timedOutThroughTheKit() async throws {
        let (delegate, uiKit, simulator) = try launched()
        delegate.calls.isStuck = true
        let action = CallAction(callUUID: Self.call, kind: .answer)
        let run = try simulator.startCallAction(action)
        await delegate.clock.waitForSleepers(1)
        try simulator.timeOutCallAction(action)
        #expect(await run.outcome() == nil)
        #expect(run.isTimedOut && !run.isCompleted)
        delegate.clock.advance(by: .seconds(10))
        await delegate.composite.waitForPendingWork()
        // One CXAction, the one performed, which the adapter leaves as CallKit timed it out.
        #expect(uiKit.deliveredCallActions.count == 1)
        let platformAction = try #require(uiKit.deliveredCallActions.first)
        #expect(platformAction.failCount == 0 && platformAction.fulfillCount == 0)
        #expect(delegate.logs.messages(at: .notice).contains { $0.contains("was not completed again") })
        #expect(run.outcomes == [nil])
    }

    // MARK: - The other callbacks

    @Test("Begin, audio sessions, a time-out and a reset reach the services with their CallKit objects")
    func otherCallbacks() async throws {
        let (delegate, uiKit, simulator) = try launched()
        try simulator.beginCallProvider()
        try simulator.setCallAudioSession(active: true)
        try simulator.setCallAudioSession(active: false)
        try simulator.timeOutCallAction(CallAction(callUUID: Self.call, kind: .end))
        try simulator.resetCallProvider()
        #expect(
            delegate.calls.events == [
                "begin true", "activate true", "deactivate", "timedOut end call \(Self.call.uuidString)", "reset",
            ]
        )
        #expect(uiKit.unclaimed.filter { $0.hasPrefix("provider") }.isEmpty)
    }

    // MARK: - Incoming calls through the provider

    @Test("A VoIP push reported through the provider satisfies the CallKit rule: reported, no error logged")
    func voIPPushReportsThroughTheProvider() async throws {
        let delegate = CallingAppDelegate()
        let uiKit = SimulatedUIKit(delegate: delegate)
        let simulator = LifecycleSimulator(driving: uiKit)
        _ = try await simulator.launchIntoBackground(
            forIncomingPush: PushPayload(type: .voIP, dictionaryPayload: ["caller": "Ada"])
        )
        let provider = try #require(uiKit.callProviders.first)
        let reported = try #require(provider.reportedIncomingCalls.first)
        #expect(reported.uuid == Self.call)
        #expect(reported.update.localizedCallerName == "Ada")
        #expect(reported.update.remoteHandle?.value == "Ada@example.com")
        #expect(reported.update.remoteHandle?.type == .emailAddress)
        #expect(reported.update.supportsHolding && reported.update.supportsDTMF && !reported.update.hasVideo)
        #expect(simulator.system.calls.reported.map(\.localizedCallerName) == ["Ada"])
        #expect(uiKit.pushCompletions == [.voIP])
        #expect(!delegate.logs.messages(at: .error).contains { $0.contains("No service reported an incoming call") })
    }

    @Test("The provider takes the configuration's handle types, a remote hang-up and an outgoing call's progress")
    func reportsOutsideACallback() async throws {
        let (_, uiKit, _) = try launched()
        let provider = try #require(uiKit.callProviders.first)
        #expect(provider.configuration.supportedHandleTypes == [.phoneNumber, .emailAddress])
        #expect(provider.configuration.ringtoneSound == "Ring.caf")
        // The network layer hears the remote party hang up; the service tells CallKit.
        provider.reportCall(with: Self.call, endedAt: nil, reason: .remoteEnded)
        provider.reportOutgoingCall(with: Self.call, startedConnectingAt: nil)
        provider.reportOutgoingCall(with: Self.call, connectedAt: Date(timeIntervalSince1970: 60))
        #expect(provider.reportedEndedCalls.map { "\($0.uuid) \($0.reason)" } == ["\(Self.call) remoteEnded"])
        #expect(provider.reportedOutgoingCalls.map(\.progress) == [.startedConnecting, .connected])
        #expect(provider.reportedOutgoingCalls.last?.date == Date(timeIntervalSince1970: 60))
    }

    @Test("A VoIP push that reports nothing logs the CallKit error")
    func voIPPushWithoutReport() async throws {
        let delegate = CallingAppDelegate()
        let uiKit = SimulatedUIKit(delegate: delegate)
        let simulator = LifecycleSimulator(driving: uiKit)
        _ = try await simulator.launchIntoBackground(forIncomingPush: PushPayload(type: .voIP))
        #expect(uiKit.callProviders.first?.reportedIncomingCalls.isEmpty == true)
        #expect(delegate.logs.messages(at: .error).contains { $0.contains("No service reported an incoming call") })
    }

    @Test("A call the system refuses reaches the service as the system's error")
    func refusedCall() async throws {
        struct DoNotDisturb: Error {}
        let delegate = CallingAppDelegate()
        let uiKit = SimulatedUIKit(delegate: delegate)
        let simulator = LifecycleSimulator(driving: uiKit)
        simulator.system.calls.refusal = DoNotDisturb()
        _ = try await simulator.launchIntoBackground(
            forIncomingPush: PushPayload(type: .voIP, dictionaryPayload: ["caller": "Ada"])
        )
        #expect(simulator.system.calls.refused.count == 1)
        #expect(
            delegate.logs.messages(at: .error).contains { $0.contains("CallService failed didReceiveIncomingPush") }
        )
        #expect(
            !delegate.logs.messages(at: .error).contains { $0.contains("No service reported an incoming call") },
            "the call was reported; the system refused it"
        )
    }
}
#endif
