// UIKit's window scene and the two types its delegate's iOS 26 methods use: the scene's
// geometry and the style of its windowing controls. Source: the iOS 26.2 SDK's imported
// interface, in Documentation/Reference/AppleAPI.md in this repository. The geometry's
// `NSCopying` conformance and its members for other platforms (macOS's `systemFrame`,
// visionOS's sizes) are not transcribed.
#if !canImport(UIKit)

/// A scene that manages windows (`UIWindowScene`).
@MainActor
open class UIWindowScene: UIScene {
    /// The scene's current geometry: its coordinate space, interface orientation and whether
    /// it is being resized.
    ///
    /// Read-only in UIKit; a simulated UIKit in this package sets it, before it calls the
    /// delegate's `windowScene(_:didUpdateEffectiveGeometry:)` with the previous one.
    @available(iOS 16.0, *)
    open package(set) var effectiveGeometry = UIWindowScene.Geometry(
        coordinateSpace: SceneCoordinateSpace(),
        interfaceOrientation: .portrait
    )

    /// The key window of the scene (iOS 15). Read-only in UIKit; in the shim, the window
    /// ``UIWindow/makeKeyAndVisible()`` was called on last.
    @available(iOS 15.0, *)
    open package(set) var keyWindow: UIWindow?
}

/// The coordinate space of a scene that has no screen in the shim: empty bounds.
@MainActor
private final class SceneCoordinateSpace: NSObject, UICoordinateSpace {
    let bounds = CGRect.zero
}

extension UIWindowScene {
    /// The resolved geometry of a window scene at one moment (`UIWindowScene.Geometry`).
    ///
    /// UIKit creates these; the shim lets a simulated UIKit in this package create them.
    @available(iOS 16.0, *)
    open class Geometry: NSObject {
        /// The scene's coordinate space (iOS 26 and later).
        @available(iOS 26.0, *)
        open private(set) var coordinateSpace: any UICoordinateSpace

        /// The scene's interface orientation.
        open private(set) var interfaceOrientation: UIInterfaceOrientation

        /// Whether the scene's interface orientation is locked, so that it does not change
        /// (iOS 26 and later).
        @available(iOS 26.0, *)
        @available(visionOS, unavailable)
        open private(set) var isInterfaceOrientationLocked: Bool

        /// Whether a person is resizing the scene right now (iOS 26 and later).
        @available(iOS 26.0, *)
        open private(set) var isInteractivelyResizing: Bool

        /// Creates a geometry, as UIKit does.
        package init(
            coordinateSpace: any UICoordinateSpace,
            interfaceOrientation: UIInterfaceOrientation,
            isInterfaceOrientationLocked: Bool = false,
            isInteractivelyResizing: Bool = false
        ) {
            self.coordinateSpace = coordinateSpace
            self.interfaceOrientation = interfaceOrientation
            self.isInterfaceOrientationLocked = isInterfaceOrientationLocked
            self.isInteractivelyResizing = isInteractivelyResizing
            super.init()
        }
    }

    /// Where the system's windowing controls go and how much of the scene they take
    /// (`UIWindowScene.WindowingControlStyle`, iOS 26 and later), the answer to the
    /// delegate's `preferredWindowingControlStyle(for:)`.
    ///
    /// The SDK declares it `@unchecked Sendable`; the shim's holds only the style's name,
    /// which never changes, and each style is one shared instance, so `==` tells them apart.
    @available(iOS 26.0, *)
    open class WindowingControlStyle: NSObject, @unchecked Sendable {
        /// The style's name, for the shim's description.
        private let name: String

        private init(name: String) {
            self.name = name
            super.init()
        }

        private static let automaticStyle = WindowingControlStyle(name: "automatic")
        private static let unifiedStyle = WindowingControlStyle(name: "unified")
        private static let minimalStyle = WindowingControlStyle(name: "minimal")

        /// The system's default style: what UIKit uses when the delegate does not answer.
        @available(iOS 26.0, *)
        open class var automatic: UIWindowScene.WindowingControlStyle { automaticStyle }

        /// The controls appear as part of the scene's content.
        @available(iOS 26.0, *)
        @available(tvOS, unavailable)
        @available(visionOS, unavailable)
        @available(watchOS, unavailable)
        open class var unified: UIWindowScene.WindowingControlStyle { unifiedStyle }

        /// The controls take as little of the scene as they can.
        @available(iOS 26.0, *)
        @available(tvOS, unavailable)
        @available(visionOS, unavailable)
        @available(watchOS, unavailable)
        open class var minimal: UIWindowScene.WindowingControlStyle { minimalStyle }

        /// The style's name, such as `automatic`.
        open override var description: String { name }
    }
}

#endif
