/// Identifies one signpost interval (or event) among those a ``Signposter`` has open: the
/// end of an interval passes the identifier its beginning had.
///
/// On Apple platforms its ``rawValue`` is an `OSSignpostID`'s raw value.
public struct SignpostID: Sendable, Hashable, CustomStringConvertible {
    /// The identifier's value.
    public let rawValue: UInt64

    /// Creates the identifier `rawValue`.
    public init(_ rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// The value, in decimal.
    public var description: String { "\(rawValue)" }
}
