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
///
/// Registered as an application-wide service, it is also where every
/// ``RecordingSceneService`` writes: it handles no callback itself.
@MainActor
public final class CallJournal: AppService {
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

    /// The calls that came through `scene`, in order.
    public func calls(in scene: SceneInfo) -> [RecordedCall] { calls.filter { $0.scene == scene.identifier } }

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
    StateRestorationHandling, SceneSessionHandling, SceneHandling, DesktopApplicationHandling,
    UserNotificationHandling, BackgroundTaskHandling, CarPlayHandling,
    VoIPPushHandling, CallHandling, SessionHandling, GateHandling
{
    /// How a run of a background task a recorder declares ends.
    public enum BackgroundTaskAnswer: Sendable, Hashable {
        /// The work returns: the run succeeds.
        case succeed
        /// The work throws: the run fails.
        case fail
        /// The work goes on until it is cancelled (the system expired the task), then
        /// throws `CancellationError`.
        case runUntilCancelled
    }

    /// The error the work of a background task throws with ``BackgroundTaskAnswer/fail``.
    public struct BackgroundTaskFailure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The task's identifier.
        public let identifier: String

        /// What failed, naming the task, to read inside a log line.
        public var description: String {
            "background task \(identifier) failed, as the recording service's answers asked"
        }
    }

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
        /// userNotificationCenter(_:willPresent:): how to show a notification in the
        /// foreground; `[]` adds nothing to the other services' options.
        public var notificationPresentation: NotificationPresentationOptions = []
        /// How each run of a background task this service declares ends.
        public var backgroundTask = BackgroundTaskAnswer.succeed
        /// pushRegistry(_:didReceiveIncomingPushWith:): whether this service reported an
        /// incoming call to CallKit for the push.
        public var incomingPush = VoIPCallReport.noCall
        /// provider(_:perform:): what this service answers for a CallKit action.
        public var callAction = CallAction.Answer.notMine

