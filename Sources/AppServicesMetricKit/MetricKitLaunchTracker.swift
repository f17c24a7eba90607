public import AppServices

#if canImport(UIKit)
import MetricKit
// A versioned check of UIKit that is true, so that Swift 6.2's dependency scanner passes
// UIKit's version on to this module's SDK guards (`canImport(UIKit, _version: 9126.4)` and
// later); without one, Swift 6.2 in an explicit-module build may take them as true against an
// older SDK (Documentation/Reference/AppleAPI.md, "Using API newer than the SDK").
#if canImport(UIKit, _version: 1)
#endif
#else
import AppServicesMetricKitShim
#endif

/// MetricKit's extended launch as the launch plan's `ExtendedLaunchTracker`: the launch
/// work a plan opts in (`LaunchPlan.Configuration.extendedLaunch`) is measured by the
/// system, from the first frame to its end, and Xcode Organizer's launch metrics describe the
/// launch the library's report describes.
///
/// From iOS 27 each task is tracked with `MetricManager.trackLaunchTask(id:onTrackingError:_:)`,
/// whose operation lasts until the launch ends the task; from iOS 16 to 26, and on visionOS
/// (which has no launch tasks), with `MXMetricManager.extendLaunchMeasurement(forTaskID:)` and
/// `finishExtendedLaunchMeasurement(forTaskID:)`. Task identifiers start with the bundle
/// identifier, as MetricKit asks before iOS 27. Before iOS 16 nothing is measured.
///
/// One setting opts a plan in:
///
/// ```swift
/// var configuration = LaunchPlan.Configuration()
/// configuration.extendedLaunch = .metricKit(milestones: [.milestone(InboxLoaded.self)])
/// ```
@MainActor
public final class MetricKitLaunchTracker: ExtendedLaunchTracker {
    /// Which of MetricKit's two interfaces to use.
    enum Interface {
        /// The system's: iOS 27's launch tasks where they exist, else the launch measurement.
        case automatic
        /// `MXMetricManager`'s launch measurement (iOS 16 to 26).
        case launchMeasurement
        /// `MetricManager`'s launch tasks (iOS 27).
        case launchTasks
    }

    private let interface: Interface
    /// iOS 27: how to end each task's operation, by identifier.
    private var operationEnds: [String: AsyncStream<Void>.Continuation] = [:]
    /// iOS 27: the manager, made at the first task.
    private var manager: AnyObject?

    /// A tracker reporting to MetricKit.
    public nonisolated convenience init() {
        self.init(interface: .automatic)
    }

    /// A tracker using `interface`: tests run each of the two on one system.
    nonisolated init(interface: Interface) {
        self.interface = interface
    }

    /// Starts the task `id`.
    public func beginTask(_ id: String, onError: @escaping @MainActor (any Error) -> Void) {
        if usesLaunchTasks {
            beginTrackedTask(id, onError: onError)
        } else if #available(iOS 16.0, *) {
            do {
                try MXMetricManager.extendLaunchMeasurement(forTaskID: MXLaunchTaskID(id))
            } catch {
                onError(error)
            }
        }
    }

    /// Ends the task `id`.
    public func endTask(_ id: String, onError: @escaping @MainActor (any Error) -> Void) {
        if let end = operationEnds.removeValue(forKey: id) {
            end.finish()
        } else if !usesLaunchTasks, #available(iOS 16.0, *) {
            do {
                try MXMetricManager.finishExtendedLaunchMeasurement(forTaskID: MXLaunchTaskID(id))
            } catch {
                onError(error)
            }
        }
    }

    /// Whether iOS 27's launch tasks are used.
    private var usesLaunchTasks: Bool {
        switch interface {
        case .launchMeasurement: return false
        case .launchTasks: return true
        case .automatic:
            // visionOS has no launch tasks (its SDK marks them unavailable there).
            #if !os(visionOS) && (!canImport(UIKit) || canImport(UIKit, _version: 9127))
            if #available(iOS 27.0, visionOS 27.0, *) { return true }
            #endif
            return false
        }
    }

    /// iOS 27: tracks an operation that lasts until ``endTask(_:onError:)``. It is started
    /// at once where the runtime can (`Task.immediate`, so the system sees the task begin
    /// before the first scene connects), else as the main actor's next job.
    private func beginTrackedTask(_ id: String, onError: @escaping @MainActor (any Error) -> Void) {
        #if !os(visionOS) && (!canImport(UIKit) || canImport(UIKit, _version: 9127))
        guard #available(iOS 27.0, visionOS 27.0, *) else { return }
        let manager = (self.manager as? MetricManager) ?? MetricManager()
        self.manager = manager
        let (ended, end) = AsyncStream<Void>.makeStream()
        operationEnds[id] = end
        let track: @MainActor () async -> Void = {
            await manager.trackLaunchTask(id: LaunchTaskID(rawValue: id), onTrackingError: { onError($0) }) {
                for await _ in ended {}
            }
        }
        if #available(iOS 26.0, macOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            Task.immediate { @MainActor in await track() }
        } else {
            Task { @MainActor in await track() }
        }
        #endif
    }
}

extension ExtendedLaunch {
    /// MetricKit's extended launch (``MetricKitLaunchTracker``) for the critical phase (unless
    /// `includesCriticalPhase` is `false`) and `milestones`.
    public static func metricKit(
        includesCriticalPhase: Bool = true,
        milestones: [ReadinessPoint] = [],
        taskPrefix: String? = nil
    ) -> ExtendedLaunch {
        ExtendedLaunch(
            tracker: MetricKitLaunchTracker(),
            includesCriticalPhase: includesCriticalPhase,
            milestones: milestones,
            taskPrefix: taskPrefix
        )
    }
}
