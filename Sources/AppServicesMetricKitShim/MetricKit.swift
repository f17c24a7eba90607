// The MetricKit declarations the AppServicesMetricKit adapter uses, transcribed for
// platforms without UIKit, so the adapter compiles and is tested there. Where UIKit exists
// this file is empty and the real framework is used.
//
// Source: the iOS 26.2 SDK's MXMetricManager.h and MXError.h as Swift imports them
// (`extendLaunchMeasurement(forTaskID:)`, iOS 16), and the iOS 27.0 SDK's
// MetricKit.swiftinterface (`MetricManager.trackLaunchTask(id:onTrackingError:_:)`,
// `LaunchTaskID`, `MetricManager.LaunchTaskError`); the declarations are copied in
// Documentation/Reference/AppleAPI-NotificationsAndTasks.md in this repository. Only the
// launch-measurement part is transcribed.
//
// The system side, which MetricKit keeps, is simulated: the tasks of one process, at most
// 16 at once, each begun once and finished once, recorded in order for tests (the members
// marked "Shim only").
#if !canImport(UIKit)
@_exported public import AppServicesFoundationShim
@_exported public import Foundation
import Synchronization

// MARK: - iOS 16 to 26

/// Describes the purpose of a launch task (`MXLaunchTaskID`): a custom string, prefixed by
/// the bundle identifier.
///
/// The SDK declares it `@unchecked Sendable`; it holds only its string.
@available(iOS 16.0, *)
public struct MXLaunchTaskID: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
    /// The identifier's string.
    public let rawValue: String

    /// An identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// An identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
}

/// MetricKit's manager (`MXMetricManager`): only the extended launch measurement is
/// transcribed.
@available(iOS 13.0, *)
open class MXMetricManager: NSObject {
    /// The shared manager.
    open class var shared: MXMetricManager { sharedManager }

    nonisolated(unsafe) private static let sharedManager = MXMetricManager()

    /// Starts measuring the extended launch task `taskID`; the first must start before the
    /// first scene becomes active, at most 16 run at once, and each starts once. Call it on
    /// the main thread.
    ///
    /// - Throws: Why the task was refused (MetricKit's errors are of `MXErrorDomain`).
    @available(iOS 16.0, *)
    open class func extendLaunchMeasurement(forTaskID taskID: MXLaunchTaskID) throws {
        try SimulatedLaunchMeasurement.shared.begin(taskID.rawValue).get()
    }

    /// Ends the extended launch task `taskID`. Call it on the main thread.
    ///
    /// - Throws: Why it could not end: no such task runs.
    @available(iOS 16.0, *)
    open class func finishExtendedLaunchMeasurement(forTaskID taskID: MXLaunchTaskID) throws {
        try SimulatedLaunchMeasurement.shared.end(taskID.rawValue).get()
    }
}

/// MetricKit's error domain (`MXErrorDomain`).
public let MXErrorDomain = "MXErrorDomain"

// MARK: - iOS 27

/// MetricKit's manager from iOS 27 (`MetricManager`): only the launch tasks are transcribed.
///
/// The SDK declares it `@unchecked Sendable`; the shim's holds no state (the system's side,
/// `SimulatedLaunchMeasurement`, keeps it behind a lock).
@available(iOS 27.0, *)
final public class MetricManager: @unchecked Sendable {
    /// A manager.
    convenience public init() { self.init(storing: ()) }

    private init(storing: Void) {}

    /// Why a launch task could not be tracked (`MetricManager.LaunchTaskError`).
    public struct LaunchTaskError: Error {
        /// The task.
        public let taskID: LaunchTaskID
        /// Why.
        public let reason: Reason

        /// The reasons (`MetricManager.LaunchTaskError.Reason`).
        public enum Reason: Int, Sendable {
            /// The identifier is empty or too long.
            case invalidID
            /// More than 16 tasks at once.
            case maxCountExceeded
            /// Started after the first scene became active.
            case pastDeadline
            /// A task with this identifier was started already.
            case duplicateTask
            /// No such task runs.
            case taskUnknown
            /// MetricKit failed.
            case internalFailure
        }
    }

