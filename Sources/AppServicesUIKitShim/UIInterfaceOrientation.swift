#if !canImport(UIKit)

/// The interface orientations a view controller or window supports
/// (`UIInterfaceOrientationMask`), with UIKit's raw values.
public struct UIInterfaceOrientationMask: OptionSet, Sendable {
    /// The bit mask.
    public let rawValue: UInt

    /// Creates a mask from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Portrait.
    public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
    /// Landscape, home indicator on the left (the device turned to the right).
    public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
    /// Landscape, home indicator on the right (the device turned to the left).
    public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
    /// Portrait, upside down.
    public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
    /// Both landscape orientations.
    public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    /// Every orientation.
    public static let all: UIInterfaceOrientationMask = [
        .portrait, .landscapeLeft, .landscapeRight, .portraitUpsideDown,
    ]
    /// Every orientation but upside-down portrait.
    public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscapeLeft, .landscapeRight]
}

/// The orientation of the application's interface (`UIInterfaceOrientation`), with
/// UIKit's raw values.
public enum UIInterfaceOrientation: Int, Sendable {
    /// Not known.
    case unknown = 0
    /// Portrait.
    case portrait = 1
    /// Portrait, upside down.
    case portraitUpsideDown = 2
    /// Landscape, home indicator on the left (the device turned to the right).
    case landscapeLeft = 4
    /// Landscape, home indicator on the right (the device turned to the left).
    case landscapeRight = 3
}

#endif
