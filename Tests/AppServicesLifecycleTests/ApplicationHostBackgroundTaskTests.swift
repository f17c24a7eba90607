import AppServices
import AppServicesLifecycle
import AppServicesTesting
import Foundation
import Logging
import Testing
import UnixSignals

/// Declares a refresh task (and a cleanup task due in the far future), submits both while
/// the application launches, and resubmits the refresh from its work, as an app refresh
/// does. Its gates tell the test when a run has started and finished.
final class Refresher: RecordingService {
    static let refresh = "com.example.refresh"
    static let cleanup = "com.example.cleanup"

    private(set) var submissions: [String] = []
    private(set) var cancelledRuns = 0
    let started = Flag()
    let finished = Flag()

    override init(journal: CallJournal? = nil) {
        super.init(journal: journal)
        declaredTasks = [(Self.refresh, .appRefresh), (Self.cleanup, .processing)]
    }

    override func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        submit(.processing(Self.cleanup, earliestBeginDate: .distantFuture), context)
        submit(.appRefresh(Self.refresh), context)
        return super.application(context, didFinishLaunchingWithOptions: options)
    }

    override func runBackgroundTask(_ identifier: String, _ context: AppContext) async throws {
        started.raise()
        defer { finished.raise() }
        do {
            try await super.runBackgroundTask(identifier, context)
        } catch is CancellationError {
            cancelledRuns += 1
            throw CancellationError()
        }
        if identifier == Self.refresh { submit(.appRefresh(Self.refresh), context) }
    }

    private func submit(_ request: BackgroundTaskRequest, _ context: AppContext) {
        do {
            try context.backgroundTasks.submit(request)
            submissions.append("submitted \(request.identifier)")
        } catch {
            submissions.append("\(error)")
        }
    }
}

/// Something a test waits for until it is raised, or until the test is cancelled (at its
/// time limit), so that a broken behaviour fails the test instead of hanging it.
final class Flag: Sendable {
    private let raised: AsyncStream<Never>
    private let continuation: AsyncStream<Never>.Continuation

    init() {
        (raised, continuation) = AsyncStream.makeStream()
    }

    func raise() { continuation.finish() }

    /// Returns once raised, or when the waiting task is cancelled.
    func wait() async {
        for await _ in raised {}
    }
}

/// Holds the task a test starts inside a service group, to await it afterwards.
@MainActor
final class RunningTask {
    var task: Task<ApplicationHost.BackgroundTaskRun, Never>?
}

