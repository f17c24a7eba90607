#if !canImport(AppKit)
import AppServices
import AppServicesAppKit
import AppServicesAppKitShim
import Testing

/// A Mac application's first frame: AppKit draws its windows, or an agent application's
/// status item, after launch whether or not the application becomes active.
@MainActor
struct FirstFrameTests {
    /// An agent application (a menu-bar item, `LSUIElement`) with work for after the first
    /// frame: it never becomes active at launch.
    final class AgentDelegate: ServiceOrientedApplicationDelegate {
        override func makeLaunchPlan() throws -> LaunchPlan? {
            try LaunchPlan { ClosureInitializer("warm-up", phase: .afterFirstFrame) { _ in } }
        }
    }

    @Test("An application that never becomes active at launch reaches its first frame", .timeLimit(.minutes(1)))
    func agentReachesItsFirstFrame() async throws {
        let delegate = AgentDelegate()
        let appKit = SimulatedAppKit(delegate: delegate)
        appKit.send("applicationWillFinishLaunching:") { delegate, _ in
            delegate.applicationWillFinishLaunching(appKit.notification("WillFinishLaunching"))
        }
        appKit.send("applicationDidFinishLaunching:") { delegate, _ in
            delegate.applicationDidFinishLaunching(appKit.notification("DidFinishLaunching"))
        }
        try await #require(delegate.composite.launch).waitUntilReady(.afterFirstFrame)
        #expect(delegate.composite.launch?.report.node(named: "warm-up")?.outcome == .succeeded)
    }
}
#endif