    /// Tracks `operation` as the extended launch task `id`, from now until it returns.
    @available(visionOS, unavailable)
    @MainActor
    final public func trackLaunchTask<Result, Failure>(
        id: LaunchTaskID,
        onTrackingError: ((MetricManager.LaunchTaskError) -> Void)? = nil,
        _ operation: () async throws(Failure) -> Result
    ) async throws(Failure) -> Result where Failure: Error {
        let began = SimulatedLaunchMeasurement.shared.begin(id.rawValue)
        if case .failure(let error) = began { onTrackingError?(LaunchTaskError(taskID: id, reason: error.reason)) }
        defer {
            if case .success = began {
                if case .failure(let error) = SimulatedLaunchMeasurement.shared.end(id.rawValue) {
                    onTrackingError?(LaunchTaskError(taskID: id, reason: error.reason))
                }
            }
        }
        return try await operation()
    }

    /// Tracks the synchronous `operation` as the extended launch task `id`.
    @available(visionOS, unavailable)
    @MainActor
    final public func trackLaunchTask<Result, Failure>(
        id: LaunchTaskID,
        onTrackingError: ((MetricManager.LaunchTaskError) -> Void)? = nil,
        _ operation: () throws(Failure) -> Result
    ) throws(Failure) -> Result where Failure: Error {
        let began = SimulatedLaunchMeasurement.shared.begin(id.rawValue)
        if case .failure(let error) = began { onTrackingError?(LaunchTaskError(taskID: id, reason: error.reason)) }
        defer {
            if case .success = began { _ = SimulatedLaunchMeasurement.shared.end(id.rawValue) }
        }
        return try operation()
    }
}

/// A launch task's identifier from iOS 27 (`LaunchTaskID`).
@available(iOS 27.0, *)
@available(visionOS, unavailable)
public struct LaunchTaskID: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The identifier's string.
    public let rawValue: String

    /// An identifier.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// An identifier.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The identifier's string.
    public var description: String { rawValue }
}

// MARK: - Shim only: the system side

/// Shim only: the launch tasks of the process, as MetricKit keeps them: at most 16 at once,
/// each begun once, and what happened to each, in order.
package final class SimulatedLaunchMeasurement: Sendable {
    /// The process's measurement.
    package static let shared = SimulatedLaunchMeasurement()

    /// A refusal, with its reason.
    package struct Refusal: Error, CustomStringConvertible {
        package let reason: MetricManager.LaunchTaskError.Reason
        package let task: String

        package var description: String { "MetricKit refused launch task \(task): \(reason)" }
    }

    private struct State {
        var running: Set<String> = []
        var begun: Set<String> = []
        var journal: [String] = []
        var closed = false
    }

    private let state = Mutex(State())

    /// Begins `task`, or says why not.
    package func begin(_ task: String) -> Result<Void, Refusal> {
        state.withLock { state in
            let refusal: MetricManager.LaunchTaskError.Reason? =
                if task.isEmpty || task.count > 128 {
                    .invalidID
                } else if state.closed {
                    .pastDeadline
                } else if state.begun.contains(task) {
                    .duplicateTask
                } else if state.running.count >= 16 {
                    .maxCountExceeded
                } else {
                    nil
                }
            if let refusal {
                state.journal.append("refused \(task): \(refusal)")
                return .failure(Refusal(reason: refusal, task: task))
            }
            state.begun.insert(task)
            state.running.insert(task)
            state.journal.append("begin \(task)")
            return .success(())
        }
    }

    /// Ends `task`, or says why not.
    package func end(_ task: String) -> Result<Void, Refusal> {
        state.withLock { state in
            guard state.running.remove(task) != nil else {
                state.journal.append("refused end \(task): taskUnknown")
                return .failure(Refusal(reason: .taskUnknown, task: task))
            }
            state.journal.append("end \(task)")
            return .success(())
        }
    }

    /// Shim only: what happened, in order ("begin X", "end X", "refused X: reason").
    package var journal: [String] { state.withLock { $0.journal } }

    /// Shim only: the tasks running now.
    package var running: Set<String> { state.withLock { $0.running } }

    /// Shim only: the first scene became active; tasks begun from now on are past the deadline.
    package func firstSceneBecameActive() { state.withLock { $0.closed = true } }

    /// Shim only: forgets everything, for the next test.
    package func reset() { state.withLock { $0 = State() } }
}
#endif
