import AppServices
import AppServicesTesting
import Foundation
import Logging
import Testing

/// Handles VoIP pushes; reports a call for pushes that name a caller.
class CallKitService: RecordingService {
    override func pushRegistry(
        _ context: AppContext,
        didReceiveIncomingPushWith payload: PushPayload
    ) async throws -> VoIPCallReport {
        _ = try await super.pushRegistry(context, didReceiveIncomingPushWith: payload)
        return payload.dictionaryPayload["caller"] == nil ? .noCall : .reportedCall
    }
}

/// Keeps the VoIP token on the server; reports no call.
final class VoIPTokenService: RecordingService {
    override class var dependencies: [any AppService.Type] { [CallsService.self] }
}

/// Reports calls; the token service depends on it.
final class CallsService: CallKitService {}

/// Syncs a File Provider extension: hears File Provider pushes only.
final class FileSyncService: RecordingService {
    override init(journal: CallJournal? = nil) {
        super.init(journal: journal)
        voIPPushTypes = [.fileProvider]
    }
}

/// Hears both kinds of push.
final class EveryPushService: RecordingService {
    override init(journal: CallJournal? = nil) {
        super.init(journal: journal)
        voIPPushTypes = [.voIP, .fileProvider]
    }
}

@MainActor
struct VoIPPushTests {
    let journal = CallJournal()
    let call = PushPayload(type: .voIP, dictionaryPayload: ["caller": "Ada", "uuid": "5E1F"])
    let token = Data([0x0A, 0x0B])

    /// Registered with the token service first; the dependency puts CallsService first.
    func makeComposite(logs: LogCapture = LogCapture()) -> ServiceComposite {
        ServiceComposite(
            [
                VoIPTokenService(journal: journal), FileSyncService(journal: journal), CallsService(journal: journal),
                EveryPushService(journal: journal),
            ],
            configuration: .init(logger: logs.logger())
        )
    }

    var calls: [String] { journal.calls.map(\.description) }

    // MARK: - Tokens

