public import AppServices
import AppServicesUIKit
import Logging

#if canImport(UIKit)
public import UIKit
#else
public import AppServicesUIKitShim
#endif

/// The host of a SwiftUI application's services when the application has no app delegate
/// of its own: create it in the `App`'s initializer, and give its composite to
/// `appServices(_:)` on each window's root view.
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
///
/// Created in the `App`'s initializer, it runs before UIKit finishes launching the
/// application, which is when what a `ServiceOrientedAppDelegate` does before launch
/// returns must happen. It does that, through such a delegate that it keeps (not the
/// application's delegate, which is SwiftUI's): it makes it the notification center's
/// delegate when a service handles notifications, registers every background task the
/// services declare with `BGTaskScheduler` (all kinds, app refresh and processing alike),
/// and, once the application object exists (below), creates the PushKit registry when a
/// service handles VoIP pushes, holds background time for background work, and dispatches
/// `willFinishLaunching` and `didFinishLaunching`. The scenes then come from
/// `appServices(_:)`.
///
/// SwiftUI makes the `App` before `UIApplicationMain` has made the application object,
/// which does not exist yet in the `App`'s initializer. The host then sets up at once what
/// needs no application object (the notification center's delegate, the background tasks'
/// registration), and dispatches the launch callbacks as UIKit posts
/// `didFinishLaunchingNotification`, with the application object, its launch options and
/// its state: a launch into the background for a background task is one, and background
/// time is held through the application. The PushKit registry is made then too. The launch
/// plan's work before launch returns runs then, after SwiftUI's own delegate has returned
/// from `didFinishLaunching`: declare background tasks in services
/// (`BackgroundTaskHandling`), which the host registers at once, rather than registering
/// them from that work.
///
/// Keep the host for the application's life, in a stored property of the `App`, as above:
/// the delegate it keeps is the notification center's delegate and keeps the PushKit
/// registry, and the host forwards the application's notifications.
///
/// Do not also write SwiftUI's `.backgroundTask(.appRefresh(_:))` for an identifier a
/// service declares: the identifier would be registered twice.
///
/// What UIKit also posts as a notification reaches the services through the host, which
/// observes `UIApplication`'s notifications for the application: termination
/// (`willTerminateNotification`, after which the composite cancels its pending work and
/// writes the launch history), memory warnings, significant time changes and protected
/// data becoming unavailable or available (where a launch that could not read its history
/// before the first unlock reads it). What only UIKit's application delegate receives (the
/// push token, remote notifications, background URL session events), and quick actions,
/// which SwiftUI's scene delegate does not pass on, need a `ServiceOrientedAppDelegate`
/// behind `@UIApplicationDelegateAdaptor` instead (for quick actions, with a service that
/// configures a `ServiceOrientedSceneDelegate` for the window scenes); it does all this host
/// does, and the modifier takes its composite. The host warns about each service that
/// handles one of them, or another callback UIKit sends only to SwiftUI's own application
/// or window scene delegate (orientations, background fetch, state restoration, scene
/// configuration, CloudKit shares, intents, Health, WatchKit and extension-point requests,
/// key-command localization, scene geometry). Of `UserActivityHandling`, only the continued
/// activity arrives (through `onContinueUserActivity`): "will continue", "failed to
/// continue" and "did update" go to SwiftUI's scene delegate and never do, and are not
/// warned about, since every service that continues activities adopts them.
@MainActor
public final class SwiftUIApplicationHost {
    /// The composite the application's callbacks go to.
    public let composite: ServiceComposite

    /// The delegate that hosts the composite's system services: the notification center's
    /// delegate, the background tasks' registration.
    private let delegate: HostedAppDelegate

    /// The observers of the application's notifications (``forwarded``). Not removed: the
    /// host lives as long as the `App` that makes it, which is the application's life.
    private var observers: [any NSObjectProtocol] = []

    /// The `UIApplication` notifications UIKit posts after the application delegate's
    /// method of the same callback, with that method of the delegate the host keeps: an
    /// application whose delegate is SwiftUI's hears them only this way.
    private static let forwarded: [(Notification.Name, ForwardedCallback)] = [
        (UIApplication.willTerminateNotification, { $0.applicationWillTerminate($1) }),
        (UIApplication.didReceiveMemoryWarningNotification, { $0.applicationDidReceiveMemoryWarning($1) }),
        (UIApplication.significantTimeChangeNotification, { $0.applicationSignificantTimeChange($1) }),
        (
            UIApplication.protectedDataWillBecomeUnavailableNotification,
            { $0.applicationProtectedDataWillBecomeUnavailable($1) }
        ),
        (
            UIApplication.protectedDataDidBecomeAvailableNotification,
            { $0.applicationProtectedDataDidBecomeAvailable($1) }
        ),
    ]

