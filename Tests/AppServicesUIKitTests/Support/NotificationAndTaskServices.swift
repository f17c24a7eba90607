#if !canImport(UIKit)
import AppServices
import AppServicesUIKit
import AppServicesUIKitShim
import Foundation

/// A service that handles user notifications, answers with the options it is given, and
/// keeps everything it heard, with the UIKit objects that came along.
class NotificationRecorder: AppService, UserNotificationHandling {
    /// What `willPresent` answers.
    var presentation: NotificationPresentationOptions = []
    /// The categories it hears; `nil` for all.
    var categories: Set<String>?
    private(set) var presented: [UserNotification] = []
    private(set) var responses: [NotificationResponse] = []
    private(set) var settingsRequests: [UserNotification?] = []
    /// The context of each response: its scene, and the raw objects.
    private(set) var responseContexts: [AppContext] = []
    private(set) var presentationContexts: [AppContext] = []

    var notificationCategories: Set<String>? { categories }

    func userNotificationCenter(
        _ context: AppContext,
        willPresent notification: UserNotification
    ) async -> NotificationPresentationOptions {
        presented.append(notification)
        presentationContexts.append(context)
        return presentation
    }

    func userNotificationCenter(_ context: AppContext, didReceive response: NotificationResponse) async throws {
        responses.append(response)
        responseContexts.append(context)
    }

    func userNotificationCenter(_ context: AppContext, openSettingsFor notification: UserNotification?) {
        settingsRequests.append(notification)
    }
}

/// A second notification service: a service's identity is its type.
final class OtherNotificationRecorder: NotificationRecorder {}

/// What a background task's work does when it runs.
enum TaskWork: Sendable, CustomStringConvertible {
    /// Returns at once.
    case returns
    /// Throws at once.
    case throwsError
    /// Waits until cancelled, then throws `CancellationError`.
    case honorsCancellation
    /// Waits until the test releases it, whether cancelled or not, then returns.
    case ignoresCancellation

    var description: String {
        switch self {
        case .returns: "returns"
        case .throwsError: "throws"
        case .honorsCancellation: "honors cancellation"
        case .ignoresCancellation: "ignores cancellation"
        }
    }
}

/// A service that declares background tasks whose work the test controls, and keeps a
/// context to schedule with.
final class TaskRunner: AppService, BackgroundTaskHandling, LaunchHandling {
    struct Failure: Error {}

    let declared: [(identifier: String, kind: BackgroundTaskKind)]
    var work: TaskWork = .returns
    private(set) var runs: [String] = []
    /// Whether the work found itself cancelled when it stopped waiting.
    private(set) var sawCancellation: [Bool] = []
    /// The context of the last launch callback.
    private(set) var context: AppContext?
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var runWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    init(_ declared: [(identifier: String, kind: BackgroundTaskKind)]) {
        self.declared = declared
    }

    var backgroundTasks: [BackgroundTaskDeclaration] {
        declared.map { identifier, kind in
            BackgroundTaskDeclaration(identifier, kind: kind) { [self] _ in try await run(identifier) }
        }
    }

    func application(_ context: AppContext, willFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        self.context = context
        return true
    }

    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        self.context = context
        return true
    }

    /// Returns once `count` runs have started: at once where work starts inside the
    /// callback (`Task.immediate`), at the main actor's next turns elsewhere.
    func waitForRuns(_ count: Int) async {
        guard runs.count < count else { return }
        await withCheckedContinuation { runWaiters.append((count, $0)) }
    }

    /// Lets work that ignores cancellation return.
    func release() {
        let released = waiting
        waiting = []
        for continuation in released { continuation.resume() }
    }

    private func run(_ identifier: String) async throws {
        runs.append(identifier)
        let started = runWaiters.filter { $0.count <= runs.count }
        runWaiters.removeAll { $0.count <= runs.count }
        for waiter in started { waiter.continuation.resume() }
        switch work {
        case .returns:
            return
        case .throwsError:
            throw Failure()
        case .honorsCancellation:
            let (stream, continuation) = AsyncStream<Never>.makeStream()
            for await _ in stream {}
            continuation.finish()
            sawCancellation.append(Task.isCancelled)
            throw CancellationError()
        case .ignoresCancellation:
            await withCheckedContinuation { waiting.append($0) }
            sawCancellation.append(Task.isCancelled)
        }
    }
}

/// A service that starts background work when the application enters the background, and
/// lets the test end it.
final class FlushService: AppService, ApplicationStateHandling {
    private(set) var finished: [Bool] = []
    private var stream: AsyncStream<Never>.Continuation?

    func applicationDidEnterBackground(_ context: AppContext) {
        let (events, continuation) = AsyncStream<Never>.makeStream()
        stream = continuation
        context.beginBackgroundWork(named: "flush") { [self] in
            for await _ in events {}
            // `true` when it finished, `false` when it was cancelled.
            finished.append(!Task.isCancelled)
        }
    }

    /// Lets the work finish.
    func complete() {
        stream?.finish()
    }
}

/// Collects the calls of a `@Sendable` completion handler, to check that there is exactly
/// one.
final class SendableCompletions<Value: Sendable>: Sendable {
    private let recorded = Locked<[Value]>([])

    var values: [Value] { recorded.withLock { $0 } }

    var handler: @Sendable (Value) -> Void { { value in self.recorded.withLock { $0.append(value) } } }
}

#endif
