import AppServices
import AppServicesTesting
import Foundation
import Testing

/// The simulator's background-task steps: a launch into the background for a task, its
/// run and its expiration.
@MainActor
struct LifecycleSimulatorBackgroundTaskTests {
    static let refresh = "com.example.refresh"

    /// Declares the refresh task, and submits its first request while it launches: which
    /// fails unless the task was registered before `didFinishLaunching` reached it.
    final class Refresher: RecordingService {
        private(set) var submissions: [String] = []
        private(set) var submissionErrors: [BackgroundTaskError] = []
        private(set) var cancelledRuns = 0

        override func application(
            _ context: AppContext,
            didFinishLaunchingWithOptions options: LaunchOptions
        ) -> Bool {
            do {
                try context.backgroundTasks.submit(.appRefresh(LifecycleSimulatorBackgroundTaskTests.refresh))
                submissions.append("submitted")
            } catch {
                submissionErrors.append(error)
            }
            return super.application(context, didFinishLaunchingWithOptions: options)
        }

        override func runBackgroundTask(_ identifier: String, _ context: AppContext) async throws {
            do {
                try await super.runBackgroundTask(identifier, context)
            } catch is CancellationError {
                cancelledRuns += 1
                throw CancellationError()
            }
        }
    }

    let refresher = Refresher()

    init() {
        refresher.declaredTasks = [(Self.refresh, .appRefresh)]
    }

    func makeSimulator() -> (LifecycleSimulator, ServiceComposite) {
        let composite = ServiceComposite([refresher])
        return (LifecycleSimulator(driving: composite), composite)
    }

    @Test(
        "A launch into the background for a task registers it before didFinishLaunching, runs it, and completes it once"
    )
    func launchForBackgroundTask() async throws {
        let (simulator, _) = makeSimulator()

        #expect(try await simulator.launchIntoBackground(forBackgroundTask: Self.refresh))

        #expect(refresher.submissions == ["submitted"], "registered before didFinishLaunching reached the service")
        #expect(simulator.backgroundTaskScheduler.registeredIdentifiers == [Self.refresh])
        #expect(refresher.callbacks == [.willFinishLaunching, .didFinishLaunching, .runBackgroundTask])
        #expect(refresher.calls.last?.detail == Self.refresh)
        #expect(simulator.backgroundTaskRuns.map(\.completions) == [[true]])
        #expect(simulator.backgroundTaskScheduler.pendingRequestsNow.isEmpty, "the run took its request")
        #expect(simulator.state == .background)
        #expect(simulator.history.last == "launchBackgroundTask(\(Self.refresh))")
    }

    @Test("A run whose work throws is completed once, as failed")
    func failingRun() async throws {
        refresher.answers.backgroundTask = .fail
        let (simulator, _) = makeSimulator()

        #expect(try await simulator.launchIntoBackground(forBackgroundTask: Self.refresh) == false)
        #expect(simulator.backgroundTaskRuns.map(\.completions) == [[false]])
    }

    @Test("Expiration cancels the work and completes the run once, as failed, also after the work has stopped")
    func expiration() async throws {
        refresher.answers.backgroundTask = .runUntilCancelled
        let (simulator, composite) = makeSimulator()
        try simulator.launchIntoBackground()
        let run = try simulator.startBackgroundTask(Self.refresh)
        #expect(!run.isCompleted)
        #expect(composite.runningBackgroundTaskIdentifiers == [Self.refresh])

        try simulator.expireBackgroundTasks()

        try #require(run.isCompleted, "completed by the expiration, at once")
        #expect(await run.completion() == false)
        await composite.waitForPendingWork()
        #expect(refresher.cancelledRuns == 1, "the expiration cancelled the work")
        #expect(run.completions == [false], "the work stopping after the expiration completes nothing again")
        #expect(composite.runningBackgroundTaskIdentifiers.isEmpty)
    }

    @Test("A suspended application is woken by a background task and stays in the background")
    func wakesSuspendedApplication() async throws {
        let (simulator, _) = makeSimulator()
        try simulator.coldLaunch()
        try simulator.enterBackground()
        try simulator.suspend()

        #expect(try await simulator.runBackgroundTask(Self.refresh))
        #expect(simulator.state == .background)
    }

    @Test("The system runs no background task in the foreground, and expires none when none runs")
    func refusedSteps() async throws {
        let (simulator, _) = makeSimulator()
        try simulator.coldLaunch()

        let inForeground = #expect(throws: LifecycleSimulatorError.self) {
            try simulator.startBackgroundTask(Self.refresh)
        }
        #expect(inForeground?.state == "the application is active")
        #expect(inForeground?.possibleSteps.contains("launchBackgroundTask(\(Self.refresh))") == false)

