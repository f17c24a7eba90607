public import AppServices
import Logging

#if canImport(UIKit)
public import UIKit
public import CloudKit
public import Intents
public import UserNotifications
import BackgroundTasks
#if PushKit
public import PushKit
#endif
#else
public import AppServicesUIKitShim
#if PushKit
public import AppServicesPushKitShim
#endif
#endif

#if PushKit
/// The delegate protocols ``ServiceOrientedAppDelegate`` adopts: with the package's `PushKit`
/// trait, PushKit's registry delegate too.
typealias AppDelegateProtocols = UIApplicationDelegate & UNUserNotificationCenterDelegate & PKPushRegistryDelegate
#else
/// The delegate protocols ``ServiceOrientedAppDelegate`` adopts: without the package's
/// `PushKit` trait, not PushKit's.
typealias AppDelegateProtocols = UIApplicationDelegate & UNUserNotificationCenterDelegate
#endif

/// An application delegate that is a thin host for services: every UIKit callback goes to
/// a `ServiceComposite` and from there to each service that handles it.
///
/// Subclass it (and mark the subclass `@main`), list the services, and nothing else:
///
/// ```swift
/// final class ShopAppDelegate: ServiceOrientedAppDelegate {
///     override func makeServices() -> [any AppService] {
///         [InboxService(), PushNotificationService()]
///     }
/// }
/// ```
///
/// **What it forwards.** Every `UIApplicationDelegate` callback of iOS 18 but those deprecated
/// before iOS 26 (listed below) and `applicationDidFinishLaunching(_:)` (UIKit calls it only
/// when the delegate has no `didFinishLaunchingWithOptions`, which this class has); the
/// callbacks iOS 26 deprecates for the scene life cycle (the application's state, URLs, user
/// activities, quick actions, CloudKit shares) and iOS 27's orientation method, which UIKit
/// still calls in an app without scenes; and `application(_:performFetchWithCompletionHandler:)`,
/// deprecated since iOS 13 and still delivered to apps that ask for background fetch (new
/// code schedules background tasks instead). Each comes with its
/// payload converted to the core's platform-neutral types (`LaunchOptions`,
/// `RemoteNotification`, `UserActivity`, ...) and the raw UIKit objects available to
/// services through `context.uiKit`. Deprecated callbacks (`application(_:handleOpen:)`,
/// `application(_:open:sourceApplication:annotation:)`, `didReceiveRemoteNotification`
/// without a completion handler, ...) are not implemented.
///
/// **What it claims.** UIKit asks `responds(to:)` before calling an optional method. The
/// launch, application-state and system-event callbacks are always claimed: the composite
/// tracks the application's state and runs the launch plan from them. Every other callback
/// is claimed only when a registered service handles it, so UIKit sees no remote
/// notification or background fetch handler, and keeps its own default for orientations,
/// extension points and key-command localization, unless a service has one. A callback
/// the app's subclass overrides is always claimed, so a delegate that still implements
/// callbacks itself keeps receiving them while it moves them into services.
///
/// **Completion handlers** go through the composite's exactly-once machinery: each is
/// called once, when every service has finished or at the deadline
/// (`ServiceComposite/Configuration-swift.struct/deadlines`), whichever comes first.
///
/// **Lifecycle notifications.** UIKit posts `UIApplication.didBecomeActiveNotification` and
/// the others itself, so the composite this class builds does not post them again.
///
/// **User notifications.** The delegate is also a `UNUserNotificationCenterDelegate`. Before
/// launch returns (in `willFinishLaunching`, or `didFinishLaunching` when UIKit skips it) it
/// makes itself `UNUserNotificationCenter.current().delegate` when a service adopts
/// `UserNotificationHandling`, and never otherwise (``installsNotificationCenterDelegate``
/// turns it off), so the response that launched the application reaches the services. It
/// claims the three notification selectors on the same terms as the others. At the same
/// moment it registers the notification categories the services define, as one set
/// (`setNotificationCategories(_:)`), and gives the composite the notification center that
/// `requestNotificationAuthorization()` asks.
///
/// **PushKit** (with the package's `PushKit` trait, on by default; without it the adapter
/// does not import PushKit, and a service that adopts `VoIPPushHandling` is reported as an
/// error before launch returns). The delegate is also a `PKPushRegistryDelegate`. Before
/// launch returns it creates a `PKPushRegistry` on the main queue (``pushRegistry``),
/// becomes its delegate and asks for the push types the services handle, when a service
/// adopts `VoIPPushHandling`, and never otherwise. It claims `pushRegistry(_:didUpdate:for:)`, PushKit's one required method,
/// always, and the incoming-push and token-invalidation methods on the same terms as the
/// others. An incoming push's completion is called exactly once, after the services have
/// finished or at the deadline; see `VoIPPushHandling` for the CallKit rule it checks.
///
/// **Background tasks and time.** Before launch returns it also registers every background
/// task the services declare with `BGTaskScheduler`, once each, so that
/// `context.backgroundTasks` submits to the system, and holds a `beginBackgroundTask`
/// assertion while background work a service begins runs (`context.beginBackgroundWork`),
/// ended exactly once.
///
/// Override a callback to add to it, and call `super` to keep the services informed. In an
/// override with a completion handler, pass `super` a handler of your own and call the
/// system's once both have answered: the services answer through the handler `super` gets,
/// at once when none waits, which would complete the system's before the override's work
/// (and, for a VoIP push, before its call is reported). The notification and PushKit
/// callbacks are `nonisolated`, as UserNotifications and PushKit declare them; override
/// them with `nonisolated override`.
open class ServiceOrientedAppDelegate: UIResponder, AppDelegateProtocols {
    /// The application's window, in an application without scenes.
    open var window: UIWindow?

