#if !canImport(UIKit)

/// Light or dark appearance (`UIUserInterfaceStyle`), with UIKit's raw values.
@available(iOS 12.0, *)
public enum UIUserInterfaceStyle: Int, Sendable {
    /// No style given: follow the system's.
    case unspecified = 0
    /// The light appearance.
    case light = 1
    /// The dark appearance.
    case dark = 2
}

#endif
