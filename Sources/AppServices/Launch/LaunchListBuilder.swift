/// Builds a list written one element per line, with `if`, `if let`, `for` and
/// availability checks: the initializers and the commands of a ``LaunchPlan``.
///
/// ```swift
/// let plan = try LaunchPlan {
///     LoggingInitializer()
///     if settings.crashReporting { CrashReporterInitializer() }
///     for feature in features { FeatureInitializer(feature) }
/// } commands: {
///     InstallRootView(window: window)
/// }
/// ```
@resultBuilder
public enum LaunchListBuilder<Element> {
    /// Combines the lines of a block.
    public static func buildBlock(_ parts: [Element]...) -> [Element] { parts.flatMap { $0 } }
    /// One element.
    public static func buildExpression(_ element: Element) -> [Element] { [element] }
    /// Several elements.
    public static func buildExpression(_ elements: [Element]) -> [Element] { elements }
    /// An `if` without `else`.
    public static func buildOptional(_ elements: [Element]?) -> [Element] { elements ?? [] }
    /// The first branch of an `if`/`else`.
    public static func buildEither(first elements: [Element]) -> [Element] { elements }
    /// The second branch of an `if`/`else`.
    public static func buildEither(second elements: [Element]) -> [Element] { elements }
    /// A `for` loop.
    public static func buildArray(_ parts: [[Element]]) -> [Element] { parts.flatMap { $0 } }
    /// An `if #available` block.
    public static func buildLimitedAvailability(_ elements: [Element]) -> [Element] { elements }
}

/// Builds the initializers of a ``LaunchPlan``, one per line.
public typealias InitializerListBuilder = LaunchListBuilder<any Initializer>

/// Builds the startup commands of a ``LaunchPlan``, one per line, in the order they run.
public typealias StartupCommandListBuilder = LaunchListBuilder<any StartupCommand>
