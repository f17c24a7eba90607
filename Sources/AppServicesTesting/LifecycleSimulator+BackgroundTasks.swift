import AppServices

extension LifecycleSimulator {
    /// Launch into the background for a background task, as the system launches an
    /// application that is not running: will/didFinishLaunching in the background (the
    /// application registers its tasks meanwhile), then a run of `identifier`, waited for.
    ///
    /// - Returns: The success flag the run was completed with.
    /// - Throws: ``LifecycleSimulatorError`` when the application is running already, or
    ///   did not register `identifier` while it launched.
    public func launchIntoBackground(forBackgroundTask identifier: String) async throws(LifecycleSimulatorError) -> Bool
    {
        try launchIntoBackground()
        return try await runBackgroundTask(identifier)
    }

    /// The system launches a run of the background task `identifier` (waking a suspended
    /// application) and returns it without waiting: expire it with
    /// ``expireBackgroundTasks()``, and await its ``SimulatedBackgroundTaskRun/completion()``.
    ///
    /// - Throws: ``LifecycleSimulatorError`` when the application is not in the background
    ///   or suspended (a continued-processing task submitted and pending starts in the
    ///   foreground too), or did not register `identifier` with the target's system.
    @discardableResult
    public func startBackgroundTask(_ identifier: String) throws(LifecycleSimulatorError) -> SimulatedBackgroundTaskRun
    {
        let before = backgroundTaskRuns.count
        try sendNow(.launchBackgroundTask(identifier))
        // The check above found `identifier` registered, so the system launched one run.
        return backgroundTaskRuns[before]
    }

    /// The system runs the background task `identifier` and waits until it is completed.
    /// A run whose work never ends waits until it is expired: start it with
    /// ``startBackgroundTask(_:)`` instead.
    ///
    /// - Returns: The success flag the run was completed with.
    /// - Throws: ``LifecycleSimulatorError`` as ``startBackgroundTask(_:)``.
    public func runBackgroundTask(_ identifier: String) async throws(LifecycleSimulatorError) -> Bool {
        let run = try startBackgroundTask(identifier)
        return await run.completion()
    }

    /// The system takes the time of every background-task run not completed yet back: each
    /// one's expiration handler is called, which cancels its work and completes it as failed.
    ///
    /// - Throws: ``LifecycleSimulatorError`` when no run is going on.
    public func expireBackgroundTasks() throws(LifecycleSimulatorError) {
        try sendNow(.expireBackgroundTasks)
    }

    /// The application's background time runs out: every open `beginBackgroundTask`
    /// assertion is expired (``SimulatedBackgroundTime/expireAll()``), which cancels the
    /// background work that holds it.
    ///
    /// - Returns: The assertions expired.
    /// - Throws: ``LifecycleSimulatorError`` when the application is not in the background.
    @discardableResult
    public func expireBackgroundTime() throws(LifecycleSimulatorError) -> [SimulatedBackgroundTime.Assertion] {
        let before = backgroundTime.expired.count
        try sendNow(.expireBackgroundTime)
        return Array(backgroundTime.expired[before...])
    }
}