/// The host's background tasks: registration at launch, runs on request and on a signal,
/// and expiration at wind-down. A test whose run is never expired or never signalled would
/// wait for it: the time limit turns that into a failure.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ApplicationHostBackgroundTaskTests {
    let clock = TestClock()
    let logs = LogCapture()
    let journal = CallJournal()

    func makeHost(_ services: [any AppService], backgroundTaskSignal: UnixSignal? = .sigusr1) -> ApplicationHost {
        let composite = ServiceComposite(services, configuration: .init(logger: logs.logger(), clock: clock))
        return ApplicationHost(
            composite: composite,
            configuration: .init(
                launchOptions: LaunchOptions(),
                backgroundTaskSignal: backgroundTaskSignal,
                logger: logs.logger(label: "host")
            )
        )
    }

    @Test("The host registers the declared tasks before the services hear of the launch, so they can submit from it")
    func registersBeforeLaunch() async throws {
        let refresher = Refresher(journal: journal)
        let host = makeHost([refresher])

        try await runInServiceGroup(host, logger: logs.logger(), shutdownAfter: .didBecomeActive) {
            #expect(host.backgroundTaskScheduler.registeredIdentifiers == [Refresher.refresh, Refresher.cleanup])
            #expect(
                host.backgroundTaskScheduler.pendingRequestsNow.map(\.identifier) == [
                    Refresher.cleanup, Refresher.refresh,
                ]
            )
        }

        #expect(refresher.submissions == ["submitted \(Refresher.cleanup)", "submitted \(Refresher.refresh)"])
        #expect(
            logs.messages(at: .info).contains(
                "Registered 2 background tasks with the host's scheduler: \(Refresher.refresh) (appRefresh, Refresher), "
                    + "\(Refresher.cleanup) (processing, Refresher)."
            )
        )
    }

    @Test("Running the due tasks runs each due request once; a task that resubmits itself runs again at the next call")
    func runsDueRequests() async throws {
        let refresher = Refresher(journal: journal)
        let host = makeHost([refresher])

        try await runInServiceGroup(host, logger: logs.logger(), shutdownAfter: .didBecomeActive) {
            let first = await host.runDueBackgroundTasks()
            #expect(first.map(\.description) == ["\(Refresher.refresh): succeeded"])
            let second = await host.runDueBackgroundTasks()
            #expect(second.map(\.description) == ["\(Refresher.refresh): succeeded"], "it resubmitted itself")
        }

        #expect(journal.calls(of: .runBackgroundTask).map(\.detail) == [Refresher.refresh, Refresher.refresh])
        #expect(
            host.backgroundTaskScheduler.pendingRequestsNow.map(\.identifier) == [
                Refresher.cleanup, Refresher.refresh,
            ],
            "the cleanup is not due; the refresh is pending again"
        )
        #expect(
            logs.messages(at: .info).filter { $0 == "Running background task \(Refresher.refresh) on request." }.count
                == 2
        )
        #expect(logs.messages(at: .info).contains("Background task \(Refresher.refresh) succeeded."))
        #expect(!logs.text.contains("Unexpected"))
    }

    @Test(
        "A run ends with the outcome of its work",
        arguments: [
            (
                RecordingService.BackgroundTaskAnswer.succeed, ApplicationHost.BackgroundTaskRun.Outcome.succeeded,
                [true]
            ),
            (.fail, .failed, [false]),
        ]
    )
    func outcomes(
        answer: RecordingService.BackgroundTaskAnswer,
        outcome: ApplicationHost.BackgroundTaskRun.Outcome,
        completions: [Bool]
    )
        async throws
    {
        let refresher = Refresher(journal: journal)
        refresher.answers.backgroundTask = answer
        let host = makeHost([refresher])

        try await runInServiceGroup(host, logger: logs.logger(), shutdownAfter: .didBecomeActive) {
            let run = await host.runBackgroundTask(Refresher.refresh)
            #expect(run.outcome == outcome)
            #expect(run.succeeded == (outcome == .succeeded))
            #expect(run.task?.completions == completions)
        }
    }

    @Test("A due task whose request an earlier run replaced with a later one is not run, and stays pending")
    func requestReplacedByAnEarlierRun() async throws {
        final class Postponer: RecordingService {
            static let sync = "com.example.sync"
            static let upload = "com.example.upload"
            override init(journal: CallJournal? = nil) {
                super.init(journal: journal)
                declaredTasks = [(Self.sync, .appRefresh), (Self.upload, .processing)]
            }
            override func application(
                _ context: AppContext,
                didFinishLaunchingWithOptions options: LaunchOptions
            ) -> Bool {
                try? context.backgroundTasks.submit(.appRefresh(Self.sync))
                try? context.backgroundTasks.submit(.processing(Self.upload))
                return super.application(context, didFinishLaunchingWithOptions: options)
            }
            override func runBackgroundTask(_ identifier: String, _ context: AppContext) async throws {
                // The sync did the upload's work: the upload can wait a day.
                if identifier == Self.sync {
                    try? context.backgroundTasks.submit(
                        .processing(Self.upload, earliestBeginDate: Date().addingTimeInterval(86_400))
                    )
                }
                try await super.runBackgroundTask(identifier, context)
            }
        }
        let host = makeHost([Postponer(journal: journal)])

        try await runInServiceGroup(host, logger: logs.logger(), shutdownAfter: .didBecomeActive) {
            let runs = await host.runDueBackgroundTasks()
            // Where work starts on the spot (Task.immediate), the sync's work replaced the
            // upload's request before the upload was started; elsewhere it runs after both
            // started, and the upload, due when it was started, runs.
            if ServiceComposite.startsWorkAtOnce {
                #expect(runs.map(\.identifier) == [Postponer.sync])
                #expect(host.backgroundTaskScheduler.pendingRequestsNow.map(\.identifier) == [Postponer.upload])
            } else {
                #expect(runs.map(\.identifier) == [Postponer.sync, Postponer.upload])
            }
        }
    }

    @Test("A task that arrives for an identifier nobody declares is completed as failed, once, and logged")
    func undeclaredTask() async throws {
        let host = makeHost([Refresher(journal: journal)])

        try await runInServiceGroup(host, logger: logs.logger(), shutdownAfter: .didBecomeActive) {
            let run = await host.runBackgroundTask("com.example.unknown")
            #expect(run.outcome == .notDeclared)
            #expect(run.task?.completions == [false])
        }
        #expect(
            logs.messages(at: .error) == [
                "Background task com.example.unknown was triggered on request, but no service declares it; it was completed as failed."
            ]
        )
        #expect(journal.calls(of: .runBackgroundTask).isEmpty)
    }

    @Test("A continued-processing run, under an identifier its declaration's wildcard names, runs as declared")
    func continuedProcessingRun() async throws {
        final class Exporter: RecordingService {
            static let run = "com.example.export.7F3A"
            override init(journal: CallJournal? = nil) {
                super.init(journal: journal)
                declaredTasks = [("com.example.export.*", .continuedProcessing)]
            }
            override func application(
                _ context: AppContext,
                didFinishLaunchingWithOptions options: LaunchOptions
            ) -> Bool {
                try? context.backgroundTasks.submit(
                    .continuedProcessing(Self.run, title: "Export", subtitle: "3 files")
                )
                return super.application(context, didFinishLaunchingWithOptions: options)
            }
        }
        let exporter = Exporter(journal: journal)
        let host = makeHost([exporter])

        try await runInServiceGroup(host, logger: logs.logger(), shutdownAfter: .didBecomeActive) {
            let runs = await host.runDueBackgroundTasks()
            #expect(runs.map(\.identifier) == [Exporter.run])
            #expect(runs.map(\.outcome) == [.succeeded])
            #expect(runs.first?.task?.completions == [true])
        }
        #expect(logs.messages(at: .error).isEmpty)
        #expect(journal.calls(of: .runBackgroundTask).count == 1)
    }

    @Test("A run still going at wind-down is expired first: its work is cancelled, and it is completed once, as failed")
    func expiredAtWindDown() async throws {
        let refresher = Refresher(journal: journal)
        refresher.answers.backgroundTask = .runUntilCancelled
        let host = makeHost([refresher])
        let running = RunningTask()

        try await runInServiceGroup(host, logger: logs.logger(), shutdownAfter: .didBecomeActive) {
            running.task = Task { await host.runBackgroundTask(Refresher.refresh) }
            await refresher.started.wait()
        }
        // Checked before waiting for the run, which ends only when it was expired.
        try #require(host.composite.runningBackgroundTaskIdentifiers.isEmpty, "the run was expired")
        let run = try #require(await running.task?.value)
        await host.composite.waitForPendingWork()

        #expect(run.outcome == .expired)
        #expect(refresher.cancelledRuns == 1)
        #expect(run.task?.completions == [false], "completed once, also after its work stopped")
        let messages = logs.entries.map(\.message)
        let expiring = try #require(
            messages.firstIndex(of: "Expiring 1 background task still running at wind-down: \(Refresher.refresh).")
        )
        let firstStep = try #require(messages.firstIndex { $0.hasPrefix("Wind-down step 1 of 3") })
        #expect(expiring < firstStep)
        let why = try #require(messages.firstIndex(of: "Graceful shutdown: the application winds down."))
        #expect(why < expiring, "why it winds down comes first")
        #expect(
            logs.messages(at: .warning).contains {
                $0.hasPrefix("Background task \(Refresher.refresh) was expired at wind-down")
            }
        )
    }

    @Test("A task runs once at a time: a trigger while its run goes on leaves its request pending")
    func oneRunAtATime() async throws {
        let refresher = Refresher(journal: journal)
        refresher.answers.backgroundTask = .runUntilCancelled
        let host = makeHost([refresher])
        let running = RunningTask()
        var again: ApplicationHost.BackgroundTaskRun?
        var due: [ApplicationHost.BackgroundTaskRun] = []

        try await runInServiceGroup(host, logger: logs.logger(), shutdownAfter: .didBecomeActive) {
            running.task = Task { await host.runBackgroundTask(Refresher.refresh) }
            await refresher.started.wait()
            // Another trigger while the run goes on (a timer's signal, say).
            again = await host.runBackgroundTask(Refresher.refresh)
            do { try host.backgroundTaskScheduler.submit(.appRefresh(Refresher.refresh)) } catch {
                Issue.record("\(error)")
            }
            due = await host.runDueBackgroundTasks()
        }
        _ = await running.task?.value

        #expect(again?.outcome == .stillRunning)
        #expect(due.isEmpty, "its request waits for the run to end")
        #expect(journal.calls(of: .runBackgroundTask).count == 1)
        #expect(host.backgroundTaskScheduler.pendingRequestsNow.map(\.identifier).contains(Refresher.refresh))
        #expect(
            logs.messages(at: .info).contains {
                $0.hasPrefix("Background task \(Refresher.refresh) is due on request but still running")
            }
        )
    }

    @Test("Before the launch and after the wind-down nothing runs")
    func nothingRunsOutsideTheApplicationsLife() async throws {
        let refresher = Refresher(journal: journal)
        let host = makeHost([refresher])

        #expect(await host.runBackgroundTask(Refresher.refresh).outcome == .notStarted)
        #expect(await host.runDueBackgroundTasks().isEmpty)
        try await runInServiceGroup(host, logger: logs.logger(), shutdownAfter: .didBecomeActive)
        let after = await host.runBackgroundTask(Refresher.refresh)

        #expect(after.outcome == .notStarted)
        #expect(after.task == nil)
        #expect(journal.calls(of: .runBackgroundTask).isEmpty)
        #expect(
            logs.messages(at: .warning).contains(
                "Background task \(Refresher.refresh) was not run on request: the application is winding down."
            )
        )
    }

    /// The signal is SIGUSR2 here, which no other test traps: a signal reaches every test
    /// running in this process. The demo's tests send the default, SIGUSR1, to a child process.
    @Test("The background-task signal runs the due tasks while the application serves")
    func signalRunsDueTasks() async throws {
        let refresher = Refresher(journal: journal)
        let host = makeHost([refresher], backgroundTaskSignal: .sigusr2)

        try await runInServiceGroup(host, logger: logs.logger(), shutdownAfter: .didBecomeActive) {
            // Trapped before the launch, so it is handled once the host serves.
            kill(getpid(), SIGUSR2)
            await refresher.finished.wait()
        }

        #expect(journal.calls(of: .runBackgroundTask).map(\.detail) == [Refresher.refresh])
        #expect(logs.messages(at: .info).contains("Running background task \(Refresher.refresh) on SIGUSR2."))
        #expect(
            logs.messages(at: .info).contains("Background task \(Refresher.refresh) succeeded."),
            "the run ended, and was logged, before the wind-down"
        )
    }
}
