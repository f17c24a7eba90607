public import Foundation

/// The kinds of background task the system runs (`BGAppRefreshTask`, `BGProcessingTask`,
/// `BGContinuedProcessingTask`).
public enum BackgroundTaskKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A short refresh of the application's content, about 30 seconds, when the system
    /// expects the person to open the application soon.
    case appRefresh
    /// Deferrable maintenance of minutes, typically while the device is idle and charging.
    case processing
    /// Work a person started in the foreground that goes on in the background with visible
    /// progress (iOS 26 and later).
    case continuedProcessing

    /// The kind's name.
    public var description: String { rawValue }
}

/// One background task a service declares: its identifier (listed in Info.plist under
/// `BGTaskSchedulerPermittedIdentifiers`), its kind, and the work that runs it.
///
/// The work is part of the declaration, so a declared task always has its handler:
///
/// ```swift
/// var backgroundTasks: [BackgroundTaskDeclaration] {
///     [.appRefresh("com.example.inbox.refresh") { context in try await self.refresh(context) }]
/// }
/// ```
///
/// The work runs on the main actor; it succeeds when it returns and fails when it throws.
/// When the system takes the time back, the work is cancelled: check for cancellation.
public struct BackgroundTaskDeclaration: Sendable {
    /// The task's identifier.
    public let identifier: String
    /// The task's kind.
    public let kind: BackgroundTaskKind
    /// The work, given the context of the run.
    let work: @Sendable @MainActor (AppContext) async throws -> Void

    /// Declares a task of `kind` with `identifier`, run by `work`.
    public init(
        _ identifier: String,
        kind: BackgroundTaskKind,
        work: @escaping @Sendable @MainActor (AppContext) async throws -> Void
    ) {
        self.identifier = identifier
        self.kind = kind
        self.work = work
    }

    /// Declares an app-refresh task.
    public static func appRefresh(
        _ identifier: String,
        work: @escaping @Sendable @MainActor (AppContext) async throws -> Void
    ) -> BackgroundTaskDeclaration {
        BackgroundTaskDeclaration(identifier, kind: .appRefresh, work: work)
    }

    /// Declares a processing task.
    public static func processing(
        _ identifier: String,
        work: @escaping @Sendable @MainActor (AppContext) async throws -> Void
    ) -> BackgroundTaskDeclaration {
        BackgroundTaskDeclaration(identifier, kind: .processing, work: work)
    }

    /// Declares a continued-processing task (iOS 26 and later; where the system has none,
    /// its submissions fail with ``BackgroundTaskError/Code/unavailable``).
    ///
    /// Declare it, as Info.plist lists it, with a wildcard identifier, the bundle
    /// identifier and a context followed by `.*` (`com.example.app.export.*`), and submit
    /// each request with an identifier of its own that replaces the `*`
    /// (`com.example.app.export.7F3A`): the system asks for this, so that several exports
    /// run at once. Each run reaches `work` with its own identifier.
    public static func continuedProcessing(
        _ identifier: String,
        work: @escaping @Sendable @MainActor (AppContext) async throws -> Void
    ) -> BackgroundTaskDeclaration {
        BackgroundTaskDeclaration(identifier, kind: .continuedProcessing, work: work)
    }
}

/// A request to run a declared background task later (`BGTaskRequest` and its subclasses).
public struct BackgroundTaskRequest: Sendable, Hashable {
    /// The declared task's identifier.
    public var identifier: String
    /// The task's kind; it must be the declared one.
    public var kind: BackgroundTaskKind
    /// The earliest time the task may run; `nil` for as soon as the system likes.
    public var earliestBeginDate: Date?
    /// For processing tasks: run only with a network connection.
    public var requiresNetworkConnectivity: Bool
    /// For processing tasks: run only on external power.
    public var requiresExternalPower: Bool
    /// For continued-processing tasks: the title and subtitle the system shows.
    public var title: String
    /// For continued-processing tasks: the subtitle the system shows.
    public var subtitle: String

    /// Creates a request.
    public init(
        identifier: String,
        kind: BackgroundTaskKind,
        earliestBeginDate: Date? = nil,
        requiresNetworkConnectivity: Bool = false,
        requiresExternalPower: Bool = false,
        title: String = "",
        subtitle: String = ""
    ) {
        self.identifier = identifier
        self.kind = kind
        self.earliestBeginDate = earliestBeginDate
        self.requiresNetworkConnectivity = requiresNetworkConnectivity
        self.requiresExternalPower = requiresExternalPower
        self.title = title
        self.subtitle = subtitle
    }

