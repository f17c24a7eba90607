/// The kind of app extension the system asks permission for
/// (`UIApplication.ExtensionPointIdentifier`).
public struct ExtensionPointIdentifier: RawRepresentable, Sendable, Hashable {
    /// The system's identifier string.
    public let rawValue: String

    /// Creates an identifier from the system's string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Custom keyboards (`UIApplication.ExtensionPointIdentifier.keyboard`).
    public static let keyboard = ExtensionPointIdentifier(rawValue: "com.apple.keyboard-service")
}