        try simulator.enterBackground()
        #expect(throws: LifecycleSimulatorError.self) { try simulator.expireBackgroundTasks() }
        // From the background, with the task registered, it may.
        #expect(try simulator.sendNow(.launchBackgroundTask(Self.refresh)) == nil)
        #expect(await simulator.backgroundTaskRuns.last?.completion() == true)
        #expect(refresher.callbacks.filter { $0 == .runBackgroundTask }.count == 1)
    }

    @Test("A continued-processing task starts in the foreground it was submitted in, and can be cancelled later")
    func continuedProcessingInForeground() async throws {
        refresher.declaredTasks.append(("com.example.export.*", .continuedProcessing))
        refresher.answers.backgroundTask = .runUntilCancelled
        let (simulator, composite) = makeSimulator()
        try simulator.coldLaunch()
        let job = "com.example.export.1"
        #expect(throws: LifecycleSimulatorError.self, "not submitted: the system starts nothing") {
            try simulator.startBackgroundTask(job)
        }

        try composite.backgroundTasks.submit(.continuedProcessing(job, title: "Export", subtitle: "1 file"))
        let run = try simulator.startBackgroundTask(job)
        #expect(simulator.state == .active)
        try simulator.enterBackground()
        try simulator.expireBackgroundTasks()

        #expect(await run.completion() == false)
        await composite.waitForPendingWork()
        #expect(refresher.cancelledRuns == 1)
        #expect(simulator.system.backgroundTasks.misuse.isEmpty, "registered under its own identifier, after launch")
        #expect(throws: LifecycleSimulatorError.self, "an app refresh still never starts in the foreground") {
            try simulator.enterForeground()
            try simulator.startBackgroundTask(Self.refresh)
        }
    }

    @Test("Without a scheduler, submitting fails with an error naming the task, and the simulator launches none")
    func targetWithoutScheduler() async throws {
        let target = BareTarget(ServiceComposite([refresher]))
        let simulator = LifecycleSimulator(driving: target)
        try simulator.launchIntoBackground()

        #expect(refresher.submissions.isEmpty)
        let submission = try #require(refresher.submissionErrors.first)
        #expect(submission.code == .notRegistered)
        #expect(submission.identifier == Self.refresh)
        #expect(
            submission.message.hasPrefix(
                "Background task \(Self.refresh) was submitted before the host registered the background tasks"
            )
        )

        let error = #expect(throws: LifecycleSimulatorError.self) { try simulator.startBackgroundTask(Self.refresh) }

        #expect(
            error?.state
                == "the application is background and background task \(Self.refresh) is not registered with the target's system (registered: none)"
        )
        #expect(!refresher.callbacks.contains(.runBackgroundTask))
    }
}

@MainActor
@Suite("A target of one's own that answers nothing")
struct SilentTargetTests {
    @Test("Steps with a completion handler end, with no answer, when the target gives none", .timeLimit(.minutes(1)))
    func stepsEndWithoutAnAnswer() async throws {
        let simulator = LifecycleSimulator(driving: BareTarget(ServiceComposite([])))
        try simulator.coldLaunch()

        #expect(try await simulator.deliverIncomingPush(PushPayload()) == nil)
        #expect(simulator.incomingPushes.last?.completions.isEmpty == false)
        #expect(try await simulator.performCallAction(CallAction(callUUID: UUID(), kind: .answer)) == nil)
        #expect(try await simulator.presentNotification(UserNotification(identifier: "n")) == [])
    }
}

/// A target that forwards the life cycle to a composite and registers nothing with its
/// system's scheduler, as a platform adapter that has not adopted background tasks.
@MainActor
final class BareTarget: LifecycleTarget {
    let composite: ServiceComposite
    let system = SimulatedSystem()
    init(_ composite: ServiceComposite) { self.composite = composite }

    func deliver(_ step: LifecycleSimulator.Step, answer: @escaping @MainActor (LifecycleSimulator.Answer?) -> Void) {
        switch step {
        case .willFinishLaunching(let options): answer(.launch(composite.willFinishLaunching(options)))
        case .didFinishLaunching(let options): answer(.launch(composite.didFinishLaunching(options)))
        case .didBecomeActive:
            composite.didBecomeActive()
            answer(nil)
        case .willResignActive:
            composite.willResignActive()
            answer(nil)
        case .didEnterBackground:
            composite.didEnterBackground()
            answer(nil)
        case .willEnterForeground:
            composite.willEnterForeground()
            answer(nil)
        case .willTerminate:
            composite.willTerminate()
            answer(nil)
        default:
            // This test double delivers the application's life cycle only.
            answer(nil)
        }
    }
}