    /// Whether the delegate makes itself the notification center's delegate before launch
    /// returns, when a service adopts `UserNotificationHandling` (the default, `true`). Turn
    /// it off, before launch, for an application that sets another delegate itself; it can
    /// still forward the center's callbacks to this one.
    open var installsNotificationCenterDelegate = true

    #if PushKit
    /// Whether the delegate creates a PushKit registry before launch returns, when a service
    /// adopts `VoIPPushHandling` (the default, `true`). Turn it off, before launch, for an
    /// application that keeps a registry of its own; it can still forward that registry's
    /// callbacks to this delegate's PushKit methods.
    open var createsPushRegistry = true

    /// The PushKit registry the delegate created before launch returned, with itself as its
    /// delegate and the push types the services handle as its `desiredPushTypes`; `nil`
    /// before launch, when no service adopts `VoIPPushHandling`, and with
    /// ``createsPushRegistry`` off. Its
    /// `pushToken(for:)` gives the current tokens.
    public private(set) var pushRegistry: PKPushRegistry?
    #endif

    /// Whether ``hostSystemServicesIfNeeded()`` has run.
    private var hostsSystemServices = false
    /// Whether this delegate made itself the notification center's delegate.
    private var isNotificationCenterDelegate = false
    /// The object last reported as having taken the notification center's delegate over.
    private var reportedNotificationDelegate: ObjectIdentifier?
    /// Whether ``hostSystemServicesIfNeeded(_:)`` has run: the background time and the
    /// system's notifications use the application object.
    private var usesApplication = false
    /// The observation of the system's reduced-resource-usage preference, while a service
    /// handles it.
    private var reducedResourceUsageObserver: (any NSObjectProtocol)?
    /// The observation of the application becoming active, while this delegate is the
    /// notification center's (``observeActivation(of:)``).
    private var activationObserver: (any NSObjectProtocol)?

    /// The delegate created last, whose composite scene delegates use by default. UIKit (or
    /// SwiftUI, behind `@UIApplicationDelegateAdaptor`) creates one per process.
    package static weak var current: ServiceOrientedAppDelegate?

    private var builtComposite: ServiceComposite?
    /// The raw objects of the callbacks that come with the application alone (see
    /// `platform(_:_:)`).
    private var applicationObjects: PlatformObjects?

    /// Creates the delegate; UIKit calls this once.
    public override init() {
        super.init()
        ServiceOrientedAppDelegate.current = self
    }

    // MARK: - The composite

    /// The composite every callback goes to, made by `makeComposite()` on first use
    /// (UIKit's first `responds(to:)`, before launch).
    public var composite: ServiceComposite {
        if let builtComposite { return builtComposite }
        let made = makeComposite()
        if made.configuration.lifecycleNotifications != .never {
            made.configuration.logger.warning(
                """
                \(compositeOrigin ?? "The composite \(type(of: self)).makeComposite() returned") posts lifecycle \
                notifications; UIKit posts them too, so observers would hear \
                each twice. Set lifecycleNotifications to .never in its configuration.
                """
            )
        }
        builtComposite = made
        return made
    }

    /// Where the composite comes from, as messages about it say, when not from
    /// `makeComposite()` of a subclass of the application's (a host's own delegate).
    package var compositeOrigin: String?

    /// Whether `composite` is this delegate's, made already.
    package func owns(_ composite: ServiceComposite) -> Bool { builtComposite === composite }

    /// The application's services, in registration order. Override it; it is called once.
    ///
    /// The default is none: launch succeeds and nothing is claimed but the callbacks the
    /// composite needs for itself.
    open func makeServices() -> [any AppService] {
        []
    }

    /// The composite's configuration: logger, clock, deadlines. Override it to change them;
    /// it is called once. Whatever it says, the composite does not post lifecycle
    /// notifications, because UIKit does.
    open func makeConfiguration() -> ServiceComposite.Configuration {
        ServiceComposite.Configuration()
    }

