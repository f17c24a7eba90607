/// How CarPlay connected (or disconnected) the interface controller of a CarPlay scene:
/// with templates only, or also with a window the application draws in.
///
/// The form follows the application's CarPlay category: a navigation application, which
/// draws its map itself, gets the window (`templateApplicationScene(_:didConnect:to:)`);
/// since iOS 14 the other categories (audio, communication, charging, parking, ...) get
/// the interface controller alone (`templateApplicationScene(_:didConnect:)`) and build
/// their whole interface from templates. Disconnection comes in the form the connection
/// came in.
///
/// A struct with static members rather than an enum, so that a form CarPlay may add later
/// is not a breaking change; compare with `==`.
public struct CarPlayConnection: Sendable, Hashable, CustomStringConvertible {
    private enum Form: String, Sendable, Hashable {
        case templates
        case window
    }

    private let form: Form

    /// The interface controller alone: the application presents templates only
    /// (`templateApplicationScene(_:didConnect:)` and
    /// `templateApplicationScene(_:didDisconnectInterfaceController:)`, iOS 14).
    public static let templates = CarPlayConnection(form: .templates)

    /// The interface controller and a window the application draws its map in, as
    /// navigation applications get (`templateApplicationScene(_:didConnect:to:)` and
    /// `templateApplicationScene(_:didDisconnect:from:)`).
    public static let window = CarPlayConnection(form: .window)

    /// Whether a window came with the interface controller.
    public var hasWindow: Bool { form == .window }

    /// The form's name: `templates` or `window`.
    public var description: String { form.rawValue }
}
