public import AppServices
public import Foundation
public import Logging

/// One install of the app on one device, across the launches a test makes: its launch
/// history, the device's install marker, and the wall clock throttled work is timed with.
///
/// Give a launch plan the install's ``memory(_:)``, and set up what came before with the
/// steps: ``launched(_:times:reachingFirstFrame:)`` for earlier launches of a version (a
/// launch "as 2.0 after 1.0"), the same with `reachingFirstFrame: false` for launches
/// that crashed before their first frame (safe mode), ``reinstall()`` for a deleted and
/// installed-again app, ``advanceClock(by:)`` to move past a throttled initializer's
/// interval, and ``restartDevice()`` for a launch before the device's first unlock.
///
/// ```swift
/// let install = SimulatedInstall()
/// install.launched("1.0")
/// install.launched("1.0", times: 3, reachingFirstFrame: false)
/// var configuration = LaunchPlan.Configuration()
/// configuration.memory = install.memory("2.0")  // an upgrade, in safe mode
/// let plan = try LaunchPlan(configuration: configuration, safeMode: ...) { ... }
/// ```
public final class SimulatedInstall: Sendable {
    /// The install's history: erased by ``reinstall()``.
    public let store = InMemoryLaunchHistoryStore()
    /// The device's marker, which outlives the install (as the keychain item does).
    public let marker = InMemoryInstallMarker()
    private let clock: Locked<Date>
    private let logger: Logger
    /// Whether the device restarted and was not unlocked since.
    private let locked = Locked(false)

    /// A new install on a new device, its wall clock at `now`.
    ///
    /// - Parameters:
    ///   - now: Where the wall clock starts. Default: 2027-01-15 08:00:00 UTC.
    ///   - logger: Where the steps report a history they cannot read.
    public init(
        now: Date = Date(timeIntervalSince1970: 1_800_000_000),
        logger: Logger = Logger(label: "SimulatedInstall")
    ) {
        self.clock = Locked(now)
        self.logger = logger
    }

    /// The wall clock now.
    public var now: Date { clock.withLock { $0 } }

    /// The memory a launch of `version` on this install uses: its store, the device's
    /// marker, and the install's wall clock.
    public func memory(_ version: AppVersion) -> LaunchMemory {
        LaunchMemory(
            store: DeviceStore(store: store, locked: locked),
            installMarker: DeviceMarker(marker: marker, locked: locked),
            version: version
        ) { [clock] in clock.withLock { $0 } }
    }

    /// Counts `times` whole launches of `version`, as the launch would keep them: each read
    /// the history and wrote it back, and, with `reachingFirstFrame` (the default), reached
    /// its first frame; without, each stopped before it, as a launch that crashes does.
    /// They record no migration and no initializer run.
    public func launched(_ version: AppVersion, times: Int = 1, reachingFirstFrame: Bool = true) {
        precondition(times >= 0, "A number of launches cannot be negative (\(times)).")
        precondition(
            !locked.withLock { $0 },
            "SimulatedInstall.launched(_:): the device restarted and is locked, so a launch would record nothing; "
                + "call unlock() first."
        )
        for _ in 0..<times { memory(version).recordLaunch(reachingFirstFrame: reachingFirstFrame, logger: logger) }
    }

    /// Deletes the app and installs it again: the history goes, the device's marker stays,
    /// so the next launch is the first after a reinstall.
    public func reinstall() { store.erase() }

    /// The device restarts and stays locked until ``unlock()``, as after a restart before
    /// the person first unlocks it: meanwhile the history reads as empty (as user defaults
    /// do), a write replaces it whole (as one to user defaults may), and the marker cannot
    /// be read (as the keychain item cannot). A launch now is one the system makes into the
    /// background, for a VoIP push or a background task.
    public func restartDevice() { locked.withLock { $0 = true } }

    /// The person unlocks the device for the first time since ``restartDevice()``: the
    /// history and the marker can be read again.
    public func unlock() { locked.withLock { $0 = false } }

    /// Moves the wall clock on by `duration`, past a throttled initializer's interval for
    /// instance.
    public func advanceClock(by duration: Duration) {
        clock.withLock { $0 = $0.addingTimeInterval(duration.seconds) }
    }
}

/// The install's store as the device lets the app read it: empty while locked.
private struct DeviceStore: LaunchHistoryStore {
    let store: InMemoryLaunchHistoryStore
    let locked: Locked<Bool>

    var description: String { store.description }

    func load() throws -> Data? { locked.withLock { $0 } ? nil : try store.load() }

    func save(_ data: Data) throws { try store.save(data) }
}

/// The device's marker as the device lets the app read it: locked until the first unlock.
private struct DeviceMarker: InstallMarker {
    let marker: InMemoryInstallMarker
    let locked: Locked<Bool>

    var description: String { marker.description }

    func isPlaced() throws -> Bool {
        try checkUnlocked()
        return try marker.isPlaced()
    }

    func place() throws {
        try checkUnlocked()
        try marker.place()
    }

    private func checkUnlocked() throws {
        guard !locked.withLock({ $0 }) else {
            throw LaunchHistoryUnavailableError("the install marker is locked until the device is first unlocked")
        }
    }
}