        /// The neutral answers.
        public init() {}
    }

    /// What this service answers.
    public var answers = Answers()
    /// The calls this service received, in order.
    public private(set) var calls: [RecordedCall] = []
    /// A journal shared with other recorders, if any.
    public let journal: CallJournal?
    /// The categories of the notifications this service hears; `nil` (the default) for
    /// every notification.
    open var notificationCategories: Set<String>? = nil
    /// The notification categories this service defines, registered before launch returns
    /// (a dismissal reaches services only for one with `customDismissAction`); none by
    /// default.
    open var definedNotificationCategories: [NotificationCategory] = []
    /// The user-activity types this service continues, which SwiftUI scenes register;
    /// none by default.
    open var userActivityTypes: Set<String> = []
    /// The background tasks this service declares, in order; none by default. The composite
    /// reads them once, when it is sealed, so set them before. Each run is
    /// ``runBackgroundTask(_:_:)``.
    public var declaredTasks: [(identifier: String, kind: BackgroundTaskKind)] = []
    /// The PushKit push types this service handles; VoIP pushes only by default. The UIKit
    /// adapter reads them when it creates its push registry, at launch, so set them before.
    open var voIPPushTypes: Set<PushType> = [.voIP]

    /// The services this one depends on; override in a subclass to test ordering.
    open class var dependencies: [any AppService.Type] { [] }

    /// Creates a recorder, optionally writing into a shared journal too.
    public init(journal: CallJournal? = nil) {
        self.journal = journal
    }

    /// The callbacks received, in order.
    public var callbacks: [AppCallback] { calls.map(\.callback) }

    /// The calls received through `scene`, in order.
    public func calls(in scene: SceneInfo) -> [RecordedCall] { calls.filter { $0.scene == scene.identifier } }

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
    open func applicationSystemPrefersReducedResourceUsageDidChange(
        _ context: AppContext,
        prefersReducedResourceUsage: Bool
    ) {
        record(.systemPrefersReducedResourceUsageDidChange, context, "\(prefersReducedResourceUsage)")
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
        // The application's form, or from iOS 27 a window scene's.
        record(context.callback ?? .supportedInterfaceOrientations, context)
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
        // The deprecated form, or from iOS 26 the effective geometry's.
        record(context.callback ?? .windowSceneDidUpdateGeometry, context, "\(previous.previousInterfaceOrientation)")
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

    // MARK: User notifications

    /// Records `willPresentNotification` with the notification's identifier, and answers
    /// `answers.notificationPresentation`.
    open func userNotificationCenter(
        _ context: AppContext,
        willPresent notification: UserNotification
    ) async -> NotificationPresentationOptions {
        record(.willPresentNotification, context, notification.identifier)
        return answers.notificationPresentation
    }

    /// Records `didReceiveNotificationResponse` with the notification's identifier and the
    /// action: `m1 open`, `m1 dismiss`, `m1 reply` or, with typed text, `m1 reply: On my way`.
    /// The scene is the response's target scene.
    open func userNotificationCenter(_ context: AppContext, didReceive response: NotificationResponse) async throws {
        let action: String
        switch response.action {
        case .open: action = "open"
        case .dismiss: action = "dismiss"
        case .custom(let identifier, let text): action = identifier + (text.map { ": \($0)" } ?? "")
        }
        record(.didReceiveNotificationResponse, context, "\(response.notification.identifier) \(action)")
    }

    /// Records `didRequestNotificationAuthorization` with whether it was granted: `granted`
    /// or `denied`.
    open func userNotificationCenter(_ context: AppContext, didRequestAuthorization outcome: NotificationAuthorization)
    {
        record(.didRequestNotificationAuthorization, context, outcome.granted ? "granted" : "denied")
    }

    /// Records `openSettingsForNotification` with the notification's identifier, if any.
    open func userNotificationCenter(_ context: AppContext, openSettingsFor notification: UserNotification?) {
        record(.openSettingsForNotification, context, notification?.identifier)
    }

    // MARK: CarPlay

    /// Records `carPlayDidConnectToWindow` for a `.window` connection, `carPlayDidConnect`
    /// for a `.templates` one.
    open func templateApplicationScene(_ context: AppContext, didConnect connection: CarPlayConnection) {
        record(connection.hasWindow ? .carPlayDidConnectToWindow : .carPlayDidConnect, context)
    }

    /// Records `carPlayDidDisconnectFromWindow` for a `.window` connection,
    /// `carPlayDidDisconnect` for a `.templates` one.
    open func templateApplicationScene(_ context: AppContext, didDisconnect connection: CarPlayConnection) {
        record(connection.hasWindow ? .carPlayDidDisconnectFromWindow : .carPlayDidDisconnect, context)
    }

    /// Records `carPlayDidSelectNavigationAlert`.
    open func templateApplicationSceneDidSelectNavigationAlert(_ context: AppContext) {
        record(.carPlayDidSelectNavigationAlert, context)
    }

    /// Records `carPlayDidSelectManeuver`.
    open func templateApplicationSceneDidSelectManeuver(_ context: AppContext) {
        record(.carPlayDidSelectManeuver, context)
    }

    /// Records `carPlayContentStyleDidChange` with the style: `dark`.
    open func templateApplicationScene(_ context: AppContext, contentStyleDidChange contentStyle: UserInterfaceStyle) {
        record(.carPlayContentStyleDidChange, context, "\(contentStyle)")
    }

    // MARK: - Sessions and gates

    /// Records `AppCallback.sessionDidBegin`, with the session's identifier as its detail.
    open func sessionDidBegin(_ context: AppContext) {
        record(.sessionDidBegin, context, context.session?.identifier)
    }

    /// Records `AppCallback.sessionWillEnd`, with the session's identifier as its detail.
    open func sessionWillEnd(_ context: AppContext) {
        record(.sessionWillEnd, context, context.session?.identifier)
    }

    /// Records `AppCallback.gateDidClose`, with the gate's name as its detail.
    open func gateDidClose(_ context: AppContext, gate: String) { record(.gateDidClose, context, gate) }

    /// Records `AppCallback.gateDidOpen`, with the gate's name as its detail.
    open func gateDidOpen(_ context: AppContext, gate: String) { record(.gateDidOpen, context, gate) }

    // MARK: Background tasks

    /// ``declaredTasks``, each run by ``runBackgroundTask(_:_:)``.
    open var backgroundTasks: [BackgroundTaskDeclaration] {
        declaredTasks.map { task in
            BackgroundTaskDeclaration(task.identifier, kind: task.kind) { [self] context in
                try await runBackgroundTask(task.identifier, context)
            }
        }
    }

    /// One run of the declared task `identifier`: records `runBackgroundTask` with the
    /// identifier, then ends as `answers.backgroundTask` says. Override it to give the tasks
    /// other work (calling `super`, or ``record(_:_:_:)``, keeps the record).
    ///
    /// - Throws: ``BackgroundTaskFailure`` for ``BackgroundTaskAnswer/fail``;
    ///   `CancellationError` for ``BackgroundTaskAnswer/runUntilCancelled`` once cancelled.
    open func runBackgroundTask(_ identifier: String, _ context: AppContext) async throws {
        record(.runBackgroundTask, context, identifier)
        switch answers.backgroundTask {
        case .succeed:
            return
        case .fail:
            throw BackgroundTaskFailure(identifier: identifier)
        case .runUntilCancelled:
            // A stream nobody writes to: iterating it ends only when the task is cancelled.
            let (never, continuation) = AsyncStream<Never>.makeStream()
            for await _ in never {}
            continuation.finish()
            throw CancellationError()
        }
    }

    // MARK: PushKit

    /// Records `didUpdatePushCredentials` with the push type and the token in hex:
    /// `PKPushTypeVoIP 0a0b`.
    open func pushRegistry(_ context: AppContext, didUpdate credentials: PushCredentials) {
        let token = credentials.token.map { String(format: "%02x", $0) }.joined()
        record(.didUpdatePushCredentials, context, "\(credentials.type) \(token)")
    }

    /// Records `didReceiveIncomingPush` with the push type and the payload's keys, sorted:
    /// `PKPushTypeVoIP caller,uuid`; answers `answers.incomingPush`.
    open func pushRegistry(
        _ context: AppContext,
        didReceiveIncomingPushWith payload: PushPayload
    ) async throws -> VoIPCallReport {
        let keys = payload.dictionaryPayload.keys.sorted().joined(separator: ",")
        record(.didReceiveIncomingPush, context, keys.isEmpty ? "\(payload.type)" : "\(payload.type) \(keys)")
        return answers.incomingPush
    }

    /// Records `didInvalidatePushToken` with the push type.
    open func pushRegistry(_ context: AppContext, didInvalidatePushTokenFor type: PushType) {
        record(.didInvalidatePushToken, context, "\(type)")
    }

    // MARK: CallKit

    /// Records `providerDidBegin`.
    open func providerDidBegin(_ context: AppContext) {
        record(.providerDidBegin, context)
    }

    /// Records `providerDidReset`.
    open func providerDidReset(_ context: AppContext) {
        record(.providerDidReset, context)
    }

    /// Records the action's callback (`performAnswerCallAction`, ...) with the action:
    /// `answer call 6F1A…`; answers `answers.callAction`.
    open func provider(_ context: AppContext, perform action: CallAction) async throws -> CallAction.Answer {
        record(action.kind.callback, context, "\(action)")
        return answers.callAction
    }

    /// Records `providerTimedOutPerformingAction` with the action.
    open func provider(_ context: AppContext, timedOutPerforming action: CallAction) {
        record(.providerTimedOutPerformingAction, context, "\(action)")
    }

    /// Records `providerDidActivateAudioSession`.
    open func providerDidActivateAudioSession(_ context: AppContext) {
        record(.providerDidActivateAudioSession, context)
    }

    /// Records `providerDidDeactivateAudioSession`.
    open func providerDidDeactivateAudioSession(_ context: AppContext) {
        record(.providerDidDeactivateAudioSession, context)
    }
}

extension RecordingService: RecordsEveryCallback {}