    /// Launches `composite` for `application` (by default `UIApplication.shared`, at once if
    /// UIKit has made it, else as UIKit has finished launching).
    ///
    /// A composite something launched already, or that a `ServiceOrientedAppDelegate`
    /// behind `@UIApplicationDelegateAdaptor` made (UIKit launches it through that delegate,
    /// after SwiftUI made the `App`), is not launched again: an error is logged, since an
    /// application has one host. Give it a composite that posts no lifecycle notifications
    /// (`lifecycleNotifications` `.never`): UIKit posts them.
    public init(composite: ServiceComposite, application: UIApplication? = nil) {
        self.composite = composite
        let adaptor = ServiceOrientedAppDelegate.current
        delegate = HostedAppDelegate(hosting: composite)
        // Another host's own delegate is no adaptor: that composite was launched already.
        if let adaptor, !(adaptor is HostedAppDelegate), adaptor.owns(composite) {
            // The scene delegates find the adaptor's delegate, as before this host.
            ServiceOrientedAppDelegate.current = adaptor
            composite.configuration.logger.error(
                """
                SwiftUIApplicationHost: the composite is that of \(type(of: adaptor)), the application delegate, which \
                UIKit launches after SwiftUI has made the App; this host does not launch it too. An application has \
                one host: this one or a ServiceOrientedAppDelegate behind @UIApplicationDelegateAdaptor.
                """
            )
            return
        }
        guard composite.applicationState == .notRunning else {
            composite.configuration.logger.error(
                """
                SwiftUIApplicationHost: the composite was launched already (application state \
                \(composite.applicationState)); it is not launched again. An application has one host: this one or a \
                ServiceOrientedAppDelegate behind @UIApplicationDelegateAdaptor.
                """
            )
            return
        }
        if let application = application ?? UIApplication.made {
            launch(application, options: nil)
            return
        }
        // SwiftUI makes the `App`, and this host with it, before `UIApplicationMain` has made
        // the application object. What must be in place before the launch ends is set up now;
        // the launch follows as UIKit has finished launching, with the application object and
        // its state (a launch into the background for a background task, say).
        delegate.hostSystemServicesBeforeTheApplicationExists()
        launchObserver = NotificationCenter.default.addObserver(
            forName: UIApplication.didFinishLaunchingNotification,
            object: UIApplication.toBeLaunched,
            queue: nil
        ) { [self] notification in
            // Held strongly until the launch, whoever keeps the host (an `App` keeps it for
            // the application's life: it is the notification center's delegate).
            MainActorHop.run(handingOver: notification) { [self] notification in
                guard let application = notification.object as? UIApplication else { return }
                launch(application, options: Self.launchOptions(in: notification))
            }
        }
    }

    /// The observer of the notification the launch waits for when the application object
    /// was not made yet as the host was.
    private var launchObserver: (any NSObjectProtocol)?

    /// Launches the composite for `application` with `options`, once.
    private func launch(_ application: UIApplication, options: [UIApplication.LaunchOptionsKey: Any]?) {
        if let launchObserver {
            NotificationCenter.default.removeObserver(launchObserver)
            self.launchObserver = nil
        }
        guard composite.applicationState == .notRunning else { return }
        _ = delegate.application(application, willFinishLaunchingWithOptions: options)
        _ = delegate.application(application, didFinishLaunchingWithOptions: options)
        observe(application)
        warnAboutUnreachableServices()
    }

    /// The launch options `UIApplication.didFinishLaunchingNotification` carries.
    private static func launchOptions(in notification: Notification) -> [UIApplication.LaunchOptionsKey: Any]? {
        notification.userInfo?.reduce(into: [:]) { options, entry in
            if let key = entry.key.base as? UIApplication.LaunchOptionsKey {
                options[key] = entry.value
            } else if let key = entry.key.base as? String {
                options[UIApplication.LaunchOptionsKey(rawValue: key)] = entry.value
            }
        }
    }

