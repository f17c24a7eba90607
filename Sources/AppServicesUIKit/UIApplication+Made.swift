#if canImport(UIKit)
import ObjectiveC
package import UIKit
#else
package import AppServicesUIKitShim
#endif

extension UIApplication {
    /// The application object once UIKit has made it; `nil` before `UIApplicationMain` has,
    /// which is when SwiftUI makes an `App` (and a `SwiftUIApplicationHost` in its
    /// initializer).
    ///
    /// `shared` is declared non-optional and is a null reference then, which Swift does not
    /// check: the getter is called through the runtime here, as a function that may answer
    /// `nil`.
    @MainActor
    package static var made: UIApplication? {
        #if canImport(UIKit)
        typealias Getter = @convention(c) (AnyClass, Selector) -> UIApplication?
        let selector = NSSelectorFromString("sharedApplication")
        guard let method = class_getClassMethod(UIApplication.self, selector) else { return nil }
        return unsafeBitCast(method_getImplementation(method), to: Getter.self)(UIApplication.self, selector)
        #else
        return sharedIfMade
        #endif
    }

    /// The object whose launch notification a host waits for while the application object is
    /// not made yet: any (`nil`) on a device, which has one application; in the shim, the
    /// simulated device's.
    @MainActor
    package static var toBeLaunched: UIApplication? {
        #if canImport(UIKit)
        return nil
        #else
        return toBeMade
        #endif
    }
}
