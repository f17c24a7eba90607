import AppServices

#if canImport(UIKit)
import UIKit
#else
import AppServicesUIKitShim
#endif

/// What a scene delegate (`ServiceOrientedSceneDelegate`, `ServiceOrientedCarPlaySceneDelegate`)
/// uses to find the composite its callbacks go to: that of the application's
/// ``ServiceOrientedAppDelegate``, found on first use and kept.
///
/// UIKit creates scene delegates from class names, with no way to pass them anything, so
/// they find the composite through the application's delegate. All the scenes of one
/// application share it: a device's scenes and a CarPlay scene are scenes of one composite.
///
/// It keeps nothing: each delegate keeps what it found (`foundComposite`), read at every
/// callback and written once, by plain stores, so that the optimizer can prove no access to
/// it overlaps another and check none at run time.
@MainActor
enum CompositeLocator {
    /// The composite of the application's `ServiceOrientedAppDelegate`, for `delegate`: the
    /// application object's delegate, or else (behind SwiftUI's
    /// `@UIApplicationDelegateAdaptor`, whose application delegate is SwiftUI's) the
    /// `ServiceOrientedAppDelegate` made last.
    ///
    /// Stops the program, naming `delegate`'s class and what to do, when the application's
    /// delegate is not a `ServiceOrientedAppDelegate`: no scene callback could reach a service.
    // Not inlined into the delegates' getters, which run it once.
    @inline(never)
    static func composite(for delegate: AnyObject) -> ServiceComposite {
        guard
            let host = UIApplication.shared.delegate as? ServiceOrientedAppDelegate
                ?? ServiceOrientedAppDelegate.current
        else {
            preconditionFailure(
                """
                \(type(of: delegate)) found no ServiceOrientedAppDelegate. Make the application's delegate (or the one \
                behind @UIApplicationDelegateAdaptor) a ServiceOrientedAppDelegate, or override `composite`.
                """
            )
        }
        return host.composite
    }
}
