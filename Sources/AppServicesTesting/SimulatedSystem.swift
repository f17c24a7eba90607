import AppServices

/// The parts of the operating system a simulated application talks to: the background-task
/// scheduler (`BGTaskScheduler`) and background time (`beginBackgroundTask`).
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

    /// A system with nothing registered and no background time begun.
    public init() {
        backgroundTasks = SimulatedTaskScheduler()
        backgroundTime = SimulatedBackgroundTime()
    }
}
