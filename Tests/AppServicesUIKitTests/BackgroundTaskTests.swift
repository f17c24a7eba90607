#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import AppServicesUIKitShim
import Foundation
import Logging
import Testing

/// Background tasks through `BGTaskScheduler`: registered before launch returns, once each;
/// each launched `BGTask` completed exactly once, whatever its work does and whenever the
/// system expires it.
@MainActor
struct BackgroundTaskTests {
    nonisolated static let declared: [(identifier: String, kind: BackgroundTaskKind)] = [
        ("com.example.inbox.refresh", .appRefresh),
        ("com.example.index.rebuild", .processing),
        ("com.example.export", .continuedProcessing),
    ]

    /// A delegate whose service declares `declared`, checked against nothing.
    func makeUIKit(
        _ runner: TaskRunner = TaskRunner(declared),
        logs: LogCapture = LogCapture()
    ) -> (SimulatedUIKit, TestAppDelegate) {
        var configuration = ServiceComposite.Configuration(logger: logs.logger())
        configuration.permittedBackgroundTasks = .unchecked
        let delegate = TestAppDelegate([runner], configuration: configuration)
        return (SimulatedUIKit(delegate: delegate), delegate)
    }

    // MARK: - Registration

    @Test("Every declared identifier is registered with BGTaskScheduler before willFinishLaunching returns, once")
    func registersBeforeWillFinishLaunchingReturns() {
        let (uiKit, _) = makeUIKit()

        uiKit.send("application:willFinishLaunchingWithOptions:") {
            $0.application($1, willFinishLaunchingWithOptions: nil)
        }
        // Synchronous: registered when the callback returns, with or without Task.immediate.
        #expect(uiKit.registeredBackgroundTasks == Self.declared.map(\.identifier))

        uiKit.send("application:didFinishLaunchingWithOptions:") {
            $0.application($1, didFinishLaunchingWithOptions: nil)
        }
        #expect(uiKit.registeredBackgroundTasks == Self.declared.map(\.identifier))
        #expect(uiKit.registeredBackgroundTasksOnMainQueue)
        #expect(uiKit.backgroundTaskMisuse.isEmpty)
    }

    @Test("When UIKit skips willFinishLaunching, the identifiers are registered before didFinishLaunching returns")
    func registersInDidFinishLaunching() {
        let (uiKit, _) = makeUIKit()

        uiKit.send("application:didFinishLaunchingWithOptions:") {
            $0.application($1, didFinishLaunchingWithOptions: nil)
        }

        #expect(uiKit.registeredBackgroundTasks == Self.declared.map(\.identifier))
        #expect(uiKit.backgroundTaskMisuse.isEmpty)
    }

    @Test("The identifiers are registered in the scheduler BGTaskScheduler.shared returns")
    func registersWithTheSharedScheduler() {
        let (uiKit, _) = makeUIKit()
        let (other, _) = makeUIKit()
        uiKit.launch()

        #expect(uiKit.withSimulatedFrameworks { BGTaskScheduler.shared } === uiKit.taskScheduler)
        #expect(uiKit.registeredBackgroundTasks.count == Self.declared.count)
        #expect(other.registeredBackgroundTasks.isEmpty)
    }

    @Test("An identifier the system refuses to register is logged as an error naming it and its service")
    func logsARefusedRegistration() {
        let logs = LogCapture()
        let (uiKit, _) = makeUIKit(logs: logs)
        uiKit.permittedBackgroundTasks = ["com.example.inbox.refresh", "com.example.export"]

        uiKit.launch()

        let errors = logs.messages(at: .error)
        #expect(errors.count == 1)
        #expect(errors.first?.contains("com.example.index.rebuild") == true)
        #expect(errors.first?.contains("TaskRunner") == true)
    }

    // MARK: - Running

    struct RunCase: Sendable, CustomTestStringConvertible {
        let name: String
        let work: TaskWork
        /// Whether the system expires the task while its work runs.
        let expires: Bool
        /// Whether the work is let go after the expiration.
        let finishesAfterExpiration: Bool
        let expected: [Bool]

