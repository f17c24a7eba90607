// The CarPlay framework's declarations the UIKit adapter uses, transcribed for platforms that
// have no UIKit. On Apple platforms the adapter imports CarPlay itself and this file is empty.
//
// Source: the iOS SDK's imported interface of `CPTemplateApplicationSceneDelegate`, in
// Documentation/Reference/AppleAPI-NotificationsAndTasks.md in this repository, and Apple's
// CarPlay documentation for the classes, of which only the members the adapter and its test
// kit use are transcribed, with the SDK's names, types, optionality and availability. The
// classes' `NSCopying` and `NSSecureCoding` conformances are not transcribed. Members the
// SDK marks `@objc optional` are requirements with a default implementation, as in the
// UIKit shim.
//
// CarPlay creates the scene, its interface controller and window, and the SDK offers no way
// to make navigation alerts without templates and actions; the shim lets a simulated UIKit
// in this package create them (`package` initializers) and set what CarPlay sets
// (`package(set)`). Those hooks are marked "Shim only" below.
#if !canImport(UIKit)
public import AppServicesUIKitShim

// MARK: - The scene delegate

/// The methods CarPlay calls on the delegate of a CarPlay scene
/// (`CPTemplateApplicationSceneDelegate`), besides the scene life cycle of
/// ``UISceneDelegate``.
///
/// Isolated to the main actor, as the SDK's is (through `UISceneDelegate`).
@available(iOS 13.0, *)
@MainActor
public protocol CPTemplateApplicationSceneDelegate: UISceneDelegate {
    /// CarPlay connected the scene's interface controller and the window a navigation
    /// application draws its map in.
    func templateApplicationScene(
        _ templateApplicationScene: CPTemplateApplicationScene,
        didConnect interfaceController: CPInterfaceController,
        to window: CPWindow
    )

    /// CarPlay connected the interface controller of an application that presents templates
    /// only.
    @available(iOS 14.0, *)
    func templateApplicationScene(
        _ templateApplicationScene: CPTemplateApplicationScene,
        didConnect interfaceController: CPInterfaceController
    )

    /// CarPlay disconnected the interface controller and the window of a navigation
    /// application.
    func templateApplicationScene(
        _ templateApplicationScene: CPTemplateApplicationScene,
        didDisconnect interfaceController: CPInterfaceController,
        from window: CPWindow
    )

    /// CarPlay disconnected the interface controller of an application that presents
    /// templates only.
    @available(iOS 14.0, *)
    func templateApplicationScene(
        _ templateApplicationScene: CPTemplateApplicationScene,
        didDisconnectInterfaceController interfaceController: CPInterfaceController
    )

    /// A person tapped the banner of a navigation alert the application posted in the
    /// background.
    func templateApplicationScene(
        _ templateApplicationScene: CPTemplateApplicationScene,
        didSelect navigationAlert: CPNavigationAlert
    )

    /// A person tapped the banner of a maneuver the application posted in the background.
    func templateApplicationScene(
        _ templateApplicationScene: CPTemplateApplicationScene,
        didSelect maneuver: CPManeuver
    )

    /// The car suggests another content style for its screen.
    @available(iOS 15.4, *)
    func contentStyleDidChange(_ contentStyle: UIUserInterfaceStyle)
}

/// What CarPlay does when the delegate does not implement a member: nothing.
extension CPTemplateApplicationSceneDelegate {
    /// Does nothing.
    public func templateApplicationScene(
        _ templateApplicationScene: CPTemplateApplicationScene,
        didConnect interfaceController: CPInterfaceController,
        to window: CPWindow
    ) {}

    /// Does nothing.
    @available(iOS 14.0, *)
    public func templateApplicationScene(
        _ templateApplicationScene: CPTemplateApplicationScene,
        didConnect interfaceController: CPInterfaceController
    ) {}

    /// Does nothing.
    public func templateApplicationScene(
        _ templateApplicationScene: CPTemplateApplicationScene,
        didDisconnect interfaceController: CPInterfaceController,
        from window: CPWindow
    ) {}

