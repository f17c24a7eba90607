public import AppServices
import Logging

#if canImport(AppKit)
public import AppKit
#else
public import AppServicesAppKitShim
#endif

/// A macOS application delegate that is a thin host for services: every AppKit callback it
/// forwards goes to a `ServiceComposite` and from there to each service that handles it.
///
/// ```swift
/// @main
/// final class AppDelegate: ServiceOrientedApplicationDelegate {
///     override func makeServices() -> [any AppService] { [LoggingService(), SyncService()] }
/// }
/// ```
///
/// Launch, becoming and resigning active and termination reach `LaunchHandling` and
/// `ApplicationStateHandling`, as on iOS; the macOS-only callbacks reach
/// `DesktopApplicationHandling`; URLs reach `URLOpenHandling` one at a time.
///
/// **Termination.** `applicationShouldTerminate(_:)` asks every service: one
/// `TerminationReply/cancel` keeps the application running; otherwise, if a service asked
/// for time (`TerminationReply/later(_:)`), AppKit hears `.terminateLater` and then,
/// exactly once, `reply(toApplicationShouldTerminate:)` with whether every such service
/// agreed, when all have finished or at the deadline; otherwise `.terminateNow`. A Mac
/// application has no background time, so background work services began
/// (`beginBackgroundWork`) is waited for there too, up to the termination deadline, before
/// AppKit hears that it may quit.
///
/// **What it claims.** Launch, becoming and resigning active and termination always, and
/// every callback the subclass overrides; the other callbacks only when a registered
/// service handles them, so that, for example,
/// AppKit keeps opening documents itself unless a service opens URLs.
///
/// **Notifications.** AppKit posts `NSApplication` notifications, not the UIKit-named ones
/// `LifecycleMediator` observes, so the composite posts those as configured.
///
/// **Overrides.** A subclass that overrides a delegate method this class implements calls
/// `super`: without it no service hears the callback (an `applicationDidFinishLaunching(_:)`
/// without `super` runs no launch and no launch plan). The application makes its delegate
/// as a Mac app does: the main nib names the subclass; without one, a `main.swift` makes
/// it, keeps it and sets it as `NSApplication.shared.delegate` before running the
/// application; a SwiftUI app names it with `@NSApplicationDelegateAdaptor` on its `App`.
@MainActor
open class ServiceOrientedApplicationDelegate: NSObject, NSApplicationDelegate {
    private var builtComposite: ServiceComposite?

    /// Creates the delegate.
    public override init() {
        super.init()
    }

    // MARK: - The composite

    /// The composite every callback goes to, made by `makeComposite()` on first use.
    public var composite: ServiceComposite {
        if let builtComposite { return builtComposite }
        let made = makeComposite()
        builtComposite = made
        return made
    }

    /// The application's services, in registration order. Override it; it is called once.
    open func makeServices() -> [any AppService] {
        []
    }

    /// The composite's configuration: logger, clock, deadlines. Override it to change
    /// them; it is called once.
    open func makeConfiguration() -> ServiceComposite.Configuration {
        ServiceComposite.Configuration()
    }

    /// The launch plan the composite runs through the application's callbacks; `nil` (the
    /// default) for none. Override it; it is called once, after `makeServices()`.
    ///
    /// - Throws: Whatever makes the plan impossible. It is reported with the composite's
    ///   validation: the first callback stops with the full report, one line per problem.
    open func makeLaunchPlan() throws -> LaunchPlan? {
        nil
    }

    /// Makes the composite from `makeServices()`, `makeConfiguration()` and
    /// `makeLaunchPlan()`; called once. Override it to change the composite
    /// `super.makeComposite()` returns.
    open func makeComposite() -> ServiceComposite {
        ServiceComposite.hosted(makeServices(), configuration: makeConfiguration(), launchPlan: makeLaunchPlan)
    }

