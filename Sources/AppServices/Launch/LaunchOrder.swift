/// Where the work that must finish before launch returns runs, and in what order.
///
/// The before-launch-returns work runs in one launch callback, in this order:
///
/// 1. the ``LaunchPhase/beforeLaunchReturns`` initializers, synchronously, in dependency
///    order;
/// 2. the services' handlers of that callback, in dependency order (or the startup
///    commands first, with ``commandsBeforeServices``);
/// 3. the startup commands, in order.
///
/// The ``LaunchPhase/critical`` phase always starts as `didFinishLaunching` returns.
///
/// By default that callback is `didFinishLaunching`. Work Apple wants done "first thing",
/// before the system delivers what the application was launched for (crash reporting, the
/// notification center's delegate), starts in `willFinishLaunching` instead:
///
/// ```swift
/// var configuration = LaunchPlan.Configuration()
/// configuration.order = LaunchOrder(start: .willFinishLaunching)
/// ```
public struct LaunchOrder: Sendable, Hashable {
    /// The launch callback that runs the before-launch-returns work.
    public enum Start: Sendable, Hashable {
        /// `application(_:willFinishLaunchingWithOptions:)`.
        case willFinishLaunching
        /// `application(_:didFinishLaunchingWithOptions:)`.
        case didFinishLaunching
    }

    /// The callback that runs the before-launch-returns work. Default: `didFinishLaunching`.
    public var start: Start
    /// Whether the startup commands run before the services' handlers of that callback
    /// instead of after them. Default: `false`.
    public var commandsBeforeServices: Bool

    /// Creates an order.
    public init(start: Start = .didFinishLaunching, commandsBeforeServices: Bool = false) {
        self.start = start
        self.commandsBeforeServices = commandsBeforeServices
    }
}
