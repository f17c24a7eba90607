import AppServices
import AppServicesTesting

/// What a scripted service does when a completion-handler callback reaches it.
enum FanOutScript: Sendable, Hashable, CustomStringConvertible {
    /// Answers at once.
    case answer(BackgroundFetchResult)
    /// Throws at once.
    case fail
    /// Reports through a completion handler that it calls twice.
    case twice(BackgroundFetchResult, BackgroundFetchResult)
    /// Answers after sleeping on the test clock (cancellable).
    case after(Duration, BackgroundFetchResult)
    /// Never answers: sleeps for an hour on the test clock, until the deadline cancels it.
    case never
    /// Ignores cancellation and answers only when the test releases it, after the deadline.
    case stubborn(BackgroundFetchResult)

    var description: String {
        switch self {
        case .answer(let result): return "answer(\(result))"
        case .fail: return "fail"
        case .twice(let first, let second): return "twice(\(first), \(second))"
        case .after(let delay, let result): return "after(\(delay.components.seconds)s, \(result))"
        case .never: return "never"
        case .stubborn(let result): return "stubborn(\(result))"
        }
    }

    /// Whether the service returns without waiting on the clock or the test.
    var isPrompt: Bool {
        switch self {
        case .answer, .fail, .twice: return true
        case .after, .never, .stubborn: return false
        }
    }
}

struct ScriptError: Error, CustomStringConvertible {
    let service: String
    var description: String { "\(service) failed on purpose" }
}

/// Lets a test wait for scripted services to return and release the stubborn ones.
@MainActor
final class TrialProbe {
    private(set) var returned = 0
    private var returnWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var released = false
    private var releaseWaiters: [CheckedContinuation<Void, Never>] = []

    func serviceReturned() {
        returned += 1
        let ready = returnWaiters.filter { $0.count <= returned }
        returnWaiters.removeAll { $0.count <= returned }
        for waiter in ready { waiter.continuation.resume() }
    }

    func waitForReturned(_ count: Int) async {
        if returned >= count { return }
        await withCheckedContinuation { returnWaiters.append((count, $0)) }
    }

    func waitForRelease() async {
        if released { return }
        await withCheckedContinuation { releaseWaiters.append($0) }
    }

    func release() {
        released = true
        let waiters = releaseWaiters
        releaseWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }
}

/// A service that handles silent pushes (and every other completion-handler callback) by
/// following its script.
@MainActor
class ScriptedService: AppService, RemoteNotificationHandling, BackgroundFetchHandling, BackgroundURLSessionHandling,
    ShortcutItemHandling, WatchKitRequestHandling, UserNotificationHandling, VoIPPushHandling, CallHandling
{
    let script: FanOutScript
    let clock: TestClock
    let probe: TrialProbe

    required init(_ script: FanOutScript, clock: TestClock, probe: TrialProbe) {
        self.script = script
        self.clock = clock
        self.probe = probe
    }

    func perform(_ context: AppContext) async throws -> BackgroundFetchResult {
        switch script {
        case .answer(let result):
            probe.serviceReturned()
            return result
        case .fail:
            probe.serviceReturned()
            throw ScriptError(service: "\(type(of: self))")
        case .twice(let first, let second):
            let result: BackgroundFetchResult = try await context.withCompletionHandler { completion in
                completion(first)
                completion(second)
            }
            probe.serviceReturned()
            return result
        case .after(let delay, let result):
            try await clock.sleep(for: delay)
            probe.serviceReturned()
            return result
        case .never:
            try await clock.sleep(for: .seconds(3600))
            return .newData
        case .stubborn(let result):
            await probe.waitForRelease()
            return result
        }
    }

    func application(
        _ context: AppContext,
        didReceiveRemoteNotification notification: RemoteNotification
    ) async throws
        -> BackgroundFetchResult
    { try await perform(context) }

    func applicationPerformFetch(_ context: AppContext) async throws -> BackgroundFetchResult {
        try await perform(context)
    }

    func application(_ context: AppContext, handleEventsForBackgroundURLSession identifier: String) async throws {
        _ = try await perform(context)
    }

    func application(_ context: AppContext, performActionFor shortcutItem: ShortcutItem) async throws -> Bool {
        try await perform(context) == .newData
    }

    func application(
        _ context: AppContext,
        handleWatchKitExtensionRequest userInfo: UserInfo?
    ) async throws -> UserInfo? {
        ["result": .string("\(try await perform(context))")]
    }

    func userNotificationCenter(_ context: AppContext, didReceive response: NotificationResponse) async throws {
        _ = try await perform(context)
    }

    /// Reports the call when the script's result is `newData`.
    func pushRegistry(
        _ context: AppContext,
        didReceiveIncomingPushWith payload: PushPayload
    ) async throws -> VoIPCallReport {
        try await perform(context) == .newData ? .reportedCall : .noCall
    }

    /// Fulfils the action when the script's result is `newData`, fails it when `failed`, and
    /// says it is not its own when `noData`.
    func provider(_ context: AppContext, perform action: CallAction) async throws -> CallAction.Answer {
        switch try await perform(context) {
        case .newData: .fulfilled
        case .failed: .failed
        case .noData: .notMine
        }
    }
}

final class S0: ScriptedService {}
final class S1: ScriptedService {}
final class S2: ScriptedService {}
final class S3: ScriptedService {}
final class S4: ScriptedService {}

@MainActor
func makeScripted(_ scripts: [FanOutScript], clock: TestClock, probe: TrialProbe) -> [ScriptedService] {
    let types: [ScriptedService.Type] = [S0.self, S1.self, S2.self, S3.self, S4.self]
    precondition(scripts.count <= types.count, "only \(types.count) scripted service types exist")
    return zip(types, scripts).map { type, script in type.init(script, clock: clock, probe: probe) }
}

/// Records every call of a completion handler: how often, with what, and when.
@MainActor
final class CompletionRecorder<Value> {
    private(set) var values: [Value] = []
    private(set) var times: [TestClock.Instant] = []
    private let clock: TestClock
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(clock: TestClock) { self.clock = clock }

    var count: Int { values.count }

    func record(_ value: Value) {
        values.append(value)
        times.append(clock.now)
        let ready = waiters
        waiters.removeAll()
        for waiter in ready { waiter.resume() }
    }

    func waitUntilCalled() async {
        if !values.isEmpty { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}