    /// Whether AppKit should call the method `aSelector` names.
    ///
    /// For a callback this class forwards: `true` for launch, becoming and resigning active
    /// and termination; for the others, only when a registered service handles it. Any
    /// other selector is answered by `NSObject`.
    nonisolated open override func responds(to aSelector: Selector!) -> Bool {
        guard let aSelector,
            let claimed = SelectorClaim.claims(
                NSStringFromSelector(aSelector),
                in: AppKitSelectors.applicationDelegate,
                isOverridden: { name in
                    let selector = Selector(name)
                    return type(of: self).instanceMethod(for: selector)
                        != ServiceOrientedApplicationDelegate.instanceMethod(for: selector)
                },
                composite: { self.composite }
            )
        else { return super.responds(to: aSelector) }
        return claimed
    }

    /// The raw objects of a notification callback: the notification and its application.
    private func platform(_ notification: Notification) -> PlatformObjects {
        var objects: [PlatformObjects.Key: Any] = [.notification: notification]
        objects[.application] = notification.object as? NSApplication
        return PlatformObjects(objects)
    }

    /// The raw objects of a callback that names the application.
    private func platform(_ application: NSApplication, _ values: [PlatformObjects.Key: Any] = [:]) -> PlatformObjects {
        PlatformObjects(values.merging([.application: application]) { _, application in application })
    }

    // MARK: - Launch and state

    /// Dispatches `applicationWillFinishLaunching(_:)` as `willFinishLaunching`.
    open func applicationWillFinishLaunching(_ notification: Notification) {
        _ = composite.willFinishLaunching(LaunchOptions(), platform: platform(notification))
        warnAboutNotificationServices()
    }

    /// Warns about each `UserNotificationHandling` service: this delegate is not the
    /// notification center's, and installs no center, so on the Mac such a service (shared
    /// with an iOS target) hears no notification, its categories are not registered, and
    /// `requestNotificationAuthorization()` asks nobody and answers not granted.
    private func warnAboutNotificationServices() {
        for service in composite.handlingServices(for: .didReceiveNotificationResponse) {
            composite.configuration.logger.warning(
                """
                \(type(of: service)) handles user notifications, which ServiceOrientedApplicationDelegate does not \
                deliver on the Mac: it is not UNUserNotificationCenter's delegate and installs no notification \
                center, so the service hears no notification, its categories are not registered, and \
                requestNotificationAuthorization() answers not granted without asking. Make an object of yours the \
                center's delegate and handle the Mac's notifications there.
                """
            )
        }
    }

    /// Dispatches `applicationDidFinishLaunching(_:)` as `didFinishLaunching`, which also
    /// runs the launch plan's work that must finish before launch returns. The launch's first
    /// frame is reported after the main queue's next turn, when AppKit has drawn the windows
    /// (or the status item of an agent application), whether or not the application became
    /// active: an agent application, one opened in the background or a login item is not.
    open func applicationDidFinishLaunching(_ notification: Notification) {
        _ = composite.didFinishLaunching(LaunchOptions(), platform: platform(notification))
        composite.reportFirstFrameAfterMainQueueTurn()
    }

    /// Dispatches `applicationWillBecomeActive(_:)`.
    open func applicationWillBecomeActive(_ notification: Notification) {
        composite.willBecomeActive(platform: platform(notification))
    }

    /// Dispatches `applicationDidBecomeActive(_:)`.
    open func applicationDidBecomeActive(_ notification: Notification) {
        composite.didBecomeActive(platform: platform(notification))
    }

    /// Dispatches `applicationWillResignActive(_:)`.
    open func applicationWillResignActive(_ notification: Notification) {
        composite.willResignActive(platform: platform(notification))
    }

    /// Dispatches `applicationDidResignActive(_:)`.
    open func applicationDidResignActive(_ notification: Notification) {
        composite.didResignActive(platform: platform(notification))
    }

    /// Dispatches `applicationWillHide(_:)`.
    open func applicationWillHide(_ notification: Notification) {
        composite.willHide(platform: platform(notification))
    }

    /// Dispatches `applicationDidHide(_:)`.
    open func applicationDidHide(_ notification: Notification) {
        composite.didHide(platform: platform(notification))
    }

    /// Dispatches `applicationWillUnhide(_:)`.
    open func applicationWillUnhide(_ notification: Notification) {
        composite.willUnhide(platform: platform(notification))
    }