        var testDescription: String { name }
    }

    nonisolated static let runCases = [
        RunCase(name: "returned", work: .returns, expires: false, finishesAfterExpiration: false, expected: [true]),
        RunCase(name: "threw", work: .throwsError, expires: false, finishesAfterExpiration: false, expected: [false]),
        RunCase(
            name: "expired",
            work: .honorsCancellation,
            expires: true,
            finishesAfterExpiration: false,
            expected: [false]
        ),
        RunCase(
            name: "never returned before expiration",
            work: .ignoresCancellation,
            expires: true,
            finishesAfterExpiration: false,
            expected: [false]
        ),
        RunCase(
            name: "finished after expiration",
            work: .ignoresCancellation,
            expires: true,
            finishesAfterExpiration: true,
            expected: [false]
        ),
    ]

    @Test(
        "A launched BGTask is completed exactly once, with success only when its work returned first",
        arguments: runCases
    )
    func completesOnce(_ testCase: RunCase) async throws {
        let runner = TaskRunner(Self.declared)
        runner.work = testCase.work
        let (uiKit, delegate) = makeUIKit(runner)
        uiKit.launch()

        let task = try #require(uiKit.launchBackgroundTask("com.example.inbox.refresh"))
        #expect(task is BGAppRefreshTask)
        #expect(task.expirationHandler != nil, "the handler is set before the work starts")
        await runner.waitForRuns(1)
        #expect(runner.runs == ["com.example.inbox.refresh"])
        if !testCase.expires {
            await delegate.composite.waitForPendingWork()
        }
        if testCase.expires {
            #expect(uiKit.completions(of: task).isEmpty)
            await uiKit.expire(task)
            // Completed by the expiration itself, whatever the work does.
            #expect(uiKit.completions(of: task) == testCase.expected)
            if testCase.work == .ignoresCancellation {
                #expect(runner.sawCancellation.isEmpty, "the work has not returned")
            }
        }
        if testCase.finishesAfterExpiration {
            runner.release()
            await delegate.composite.waitForPendingWork()
            #expect(runner.sawCancellation == [true], "the work returned, cancelled")
        }
        #expect(uiKit.completions(of: task) == testCase.expected)

        // The system expiring the task after it was completed changes nothing.
        await uiKit.expire(task)
        #expect(uiKit.completions(of: task) == testCase.expected)
        #expect(delegate.composite.runningBackgroundTaskIdentifiers.isEmpty)

        runner.release()  // lets work that never returned end with the test
        await delegate.composite.waitForPendingWork()
        #expect(uiKit.completions(of: task) == testCase.expected)
        if testCase.expires { #expect(runner.sawCancellation == [true]) }
    }

    @Test("A processing task and a continued-processing task run their own work")
    func runsEveryKind() async throws {
        let runner = TaskRunner(Self.declared)
        let (uiKit, delegate) = makeUIKit(runner)
        uiKit.launch()

        let processing = try #require(uiKit.launchBackgroundTask("com.example.index.rebuild", kind: .processing))
        let continued = try #require(uiKit.launchBackgroundTask("com.example.export", kind: .continuedProcessing))
        await delegate.composite.waitForPendingWork()

        #expect(runner.runs == ["com.example.index.rebuild", "com.example.export"])
        #expect(uiKit.completions(of: processing) == [true])
        #expect(uiKit.completions(of: continued) == [true])
    }

    @Test("A task launched into the background runs after its identifier was registered during that launch")
    func launchIntoTheBackground() async throws {
        let runner = TaskRunner(Self.declared)
        let (uiKit, delegate) = makeUIKit(runner)

        let task = try #require(uiKit.launchIntoBackground(runningBackgroundTask: "com.example.inbox.refresh"))
        await delegate.composite.waitForPendingWork()

        #expect(uiKit.application.applicationState == .background)
        #expect(uiKit.completions(of: task) == [true])
        #expect(uiKit.backgroundTaskMisuse.isEmpty)
    }

    /// Declares an export as the system asks, with a wildcard, and notes each run's own
    /// identifier and the progress it reported.
    final class Exporter: AppService, BackgroundTaskHandling {
        static let exports = "com.example.app.export.*"
        private(set) var ran: [String] = []
        var backgroundTasks: [BackgroundTaskDeclaration] {
            [
                .continuedProcessing(Self.exports) { [self] context in
                    ran.append(context.backgroundTask?.identifier ?? "none")
                    let progress = (context.uiKit.backgroundTask as? BGContinuedProcessingTask)?.progress
                    progress?.totalUnitCount = 10
                    progress?.completedUnitCount = 10
                }
            ]
        }
    }

    /// An application with `exporter`, its wildcard permitted, on a simulated UIKit whose
    /// system runs continued processing or not.
    func exportingApp(
        _ exporter: Exporter,
        runsContinuedProcessing: Bool = true
    ) throws -> (TestAppDelegate, SimulatedUIKit) {
        var configuration = ServiceComposite.Configuration()
        configuration.permittedBackgroundTasks = .only([Exporter.exports])
        let delegate = TestAppDelegate([exporter], configuration: configuration)
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.permittedBackgroundTasks = [Exporter.exports]
        uiKit.system.backgroundTasks.runsContinuedProcessing = runsContinuedProcessing
        try delegate.composite.validate()
        uiKit.launch()
        return (delegate, uiKit)
    }

    @Test("A continued-processing task declared with a wildcard runs each request's own identifier, with its BGTask")
    func wildcardContinuedProcessing() async throws {
        let exporter = Exporter()
        let (delegate, uiKit) = try exportingApp(exporter)

        let request = BackgroundTaskRequest.continuedProcessing(
            "com.example.app.export.7F3A",
            title: "Exporting",
            subtitle: "Holiday.mov"
        )
        try delegate.composite.backgroundTasks.submit(request)
        // The system looks the job's launch handler up under its own identifier: registered
        // before its first submission, after launch, and once (a second registration ends
        // the application).
        #expect(uiKit.registeredBackgroundTasks == [Exporter.exports, "com.example.app.export.7F3A"])
        try delegate.composite.backgroundTasks.submit(request)
        #expect(uiKit.registeredBackgroundTasks.count == 2)
        #expect(throws: BackgroundTaskError.self) {
            try delegate.composite.backgroundTasks.submit(
                .continuedProcessing("com.example.app.export.", title: "", subtitle: "")
            )
        }
        let task = try #require(uiKit.launchBackgroundTask("com.example.app.export.7F3A"))
        await delegate.composite.waitForPendingWork()

        #expect(uiKit.backgroundTaskMisuse.isEmpty)
        #expect(exporter.ran == ["com.example.app.export.7F3A"])
        #expect(uiKit.completions(of: task) == [true])
        #expect((task as? BGContinuedProcessingTask)?.progress.fractionCompleted == 1)
    }

    @Test(
        "Where the system has no continued processing, a job's submission is refused as unavailable before any registration"
    )
    func continuedProcessingUnavailable() throws {
        let (delegate, uiKit) = try exportingApp(Exporter(), runsContinuedProcessing: false)

        let error = try #require(throws: BackgroundTaskError.self) {
            try delegate.composite.backgroundTasks.submit(
                .continuedProcessing("com.example.app.export.7F3A", title: "Exporting", subtitle: "Holiday.mov")
            )
        }
        #expect(error.code == .unavailable)
        #expect(error.message.contains("com.example.app.export.7F3A") && error.message.contains("iOS 26"))
        // iOS 18 to 25 raise on a registration after launch.
        #expect(uiKit.registeredBackgroundTasks == [Exporter.exports])
        #expect(uiKit.backgroundTaskMisuse.isEmpty)
        #expect(uiKit.submittedBackgroundTasks.isEmpty)
    }
}

extension TaskWork: Equatable {}

#endif
