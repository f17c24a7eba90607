public import AppServices

#if canImport(UIKit)
public import SwiftUI
#else
public import AppServicesSwiftUIShim
#endif

/// A service that provides a privacy cover for SwiftUI windows: a view every window that
/// carries `appServices(_:)` shows in front of its content while its scene is not active,
/// so the app switcher's snapshot shows no private content.
///
/// The modifier asks every service that adopts it (application-wide services in dependency
/// order, then the scene's own scene services) while the window's phase is not `active`,
/// and layers the first view any returns over the window's content (`overlay`): one cover
/// per window, gone as soon as the phase is `active` again. UIKit scene delegates do the
/// same with `PrivacyCoverProviding` (in `AppServicesUIKit`).
///
/// ```swift
/// final class PrivacyService: AppService, PrivacyCoverViewProviding {
///     func privacyCoverView(context: AppContext) -> AnyView? {
///         AnyView(CoverView())
///     }
/// }
/// ```
@MainActor
public protocol PrivacyCoverViewProviding: AppService {
    /// The view to show in front of the window of `AppContext.scene` while it is not
    /// active; `nil` to leave it to another service, or to show none.
    func privacyCoverView(context: AppContext) -> AnyView?
}
