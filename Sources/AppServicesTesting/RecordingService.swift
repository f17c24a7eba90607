public import AppServices
public import Foundation

/// One callback a ``RecordingService`` received.
public struct RecordedCall: Sendable, Hashable, CustomStringConvertible {
    /// The receiving service's type name.
    public let service: String
    /// The callback.
    public let callback: AppCallback
    /// The scene identifier, for callbacks that came through a scene.
    public let scene: String?
    /// The payload, rendered as text (a URL, a token in hex, an activity type, ...).
    public let detail: String?

    /// Creates a record.
    public init(service: String, callback: AppCallback, scene: String? = nil, detail: String? = nil) {
        self.service = service
        self.callback = callback
        self.scene = scene
        self.detail = detail
    }

    /// `Service.callback[scene](detail)`.
    public var description: String {
        "\(service).\(callback)" + (scene.map { "[\($0)]" } ?? "") + (detail.map { "(\($0))" } ?? "")
    }
}

/// A shared, ordered record of the callbacks several services received, so a test can
/// check the global order.
@MainActor
public final class CallJournal {
    /// Every call, in the order received.
    public private(set) var calls: [RecordedCall] = []

    /// Creates an empty journal.
    public init() {}

    /// Appends a call.
    public func append(_ call: RecordedCall) { calls.append(call) }

    /// The calls of one callback, in order.
    public func calls(of callback: AppCallback) -> [RecordedCall] { calls.filter { $0.callback == callback } }

    /// The services that received `callback`, in order.
    public func services(receiving callback: AppCallback) -> [String] { calls(of: callback).map(\.service) }

    /// Forgets every call.
    public func clear() { calls.removeAll() }
}