    /// The launch plan the composite runs through the application's callbacks; `nil` (the
    /// default) for none. Override it; it is called once, after `makeServices()`.
    ///
    /// ```swift
    /// override func makeLaunchPlan() throws -> LaunchPlan? {
    ///     try LaunchPlan {
    ///         LoggingInitializer()
    ///         CrashReporterInitializer()
    ///         DatabaseInitializer()
    ///     } commands: {
    ///         ApplyAppearanceCommand(screen: screen)
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: Whatever makes the plan impossible (`LaunchPlan`'s `ServiceGraphError`
    ///   listing every problem, say). It is reported with the composite's validation: the
    ///   first callback stops with the full report, one line per problem, as for services
    ///   that cannot be ordered; call `composite.validate()` in a unit test to see it first.
    open func makeLaunchPlan() throws -> LaunchPlan? {
        nil
    }

    /// Makes the composite from `makeServices()`, `makeConfiguration()` and
    /// `makeLaunchPlan()`; called once.
    ///
    /// Override it to change the composite `super.makeComposite()` returns, or to build one
    /// some other way; a composite built from scratch must set
    /// `ServiceComposite/Configuration-swift.struct/lifecycleNotifications` to `.never`
    /// (a warning is logged otherwise).
    open func makeComposite() -> ServiceComposite {
        var configuration = makeConfiguration()
        configuration.lifecycleNotifications = .never
        let composite = ServiceComposite.hosted(
            makeServices(),
            configuration: configuration,
            launchPlan: makeLaunchPlan
        )
        do {
            try composite.registerSceneServices(makeSceneServices())
        } catch {
            preconditionFailure("\(error)")  // a composite just made has dispatched nothing
        }
        return composite
    }

    /// The services made for each connected scene, as types (see `SceneService`). Override
    /// it; it is called once. The default is none.
    open func makeSceneServices() -> [any SceneService.Type] {
        []
    }

    /// Whether UIKit should call the method `aSelector` names.
    ///
    /// For a callback this class forwards: `true` for launch, application state and system
    /// events, and for a callback the subclass overrides; for the others, `true` only when a
    /// registered service handles it. Any other selector is answered by `UIResponder`.
    nonisolated open override func responds(to aSelector: Selector!) -> Bool {
        #if PushKit
        if UIKitSelectors.bypassesOverriddenPushMethod(aSelector, of: self) { return false }
        #endif
        return SelectorClaim.claims(
            aSelector,
            by: self,
            adapter: ServiceOrientedAppDelegate.self,
            in: UIKitSelectors.applicationDelegate
        ) {
            self.composite
        } ?? super.responds(to: aSelector)
    }

    #if os(iOS) || targetEnvironment(macCatalyst) || !canImport(UIKit)
    // MARK: - Menus

    /// Lets `UIResponder` build its part of the menu, then asks every ``MenuBuilding``
    /// service, in dependency order, to contribute to `builder`. Claimed only when a service
    /// adopts ``MenuBuilding`` (or a subclass overrides it).
    open override func buildMenu(with builder: any UIMenuBuilder) {
        super.buildMenu(with: builder)
        composite.buildMenu(with: builder, platform: nil)
    }

    /// Asks the ``MenuBuilding`` services, in dependency order, to validate `command`; when
    /// none owns it, `UIResponder` does.
    open override func validate(_ command: UICommand) {
        if !composite.validate(command, platform: nil) { super.validate(command) }
    }
    #endif

    /// The selectors (the SDK's strings, such as `application:openURL:options:`) of every
    /// `UIApplicationDelegate`, `UNUserNotificationCenterDelegate` and
    /// `PKPushRegistryDelegate` callback this class forwards, claimed or not.
    public nonisolated static var forwardedSelectors: [String] { Array(UIKitSelectors.applicationDelegate.keys) }

    /// The raw objects of a callback: the application and `values` that are present.
    ///
    /// A callback that comes with the application alone (the state callbacks, system
    /// events) gets the same objects each time, made once. They cannot change, and the
    /// composite hands them to the services as they are, so such a callback allocates
    /// nothing.
    private func platform(_ application: UIApplication, _ values: [PlatformObjects.Key: Any?]) -> PlatformObjects {
        var objects = PlatformObjects.present(values)
        guard !objects.isEmpty else { return platform(application) }
        objects[.application] = application
        return PlatformObjects(objects)
    }

    /// Calls `body` with the composite and the objects of a callback that comes with
    /// `application` alone, retaining neither (see `withUnretained(_:_:_:)`): both are
    /// written once and live as long as the delegate.
    @inline(__always)
    private func dispatch<Result>(
        _ application: UIApplication,
        _ body: (ServiceComposite, PlatformObjects) -> Result
    ) -> Result {
        guard builtComposite != nil, applicationObjects?.application === application else {
            return body(composite, platform(application))
        }
        return withUnretained(
            .passUnretained(builtComposite.unsafelyUnwrapped),
            .passUnretained(applicationObjects.unsafelyUnwrapped),
            body
        )
    }

    /// ``platform(_:_:)`` for a callback that comes with the application alone.
    ///
    /// The objects are made for the first application object seen and kept: a callback may
    /// be under way with them, unretained, when another application object comes (a test's),
    /// so that one gets objects of its own at each callback.
    private func platform(_ application: UIApplication) -> PlatformObjects {
        guard let applicationObjects else {
            let made = PlatformObjects([.application: application])
            applicationObjects = made
            return made
        }
        if applicationObjects.application === application { return applicationObjects }
        return PlatformObjects([.application: application])
    }

    // MARK: - Launch

    /// Sets up what must be in place before launch returns, once: the notification center's
    /// delegate, the push registry, the background tasks' registration, and the background
    /// time the composite holds for background work.
    ///
    /// Registration is synchronous, as `BGTaskScheduler` requires: every declared identifier
    /// is registered when this returns, whatever the system's concurrency features.
    private func hostSystemServicesIfNeeded(_ application: UIApplication) {
        hostSystemServicesIfNeeded()
        guard !usesApplication else { return }
        usesApplication = true
        #if PushKit
        // With the launch, not before it (a host made before the application object exists
        // waits for it): PushKit may deliver the token, or a push that launched the
        // application, as soon as the registry exists.
        if createsPushRegistry, composite.handles(.didReceiveIncomingPush) {
            // The delegate first: asking for push types registers, and PushKit may answer
            // at once, with the token or a push that launched the application.
            let registry = PKPushRegistry(queue: .main)
            registry.delegate = self
            registry.desiredPushTypes = Set(composite.desiredPushTypes.map { PKPushType($0) })
            pushRegistry = registry
        }
        #endif
        if composite.backgroundTime == nil {
            composite.useBackgroundTime(UIKitBackgroundTime(application: application))
        }
        observeReducedResourceUsage(of: application)
        observeActivation(of: application)
    }

    /// Checks the notification center's delegate each time `application` becomes active,
    /// when this delegate made itself it: UIKit posts `didBecomeActiveNotification` with
    /// scenes and without, and under SwiftUI, where `applicationDidBecomeActive(_:)` is
    /// never called (see ``reportReplacedNotificationDelegate()``).
    private func observeActivation(of application: UIApplication) {
        guard isNotificationCenterDelegate else { return }
        activationObserver = NotificationCenter.default.addObserver(
            forName: UIApplication.didBecomeActiveNotification,
            object: application,
            queue: nil
        ) { [weak self] _ in
            MainActorHop.run { self?.reportReplacedNotificationDelegate() }
        }
    }

    /// What ``hostSystemServicesIfNeeded(_:)`` sets up that needs no application object and
    /// delivers nothing (the notification center's delegate, the background tasks'
    /// registration), for a host made before UIKit has made the application object
    /// (`SwiftUIApplicationHost` made in a SwiftUI `App`'s initializer): it must be in place
    /// before the launch ends, and the rest (the PushKit registry, background time) follows
    /// with the launch.
    package func hostSystemServicesBeforeTheApplicationExists() { hostSystemServicesIfNeeded() }

    private func hostSystemServicesIfNeeded() {
        guard !hostsSystemServices else { return }
        hostsSystemServices = true
        let composite = self.composite
        if composite.handles(.didReceiveNotificationResponse) {
            if installsNotificationCenterDelegate {
                UNUserNotificationCenter.current().delegate = self
                isNotificationCenterDelegate = true
            }
            // Registers the categories the services define, as one set, before launch returns.
            composite.useNotificationCenter(UIKitNotificationCenter(.current()))
        }
        MissingFrameworks.report(in: composite)
        if !InfoPlist.declaresScenes { reportPrivacyCoversWithoutScenes() }
        composite.registerBackgroundTasks(with: UIKitBackgroundTaskScheduler(BGTaskScheduler.shared))
    }

    /// Logs, as an error, each ``PrivacyCoverProviding`` service of an application without
    /// scenes: the scene delegate shows the covers, so without scenes none is ever asked for,
    /// and the app switcher's snapshot shows the content.
    private func reportPrivacyCoversWithoutScenes() {
        for service in (try? composite.orderedServices()) ?? [] where service is any PrivacyCoverProviding {
            composite.configuration.logger.error(
                """
                \(type(of: service)) provides a privacy cover, which ServiceOrientedSceneDelegate shows over each window \
                scene, but the application declares no scenes (no UIApplicationSceneManifest in its Info.plist): it is \
                never asked, and the app switcher's snapshot shows the content. Adopt scenes, with \
                ServiceOrientedSceneDelegate as the window scenes' delegate.
                """
            )
        }
    }

    /// Forwards iOS 27's `systemPrefersReducedResourceUsageDidChangeNotification` for
    /// `application` to `SystemEventHandling`, when a service handles it (compiled where the
    /// SDK has it: see `UIKitSelectors` for the guard).
    private func observeReducedResourceUsage(of application: UIApplication) {
        #if !canImport(UIKit) || canImport(UIKit, _version: 9127)
        guard #available(iOS 27.0, visionOS 27.0, *), composite.handles(.systemPrefersReducedResourceUsageDidChange)
        else { return }
        reducedResourceUsageObserver = NotificationCenter.default.addObserver(
            forName: UIApplication.systemPrefersReducedResourceUsageDidChangeNotification,
            object: application,
            queue: nil
        ) { [weak self] _ in
            MainActorHop.run {
                guard let self else { return }
                self.composite.systemPrefersReducedResourceUsageDidChange(
                    application.systemPrefersReducedResourceUsage,
                    platform: self.platform(application)
                )
            }
        }
        #endif
    }

    /// Dispatches `application(_:willFinishLaunchingWithOptions:)`, after making the delegate
    /// the notification center's (when a service handles notifications), creating the push
    /// registry (when a service handles PushKit pushes) and registering the declared
    /// background tasks: `false` if a service refuses what the application was launched for,
    /// else `true`.
    open func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        hostSystemServicesIfNeeded(application)
        let objects = platform(application, [.launchOptions: launchOptions])
        let answer = composite.willFinishLaunching(
            LaunchOptions(launchOptions, applicationState: application.applicationState),
            platform: objects
        )
        // UIKit restores an application without scenes between the two launch callbacks,
        // into its window: with a service that restores state, the window a service
        // provides is in place before, not after `didFinishLaunching`.
        if composite.handles(.shouldRestoreSecureApplicationState) { installProvidedWindowWithoutScenes(objects) }
        return answer
    }

