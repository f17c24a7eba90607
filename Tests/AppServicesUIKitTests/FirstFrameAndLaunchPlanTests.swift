#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import AppServicesUIKitShim
import Dispatch
import Testing

/// The UIKit adapter runs the app's launch plan from `makeLaunchPlan()` and reports the
/// first frame itself, so after-first-frame and idle work start with no call from the app.
@MainActor
struct FirstFrameAndLaunchPlanTests {
    final class Journal: Sendable {
        private let entries = Locked<[String]>([])
        func append(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    final class PlannedAppDelegate: ServiceOrientedAppDelegate {
        let journal = Journal()
        let plan: @Sendable (Journal) throws -> LaunchPlan?

        init(plan: @escaping @Sendable (Journal) throws -> LaunchPlan?) {
            self.plan = plan
            super.init()
        }

        override func makeConfiguration() -> ServiceComposite.Configuration { .init(clock: TestClock()) }
        override func makeLaunchPlan() throws -> LaunchPlan? { try plan(journal) }
    }

    nonisolated static func phasedPlan(_ journal: Journal) throws -> LaunchPlan {
        try LaunchPlan {
            ClosureInitializer.beforeLaunchReturns("registrations") { _ in journal.append("registrations") }
            ClosureInitializer("database") { _ in journal.append("database") }
            ClosureInitializer("prefetch", phase: .afterFirstFrame) { _ in journal.append("prefetch") }
        }
    }

    /// An app delegate with the phased plan, launched by a simulated UIKit.
    static func launched() -> (PlannedAppDelegate, SimulatedUIKit) {
        let delegate = PlannedAppDelegate(plan: Self.phasedPlan)
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch()
        return (delegate, uiKit)
    }

    /// Waits until the main queue has run every block enqueued before this call: the main
    /// queue is first in, first out, so a block enqueued now runs after them.
    static func mainQueueTurn() async {
        await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
    }

    @Test("makeLaunchPlan() is run by the adapter: before-launch-returns work has finished when launch returns")
    func runsTheLaunchPlan() async throws {
        let (delegate, _) = Self.launched()
        #expect(delegate.journal.all.first == "registrations")
        try await delegate.composite.launch?.waitUntilReady(.critical)
        #expect(delegate.journal.all == ["registrations", "database"])
    }

    @Test("Without scenes, the first frame is reported after the app becomes active and the main queue turns")
    func firstFrameWithoutScenes() async throws {
        let (delegate, uiKit) = Self.launched()
        let launch = try #require(delegate.composite.launch)
        try await launch.waitUntilReady(.critical)
        await Self.mainQueueTurn()
        #expect(!launch.report.phaseStarts.map(\.phase).contains(.afterFirstFrame))

        uiKit.becomeActive()
        #expect(!launch.report.phaseStarts.map(\.phase).contains(.afterFirstFrame))  // not before the turn
        await Self.mainQueueTurn()
        #expect(launch.report.phaseStarts.map(\.phase).contains(.afterFirstFrame))
        try await launch.waitUntilReady(.afterFirstFrame)
        #expect(delegate.journal.all.last == "prefetch")
    }

    @Test("With scenes, the first frame is reported after the first scene becomes active")
    func firstFrameWithScenes() async throws {
        let (delegate, uiKit) = Self.launched()
        let launch = try #require(delegate.composite.launch)
        try await launch.waitUntilReady(.critical)
        let scene = uiKit.connectScene("A") { ServiceOrientedSceneDelegate() }
        await Self.mainQueueTurn()
        // A connected scene is not on screen yet.
        #expect(!launch.report.phaseStarts.map(\.phase).contains(.afterFirstFrame))

        uiKit.bringToForeground(scene)
        #expect(!launch.report.phaseStarts.map(\.phase).contains(.afterFirstFrame))  // not before the turn
        await Self.mainQueueTurn()
        #expect(launch.report.phaseStarts.map(\.phase).contains(.afterFirstFrame))
        try await launch.waitUntilReady(.afterFirstFrame)
        #expect(delegate.journal.all.contains("prefetch"))
    }

    @Test("A launch plan that cannot be made is reported by validation, with the services' problems")
    func invalidPlanIsValidated() {
        final class Absent: AppService {}
        final class Needy: AppService {
            static var dependencies: [any AppService.Type] { [Absent.self] }
        }
        final class BrokenPlanDelegate: ServiceOrientedAppDelegate {
            override func makeServices() -> [any AppService] { [Needy()] }
            override func makeLaunchPlan() throws -> LaunchPlan? {
                try LaunchPlan {
                    ClosureInitializer("a", dependencyNames: ["b"]) { _ in }
                    ClosureInitializer("b", dependencyNames: ["a"]) { _ in }
                }
            }
        }
        let error = #expect(throws: ServiceGraphError.self) { try BrokenPlanDelegate().composite.validate() }
        #expect(
            error?.problems.map(\.message) == [
                "Dependency cycle: a -> b -> a. Remove one of these dependencies.",
                "Needy depends on Absent, which is not registered. Register Absent or remove the dependency.",
            ]
        )
    }
}

#endif
