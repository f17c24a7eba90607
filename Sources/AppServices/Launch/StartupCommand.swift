/// A small piece of synchronous main-actor work that must happen before
/// `didFinishLaunching` returns: installing the root view, setting the appearance,
/// registrations the platform requires before launch ends.
///
/// Commands are listed in a ``LaunchPlan`` with a result builder and run in that order,
/// inside `didFinishLaunching`, after the ``LaunchPhase/beforeLaunchReturns`` initializers
/// and the services' launch handlers, just before it returns. They appear in the launch
/// report like initializers.
///
/// ```swift
/// struct InstallRootView: StartupCommand {
///     let window: Window
///     func execute(_ context: InitializerContext) {
///         window.rootViewController = RootViewController()
///         window.makeKeyAndVisible()
///     }
/// }
///
/// let plan = try LaunchPlan {
///     LoggingInitializer()
/// } commands: {
///     ApplyAppearance()
///     InstallRootView(window: window)
/// }
/// ```
public protocol StartupCommand: Sendable {
    /// The name used in logs and the report. Default: the type's name.
    var name: String { get }

    /// Does the work, synchronously, on the main actor.
    ///
    /// - Parameter context: Configuration, a logger naming the command, and service lookup.
    @MainActor func execute(_ context: InitializerContext)
}

extension StartupCommand {
    /// The type's name.
    public var name: String { String(describing: Self.self) }
}

/// A startup command made from a name and a closure.
///
/// ```swift
/// ClosureCommand("appearance") { _ in Appearance.apply(.brand) }
/// ```
public struct ClosureCommand: StartupCommand {
    /// The command's name.
    public let name: String
    private let body: @MainActor @Sendable (InitializerContext) -> Void

    /// Creates a command named `name` that runs `execute`.
    public init(_ name: String, execute: @escaping @MainActor @Sendable (InitializerContext) -> Void) {
        self.name = name
        self.body = execute
    }

    /// Runs the closure.
    @MainActor public func execute(_ context: InitializerContext) { body(context) }
}