    /// Does nothing.
    @available(iOS 14.0, *)
    public func templateApplicationScene(
        _ templateApplicationScene: CPTemplateApplicationScene,
        didDisconnectInterfaceController interfaceController: CPInterfaceController
    ) {}

    /// Does nothing.
    public func templateApplicationScene(
        _ templateApplicationScene: CPTemplateApplicationScene,
        didSelect navigationAlert: CPNavigationAlert
    ) {}

    /// Does nothing.
    public func templateApplicationScene(
        _ templateApplicationScene: CPTemplateApplicationScene,
        didSelect maneuver: CPManeuver
    ) {}

    /// Does nothing.
    @available(iOS 15.4, *)
    public func contentStyleDidChange(_ contentStyle: UIUserInterfaceStyle) {}
}

// MARK: - The scene and its objects

/// A CarPlay scene: the application's interface on a car's screen
/// (`CPTemplateApplicationScene`).
///
/// The SDK redeclares the scene's `delegate` with the type
/// `(any CPTemplateApplicationSceneDelegate)?`, which a Swift subclass cannot do; the shim's
/// is ``UIScene``'s, `(any UISceneDelegate)?`. Casting it to a delegate class compiles
/// against both.
@available(iOS 13.0, *)
@MainActor
open class CPTemplateApplicationScene: UIScene {
    /// The controller that presents the scene's templates; CarPlay makes it with the scene.
    open private(set) var interfaceController: CPInterfaceController
    /// The scene's window; only navigation applications draw in it (their map).
    open private(set) var carWindow: CPWindow
    /// The content style the car suggests for its screen. Read-only in CarPlay; shim only:
    /// a simulated UIKit in this package sets it.
    @available(iOS 15.4, *)
    open package(set) var contentStyle: UIUserInterfaceStyle = .unspecified

    /// Creates a scene for `session` with its interface controller and window, as CarPlay
    /// does.
    public override init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) {
        interfaceController = CPInterfaceController()
        carWindow = CPWindow(frame: .zero)
        super.init(session: session, connectionOptions: connectionOptions)
        carWindow.templateApplicationScene = self
    }
}

/// The controller that presents a CarPlay scene's templates (`CPInterfaceController`). No
/// template member is transcribed: the adapter only hands it to services.
@available(iOS 12.0, *)
@MainActor
open class CPInterfaceController: NSObject {
    /// Shim only: creates an interface controller. CarPlay makes one per scene.
    package override init() {
        super.init()
    }
}

/// The window of a CarPlay scene, which a navigation application draws its map in
/// (`CPWindow`).
@available(iOS 12.0, *)
@MainActor
open class CPWindow: UIWindow {
    /// The CarPlay scene that contains the window.
    @available(iOS 13.0, *)
    open weak var templateApplicationScene: CPTemplateApplicationScene?
}

/// A banner a navigation application shows on the car's screen with map or route
/// information (`CPNavigationAlert`). No member is transcribed: the adapter only hands the
/// one a person selected to services, which made it.
@available(iOS 12.0, *)
@MainActor
open class CPNavigationAlert: NSObject {
    /// Shim only: creates an alert. The SDK's initializers take titles, images and alert
    /// actions, which the shim does not transcribe.
    package override init() {
        super.init()
    }
}

/// One step of a route, such as a turn, that a navigation application shows (`CPManeuver`).
@available(iOS 12.0, *)
@MainActor
open class CPManeuver: NSObject {
    /// Any object the application attaches to the maneuver, to recognise it later.
    open var userInfo: Any?

    /// Creates an empty maneuver; the application then sets its instructions.
    public override init() {
        super.init()
    }
}

// MARK: - The session role

extension UISceneSession.Role {
    /// The interactive screen of a CarPlay vehicle: the role of a CarPlay scene's session
    /// (`CPTemplateApplicationSceneSessionRoleApplication`).
    @available(iOS 13.0, *)
    public static let carTemplateApplication = UISceneSession.Role(
        rawValue: "CPTemplateApplicationSceneSessionRoleApplication"
    )
}

#endif
