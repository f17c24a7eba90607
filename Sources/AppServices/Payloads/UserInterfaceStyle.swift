/// Light or dark appearance (`UIUserInterfaceStyle`), with UIKit's raw values: the content
/// style a CarPlay system suggests for its screen, say.
public enum UserInterfaceStyle: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// No style given: follow the system's.
    case unspecified = 0
    /// The light appearance.
    case light = 1
    /// The dark appearance.
    case dark = 2

    /// The style's name: `unspecified`, `light` or `dark`.
    public var description: String {
        switch self {
        case .unspecified: "unspecified"
        case .light: "light"
        case .dark: "dark"
        }
    }
}
