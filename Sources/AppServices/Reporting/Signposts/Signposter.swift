/// Something that marks intervals and events for a profiler, such as Instruments: the seam
/// through which a ``ServiceComposite`` and its ``Launch`` show what they do on a timeline.
///
/// The composite marks:
/// - each attempt of a launch node (an ``Initializer``, a ``StartupCommand``, a
///   ``Migration``) as an interval named `Initializer`, `Startup command` or `Migration`,
///   whose messages carry the node's name, its phase and, at the end, its outcome as the
///   ``LaunchReport`` has it;
/// - each callback with a completion handler and a deadline that reaches services as an
///   interval named `Callback`, from dispatch to the completion handler, closed exactly once,
///   its end message naming the services that had not answered;
/// - the first frame (`First frame`) and each milestone reached (`Milestone`) as events.
///
/// Names are static strings, because that is what the system's signposter records without
/// copying; what varies (the node's name, its phase, its outcome) is the message.
///
/// Messages are made only when ``isEnabled`` is true, so an implementation that is off costs
/// one check per mark. Set ``ServiceComposite/Configuration/signposter`` to `nil` to turn
/// signposts off altogether.
///
/// ```swift
/// let signposts = RecordingSignposter()          // AppServicesTesting
/// var configuration = ServiceComposite.Configuration(clock: clock)
/// configuration.signposter = signposts
/// ```
///
/// Implementations are called from any thread, concurrently.
public protocol Signposter: Sendable {
    /// Whether anyone records signposts now. When it is `false`, the composite makes no
    /// message and calls none of the other methods.
    var isEnabled: Bool { get }

    /// An identifier for a new interval, unique among the intervals this signposter has open.
    func makeSignpostID() -> SignpostID

    /// Marks the beginning of the interval `name` identified by `id`.
    ///
    /// - Parameters:
    ///   - name: What kind of interval it is, such as `Initializer`.
    ///   - id: The identifier that ``endInterval(_:id:_:)`` passes again.
    ///   - message: What this interval is about, such as `CrashReporter (critical), attempt 1`.
    func beginInterval(_ name: StaticString, id: SignpostID, _ message: String)

    /// Marks the end of the interval `name` identified by `id`, begun with
    /// ``beginInterval(_:id:_:)``; the composite ends each interval it begins exactly once.
    ///
    /// - Parameters:
    ///   - name: The name the interval began with.
    ///   - id: The identifier the interval began with.
    ///   - message: How it ended, such as `CrashReporter (critical): failed: timeout`.
    func endInterval(_ name: StaticString, id: SignpostID, _ message: String)

    /// Marks a point in time, such as the first frame.
    ///
    /// - Parameters:
    ///   - name: What kind of event it is, such as `Milestone`.
    ///   - id: An identifier for the event.
    ///   - message: What happened, such as `RootCoordinatorReady`.
    func emitEvent(_ name: StaticString, id: SignpostID, _ message: String)
}
