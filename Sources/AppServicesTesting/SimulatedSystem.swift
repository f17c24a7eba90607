import AppServices

/// The parts of the operating system a simulated application talks to: the background-task
/// scheduler (`BGTaskScheduler`), background time (`beginBackgroundTask`), and the call
/// interface incoming calls are reported to (CallKit).
///
/// There is one per simulated device, and every way of driving the application uses it: a
/// ``LifecycleSimulator`` reads it from its target (``LifecycleTarget/system``), the bare
/// composite registers its background tasks and begins its background time with it, and a
/// simulated UIKit's `BGTaskScheduler.shared` and `UIApplication` go to the same scheduler
/// and the same ledger. So a task the application registered is the task the simulator
/// launches, and the background time the simulator expires is the time the application
/// holds, whatever the target.
///
/// ```swift
/// let simulator = LifecycleSimulator(driving: composite)
/// try simulator.launchIntoBackground()
/// let run = try simulator.startBackgroundTask("com.example.refresh")
/// #expect(simulator.system.backgroundTasks.registeredIdentifiers == ["com.example.refresh"])
/// try simulator.expireBackgroundTasks()
/// #expect(await run.completion() == false)
/// ```
@MainActor
public final class SimulatedSystem {
    /// The background-task scheduler: what the application registers its tasks with and
    /// submits requests to, and what launches and expires their runs.
    public let backgroundTasks: SimulatedTaskScheduler
    /// The background time: every `beginBackgroundTask` assertion, and their expiration.
    public let backgroundTime: SimulatedBackgroundTime
    /// The call interface: every incoming call the application reported.
    public let calls: SimulatedCalls

    /// Runs what the system does on its own (launching and expiring background tasks,
    /// taking background time back) as the device that runs the application does it: a
    /// simulated UIKit sets it, so that the application's handlers find that device's
    /// `BGTaskScheduler.shared` and `UIApplication.shared`. `nil`: the work runs as it is.
    package var frameworks: (@MainActor (() -> Void) -> Void)?

    /// Runs `work`, something the system does on its own, in the device's frameworks
    /// (``frameworks``).
    package func act(_ work: () -> Void) {
        guard let frameworks else { return work() }
        frameworks(work)
    }

    /// A system with nothing registered, no background time begun and no call reported.
    public init() {
        backgroundTasks = SimulatedTaskScheduler()
        backgroundTime = SimulatedBackgroundTime()
        calls = SimulatedCalls()
    }
}
