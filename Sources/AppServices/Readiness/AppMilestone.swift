/// A point in the application's life, beyond the launch phases, that work can wait for:
/// "the root coordinator exists", "the account is loaded".
///
/// A milestone is a type, declared once, that names the one service that reaches it, so a
/// milestone cannot be misspelt and cannot be reached by the wrong code:
///
/// ```swift
/// enum RootCoordinatorReady: AppMilestone {
///     static var reachedBy: any AppService.Type { CoordinatorService.self }
/// }
/// ```
///
/// The owner reaches it with ``AppContext/reach(_:)``, from its callback or from any task
/// the callback started, with the context the callback gave it (a context names its service
/// for as long as it is kept):
///
/// ```swift
/// enum AccountLoaded: AppMilestone {
///     static var reachedBy: any AppService.Type { AccountService.self }
/// }
///
/// final class AccountService: AppService, LaunchHandling {
///     func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
///         Task {
///             await load()
///             try context.reach(AccountLoaded.self)
///         }
///         return true
///     }
/// }
/// ```
///
/// Anyone waits for it with ``AppContext/waitUntilReached(_:)`` or holds work until it with
/// ``AppContext/whenReached(_:named:perform:)``. A milestone is reached once, for the life of
/// the composite; one whose ``scope`` is ``MilestoneScope/session`` is reached once per
/// session, and reset when its session ends.
public protocol AppMilestone {
    /// The service that reaches the milestone.
    static var reachedBy: any AppService.Type { get }
    /// Whether the milestone is reached once for the application (the default) or once per
    /// session.
    static var scope: MilestoneScope { get }
}

extension AppMilestone {
    /// The application: reached once, for the life of the composite.
    public static var scope: MilestoneScope { .application }
}

/// How long a milestone stays reached.
public struct MilestoneScope: Sendable, Hashable, CustomStringConvertible {
    private enum Base: String, Sendable, Hashable {
        case application
        case session
    }

    private let base: Base

    /// Reached once, for the life of the composite.
    public static let application = MilestoneScope(base: .application)
    /// Reached once per session (``SessionService``), reset when the session ends: work held
    /// for it while a session lives waits for that session, and is dropped, with its reason,
    /// when that session ends first; work held while no session lives waits for the next
    /// session to reach it.
    public static let session = MilestoneScope(base: .session)

    /// The scope's name.
    public var description: String { base.rawValue }
}

extension AppMilestone {
    /// The milestone's name in messages and reports, and what tells it apart: its type's
    /// name with the types it is declared in (`AccountService.Ready`).
    static var name: String { qualifiedTypeName(Self.self) }
}

/// What held work or a waiter waits for: a launch phase, or a milestone.
public enum ReadinessPoint: Sendable, Hashable, CustomStringConvertible {
    /// Every initializer of the phase, and of the phases before it, has finished.
    case phase(LaunchPhase)
    /// The milestone of this name (its type's name, with the types it is declared in) has
    /// been reached.
    case milestone(String)

    /// The milestone of type `milestone`.
    public static func milestone<Milestone: AppMilestone>(_ milestone: Milestone.Type) -> ReadinessPoint {
        .milestone(Milestone.name)
    }

    /// "phase critical" or "milestone RootCoordinatorReady".
    public var description: String {
        switch self {
        case .phase(let phase): "phase \(phase)"
        // Gates and scenes are readiness points of their own kind, and say so.
        case .milestone(let name) where name.hasPrefix("gate ") || name.hasPrefix("scene "): name
        case .milestone(let name): "milestone \(name)"
        }
    }
}

/// Why waiting for a phase or a milestone ended without it, or why a milestone could not be
/// reached; the message names the milestone (or phase) and who waited.
public struct ReadinessError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of error. New kinds may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case unreachable
            case notOwner
            case deadlock
            case cancelled
        }

        private let base: Base

        /// It can never be reached: its owner is not registered, the launch failed or was
        /// cancelled (for a milestone of the application), its session ended (for a
        /// milestone of a session), or the application terminated.
        public static let unreachable = Code(base: .unreachable)
        /// A service other than the milestone's owner tried to reach it.
        public static let notOwner = Code(base: .notOwner)
        /// The waiter is the one that must reach it, so it would wait forever.
        public static let deadlock = Code(base: .deadlock)
        /// The waiting task was cancelled.
        public static let cancelled = Code(base: .cancelled)

        /// The code's name.
        public var description: String { base.rawValue }
    }

    /// What went wrong.
    public let code: Code
    /// The phase or milestone concerned.
    public let point: ReadinessPoint
    /// A sentence naming the milestone (or phase), who waited, and what to do.
    public let message: String

    /// Creates an error about `point`.
    public init(code: Code, point: ReadinessPoint, message: String) {
        self.code = code
        self.point = point
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// Work a service handed the composite to run once a phase is ready or a milestone is
/// reached, as the launch report and ``ServiceComposite/heldWork`` list it.
public struct HeldWork: Sendable, Hashable, Codable {
    /// What became of the work.
    public enum Outcome: String, Sendable, Hashable, Codable, CustomStringConvertible {
        /// Still waiting.
        case held
        /// Ran, once.
        case ran
        /// Dropped without running: the application terminated first, or what it waited
        /// for can never come.
        case cancelled

        /// The outcome's name.
        public var description: String { rawValue }
    }

    /// The work's name, after its service: "Router: open deep link".
    public var name: String
    /// What it waits for, as ``ReadinessPoint/description`` writes it.
    public var waitsFor: String
    /// What became of it.
    public var outcome: Outcome

    /// Creates a record.
    public init(name: String, waitsFor: String, outcome: Outcome) {
        self.name = name
        self.waitsFor = waitsFor
        self.outcome = outcome
    }
}