    /// A request for an app-refresh task.
    public static func appRefresh(_ identifier: String, earliestBeginDate: Date? = nil) -> BackgroundTaskRequest {
        BackgroundTaskRequest(identifier: identifier, kind: .appRefresh, earliestBeginDate: earliestBeginDate)
    }

    /// A request for a processing task.
    public static func processing(
        _ identifier: String,
        earliestBeginDate: Date? = nil,
        requiresNetworkConnectivity: Bool = false,
        requiresExternalPower: Bool = false
    ) -> BackgroundTaskRequest {
        BackgroundTaskRequest(
            identifier: identifier,
            kind: .processing,
            earliestBeginDate: earliestBeginDate,
            requiresNetworkConnectivity: requiresNetworkConnectivity,
            requiresExternalPower: requiresExternalPower
        )
    }

    /// A request for a continued-processing task, with what the system shows.
    public static func continuedProcessing(
        _ identifier: String,
        title: String,
        subtitle: String
    ) -> BackgroundTaskRequest {
        BackgroundTaskRequest(identifier: identifier, kind: .continuedProcessing, title: title, subtitle: subtitle)
    }
}

/// Why a background task could not be submitted; the message names the identifier.
public struct BackgroundTaskError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of error. New kinds may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case notDeclared
            case wrongKind
            case notRegistered
            case notPermitted
            case unavailable
            case tooManyPendingRequests
            case refused
        }

        private let base: Base

        /// No registered service declares the identifier.
        public static let notDeclared = Code(base: .notDeclared)
        /// The request's kind is not the one declared.
        public static let wrongKind = Code(base: .wrongKind)
        /// The application has not registered its tasks yet (it has not begun launching),
        /// or runs on a host without a background-task scheduler.
        public static let notRegistered = Code(base: .notRegistered)
        /// The system does not permit the task (`BGTaskScheduler.Error.notPermitted`): the
        /// identifier is missing from Info.plist, or the background mode is off.
        public static let notPermitted = Code(base: .notPermitted)
        /// Background tasks are unavailable (`.unavailable`): the person turned off
        /// background refresh, or the system has no such kind.
        public static let unavailable = Code(base: .unavailable)
        /// Too many requests of this kind are pending (`.tooManyPendingTaskRequests`).
        public static let tooManyPendingRequests = Code(base: .tooManyPendingRequests)
        /// The scheduler refused for another reason, given in the message.
        public static let refused = Code(base: .refused)

        /// The code's name.
        public var description: String { base.rawValue }
    }

    /// What went wrong.
    public let code: Code
    /// The task's identifier.
    public let identifier: String
    /// A sentence naming the identifier and what to do.
    public let message: String

    /// Creates an error about the task `identifier`.
    public init(code: Code, identifier: String, message: String) {
        self.code = code
        self.identifier = identifier
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension BackgroundTaskDeclaration {
    /// Whether `pattern`, an identifier as a service declares it, a scheduler registers it
    /// or Info.plist permits it, names the task `identifier`: the same identifier, or a
    /// wildcard `prefix.*` (a continued-processing task's) that `identifier` extends after
    /// the last dot.
    package static func identifier(_ pattern: String, names identifier: String) -> Bool {
        guard pattern != identifier else { return true }
        guard pattern.hasSuffix(".*") else { return false }
        let prefix = pattern.dropLast()
        return identifier.count > prefix.count && identifier.hasPrefix(prefix)
    }

    /// The entry of `patterns` that names `identifier` (see
    /// ``identifier(_:names:)``): the identifier itself if listed, else the longest wildcard
    /// that names it; `nil` when none does.
    package static func pattern(among patterns: some Sequence<String>, naming identifier: String) -> String? {
        var best: String?
        for pattern in patterns where Self.identifier(pattern, names: identifier) {
            if pattern == identifier { return pattern }
            if best.map({ pattern.count > $0.count }) ?? true { best = pattern }
        }
        return best
    }

    /// The entry of `permitted` (Info.plist's `BGTaskSchedulerPermittedIdentifiers`) that
    /// permits the task `identifier` of `kind`: the identifier itself; for a
    /// continued-processing task, or one whose kind is not known, also a wildcard that
    /// names it. The system matches wildcards for continued processing only (iOS 26).
    package static func permission(
        among permitted: some Sequence<String>,
        for identifier: String,
        kind: BackgroundTaskKind?
    ) -> String? {
        guard kind == nil || kind == .continuedProcessing else {
            return permitted.contains(identifier) ? identifier : nil
        }
        return pattern(among: permitted, naming: identifier)
    }
}