/// A service that handles every callback, records what it receives, and answers with
/// values a test sets.
///
/// A composite holds one service per type, so subclass it for several recorders:
///
/// ```swift
/// final class First: RecordingService {}
/// final class Second: RecordingService {}
///
/// let journal = CallJournal()
/// let composite = ServiceComposite([First(journal: journal), Second(journal: journal)])
/// composite.didBecomeActive()
/// #expect(journal.services(receiving: .didBecomeActive) == ["First", "Second"])
/// ```
@MainActor
open class RecordingService: AppService, LaunchHandling, ApplicationStateHandling, SystemEventHandling,
    HealthAuthorizationHandling, KeyCommandLocalizationHandling, URLOpenHandling,
    RemoteNotificationRegistrationHandling, RemoteNotificationHandling, BackgroundFetchHandling,
    BackgroundURLSessionHandling, WatchKitRequestHandling, ShortcutItemHandling, UserActivityHandling,
    InterfaceOrientationHandling, ExtensionPointHandling, CloudKitShareHandling, IntentHandling,
    StateRestorationHandling, SceneSessionHandling, SceneHandling, DesktopApplicationHandling
{
    /// The answers this service gives; each defaults to the neutral answer of its merge.
    public struct Answers {
        /// will/didFinishLaunching.
        public var launch = true
        /// open URL.
        public var openURL = false
        /// Silent remote notifications.
        public var remoteNotification = BackgroundFetchResult.noData
        /// Background fetch.
        public var backgroundFetch = BackgroundFetchResult.noData
        /// Quick actions.
        public var shortcutItem = false
        /// WatchKit requests.
        public var watchKitReply: UserInfo? = nil
        /// willContinueUserActivity.
        public var willContinueUserActivity = false
        /// continue user activity.
        public var continueUserActivity = UserActivityContinuation.notHandled
        /// Supported interface orientations.
        public var interfaceOrientations = InterfaceOrientationMask.all
        /// shouldAllowExtensionPointIdentifier.
        public var allowsExtensionPoint = true
        /// handlerForIntent.
        public var intentHandler: Any? = nil
        /// shouldSaveSecureApplicationState.
        public var shouldSaveState = false
        /// shouldRestoreSecureApplicationState.
        public var shouldRestoreState = false
        /// viewControllerWithRestorationIdentifierPath.
        public var restorationViewController: AnyObject? = nil
        /// configurationForConnecting.
        public var sceneConfiguration: SceneConfiguration? = nil
        /// stateRestorationActivity(for:).
        public var stateRestorationActivity: UserActivity? = nil
        /// applicationShouldAutomaticallyLocalizeKeyCommands.
        public var localizesKeyCommands = true
        /// applicationShouldTerminate (AppKit).
        public var termination = TerminationReply.now
        /// applicationShouldTerminateAfterLastWindowClosed (AppKit).
        public var terminatesAfterLastWindowClosed = false
        /// applicationShouldHandleReopen (AppKit).
        public var handlesReopen = true
        /// applicationSupportsSecureRestorableState (AppKit).
        public var supportsSecureRestorableState = true

        /// The neutral answers.
        public init() {}
    }

    /// What this service answers.
    public var answers = Answers()
    /// The calls this service received, in order.
    public private(set) var calls: [RecordedCall] = []
    /// A journal shared with other recorders, if any.
    public let journal: CallJournal?

    /// The services this one depends on; override in a subclass to test ordering.
    open class var dependencies: [any AppService.Type] { [] }

    /// Creates a recorder, optionally writing into a shared journal too.
    public init(journal: CallJournal? = nil) {
        self.journal = journal
    }

    /// The callbacks received, in order.
    public var callbacks: [AppCallback] { calls.map(\.callback) }

    /// Records one call; subclasses that override a member call this to keep the record.
    public func record(_ callback: AppCallback, _ context: AppContext, _ detail: String? = nil) {
        let call = RecordedCall(
            service: String(describing: type(of: self)),
            callback: callback,
            scene: context.scene?.identifier,
            detail: detail
        )
        calls.append(call)
        journal?.append(call)
    }

    // MARK: Launch and state

    open func application(_ context: AppContext, willFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        record(.willFinishLaunching, context, options.launchedInBackground ? "background" : nil)
        return answers.launch
    }

    open func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        record(.didFinishLaunching, context, options.launchedInBackground ? "background" : nil)
        return answers.launch
    }

    open func applicationDidBecomeActive(_ context: AppContext) { record(.didBecomeActive, context) }
    open func applicationWillResignActive(_ context: AppContext) { record(.willResignActive, context) }
    open func applicationDidEnterBackground(_ context: AppContext) { record(.didEnterBackground, context) }
    open func applicationWillEnterForeground(_ context: AppContext) { record(.willEnterForeground, context) }
    open func applicationWillTerminate(_ context: AppContext) { record(.willTerminate, context) }
    open func applicationDidReceiveMemoryWarning(_ context: AppContext) { record(.didReceiveMemoryWarning, context) }
    open func applicationSignificantTimeChange(_ context: AppContext) { record(.significantTimeChange, context) }
    open func applicationProtectedDataWillBecomeUnavailable(_ context: AppContext) {
        record(.protectedDataWillBecomeUnavailable, context)
    }
    open func applicationProtectedDataDidBecomeAvailable(_ context: AppContext) {
        record(.protectedDataDidBecomeAvailable, context)
    }
    open func applicationShouldRequestHealthAuthorization(_ context: AppContext) {
        record(.shouldRequestHealthAuthorization, context)
    }
    open func applicationShouldAutomaticallyLocalizeKeyCommands(_ context: AppContext) -> Bool {
        record(.shouldAutomaticallyLocalizeKeyCommands, context)
        return answers.localizesKeyCommands
    }

    // MARK: URLs and notifications

    open func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        record(.openURL, context, url.absoluteString)
        return answers.openURL
    }

    open func application(_ context: AppContext, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        record(.didRegisterForRemoteNotifications, context, deviceToken.map { String(format: "%02x", $0) }.joined())
    }

    open func application(_ context: AppContext, didFailToRegisterForRemoteNotificationsWithError error: any Error) {
        record(.didFailToRegisterForRemoteNotifications, context, "\(error)")
    }

    open func application(
        _ context: AppContext,
        didReceiveRemoteNotification notification: RemoteNotification
    ) async throws -> BackgroundFetchResult {
        record(.didReceiveRemoteNotification, context, notification.userInfo.keys.sorted().joined(separator: ","))
        return answers.remoteNotification
    }

    open func applicationPerformFetch(_ context: AppContext) async throws -> BackgroundFetchResult {
        record(.performFetch, context)
        return answers.backgroundFetch
    }

    open func application(_ context: AppContext, handleEventsForBackgroundURLSession identifier: String) async throws {
        record(.handleEventsForBackgroundURLSession, context, identifier)
    }

    open func application(
        _ context: AppContext,
        handleWatchKitExtensionRequest userInfo: UserInfo?
    ) async throws -> UserInfo? {
        record(.handleWatchKitExtensionRequest, context, userInfo.map { $0.keys.sorted().joined(separator: ",") })
        return answers.watchKitReply
    }

    open func application(_ context: AppContext, performActionFor shortcutItem: ShortcutItem) async throws -> Bool {
        record(.performActionForShortcutItem, context, shortcutItem.type)
        return answers.shortcutItem
    }

    // MARK: User activities

    open func application(_ context: AppContext, willContinueUserActivityWithType userActivityType: String) -> Bool {
        record(.willContinueUserActivity, context, userActivityType)
        return answers.willContinueUserActivity
    }

    open func application(_ context: AppContext, continue userActivity: UserActivity) -> UserActivityContinuation {
        record(.continueUserActivity, context, userActivity.activityType)
        return answers.continueUserActivity
    }

    open func application(
        _ context: AppContext,
        didFailToContinueUserActivityWithType userActivityType: String,
        error: any Error
    ) {
        record(.didFailToContinueUserActivity, context, userActivityType)
    }

    open func application(_ context: AppContext, didUpdate userActivity: UserActivity) {
        record(.didUpdateUserActivity, context, userActivity.activityType)
    }

    // MARK: Interface, extensions, CloudKit, intents

    open func application(
        _ context: AppContext,
        supportedInterfaceOrientationsFor window: AnyObject?
    ) -> InterfaceOrientationMask {
        record(.supportedInterfaceOrientations, context)
        return answers.interfaceOrientations
    }

    open func application(
        _ context: AppContext,
        shouldAllowExtensionPointIdentifier extensionPointIdentifier: ExtensionPointIdentifier
    ) -> Bool {
        record(.shouldAllowExtensionPointIdentifier, context, extensionPointIdentifier.rawValue)
        return answers.allowsExtensionPoint
    }

    open func application(_ context: AppContext, userDidAcceptCloudKitShareWith metadata: CloudKitShareMetadata) {
        record(.userDidAcceptCloudKitShare, context, metadata.containerIdentifier)
    }

    open func application(_ context: AppContext, handlerFor intent: IntentRequest) -> Any? {
        record(.handlerForIntent, context, intent.intentName)
        return answers.intentHandler
    }

    // MARK: State restoration

    open func application(_ context: AppContext, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        record(.shouldSaveSecureApplicationState, context)
        return answers.shouldSaveState
    }

    open func application(_ context: AppContext, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        record(.shouldRestoreSecureApplicationState, context)
        return answers.shouldRestoreState
    }

    open func application(_ context: AppContext, willEncodeRestorableStateWith coder: NSCoder) {
        record(.willEncodeRestorableState, context)
    }

    open func application(_ context: AppContext, didDecodeRestorableStateWith coder: NSCoder) {
        record(.didDecodeRestorableState, context)
    }

    open func application(
        _ context: AppContext,
        viewControllerWithRestorationIdentifierPath identifierComponents: [String],
        coder: NSCoder
    ) -> AnyObject? {
        record(.viewControllerWithRestorationIdentifierPath, context, identifierComponents.joined(separator: "/"))
        return answers.restorationViewController
    }

    // MARK: Scenes

    open func application(
        _ context: AppContext,
        configurationForConnecting session: SceneSession,
        options: SceneConnectionOptions
    ) -> SceneConfiguration? {
        record(.configurationForConnecting, context, session.persistentIdentifier)
        return answers.sceneConfiguration
    }

    open func application(_ context: AppContext, didDiscardSceneSessions sessions: Set<SceneSession>) {
        record(.didDiscardSceneSessions, context, sessions.map(\.persistentIdentifier).sorted().joined(separator: ","))
    }

    open func scene(_ context: AppContext, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
        record(.sceneWillConnect, context)
    }

    open func sceneDidDisconnect(_ context: AppContext) { record(.sceneDidDisconnect, context) }
    open func sceneDidBecomeActive(_ context: AppContext) { record(.sceneDidBecomeActive, context) }
    open func sceneWillResignActive(_ context: AppContext) { record(.sceneWillResignActive, context) }
    open func sceneWillEnterForeground(_ context: AppContext) { record(.sceneWillEnterForeground, context) }
    open func sceneDidEnterBackground(_ context: AppContext) { record(.sceneDidEnterBackground, context) }

    open func stateRestorationActivity(for context: AppContext) -> UserActivity? {
        record(.stateRestorationActivity, context)
        return answers.stateRestorationActivity
    }

    open func scene(_ context: AppContext, restoreInteractionStateWith stateRestorationActivity: UserActivity) {
        record(.restoreInteractionState, context, stateRestorationActivity.activityType)
    }

    open func windowScene(_ context: AppContext, didUpdate previous: WindowSceneGeometryChange) {
        record(.windowSceneDidUpdateGeometry, context, "\(previous.previousInterfaceOrientation)")
    }

    // MARK: AppKit

    open func applicationWillBecomeActive(_ context: AppContext) { record(.willBecomeActive, context) }
    open func applicationDidResignActive(_ context: AppContext) { record(.didResignActive, context) }
    open func applicationWillHide(_ context: AppContext) { record(.willHide, context) }
    open func applicationDidHide(_ context: AppContext) { record(.didHide, context) }
    open func applicationWillUnhide(_ context: AppContext) { record(.willUnhide, context) }
    open func applicationDidUnhide(_ context: AppContext) { record(.didUnhide, context) }

    open func applicationShouldTerminate(_ context: AppContext) -> TerminationReply {
        record(.shouldTerminate, context)
        return answers.termination
    }

    open func applicationShouldTerminateAfterLastWindowClosed(_ context: AppContext) -> Bool {
        record(.shouldTerminateAfterLastWindowClosed, context)
        return answers.terminatesAfterLastWindowClosed
    }

    open func applicationShouldHandleReopen(_ context: AppContext, hasVisibleWindows: Bool) -> Bool {
        record(.shouldHandleReopen, context, "\(hasVisibleWindows)")
        return answers.handlesReopen
    }

    open func applicationSupportsSecureRestorableState(_ context: AppContext) -> Bool {
        record(.supportsSecureRestorableState, context)
        return answers.supportsSecureRestorableState
    }
}