    /// Installs the window a service provides for the application, in an application
    /// without scenes that has none yet. An application with scenes is not asked: its
    /// windows are its scenes', which the scene delegate asks for.
    private func installProvidedWindowWithoutScenes(_ objects: PlatformObjects) {
        if window == nil, !InfoPlist.declaresScenes,
            let provided = composite.installProvidedWindow(for: nil, info: nil, platform: objects)
        {
            window = provided
        }
    }

    /// Dispatches `application(_:didFinishLaunchingWithOptions:)`, which also runs the
    /// launch plan's work that must finish before launch returns: `false` if a service
    /// refuses what the application was launched for, else `true`. When UIKit did not call
    /// `willFinishLaunching`, it first does what that does before dispatching.
    open func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        hostSystemServicesIfNeeded(application)
        let objects = platform(application, [.launchOptions: launchOptions])
        let answer = composite.didFinishLaunching(
            LaunchOptions(launchOptions, applicationState: application.applicationState),
            platform: objects
        )
        // Without scenes, the window a service provides for no scene, unless it came before
        // restoration.
        installProvidedWindowWithoutScenes(objects)
        // Once a subclass's own launch code after `super` has run too.
        Task { @MainActor [weak self] in self?.reportReplacedNotificationDelegate() }
        return answer
    }

    /// Logs, as an error, once per object, that code other than the services made another
    /// object the notification center's delegate after this one made itself it (an SDK, or
    /// a helper kept from the old delegate that sets the current center's `delegate`): the
    /// `UserNotificationHandling` services then hear no notification while
    /// the application runs, and a tap that launches it may be handled twice. Checked after
    /// launch and each time the application becomes active (``observeActivation(of:)``),
    /// with scenes or without.
    private func reportReplacedNotificationDelegate() {
        guard isNotificationCenterDelegate else { return }
        let current = UNUserNotificationCenter.current().delegate
        guard current !== self else { return }
        let identifier = current.map { ObjectIdentifier($0) }
        guard identifier != reportedNotificationDelegate else { return }
        reportedNotificationDelegate = identifier
        var names = ""
        for service in (try? composite.orderedServices()) ?? [] where service is any UserNotificationHandling {
            names += (names.isEmpty ? "" : ", ") + "\(type(of: service))"
        }
        let delegate = current.map { "\(type(of: $0))" } ?? "nil"
        composite.configuration.logger.error(
            "UNUserNotificationCenter's delegate is \(delegate) now, not \(type(of: self)): \(names.isEmpty ? "the services" : names) hear no notification while the application runs. Remove the code that sets the delegate, or set installsNotificationCenterDelegate to false and forward the center's callbacks to this delegate."
        )
    }

    // MARK: - Application state and system events

    /// Dispatches `applicationDidBecomeActive(_:)`.
    open func applicationDidBecomeActive(_ application: UIApplication) {
        dispatch(application) { $0.didBecomeActive(platform: $1) }
    }

    /// Dispatches `applicationWillResignActive(_:)`.
    open func applicationWillResignActive(_ application: UIApplication) {
        dispatch(application) { $0.willResignActive(platform: $1) }
    }

    /// Dispatches `applicationDidEnterBackground(_:)`.
    open func applicationDidEnterBackground(_ application: UIApplication) {
        dispatch(application) { $0.didEnterBackground(platform: $1) }
    }

    /// Dispatches `applicationWillEnterForeground(_:)`.
    open func applicationWillEnterForeground(_ application: UIApplication) {
        dispatch(application) { $0.willEnterForeground(platform: $1) }
    }

    /// Dispatches `applicationWillTerminate(_:)`.
    open func applicationWillTerminate(_ application: UIApplication) {
        dispatch(application) { $0.willTerminate(platform: $1) }
    }

    /// Dispatches `applicationDidReceiveMemoryWarning(_:)`.
    open func applicationDidReceiveMemoryWarning(_ application: UIApplication) {
        dispatch(application) { $0.didReceiveMemoryWarning(platform: $1) }
    }

    /// Dispatches `applicationSignificantTimeChange(_:)`.
    open func applicationSignificantTimeChange(_ application: UIApplication) {
        dispatch(application) { $0.significantTimeChange(platform: $1) }
    }

    /// Dispatches `applicationProtectedDataWillBecomeUnavailable(_:)`.
    open func applicationProtectedDataWillBecomeUnavailable(_ application: UIApplication) {
        dispatch(application) { $0.protectedDataWillBecomeUnavailable(platform: $1) }
    }

    /// Dispatches `applicationProtectedDataDidBecomeAvailable(_:)`.
    open func applicationProtectedDataDidBecomeAvailable(_ application: UIApplication) {
        dispatch(application) { $0.protectedDataDidBecomeAvailable(platform: $1) }
    }

    /// Dispatches `applicationShouldRequestHealthAuthorization(_:)`.
    open func applicationShouldRequestHealthAuthorization(_ application: UIApplication) {
        dispatch(application) { $0.shouldRequestHealthAuthorization(platform: $1) }
    }

    /// Dispatches `applicationShouldAutomaticallyLocalizeKeyCommands(_:)`: `false` if a
    /// service says so; UIKit's default, `true`, otherwise.
    open func applicationShouldAutomaticallyLocalizeKeyCommands(_ application: UIApplication) -> Bool {
        dispatch(application) { $0.shouldAutomaticallyLocalizeKeyCommands(platform: $1) } ?? true
    }

    // MARK: - URLs

    /// Dispatches `application(_:open:options:)`: `true` if a service opened the URL.
    open func application(
        _ app: UIApplication,
        open url: URL,
        options: [UIApplication.OpenURLOptionsKey: Any]
    ) -> Bool {
        composite.open(url, options: OpenURLOptions(options), platform: platform(app, [.openURLOptions: options]))
    }

    // MARK: - Remote notifications

    /// Dispatches `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`.
    open func application(
        _ application: UIApplication,
        didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
    ) {
        composite.didRegisterForRemoteNotifications(deviceToken: deviceToken, platform: platform(application))
    }

    /// Dispatches `application(_:didFailToRegisterForRemoteNotificationsWithError:)`.
    open func application(
        _ application: UIApplication,
        didFailToRegisterForRemoteNotificationsWithError error: any Error
    ) {
        composite.didFailToRegisterForRemoteNotifications(error: error, platform: platform(application))
    }

    /// Dispatches `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
    /// `completionHandler` is called exactly once with the merged result.
    open func application(
        _ application: UIApplication,
        didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        composite.didReceiveRemoteNotification(
            RemoteNotification(userInfo: UserInfo(propertyList: userInfo)),
            platform: platform(application, [.userInfo: userInfo])
        ) { result in
            completionHandler(UIBackgroundFetchResult(result))
        }
    }

    // MARK: - Background work

    /// Dispatches `application(_:performFetchWithCompletionHandler:)` (deprecated by
    /// Apple, still delivered). `completionHandler` is called exactly once.
    @available(visionOS, unavailable)
    open func application(
        _ application: UIApplication,
        performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        composite.performFetch(platform: platform(application)) { result in
            completionHandler(UIBackgroundFetchResult(result))
        }
    }

    /// Dispatches `application(_:handleEventsForBackgroundURLSession:completionHandler:)`.
    /// `completionHandler` is called exactly once, after every service.
    open func application(
        _ application: UIApplication,
        handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    ) {
        composite.handleEventsForBackgroundURLSession(identifier, platform: platform(application)) {
            completionHandler()
        }
    }

    /// Dispatches `application(_:handleWatchKitExtensionRequest:reply:)`. `reply` is
    /// called exactly once with the services' replies merged.
    open func application(
        _ application: UIApplication,
        handleWatchKitExtensionRequest userInfo: [AnyHashable: Any]?,
        reply: @escaping ([AnyHashable: Any]?) -> Void
    ) {
        composite.handleWatchKitExtensionRequest(
            userInfo.map(UserInfo.init(propertyList:)),
            platform: platform(application, [.userInfo: userInfo])
        ) { merged in
            reply(merged.map { $0.propertyList as [AnyHashable: Any] })
        }
    }

    // MARK: - Shortcuts

    /// Dispatches `application(_:performActionFor:completionHandler:)`.
    /// `completionHandler` is called exactly once: `true` if a service handled the item.
    open func application(
        _ application: UIApplication,
        performActionFor shortcutItem: UIApplicationShortcutItem,
        completionHandler: @escaping (Bool) -> Void
    ) {
        composite.performAction(
            for: ShortcutItem(shortcutItem),
            platform: platform(application, [.shortcutItem: shortcutItem])
        ) { handled in
            completionHandler(handled)
        }
    }

    // MARK: - User activity

    /// Dispatches `application(_:willContinueUserActivityWithType:)`: `true` if a service
    /// shows its own progress.
    open func application(
        _ application: UIApplication,
        willContinueUserActivityWithType userActivityType: String
    ) -> Bool {
        composite.willContinueUserActivity(type: userActivityType, platform: platform(application))
    }

    /// Dispatches `application(_:continue:restorationHandler:)`: `true` if a service
    /// handled the activity. `restorationHandler` is called at most once, with the
    /// restoring objects of every service.
    open func application(
        _ application: UIApplication,
        continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool {
        UserActivity.warnAboutDroppedUserInfo(of: userActivity, logger: composite.configuration.logger)
        return composite.continueUserActivity(
            UserActivity(userActivity),
            platform: platform(application, [.userActivity: userActivity])
        ) { objects in
            restorationHandler(objects.compactMap { $0 as? any UIUserActivityRestoring })
        }
    }

    /// Dispatches `application(_:didFailToContinueUserActivityWithType:error:)`.
    open func application(
        _ application: UIApplication,
        didFailToContinueUserActivityWithType userActivityType: String,
        error: any Error
    ) {
        composite.didFailToContinueUserActivity(type: userActivityType, error: error, platform: platform(application))
    }

    /// Dispatches `application(_:didUpdate:)`.
    open func application(_ application: UIApplication, didUpdate userActivity: NSUserActivity) {
        composite.didUpdateUserActivity(
            UserActivity(userActivity),
            platform: platform(application, [.userActivity: userActivity])
        )
    }

    // MARK: - Interface, extensions, CloudKit, intents

    /// Dispatches `application(_:supportedInterfaceOrientationsFor:)`: the intersection
    /// of the services' answers. For a window of a window scene (UIKit asks here for every
    /// window before iOS 27), the scene's own services answer too, with `context.scene` set,
    /// as the scene delegate's `supportedInterfaceOrientations(for:)` dispatches it from iOS
    /// 27. Without a handling service (UIKit then does not call it, unless a subclass
    /// overrides it), the Info.plist's orientations, read from the bundle:
    /// `UIApplication`'s `supportedInterfaceOrientations(for:)` would ask this method again.
    open func application(
        _ application: UIApplication,
        supportedInterfaceOrientationsFor window: UIWindow?
    ) -> UIInterfaceOrientationMask {
        let platform = platform(application, [.window: window])
        let mask =
            if let scene = window?.windowScene {
                composite.supportedInterfaceOrientations(for: SceneInfo(scene), window: window, platform: platform)
            } else {
                composite.supportedInterfaceOrientations(for: window, platform: platform)
            }
        return mask.map(UIInterfaceOrientationMask.init) ?? InfoPlistOrientations.mask()
    }

    /// Dispatches `application(_:shouldAllowExtensionPointIdentifier:)`: `false` if a
    /// service refuses the extension point.
    open func application(
        _ application: UIApplication,
        shouldAllowExtensionPointIdentifier extensionPointIdentifier: UIApplication.ExtensionPointIdentifier
    ) -> Bool {
        composite.shouldAllowExtensionPoint(
            ExtensionPointIdentifier(extensionPointIdentifier),
            platform: platform(application)
        )
    }

    /// Dispatches `application(_:userDidAcceptCloudKitShareWith:)`.
    open func application(
        _ application: UIApplication,
        userDidAcceptCloudKitShareWith cloudKitShareMetadata: CKShare.Metadata
    ) {
        composite.userDidAcceptCloudKitShare(
            CloudKitShareMetadata(cloudKitShareMetadata),
            platform: platform(application, [.cloudKitShareMetadata: cloudKitShareMetadata])
        )
    }

    /// Dispatches `application(_:handlerFor:)`: the first handler a service provides.
    open func application(_ application: UIApplication, handlerFor intent: INIntent) -> Any? {
        composite.handler(for: IntentRequest(intent), platform: platform(application, [.intent: intent]))
    }

    // MARK: - State restoration

    /// Dispatches `application(_:shouldSaveSecureApplicationState:)`: `true` if a service
    /// asks to save.
    open func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        composite.shouldSaveSecureApplicationState(coder: coder, platform: platform(application, [.coder: coder]))
    }

    /// Dispatches `application(_:shouldRestoreSecureApplicationState:)`: `true` if a
    /// service asks to restore.
    open func application(
        _ application: UIApplication,
        shouldRestoreSecureApplicationState coder: NSCoder
    ) -> Bool {
        composite.shouldRestoreSecureApplicationState(coder: coder, platform: platform(application, [.coder: coder]))
    }

    /// Dispatches `application(_:willEncodeRestorableStateWith:)`.
    open func application(_ application: UIApplication, willEncodeRestorableStateWith coder: NSCoder) {
        composite.willEncodeRestorableState(coder: coder, platform: platform(application, [.coder: coder]))
    }

    /// Dispatches `application(_:didDecodeRestorableStateWith:)`.
    open func application(_ application: UIApplication, didDecodeRestorableStateWith coder: NSCoder) {
        composite.didDecodeRestorableState(coder: coder, platform: platform(application, [.coder: coder]))
    }

    /// Dispatches `application(_:viewControllerWithRestorationIdentifierPath:coder:)`: the
    /// first view controller a service provides.
    open func application(
        _ application: UIApplication,
        viewControllerWithRestorationIdentifierPath identifierComponents: [String],
        coder: NSCoder
    ) -> UIViewController? {
        composite.viewController(
            restorationIdentifierPath: identifierComponents,
            coder: coder,
            platform: platform(application, [.coder: coder])
        ) as? UIViewController
    }

    // MARK: - Scenes

    /// Dispatches `application(_:configurationForConnecting:options:)`: the first
    /// configuration a service proposes, else the one UIKit prepared from the Info.plist.
    open func application(
        _ application: UIApplication,
        configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        let proposed = composite.configurationForConnecting(
            SceneSession(connectingSceneSession),
            options: SceneConnectionOptions(options),
            platform: platform(application, [.session: connectingSceneSession, .connectionOptions: options])
        )
        if let proposed, let name = proposed.unresolvedDelegateClassName {
            // UIKit fills a configuration it is given by name from the Info.plist's entry of
            // that name and role; one without a name, or with a name the Info.plist lacks,
            // gets no delegate class at all.
            let instead =
                proposed.name == nil
                ? "a configuration without a name takes nothing from the Info.plist, so the scene gets no delegate"
                : "UIKit takes the delegate class from the Info.plist's configuration of that name and role, and "
                    + "without one the scene gets no delegate"
            composite.configuration.logger.error(
                "The scene configuration \(proposed.name ?? "without a name") names the scene delegate class \(name), which is no class (a Swift class needs its module-qualified name, such as MyApp.SceneDelegate); \(instead). Give the class itself: SceneConfiguration(name:role:delegateClass:)."
            )
        }
        return proposed.map(UISceneConfiguration.init) ?? connectingSceneSession.configuration
    }

    /// Dispatches `application(_:didDiscardSceneSessions:)`.
    open func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {
        composite.didDiscardSceneSessions(
            Set(sceneSessions.map(SceneSession.init)),
            platform: platform(application, [.discardedSessions: sceneSessions])
        )
    }

    // MARK: - User notifications

    /// Dispatches `userNotificationCenter(_:willPresent:withCompletionHandler:)`.
    /// `completionHandler` is called exactly once, with the union of the options of the
    /// services that hear the notification (`[]`, hidden, when none does), on the main
    /// thread.
    ///
    /// The notification's user-info entries that are not property-list values are left out
    /// of its payload, with one warning naming them.
    nonisolated open func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        MainActorHop.run(handingOver: (center, notification)) { [self] delivered in
            let (center, notification) = delivered
            composite.willPresentNotification(
                userNotification(notification),
                platform: platform(center, notification: notification)
            ) { options in
                completionHandler(UNNotificationPresentationOptions(options))
            }
        }
    }

    /// Dispatches `userNotificationCenter(_:didReceive:withCompletionHandler:)`, with the
    /// response's target scene as `context.scene`. `completionHandler` is called exactly once,
    /// on the main thread: when every service that hears the notification has finished or at
    /// the deadline; for a response the services already received with a scene's connection
    /// options, when they have finished with that delivery.
    nonisolated open func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        MainActorHop.run(handingOver: (center, response)) { [self] delivered in
            let (center, response) = delivered
            UserNotification.warnAboutDroppedUserInfo(
                of: response.notification,
                logger: composite.configuration.logger
            )
            composite.didReceiveNotificationResponse(
                NotificationResponse(response),
                platform: platform(center, notification: response.notification, response: response)
            ) {
                completionHandler()
            }
        }
    }

    /// Dispatches `userNotificationCenter(_:openSettingsFor:)` to the services that hear
    /// `notification` (all of them when it is `nil`).
    nonisolated open func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        openSettingsFor notification: UNNotification?
    ) {
        MainActorHop.run(handingOver: (center, notification)) { [self] delivered in
            let (center, notification) = delivered
            composite.openSettings(
                for: notification.map(userNotification),
                platform: platform(center, notification: notification)
            )
        }
    }

    /// The platform-neutral form of `notification`, with one warning when user-info entries
    /// were left out.
    private func userNotification(_ notification: UNNotification) -> UserNotification {
        UserNotification.warnAboutDroppedUserInfo(of: notification, logger: composite.configuration.logger)
        return UserNotification(notification)
    }

    /// The raw objects of a notification callback: the application, the center, and the
    /// notification (with its raw user info) and response that are present; for a response
    /// with a target scene, that scene, its session and its window.
    private func platform(
        _ center: UNUserNotificationCenter,
        notification: UNNotification?,
        response: UNNotificationResponse? = nil
    ) -> PlatformObjects {
        // A tap's target scene, with its session and window, as a tap that connects the
        // scene comes with them: a service reads `context.uiKit.windowScene` either way.
        let scene = response?.targetScene
        return PlatformObjects(
            PlatformObjects.present([
                .application: UIApplication.shared,
                .userNotificationCenter: center,
                .userNotification: notification,
                .userInfo: notification?.request.content.userInfo,
                .notificationResponse: response,
                .scene: scene,
                .session: scene?.session,
                .window: (scene?.delegate as? ServiceOrientedSceneDelegate)?.window,
            ])
        )
    }

    // MARK: - PushKit

    #if PushKit
    /// Dispatches `pushRegistry(_:didUpdate:for:)` to the services that handle `type`.
    nonisolated open func pushRegistry(
        _ registry: PKPushRegistry,
        didUpdate pushCredentials: PKPushCredentials,
        for type: PKPushType
    ) {
        MainActorHop.run(handingOver: (registry, pushCredentials)) { [self] delivered in
            let (registry, credentials) = delivered
            composite.didUpdatePushCredentials(
                PushCredentials(token: credentials.token, type: PushType(type)),
                platform: platform(registry, credentials: credentials)
            )
        }
    }

    /// Dispatches `pushRegistry(_:didReceiveIncomingPushWith:for:completion:)` to the services
    /// that handle `type`, concurrently. `completion` is called exactly once, on the main
    /// thread: when every one of them has finished or at the deadline; at once when none
    /// handles `type`. For a VoIP push none reported an incoming call for, an error is logged
    /// first (see `VoIPPushHandling`).
    ///
    /// The payload's entries that are not property-list values are left out of the
    /// services' payload, with one warning naming them.
    nonisolated open func pushRegistry(
        _ registry: PKPushRegistry,
        didReceiveIncomingPushWith payload: PKPushPayload,
        for type: PKPushType,
        completion: @escaping @Sendable () -> Void
    ) {
        MainActorHop.run(handingOver: (registry, payload)) { [self] delivered in
            let (registry, payload) = delivered
            dispatchIncomingPush(
                payload,
                type: PushType(type),
                mustReport: true,
                platform: platform(registry, payload: payload),
                completion: completion
            )
        }
    }

    /// Dispatches an incoming push of `type`: the one path of PushKit's two incoming-push
    /// methods.
    func dispatchIncomingPush(
        _ payload: PKPushPayload,
        type: PushType,
        mustReport: Bool,
        platform: PlatformObjects,
        completion: @escaping @Sendable () -> Void
    ) {
        PushPayload.warnAboutDroppedEntries(of: payload, logger: composite.configuration.logger)
        var converted = PushPayload(payload)
        converted.type = type
        converted.mustReport = mustReport
        composite.didReceiveIncomingPush(converted, platform: platform) { _ in completion() }
    }

    /// Dispatches `pushRegistry(_:didInvalidatePushTokenFor:)` to the services that handle
    /// `type`.
    nonisolated open func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType) {
        MainActorHop.run(handingOver: registry) { [self] registry in
            composite.didInvalidatePushToken(for: PushType(type), platform: platform(registry))
        }
    }

    /// The raw objects of a PushKit callback: the registry, and the payload, credentials or
    /// VoIP metadata that are present.
    func platform(
        _ registry: PKPushRegistry,
        payload: PKPushPayload? = nil,
        credentials: PKPushCredentials? = nil,
        metadata: AnyObject? = nil
    ) -> PlatformObjects {
        var objects: [PlatformObjects.Key: Any] = [.pushRegistry: registry]
        objects[.pushPayload] = payload
        objects[.pushCredentials] = credentials
        objects[.voIPPushMetadata] = metadata
        return PlatformObjects(objects)
    }
    #endif
}
