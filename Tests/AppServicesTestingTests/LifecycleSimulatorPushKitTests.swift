import AppServices
import AppServicesTesting
import Foundation
import Testing

/// The simulator's PushKit steps: a push while running, a launch for a push, a push whose
/// services outlive its deadline, and tokens.
@MainActor
struct LifecycleSimulatorPushKitTests {
    final class Calls: RecordingService {}
    final class Tokens: RecordingService {}
    final class FileSync: RecordingService {}

    /// Reports a call only when the test lets it, on the test clock: never before 1 hour.
    final class SlowCalls: AppService, VoIPPushHandling {
        let clock: TestClock
        init(clock: TestClock) { self.clock = clock }

        func pushRegistry(
            _ context: AppContext,
            didReceiveIncomingPushWith payload: PushPayload
        ) async throws -> VoIPCallReport {
            try await clock.sleep(for: .seconds(3600))
            return .reportedCall
        }
    }

    let journal = CallJournal()
    let call = PushPayload(type: .voIP, dictionaryPayload: ["caller": "Ada"])

    /// Calls reports calls and Tokens does not; FileSync hears File Provider pushes only.
    func makeComposite(logs: LogCapture = LogCapture(), clock: TestClock = TestClock()) -> ServiceComposite {
        let calls = Calls(journal: journal)
        calls.answers.incomingPush = .reportedCall
        let fileSync = FileSync(journal: journal)
        fileSync.voIPPushTypes = [.fileProvider]
        return ServiceComposite(
            [calls, Tokens(journal: journal), fileSync],
            configuration: .init(logger: logs.logger(), clock: clock)
        )
    }

    var calls: [String] { journal.calls.map(\.description) }

    @Test("A push while running reaches the services of its type and answers what they reported")
    func pushWhileRunning() async throws {
        let simulator = LifecycleSimulator(driving: makeComposite())
        try simulator.coldLaunch()
        journal.clear()

        let report = try await simulator.deliverIncomingPush(call)

        #expect(report == .reportedCall)
        #expect(
            calls == [
                "Calls.didReceiveIncomingPush(PKPushTypeVoIP caller)",
                "Tokens.didReceiveIncomingPush(PKPushTypeVoIP caller)",
            ]
        )
        #expect(simulator.history.last == "didReceiveIncomingPush")
        #expect(simulator.incomingPushes.map(\.completions) == [[.reportedCall]])
        #expect(simulator.state == .active)
    }

    @Test("A push launches an application that is not running into the background first")
    func launchForAPush() async throws {
        let simulator = LifecycleSimulator(driving: makeComposite())

        let report = try await simulator.launchIntoBackground(forIncomingPush: PushPayload(type: .fileProvider))

        #expect(report == .noCall)
        #expect(
            simulator.history == ["willFinishLaunching", "didFinishLaunching(in background)", "didReceiveIncomingPush"]
        )
        #expect(simulator.state == .background)
        #expect(journal.services(receiving: .didReceiveIncomingPush) == ["FileSync"])
    }

    @Test("A push wakes a suspended application; before launch it is rejected")
    func suspendedAndNotRunning() async throws {
        let simulator = LifecycleSimulator(driving: makeComposite())
        await #expect(throws: LifecycleSimulatorError.self) { try await simulator.deliverIncomingPush(call) }
        #expect(simulator.incomingPushes.isEmpty, "nothing is delivered for a rejected step")

        try simulator.launchIntoBackground()
        try simulator.suspend()
        try await simulator.deliverIncomingPush(call)

        #expect(simulator.state == .background)
    }

    @Test("A started push completes once, at the deadline, when a service outlives it, and the error names it")
    func startedPushCompletesAtTheDeadline() async throws {
        let clock = TestClock()
        let logs = LogCapture()
        let composite = ServiceComposite(
            [SlowCalls(clock: clock)],
            configuration: .init(logger: logs.logger(), clock: clock)
        )
        let simulator = LifecycleSimulator(driving: composite)
        try simulator.coldLaunch()

        let push = try simulator.startIncomingPush(call)
        await clock.waitForSleepers(2)  // the service and the deadline
        clock.advance(by: .seconds(4))
        #expect(!push.isCompleted)
        clock.advance(by: .seconds(1))
        let report = await push.completion()
        await composite.waitForPendingWork()

        #expect(report == .noCall)
        #expect(push.completions == [.noCall])
        #expect(push.payload == call)
        let error = try #require(logs.entries.first { "\($0.level)" == "error" })
        #expect(error.message.contains("SlowCalls") && error.message.contains("CallKit"))
    }

    @Test("Tokens and their invalidation reach the services of their type, while the application runs")
    func tokens() throws {
        let simulator = LifecycleSimulator(driving: makeComposite())
        let credentials = PushCredentials(token: Data([0xC0, 0xFF, 0xEE]), type: .voIP)
        #expect(throws: LifecycleSimulatorError.self) { try simulator.updatePushCredentials(credentials) }

        try simulator.coldLaunch()
        journal.clear()
        try simulator.updatePushCredentials(credentials)
        try simulator.invalidatePushToken(for: .fileProvider)

        #expect(
            calls == [
                "Calls.didUpdatePushCredentials(PKPushTypeVoIP c0ffee)",
                "Tokens.didUpdatePushCredentials(PKPushTypeVoIP c0ffee)",
                "FileSync.didInvalidatePushToken(PKPushTypeFileProvider)",
            ]
        )
        #expect(simulator.history.suffix(2) == ["didUpdatePushCredentials", "didInvalidatePushToken"])
        try simulator.enterBackground()
        try simulator.suspend()
        #expect(throws: LifecycleSimulatorError.self) { try simulator.invalidatePushToken(for: .voIP) }
    }
}
