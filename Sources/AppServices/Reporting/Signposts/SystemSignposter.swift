#if canImport(os)
public import os
import Foundation

/// A ``Signposter`` over the system's `OSSignposter`, so Instruments shows the launch and
/// the callbacks as the ``LaunchReport`` does.
///
/// By default it writes to the subsystem of the main bundle's identifier, in the category
/// `OSLog.Category.pointsOfInterest` ("PointsOfInterest"): Instruments' Points of Interest
/// instrument, which every profiling template can add, lists its intervals and events
/// without any setup. Messages are public: they name initializers, phases, outcome kinds,
/// milestones and services, never configuration values, session identifiers or error text.
///
/// It is the default of ``ServiceComposite/Configuration/signposter`` on Apple platforms.
/// While no tool records its subsystem (`OSSignposter.isEnabled` is false), the composite
/// makes no message.
///
/// ```swift
/// var configuration = ServiceComposite.Configuration()
/// configuration.signposter = SystemSignposter(subsystem: "com.example.app", category: "Launch")
/// ```
public struct SystemSignposter: Signposter {
    /// The system signposter it writes to.
    public let signposter: OSSignposter

    /// The signposter the composite uses unless configured otherwise: the main bundle's
    /// identifier (`AppServices` when it has none), category Points of Interest.
    public static let pointsOfInterest = SystemSignposter()

    /// A signposter writing to `subsystem` (by default the main bundle's identifier, or
    /// `AppServices` when it has none), in Points of Interest.
    public init(subsystem: String? = nil) {
        let subsystem = subsystem ?? Bundle.main.bundleIdentifier ?? "AppServices"
        self.signposter = OSSignposter(subsystem: subsystem, category: .pointsOfInterest)
    }

    /// A signposter writing to `subsystem` in `category`: Instruments shows it under the
    /// os_signpost instrument rather than Points of Interest.
    public init(subsystem: String, category: String) {
        self.signposter = OSSignposter(subsystem: subsystem, category: category)
    }

    /// A signposter writing through `signposter`.
    public init(_ signposter: OSSignposter) {
        self.signposter = signposter
    }

    /// Whether a tool records the signposter's subsystem and category now.
    public var isEnabled: Bool { signposter.isEnabled }

    /// A new identifier from the system signposter.
    public func makeSignpostID() -> SignpostID {
        SignpostID(signposter.makeSignpostID().rawValue)
    }

    /// Begins the interval `name` identified by `id`, with `message` public.
    public func beginInterval(_ name: StaticString, id: SignpostID, _ message: String) {
        _ = signposter.beginInterval(name, id: OSSignpostID(id.rawValue), "\(message, privacy: .public)")
    }

    /// Ends the interval `name` identified by `id`, with `message` public.
    public func endInterval(_ name: StaticString, id: SignpostID, _ message: String) {
        // The interval began in another call: its state is made again from its identifier.
        let state = OSSignpostIntervalState.beginState(id: OSSignpostID(id.rawValue))
        signposter.endInterval(name, state, "\(message, privacy: .public)")
    }

    /// Emits the event `name` with `message` public.
    public func emitEvent(_ name: StaticString, id: SignpostID, _ message: String) {
        signposter.emitEvent(name, id: OSSignpostID(id.rawValue), "\(message, privacy: .public)")
    }
}
#endif
