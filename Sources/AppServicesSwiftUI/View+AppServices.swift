public import AppServices

#if canImport(UIKit)
public import SwiftUI
#else
public import AppServicesSwiftUIShim
#endif

extension View {
    /// Connects the scene this root view is in to `composite`: the scene's phase, the URLs
    /// it opens and the user activities it continues reach the composite's services, as a
    /// UIKit scene delegate's callbacks would.
    ///
    /// Apply it to the root view of each `WindowGroup`, where SwiftUI's rules put the
    /// modifiers it needs (`onOpenURL` and `onContinueUserActivity` are view modifiers, and
    /// a view's `scenePhase` is the phase of its own scene):
    ///
    /// - **Scene phase.** Each window is a scene of the composite: connected when its phase
    ///   is first read, then moved by the scene callbacks UIKit makes
    ///   (`sceneWillEnterForeground`, `sceneDidBecomeActive`, ...), from which the composite
    ///   derives the application's state as it does for UIKit scenes; disconnected when the
    ///   view goes away while the scene is in the background (covered in front, by a
    ///   full-screen cover, it stays connected).
    /// - **URLs** (`onOpenURL`) go to `URLOpenHandling`, with the scene in `context.scene`.
    /// - **User activities** (`onContinueUserActivity`) of the types application-wide
    ///   services declare in `userActivityTypes` go to `UserActivityHandling`, and reach the
    ///   scene's services too. SwiftUI asks for the types before the scene and its services
    ///   exist, so a type only a scene service or a session service declares is not
    ///   registered: declare it on an application-wide service as well.
    /// - **A privacy cover** a ``PrivacyCoverViewProviding`` service provides is layered in
    ///   front of the content while the window is not active.
    ///
    /// The composite comes from a `SwiftUIApplicationHost` the `App` creates, or from the
    /// `ServiceOrientedAppDelegate` behind its `@UIApplicationDelegateAdaptor`; either
    /// launched it, registered its background tasks and made it the notification center's
    /// delegate before the first scene. A composite nothing launched is launched at its first
    /// scene, with a warning. When that app delegate also configures a
    /// `ServiceOrientedSceneDelegate` for the scenes, the scene delegate reports them and
    /// the modifier does not, so no service hears a callback twice. A modifier cannot tell
    /// which UIKit scene is its window's, so once a scene delegate reports any application
    /// window, no modifier reports its own: configure `ServiceOrientedSceneDelegate` for
    /// every window scene or for none, not for some windows only (the others would go
    /// unreported, and the application would seem to be in the background while they are
    /// in front).
    ///
    /// ```swift
    /// struct ShopApp: App {
    ///     let host = SwiftUIApplicationHost(services: [InboxService(), LinkRouter()])
    ///
    ///     var body: some Scene {
    ///         WindowGroup {
    ///             ContentView().appServices(host.composite)
    ///         }
    ///     }
    /// }
    /// ```
    public func appServices(_ composite: ServiceComposite) -> some View {
        modifier(SceneServicesModifier(composite: composite))
    }
}

/// What `appServices(_:)` applies: SwiftUI's scene actions, forwarded to the scene's
/// connection.
struct SceneServicesModifier: ViewModifier {
    let composite: ServiceComposite
    @Environment(\.scenePhase) private var scenePhase
    @State private var connection = SwiftUISceneConnection()
    /// The privacy cover shown while the window is not active (PrivacyCoverViewProviding).
    @State private var cover: AnyView?

    func body(content: Content) -> some View {
        let connection = self.connection
        let composite = self.composite
        var view = AnyView(content.onOpenURL { connection.open($0, in: composite) })
        for type in composite.declaredUserActivityTypes {
            view = AnyView(view.onContinueUserActivity(type) { connection.continueUserActivity($0, in: composite) })
        }
        return
            view
            .overlay { self.cover ?? AnyView(EmptyView()) }
            .onChange(of: scenePhase, initial: true) { _, phase in
                connection.phaseChanged(to: phase, in: composite)
                // Asked once the services heard the change, as the UIKit scene delegate
                // asks: a service that covers on resigning active has done so by now.
                self.cover =
                    phase == .active
                    ? nil
                    : composite.firstAnswer(from: (any PrivacyCoverViewProviding).self, in: connection.scene) {
                        $0.privacyCoverView(context: $1)
                    }
            }
            .onDisappear { connection.disconnect(from: composite) }
    }
}
