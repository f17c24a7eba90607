public import Foundation

extension AppContext {
    /// What the launches of this install have been, as this launch found it; `nil` without a
    /// launch plan, or before the launch began.
    public var launchHistory: LaunchHistory? { composite.launch?.history }

    /// Whether this launch runs the launch plan's safe mode (``LaunchPlan/SafeMode``).
    public var isSafeMode: Bool { launchHistory?.isSafeMode ?? false }

    /// When each throttled or repeating initializer is due again, by name
    /// (``Launch/nextDueTimes``).
    public var nextDueTimes: [String: Date] { composite.launch?.nextDueTimes ?? [:] }

    /// Why the application was launched, as known now (see ``LaunchReason``).
    public var launchReason: LaunchReason { composite.launchReason }
}

extension ServiceComposite {
    /// Why the application was launched, as known now (see ``LaunchReason``).
    public var launchReason: LaunchReason { (outer ?? self).state.launchReason }
}

extension ServiceComposite {
    /// Keeps the launch history in `memory` instead of where the launch plan's
    /// configuration says: for a host that knows where its process may write. Returns
    /// `false`, changing nothing, without a launch plan or once the launch has read the
    /// history.
    package func keepLaunchHistory(in memory: LaunchMemory) -> Bool {
        guard let launch = (outer ?? self).launch else { return false }
        return launch.memory.use(memory)
    }
}