    @Test("New credentials reach every service that handles their type, in dependency order, and no other")
    func credentialsByType() {
        let composite = makeComposite()
        composite.didUpdatePushCredentials(PushCredentials(token: token, type: .voIP))
        composite.didUpdatePushCredentials(PushCredentials(token: Data([0xFF]), type: .fileProvider))

        #expect(
            calls == [
                "CallsService.didUpdatePushCredentials(PKPushTypeVoIP 0a0b)",
                "VoIPTokenService.didUpdatePushCredentials(PKPushTypeVoIP 0a0b)",
                "EveryPushService.didUpdatePushCredentials(PKPushTypeVoIP 0a0b)",
                "FileSyncService.didUpdatePushCredentials(PKPushTypeFileProvider ff)",
                "EveryPushService.didUpdatePushCredentials(PKPushTypeFileProvider ff)",
            ]
        )
    }

    @Test("An invalidated token reaches every service that handles its type, in dependency order, and no other")
    func invalidationByType() {
        let composite = makeComposite()
        composite.didInvalidatePushToken(for: .voIP)
        composite.didInvalidatePushToken(for: .fileProvider)
        composite.didInvalidatePushToken(for: PushType(rawValue: "PKPushTypeComplication"))

        #expect(
            calls == [
                "CallsService.didInvalidatePushToken(PKPushTypeVoIP)",
                "VoIPTokenService.didInvalidatePushToken(PKPushTypeVoIP)",
                "EveryPushService.didInvalidatePushToken(PKPushTypeVoIP)",
                "FileSyncService.didInvalidatePushToken(PKPushTypeFileProvider)",
                "EveryPushService.didInvalidatePushToken(PKPushTypeFileProvider)",
            ]
        )
    }

    // MARK: - Push types

    struct TypesCase: Sendable, CustomTestStringConvertible {
        let name: String
        let services: @MainActor @Sendable () -> [any AppService]
        let desired: Set<PushType>

        var testDescription: String { name }
    }

    nonisolated static let typesCases = [
        TypesCase(name: "no service", services: { [] }, desired: []),
        TypesCase(name: "a recording service, VoIP by default", services: { [R0()] }, desired: [.voIP]),
        TypesCase(name: "a VoIP service with the default types", services: { [CallsService()] }, desired: [.voIP]),
        TypesCase(name: "File Provider only", services: { [FileSyncService()] }, desired: [.fileProvider]),
        TypesCase(
            name: "the union over several services",
            services: { [FileSyncService(), CallsService()] },
            desired: [.voIP, .fileProvider]
        ),
        TypesCase(
            name: "services that share a type",
            services: { [EveryPushService(), FileSyncService()] },
            desired: [.voIP, .fileProvider]
        ),
        TypesCase(name: "a service that is no VoIP service", services: { [N0()] }, desired: []),
    ]

    @Test("The desired push types are the union of the services' types", arguments: typesCases)
    func desiredPushTypes(_ testCase: TypesCase) {
        let composite = ServiceComposite(testCase.services())
        #expect(composite.desiredPushTypes == testCase.desired)
        #expect(composite.handles(.didReceiveIncomingPush) == !testCase.desired.isEmpty)
    }

    // MARK: - Incoming pushes

    nonisolated static let reportCases: [(answers: [VoIPCallReport], merged: VoIPCallReport)] = [
        ([.noCall], .noCall),
        ([.reportedCall], .reportedCall),
        ([.noCall, .noCall], .noCall),
        ([.noCall, .reportedCall], .reportedCall),
        ([.reportedCall, .noCall, .reportedCall], .reportedCall),
    ]

    @Test(
        "A push reaches every service of its type; it is reported if any service reported the call",
        arguments: reportCases.indices
    )
    func reportMerge(_ index: Int) async {
        let (answers, merged) = Self.reportCases[index]
        let recorders = makeRecorders(answers.count, journal: journal)
        for (recorder, answer) in zip(recorders, answers) { recorder.answers.incomingPush = answer }
        let composite = ServiceComposite(recorders + [FileSyncService(journal: journal)])

        #expect(await composite.didReceiveIncomingPush(call) == merged)
        #expect(
            journal.services(receiving: .didReceiveIncomingPush)
                == ["R0", "R1", "R2"].prefix(answers.count).map { $0 },
            "every VoIP service, in order, and not the File Provider one"
        )
        #expect(journal.calls.allSatisfy { $0.detail == "PKPushTypeVoIP caller,uuid" })
    }

    @Test("A VoIP push no service reported a call for logs an error naming the services, the type and the CallKit rule")
    func unreportedCallIsAnError() async throws {
        let logs = LogCapture()
        let composite = makeComposite(logs: logs)

        #expect(await composite.didReceiveIncomingPush(PushPayload(type: .voIP, dictionaryPayload: [:])) == .noCall)

        let errors = logs.messages(at: .error)
        #expect(errors.count == 1)
        let error = try #require(errors.first)
        for service in ["CallsService", "VoIPTokenService", "EveryPushService"] {
            #expect(error.contains(service), "the error names \(service)")
        }
        #expect(!error.contains("FileSyncService"), "it did not hear the push")
        #expect(error.contains("PKPushTypeVoIP"))
        #expect(error.contains("report an incoming call to CallKit before it calls the completion handler"))
        #expect(error.contains("terminates"))
        #expect(error.contains("stops delivering VoIP pushes"))
    }

    @Test("A reported call, and a push of another type, log no error")
    func reportedCallLogsNothing() async {
        let logs = LogCapture()
        let composite = makeComposite(logs: logs)

        #expect(await composite.didReceiveIncomingPush(call) == .reportedCall)
        #expect(await composite.didReceiveIncomingPush(PushPayload(type: .fileProvider)) == .noCall)

        #expect(logs.messages(at: .error).isEmpty)
        #expect(logs.messages(at: .warning).isEmpty)
        #expect(
            journal.services(receiving: .didReceiveIncomingPush) == [
                "CallsService", "VoIPTokenService", "EveryPushService", "FileSyncService", "EveryPushService",
            ]
        )
    }

    @Test(
        "A push of a type no service handles completes before the dispatch returns, with a warning and no error",
        arguments: [PushType.voIP, .fileProvider]
    )
    func unhandledTypeCompletesAtOnce(_ type: PushType) throws {
        let logs = LogCapture()
        let composite = ServiceComposite(
            type == .voIP ? [FileSyncService()] : [CallsService()],
            configuration: .init(logger: logs.logger())
        )
        var reports: [VoIPCallReport] = []

        composite.didReceiveIncomingPush(PushPayload(type: type)) { reports.append($0) }

        #expect(reports == [.noCall])
        #expect(composite.pendingWorkCount == 0)
        let warning = try #require(logs.messages(at: .warning).first)
        #expect(warning.contains("\(type)") && warning.contains("no service handles"))
        #expect(warning.contains("CallKit") == (type == .voIP), "a VoIP push also says what iOS does about it")
        #expect(logs.messages(at: .error).isEmpty)
    }

    // MARK: - Exactly once

    struct OnceCase: Sendable, CustomTestStringConvertible {
        let scripts: [FanOutScript]
        /// When the completion comes, and with what.
        let at: Duration
        let report: VoIPCallReport
        /// What the log says about the misbehaving service, S1.
        let logged: String

        var testDescription: String { "\(scripts)" }
    }

    nonisolated static let onceCases = [
        OnceCase(
            scripts: [.answer(.newData), .never],
            at: .seconds(5),
            report: .reportedCall,
            logged: "didReceiveIncomingPush reached its deadline of 5.0 seconds before S1 finished"
        ),
        OnceCase(
            scripts: [.answer(.noData), .twice(.newData, .noData)],
            at: .zero,
            report: .reportedCall,
            logged:
                "S1 called its completion handler for didReceiveIncomingPush more than once; the later call was ignored."
        ),
        OnceCase(
            scripts: [.answer(.noData), .stubborn(.newData)],
            at: .seconds(5),
            report: .noCall,
            logged: "S1 answered didReceiveIncomingPush after the completion handler was called"
        ),
        OnceCase(
            scripts: [.answer(.newData), .fail],
            at: .zero,
            report: .reportedCall,
            logged: "S1 failed didReceiveIncomingPush: S1 failed on purpose"
        ),
        OnceCase(
            scripts: [.after(.seconds(3), .noData), .after(.seconds(6), .newData)],
            at: .seconds(5),
            report: .noCall,
            logged: "didReceiveIncomingPush reached its deadline of 5.0 seconds before S1 finished"
        ),
    ]

    @Test(
        "The push's completion is called exactly once, at the right time, whatever a service does",
        arguments: onceCases
    )
    func exactlyOnce(_ testCase: OnceCase) async {
        let clock = TestClock()
        let probe = TrialProbe()
        let logs = LogCapture()
        let composite = ServiceComposite(
            makeScripted(testCase.scripts, clock: clock, probe: probe),
            configuration: .init(logger: logs.logger(), clock: clock)
        )
        let completion = CompletionRecorder<VoIPCallReport>(clock: clock)

        composite.didReceiveIncomingPush(call) { completion.record($0) }
        if testCase.at > .zero {
            let sleepers = testCase.scripts.filter {
                if case .after = $0 { true } else if case .never = $0 { true } else { false }
            }
            await clock.waitForSleepers(1 + sleepers.count)
            clock.advance(by: .seconds(3))
            let returnedBy3s = testCase.scripts.filter {
                if case .after(let delay, _) = $0 { delay <= .seconds(3) } else { $0.isPrompt }
            }
            await probe.waitForReturned(returnedBy3s.count)
            #expect(completion.count == 0, "nothing completes before the deadline while a service works")
            clock.advance(to: .init(offset: testCase.at))
        }
        await completion.waitUntilCalled()
        probe.release()
        clock.advance(by: .seconds(3600))
        await composite.waitForPendingWork()

        #expect(completion.values == [testCase.report])
        #expect(completion.times == [TestClock.Instant(offset: testCase.at)])
        #expect(logs.text.contains(testCase.logged), "\(logs.text)")
        #expect(
            logs.messages(at: .error).contains { $0.contains("No service reported an incoming call") }
                == (testCase.report == .noCall)
        )
    }

    @Test("The VoIP push deadline defaults to 5 s and is configurable")
    func deadline() async {
        #expect(ServiceComposite.Configuration.Deadlines().voIPPush == .seconds(5))
        let clock = TestClock()
        var deadlines = ServiceComposite.Configuration.Deadlines()
        deadlines.voIPPush = .seconds(2)
        let composite = ServiceComposite(
            makeScripted([.never], clock: clock, probe: TrialProbe()),
            configuration: .init(clock: clock, deadlines: deadlines)
        )
        let completion = CompletionRecorder<VoIPCallReport>(clock: clock)
        composite.didReceiveIncomingPush(call) { completion.record($0) }
        await clock.waitForSleepers(2)
        clock.advanceToNextDeadline()
        await completion.waitUntilCalled()
        await composite.waitForPendingWork()
        #expect(completion.times == [TestClock.Instant(offset: .seconds(2))])
    }
}