    /// Dispatches `applicationDidUnhide(_:)`.
    open func applicationDidUnhide(_ notification: Notification) {
        composite.didUnhide(platform: platform(notification))
    }

    /// Dispatches `applicationWillTerminate(_:)`.
    open func applicationWillTerminate(_ notification: Notification) {
        composite.willTerminate(platform: platform(notification))
    }

    // MARK: - Termination

    /// Dispatches `applicationShouldTerminate(_:)` and merges the answers: cancel beats
    /// later beats now. For `.terminateLater`, `sender` hears
    /// `reply(toApplicationShouldTerminate:)` exactly once, after this returns.
    ///
    /// A Mac application has no background time: the background work services began
    /// (`beginBackgroundWork`) would end with the process. When it is to quit while such work
    /// runs, the answer is `.terminateLater`, and the reply comes once the work has finished,
    /// or at the composite's `Deadlines.termination` counted from AppKit's request (the time
    /// services asked for included), when what still runs is cancelled and logged
    /// (`finishBackgroundWork(within:)`).
    open func applicationShouldTerminate(_ sender: NSApplication) -> NSApplication.TerminateReply {
        let composite = self.composite
        let configuration = composite.configuration
        let remaining = Self.countdown(configuration.clock, from: configuration.deadlines.termination)
        let decision = composite.shouldTerminate(platform: platform(sender)) { shouldTerminate in
            Self.reply(shouldTerminate, to: sender, after: composite, within: remaining)
        }
        if case .now = decision, !composite.runningBackgroundWork.isEmpty {
            Self.reply(true, to: sender, after: composite, within: remaining)  // after this returns: a task
            return .terminateLater
        }
        return NSApplication.TerminateReply(decision)
    }

    /// What is left of `budget`, counted on `clock` from now, each time it is called.
    private static func countdown<C: Clock<Duration>>(_ clock: C, from budget: Duration) -> @Sendable () -> Duration {
        let start = clock.now
        return { max(.zero, budget - start.duration(to: clock.now)) }
    }

    /// Replies `quit` to `sender`: to quit, once `composite`'s background work has finished
    /// or been cut off when `remaining` has no time left, from a task; at once otherwise.
    private static func reply(
        _ quit: Bool,
        to sender: NSApplication,
        after composite: ServiceComposite,
        within remaining: @escaping @Sendable () -> Duration
    ) {
        guard quit, !composite.runningBackgroundWork.isEmpty else {
            return sender.reply(toApplicationShouldTerminate: quit)
        }
        Task { @MainActor in
            _ = await composite.finishBackgroundWork(within: remaining())
            sender.reply(toApplicationShouldTerminate: true)
        }
    }

    /// Dispatches `applicationShouldTerminateAfterLastWindowClosed(_:)`: `true` if a
    /// service asks to quit; AppKit's default, `false`, otherwise.
    open func applicationShouldTerminateAfterLastWindowClosed(_ sender: NSApplication) -> Bool {
        composite.shouldTerminateAfterLastWindowClosed(platform: platform(sender)) ?? false
    }

    /// Dispatches `applicationShouldHandleReopen(_:hasVisibleWindows:)`: `false` if a
    /// service handled the reopen itself.
    open func applicationShouldHandleReopen(_ sender: NSApplication, hasVisibleWindows flag: Bool) -> Bool {
        composite.shouldHandleReopen(hasVisibleWindows: flag, platform: platform(sender))
    }

    /// Dispatches `applicationSupportsSecureRestorableState(_:)`: `false` if a service
    /// says so; `true`, AppKit's default since the macOS 14 SDK, otherwise.
    open func applicationSupportsSecureRestorableState(_ app: NSApplication) -> Bool {
        composite.supportsSecureRestorableState(platform: platform(app)) ?? true
    }

    // MARK: - URLs, notifications, activities

    /// Dispatches each URL of `application(_:open:)` to `URLOpenHandling`, in order.
    open func application(_ application: NSApplication, open urls: [URL]) {
        for url in urls {
            _ = composite.open(url, platform: platform(application))
        }
    }

