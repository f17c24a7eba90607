/// The interface orientations a window supports (`UIInterfaceOrientationMask`), with the
/// same raw values as UIKit.
public struct InterfaceOrientationMask: OptionSet, Sendable, Hashable {
    /// The raw bit mask, equal to UIKit's.
    public let rawValue: UInt

    /// Creates a mask from UIKit's raw value.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Portrait, home indicator at the bottom.
    public static let portrait = InterfaceOrientationMask(rawValue: 1 << 1)
    /// Portrait, upside down.
    public static let portraitUpsideDown = InterfaceOrientationMask(rawValue: 1 << 2)
    /// Landscape, home indicator on the left (the device turned to the right).
    public static let landscapeLeft = InterfaceOrientationMask(rawValue: 1 << 4)
    /// Landscape, home indicator on the right (the device turned to the left).
    public static let landscapeRight = InterfaceOrientationMask(rawValue: 1 << 3)
    /// Both landscape orientations.
    public static let landscape: InterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    /// Every orientation.
    public static let all: InterfaceOrientationMask = [.portrait, .portraitUpsideDown, .landscape]
    /// Every orientation but upside-down portrait.
    public static let allButUpsideDown: InterfaceOrientationMask = [.portrait, .landscape]
}

/// A single interface orientation (`UIInterfaceOrientation`), with UIKit's raw values.
public enum InterfaceOrientation: Int, Sendable, Hashable, CaseIterable {
    /// The orientation is not known.
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
