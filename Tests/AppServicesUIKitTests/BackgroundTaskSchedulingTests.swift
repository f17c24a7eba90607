#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import AppServicesUIKitShim
import Foundation
import Testing

/// Scheduling from a service's context through `BGTaskScheduler`: each request becomes the
/// system's request of its kind, and every refusal is an error that names the identifier.
@MainActor
struct BackgroundTaskSchedulingTests {
    nonisolated static let refresh = "com.example.inbox.refresh"
    nonisolated static let rebuild = "com.example.index.rebuild"
    nonisolated static let export = "com.example.export"

    /// A launched delegate whose service declares the three tasks, with its context.
    func launched() throws -> (SimulatedUIKit, TaskRunner, AppContext) {
        let runner = TaskRunner([
            (Self.refresh, .appRefresh), (Self.rebuild, .processing), (Self.export, .continuedProcessing),
        ])
        var configuration = ServiceComposite.Configuration()
        configuration.permittedBackgroundTasks = .unchecked
        let uiKit = SimulatedUIKit(delegate: TestAppDelegate([runner], configuration: configuration))
        uiKit.launch()
        return (uiKit, runner, try #require(runner.context))
    }

    nonisolated static let requests: [BackgroundTaskRequest] = [
        .appRefresh(refresh, earliestBeginDate: Date(timeIntervalSinceReferenceDate: 3_600)),
        .processing(
            rebuild,
            earliestBeginDate: Date(timeIntervalSinceReferenceDate: 7_200),
            requiresNetworkConnectivity: true,
            requiresExternalPower: true
        ),
        .continuedProcessing(export, title: "Exporting", subtitle: "12 photos"),
    ]

    @Test("A request reaches the system as the BGTaskRequest of its kind, with its fields", arguments: requests)
    func submitsTheSystemsRequest(_ request: BackgroundTaskRequest) throws {
        let (uiKit, _, context) = try launched()

        try context.backgroundTasks.submit(request)

        // The system keeps what it received in platform-neutral form, whose kind comes from
        // the request's class and whose fields from the class's properties: the round trip
        // is the request only when the adapter made the right BGTaskRequest.
        #expect(uiKit.submittedBackgroundTasks == [request])
    }

    @Test("Cancel-all withdraws every pending request through BGTaskScheduler's cancelAllTaskRequests")
    func cancelAll() async throws {
        let (uiKit, _, context) = try launched()
        for request in Self.requests { try context.backgroundTasks.submit(request) }

        context.backgroundTasks.cancelAll()

        #expect(await context.backgroundTasks.pendingRequests().isEmpty)
        #expect(uiKit.pendingBackgroundTasks.isEmpty)
    }

    @Test("Pending requests come back from the system in platform-neutral form; a cancelled one is gone")
    func pendingAndCancel() async throws {
        let (_, _, context) = try launched()
        for request in Self.requests { try context.backgroundTasks.submit(request) }

        context.backgroundTasks.cancel(Self.rebuild)

        #expect(await context.backgroundTasks.pendingRequests() == [Self.requests[0], Self.requests[2]])
    }

    struct RefusalCase: Sendable, CustomTestStringConvertible {
        let code: BGTaskScheduler.Error.Code
        let expected: BackgroundTaskError.Code

        var testDescription: String { "\(code)" }
    }

    nonisolated static let refusals = [
        RefusalCase(code: .unavailable, expected: .unavailable),
        RefusalCase(code: .tooManyPendingTaskRequests, expected: .tooManyPendingRequests),
        RefusalCase(code: .notPermitted, expected: .notPermitted),
    ]

    @Test("The system's refusal is an error with the matching code that names the identifier", arguments: refusals)
    func mapsRefusals(_ refusal: RefusalCase) throws {
        let (uiKit, _, context) = try launched()
        uiKit.refuseBackgroundTaskSubmissions(with: refusal.code)

        let error = try #require(throws: BackgroundTaskError.self) {
            try context.backgroundTasks.submit(.appRefresh(Self.refresh))
        }

        #expect(error.code == refusal.expected)
        #expect(error.identifier == Self.refresh)
        #expect(error.message.contains(Self.refresh))
        #expect(uiKit.submittedBackgroundTasks.isEmpty)
    }

    @Test("An identifier no service declares is refused before the system sees it, by name")
    func refusesAnUndeclaredIdentifier() throws {
        let (uiKit, _, context) = try launched()

        let error = try #require(throws: BackgroundTaskError.self) {
            try context.backgroundTasks.submit(.appRefresh("com.example.typo"))
        }

        #expect(error.code == .notDeclared)
        #expect(error.message.contains("com.example.typo"))
        #expect(uiKit.submittedBackgroundTasks.isEmpty)
    }

    @Test("A request before the adapter registered the tasks is refused by name")
    func refusesBeforeRegistration() throws {
        let runner = TaskRunner([(Self.refresh, .appRefresh)])
        var configuration = ServiceComposite.Configuration()
        configuration.permittedBackgroundTasks = .unchecked
        let delegate = TestAppDelegate([runner], configuration: configuration)
        let uiKit = SimulatedUIKit(delegate: delegate)
        // The composite dispatches a callback before UIKit launches the adapter.
        _ = delegate.composite.willFinishLaunching(LaunchOptions())
        let context = try #require(runner.context)

        let error = try #require(throws: BackgroundTaskError.self) {
            try context.backgroundTasks.submit(.appRefresh(Self.refresh))
        }

        #expect(error.code == .notRegistered)
        #expect(error.message.contains(Self.refresh))
        #expect(uiKit.registeredBackgroundTasks.isEmpty)
    }

    @Test("A request of another kind than the declared one is refused by name")
    func refusesTheWrongKind() throws {
        let (_, _, context) = try launched()

        let error = try #require(throws: BackgroundTaskError.self) {
            try context.backgroundTasks.submit(.processing(Self.refresh))
        }

        #expect(error.code == .wrongKind)
        #expect(error.message.contains(Self.refresh))
    }
}

#endif