    /// Dispatches `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`.
    open func application(
        _ application: NSApplication,
        didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
    ) {
        composite.didRegisterForRemoteNotifications(deviceToken: deviceToken, platform: platform(application))
    }

    /// Dispatches `application(_:didFailToRegisterForRemoteNotificationsWithError:)`.
    open func application(
        _ application: NSApplication,
        didFailToRegisterForRemoteNotificationsWithError error: any Error
    ) {
        composite.didFailToRegisterForRemoteNotifications(error: error, platform: platform(application))
    }

    /// Dispatches `application(_:didReceiveRemoteNotification:)` to
    /// `RemoteNotificationHandling`; AppKit takes no fetch result. The services' work is
    /// still cancelled at the composite's `remoteNotification` deadline (25 s by default),
    /// although AppKit waits for nothing: run longer work (a sync after a push) with
    /// `context.beginBackgroundWork`, which the delegate waits for when the application quits.
    open func application(_ application: NSApplication, didReceiveRemoteNotification userInfo: [String: Any]) {
        composite.didReceiveRemoteNotification(
            RemoteNotification(userInfo: UserInfo(propertyList: userInfo)),
            platform: platform(application, [.userInfo: userInfo])
        ) { _ in }
    }

    /// Dispatches `application(_:willContinueUserActivityWithType:)`: `true` if a service
    /// shows its own progress.
    open func application(
        _ application: NSApplication,
        willContinueUserActivityWithType userActivityType: String
    ) -> Bool {
        composite.willContinueUserActivity(type: userActivityType, platform: platform(application))
    }

    /// Dispatches `application(_:continue:restorationHandler:)`: `true` if a service
    /// handled the activity. `restorationHandler` is called at most once, with the
    /// restoring objects of every service.
    open func application(
        _ application: NSApplication,
        continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any NSUserActivityRestoring]) -> Void
    ) -> Bool {
        // Logs one warning naming the activity and the user-info entries the conversion
        // leaves out (a `UUID` token, a `URL`), if any: a service reads them from the raw one.
        if let userInfo = userActivity.userInfo {
            PropertyListCheck.warnAboutDroppedEntries(
                of: userInfo,
                in: "User activity \(userActivity.activityType)",
                rawIn: "the raw activity is in context.appKit.userActivity",
                logger: composite.configuration.logger
            )
        }
        return composite.continueUserActivity(
            UserActivity(platformActivity: userActivity),
            platform: platform(application, [.userActivity: userActivity])
        ) { objects in
            restorationHandler(objects.compactMap { $0 as? any NSUserActivityRestoring })
        }
    }

    /// Dispatches `application(_:didFailToContinueUserActivityWithType:error:)`, which AppKit
    /// sends instead of `application(_:continue:restorationHandler:)` after a
    /// `willContinueUserActivityWithType` whose activity it could not continue.
    open func application(
        _ application: NSApplication,
        didFailToContinueUserActivityWithType userActivityType: String,
        error: any Error
    ) {
        composite.didFailToContinueUserActivity(type: userActivityType, error: error, platform: platform(application))
    }

    /// Dispatches `application(_:didUpdate:)`.
    open func application(_ application: NSApplication, didUpdate userActivity: NSUserActivity) {
        composite.didUpdateUserActivity(
            UserActivity(platformActivity: userActivity),
            platform: platform(application, [.userActivity: userActivity])
        )
    }
}

extension NSApplication.TerminateReply {
    /// AppKit's reply for the composite's merged decision.
    public init(_ decision: ServiceComposite.TerminationDecision) {
        switch decision {
        case .now: self = .terminateNow
        case .cancel: self = .terminateCancel
        case .later: self = .terminateLater
        }
    }
}

extension UserActivity {
    /// The platform-neutral form of an AppKit user activity.
    init(platformActivity activity: NSUserActivity) {
        self.init(
            activityType: activity.activityType,
            title: activity.title,
            webpageURL: activity.webpageURL,
            targetContentIdentifier: activity.targetContentIdentifier,
            userInfo: UserInfo(propertyList: activity.userInfo ?? [:])
        )
    }
}
