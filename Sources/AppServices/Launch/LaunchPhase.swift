/// A stage of the launch. Each phase starts at a moment the host reports, and an
/// initializer runs in exactly one phase.
///
/// In order:
/// - ``beforeLaunchReturns``: inside `didFinishLaunching`, synchronously, on the main actor;
///   startup commands run here.
/// - ``critical``: starts when `didFinishLaunching` returns; what the first screen needs.
/// - ``afterFirstFrame``: starts when the host reports the first frame
///   (``ServiceComposite/reportFirstFrame()``).
/// - ``idle``: starts once the first frame was reported and every critical and
///   after-first-frame initializer has finished; runs at low priority.
/// - ``onDemand``: runs, with its dependencies, the first time someone asks for it
///   (``Launch/run(_:)``).
///
/// An initializer may depend only on initializers of its own phase or an earlier one.
public struct LaunchPhase: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    private enum Base: Int, Sendable, Hashable, CaseIterable {
        case beforeLaunchReturns
        case critical
        case afterFirstFrame
        case idle
        case onDemand

        var name: String {
            switch self {
            case .beforeLaunchReturns: "beforeLaunchReturns"
            case .critical: "critical"
            case .afterFirstFrame: "afterFirstFrame"
            case .idle: "idle"
            case .onDemand: "onDemand"
            }
        }
    }

    private let base: Base

    /// Inside `didFinishLaunching`, before it returns: synchronous work on the main actor.
    public static let beforeLaunchReturns = LaunchPhase(base: .beforeLaunchReturns)
    /// From the moment `didFinishLaunching` returns: the work the first screen needs.
    public static let critical = LaunchPhase(base: .critical)
    /// From the moment the host reports the first frame.
    public static let afterFirstFrame = LaunchPhase(base: .afterFirstFrame)
    /// Once the launch is quiet (first frame shown, critical and after-first-frame work
    /// finished), at low priority.
    public static let idle = LaunchPhase(base: .idle)
    /// The first time someone asks for the initializer, with its dependencies.
    public static let onDemand = LaunchPhase(base: .onDemand)

    /// Every phase, in order.
    public static let allCases: [LaunchPhase] = Base.allCases.map(LaunchPhase.init(base:))

    /// The phase's position in ``allCases``.
    var index: Int { base.rawValue }

    /// Whether `lhs` runs before `rhs`.
    public static func < (lhs: LaunchPhase, rhs: LaunchPhase) -> Bool { lhs.base.rawValue < rhs.base.rawValue }

    /// The phase's name, such as `critical`.
    public var description: String { base.name }

    /// Decodes a phase from its name.
    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let base = Base.allCases.first(where: { $0.name == name }) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "Unknown launch phase \"\(name)\".")
            )
        }
        self.base = base
    }

    /// Encodes the phase as its name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(base.name)
    }

    private init(base: Base) { self.base = base }
}
