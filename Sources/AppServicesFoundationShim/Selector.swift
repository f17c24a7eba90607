// What the Objective-C runtime gives Swift on Apple platforms and swift-corelibs-foundation
// lacks. On Apple platforms the real declarations are used and this file is empty.
#if !canImport(ObjectiveC)

/// The name of a method, as Objective-C identifies it (the `ObjectiveC` module's
/// `Selector`).
///
/// Transcribed from the Swift overlay of the Objective-C runtime: created from its string,
/// compared and hashed by that string, described by it. As on Apple platforms, it is not
/// `Sendable`. Write `Selector(("application:openURL:options:"))`: the extra parentheses
/// keep the Apple compiler from warning about a string literal that names a selector.
public struct Selector: ExpressibleByStringLiteral, Equatable, Hashable, CustomStringConvertible {
    /// The selector's name, such as `application:openURL:options:`.
    private let name: String

    /// Creates a selector from its name.
    public init(_ str: String) {
        name = str
    }

    /// Creates a selector from a string literal.
    public init(stringLiteral value: String) {
        name = value
    }

    /// The selector's name.
    public var description: String { name }
}

/// The name of `aSelector` (Foundation's `NSStringFromSelector(_:)`).
public func NSStringFromSelector(_ aSelector: Selector) -> String {
    aSelector.description
}

/// The selector named `aSelectorName`, or `nil` for an empty name (Foundation's
/// `NSSelectorFromString(_:)`).
public func NSSelectorFromString(_ aSelectorName: String) -> Selector? {
    aSelectorName.isEmpty ? nil : Selector(aSelectorName)
}

#endif
