// CarPlay exists on iOS and Mac Catalyst; elsewhere on Apple platforms there is nothing to
// reach, and where UIKit is missing the shim declares it. Compiled with the package's
// `CarPlay` trait only: without it the adapter does not import CarPlay.
#if CarPlay && (canImport(CarPlay) || !canImport(UIKit))
public import AppServices

#if canImport(UIKit)
public import CarPlay
#else
public import AppServicesCarPlayShim
#endif

extension PlatformObjects.Key {
    /// The `CPInterfaceController` of a CarPlay scene.
    public static let interfaceController = PlatformObjects.Key(rawValue: "interfaceController")
    /// The `CPNavigationAlert` a person selected.
    public static let navigationAlert = PlatformObjects.Key(rawValue: "navigationAlert")
    /// The `CPManeuver` a person selected.
    public static let maneuver = PlatformObjects.Key(rawValue: "maneuver")
}

/// The CarPlay objects behind a callback of `ServiceOrientedCarPlaySceneDelegate`.
extension UIKitObjects {
    /// The CarPlay scene (`CPTemplateApplicationScene`), in the callbacks of a CarPlay scene
    /// delegate.
    public var templateApplicationScene: CPTemplateApplicationScene? { platform?.value(.scene) }

    /// The interface controller of the CarPlay scene, to present templates with: in every
    /// callback of its scene delegate from the interface controller's connection to its
    /// disconnection, both included.
    public var interfaceController: CPInterfaceController? { platform?.value(.interfaceController) }

    /// The window of a navigation application's CarPlay scene, to draw the map in: in the
    /// callbacks of its scene delegate while an interface controller connected with a
    /// window is; `nil` for an application that presents templates only.
    public var carWindow: CPWindow? { platform?.value(.window) }

    /// The navigation alert a person selected
    /// (`CarPlayHandling.templateApplicationSceneDidSelectNavigationAlert(_:)`).
    public var navigationAlert: CPNavigationAlert? { platform?.value(.navigationAlert) }

    /// The maneuver a person selected (`CarPlayHandling.templateApplicationSceneDidSelectManeuver(_:)`).
    public var maneuver: CPManeuver? { platform?.value(.maneuver) }
}
#endif