    /// The callbacks that no service hears with this host, with where UIKit sends them: to
    /// the application's delegate, which is SwiftUI's when a host is used (and posts no
    /// notification for them), or to a window scene's delegate, SwiftUI's too.
    private static let unreachableCallbacks: [(callback: AppCallback, sentTo: String)] =
        [
            AppCallback.didRegisterForRemoteNotifications, .didFailToRegisterForRemoteNotifications,
            .didReceiveRemoteNotification, .handleEventsForBackgroundURLSession, .performFetch,
            .supportedInterfaceOrientations, .handleWatchKitExtensionRequest, .shouldAllowExtensionPointIdentifier,
            .handlerForIntent, .shouldRequestHealthAuthorization, .shouldAutomaticallyLocalizeKeyCommands,
            .configurationForConnecting, .didDiscardSceneSessions, .shouldSaveSecureApplicationState,
            .shouldRestoreSecureApplicationState, .willEncodeRestorableState, .didDecodeRestorableState,
            .viewControllerWithRestorationIdentifierPath,
        ].map { ($0, applicationDelegateOnly) }
        + [
            AppCallback.supportedInterfaceOrientationsForScene, .userDidAcceptCloudKitShare,
            .stateRestorationActivity, .restoreInteractionState, .windowSceneDidUpdateGeometry,
            .windowSceneDidUpdateEffectiveGeometry,
        ].map { ($0, windowSceneDelegateOnly) }
        + [
            (
                .performActionForShortcutItem,
                "which UIKit sends to a window scene's delegate (SwiftUI's, which has no way to pass a quick action "
                    + "on; the adaptor's services configure a ServiceOrientedSceneDelegate for the window scenes)"
            )
        ]

    private static let applicationDelegateOnly =
        "which UIKit sends only to the application's delegate (SwiftUI's, with this host)"

    private static let windowSceneDelegateOnly =
        "which UIKit sends to a window scene's delegate (SwiftUI's, which passes it on to no service; the "
        + "adaptor's services configure a ServiceOrientedSceneDelegate for the window scenes)"

    /// Warns about each service that handles a callback this host cannot deliver
    /// (``unreachableCallbacks``), so that it does not wait for it in silence.
    private func warnAboutUnreachableServices() {
        for (callback, sentTo) in Self.unreachableCallbacks {
            for service in composite.handlingServices(for: callback) {
                composite.configuration.logger.warning(
                    """
                    SwiftUIApplicationHost: \(type(of: service)) handles \(callback), \(sentTo), so it is never \
                    called. Give the App a ServiceOrientedAppDelegate with @UIApplicationDelegateAdaptor instead of \
                    this host, and pass its composite to appServices(_:).
                    """
                )
            }
        }
    }

    /// Forwards the application's notifications that stand for application-delegate
    /// callbacks (``forwarded``) to the delegate the host keeps. UIKit posts them on the main
    /// thread, so each is dispatched before the post returns (termination included).
    private func observe(_ application: UIApplication) {
        observers = Self.forwarded.map { name, forward in
            NotificationCenter.default.addObserver(forName: name, object: application, queue: nil) {
                [weak delegate] _ in
                MainActorHop.run {
                    if let delegate { forward(delegate, application) }
                }
            }
        }
    }

    /// Builds a composite of `services` and launches it for `application` (by default
    /// `UIApplication.shared`).
    ///
    /// - Parameters:
    ///   - services: The application's services, in registration order.
    ///   - configuration: The composite's configuration. Whatever it says, the composite
    ///     does not post lifecycle notifications, because UIKit does.
    ///   - launchPlan: Makes the launch plan the composite runs; what it throws is reported
    ///     with the composite's validation, as for `ServiceOrientedAppDelegate`.
    ///   - application: The application; `nil` for `UIApplication.shared`.
    public convenience init(
        services: [any AppService],
        configuration: ServiceComposite.Configuration = ServiceComposite.Configuration(),
        launchPlan: () throws -> LaunchPlan? = { nil },
        application: UIApplication? = nil
    ) {
        var configuration = configuration
        configuration.lifecycleNotifications = .never
        self.init(
            composite: ServiceComposite.hosted(services, configuration: configuration, launchPlan: launchPlan),
            application: application
        )
    }
}

/// Calls the method of the delegate a `SwiftUIApplicationHost` keeps that UIKit would call
/// for one of `UIApplication`'s notifications.
private typealias ForwardedCallback = @MainActor @Sendable (HostedAppDelegate, UIApplication) -> Void

/// The `ServiceOrientedAppDelegate` a `SwiftUIApplicationHost` keeps for its composite.
private final class HostedAppDelegate: ServiceOrientedAppDelegate {
    private let hosted: ServiceComposite

    init(hosting composite: ServiceComposite) {
        hosted = composite
        super.init()
        compositeOrigin = "The composite given to SwiftUIApplicationHost(composite:)"
    }

    override func makeComposite() -> ServiceComposite { hosted }
}
