// UIKit's color, as much of it as an application's delegate uses to tint its windows.
// Source: the iOS 26.2 SDK's imported interface (UIColor.h), in
// Documentation/Reference/AppleAPI.md in this repository. Not transcribed: the other
// initializers (hue, Display P3, Core Graphics and Core Image colors, patterns, HDR
// exposure), the component getters, drawing (`set()`), the other semantic colors, and the
// `NSSecureCoding` and `NSCopying` conformances.
#if !canImport(UIKit)

/// A color (`UIColor`).
///
/// The shim keeps what identifies a color: its white or red-green-blue components, or, for
/// UIKit's dynamic system colors, their name, with its alpha. Two colors are equal when those
/// are, as UIKit's `isEqual(_:)` compares components within one color space: a white and an
/// RGB color are never equal, and the components of the system colors, which depend on the
/// appearance, are not modelled.
///
/// The SDK declares it `@unchecked Sendable`; the shim's stores only constants.
@available(iOS 2.0, *)
open class UIColor: NSObject, @unchecked Sendable {
    /// What the color is made of, apart from its alpha.
    private enum Value: Hashable {
        case white(CGFloat)
        case rgb(red: CGFloat, green: CGFloat, blue: CGFloat)
        case system(String)
    }

    private let value: Value
    private let alpha: CGFloat

    private init(value: Value, alpha: CGFloat) {
        self.value = value
        self.alpha = alpha
        super.init()
    }

    /// Creates a gray: `white` from 0 (black) to 1 (white), and `alpha` from 0 (transparent)
    /// to 1 (opaque).
    public init(white: CGFloat, alpha: CGFloat) {
        value = .white(white)
        self.alpha = alpha
        super.init()
    }

    /// Creates a color from its red, green, blue and alpha components, each from 0 to 1, in
    /// the extended sRGB color space.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        value = .rgb(red: red, green: green, blue: blue)
        self.alpha = alpha
        super.init()
    }

    /// The same color with `alpha` as its alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(value: value, alpha: alpha)
    }

    /// Whether `object` is a color with the same components (or system name) and alpha.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        return value == other.value && alpha == other.alpha
    }

    /// A hash of the components (or system name) and alpha.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(value)
        hasher.combine(alpha)
        return hasher.finalize()
    }

    private static func system(_ name: String) -> UIColor {
        UIColor(value: .system(name), alpha: 1)
    }

    // MARK: Fixed colors, with the components UIColor.h gives

    /// Black: 0 white.
    open class var black: UIColor { UIColor(white: 0, alpha: 1) }
    /// Dark gray: 1/3 white.
    open class var darkGray: UIColor { UIColor(white: 1.0 / 3.0, alpha: 1) }
    /// Light gray: 2/3 white.
    open class var lightGray: UIColor { UIColor(white: 2.0 / 3.0, alpha: 1) }
    /// White: 1 white.
    open class var white: UIColor { UIColor(white: 1, alpha: 1) }
    /// Gray: 0.5 white.
    open class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    /// Red: 1, 0, 0 RGB.
    open class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    /// Green: 0, 1, 0 RGB.
    open class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    /// Blue: 0, 0, 1 RGB.
    open class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    /// Cyan: 0, 1, 1 RGB.
    open class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    /// Yellow: 1, 1, 0 RGB.
    open class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    /// Magenta: 1, 0, 1 RGB.
    open class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    /// Orange: 1, 0.5, 0 RGB.
    open class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    /// Purple: 0.5, 0, 0.5 RGB.
    open class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    /// Brown: 0.6, 0.4, 0.2 RGB.
    open class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    /// Transparent: 0 white, 0 alpha.
    open class var clear: UIColor { UIColor(white: 0, alpha: 0) }

    // MARK: System colors, which adapt to the appearance (an extension of UIColor in the SDK)

    /// The system's red, which adapts to the appearance.
    @available(iOS 7.0, *)
    open class var systemRed: UIColor { system("systemRed") }
    /// The system's green, which adapts to the appearance.
    @available(iOS 7.0, *)
    open class var systemGreen: UIColor { system("systemGreen") }
    /// The system's blue, which adapts to the appearance; the default tint.
    @available(iOS 7.0, *)
    open class var systemBlue: UIColor { system("systemBlue") }
    /// The system's orange, which adapts to the appearance.
    @available(iOS 7.0, *)
    open class var systemOrange: UIColor { system("systemOrange") }
    /// The system's yellow, which adapts to the appearance.
    @available(iOS 7.0, *)
    open class var systemYellow: UIColor { system("systemYellow") }
    /// The system's pink, which adapts to the appearance.
    @available(iOS 7.0, *)
    open class var systemPink: UIColor { system("systemPink") }
    /// The system's purple, which adapts to the appearance.
    @available(iOS 9.0, *)
    open class var systemPurple: UIColor { system("systemPurple") }
    /// The system's teal, which adapts to the appearance.
    @available(iOS 7.0, *)
    open class var systemTeal: UIColor { system("systemTeal") }
    /// The system's indigo, which adapts to the appearance.
    @available(iOS 13.0, *)
    open class var systemIndigo: UIColor { system("systemIndigo") }
    /// The system's brown, which adapts to the appearance.
    @available(iOS 13.0, *)
    open class var systemBrown: UIColor { system("systemBrown") }
    /// The system's mint, which adapts to the appearance.
    @available(iOS 15.0, *)
    open class var systemMint: UIColor { system("systemMint") }
    /// The system's cyan, which adapts to the appearance.
    @available(iOS 15.0, *)
    open class var systemCyan: UIColor { system("systemCyan") }
    /// The system's gray, which adapts to the appearance.
    @available(iOS 7.0, *)
    open class var systemGray: UIColor { system("systemGray") }
    /// The tint color of the view that draws it.
    @available(iOS 15.0, *)
    open class var tintColor: UIColor { system("tintColor") }
    /// The color of primary text.
    @available(iOS 13.0, *)
    open class var label: UIColor { system("label") }
    /// The color of the main background of an interface.
    @available(iOS 13.0, *)
    open class var systemBackground: UIColor { system("systemBackground") }
}

#endif
