// The code of the "Notifications and background tasks" article.

import AppServices
import Foundation
import Logging

// MARK: A service that handles notifications

/// Shows order notifications in the foreground and opens the order a person tapped.
final class OrderUpdatesService: AppService, UserNotificationHandling {
    var notificationCategories: Set<String>? { ["ORDER_SHIPPED", "ORDER_DELAYED"] }
    private(set) var openedOrders: [String] = []
    private(set) var trackedOrders: [String] = []
    private(set) var settingsShown = 0

    func userNotificationCenter(
        _ context: AppContext,
        willPresent notification: UserNotification
    ) async -> NotificationPresentationOptions {
        [.banner, .list]
    }

    func userNotificationCenter(_ context: AppContext, didReceive response: NotificationResponse) async throws {
        guard let order = response.notification.userInfo["order"]?.stringValue else { return }
        switch response.action {
        case .open: openedOrders.append(order)
        case .custom(identifier: "TRACK", _): try await track(order)
        case .custom, .dismiss: break
        }
    }

    func userNotificationCenter(_ context: AppContext, openSettingsFor notification: UserNotification?) {
        settingsShown += 1
    }

    private func track(_ order: String) async throws {
        try Task.checkCancellation()  // at the deadline the work is cancelled
        trackedOrders.append(order)
    }
}

/// Keeps the badge up to date for every notification, whatever its category.
final class BadgeCountService: AppService, UserNotificationHandling {
    func userNotificationCenter(
        _ context: AppContext,
        willPresent notification: UserNotification
    ) async -> NotificationPresentationOptions {
        [.badge]
    }
}

/// The union of two services' presentation options.
@MainActor
func presentationOptions(for shipped: UserNotification) async -> NotificationPresentationOptions {
    let composite = ServiceComposite {
        OrderUpdatesService()
        BadgeCountService()
    }
    let options = await composite.willPresentNotification(shipped)
    // [.banner, .list] from OrderUpdatesService, [.badge] from BadgeCountService
    return options
}

/// Deadlines for the two notification callbacks that wait for services.
func notificationDeadlines() -> ServiceComposite.Configuration {
    var configuration = ServiceComposite.Configuration()
    configuration.deadlines.notificationPresentation = .seconds(2)
    configuration.deadlines.notificationResponse = .seconds(20)
    return configuration
}

/// A tap that launched a scene, delivered with the scene's connection options and then
/// through the notification center's delegate.
@MainActor
func deliverLaunchingTap(_ tap: NotificationResponse, to composite: ServiceComposite) {
    let scene = SceneInfo(session: SceneSession(persistentIdentifier: "main"))
    composite.sceneWillConnect(scene, options: SceneConnectionOptions(notificationResponse: tap))
    // UIKit may then hand the same response to the notification center's delegate:
    composite.didReceiveNotificationResponse(tap) {
        // called once the services have finished with the delivery at connection; they hear it once
    }
}

// MARK: VoIP pushes

/// Stands for the app's wrapper of CallKit's `CXProvider`, which reports incoming calls to
/// the system (CallKit exists only on Apple platforms).
@MainActor
final class CallProvider {
    private(set) var reportedCallers: [String] = []

    func reportNewIncomingCall(from caller: String) async {
        reportedCallers.append(caller)
    }
}

/// Reports every VoIP push as an incoming call, first, and keeps the token for the server.
final class IncomingCallService: AppService, VoIPPushHandling {
    let provider: CallProvider
    private(set) var serverToken: Data?

    init(provider: CallProvider = CallProvider()) { self.provider = provider }

    func pushRegistry(_ context: AppContext, didUpdate credentials: PushCredentials) {
        serverToken = credentials.token  // send it to the server that sends the pushes
    }

    func pushRegistry(
        _ context: AppContext,
        didReceiveIncomingPushWith payload: PushPayload
    ) async throws -> VoIPCallReport {
        let caller = payload.dictionaryPayload["caller"]?.stringValue ?? "Unknown caller"
        await provider.reportNewIncomingCall(from: caller)  // first, before anything else
        return .reportedCall
    }

    func pushRegistry(_ context: AppContext, didInvalidatePushTokenFor type: PushType) {
        serverToken = nil
    }
}

/// Uploads the VoIP token to an analytics backend; it reports no call, rightly, as the call
/// is not its business.
final class PushTokenService: AppService, VoIPPushHandling {
    private(set) var uploads = 0

    func pushRegistry(_ context: AppContext, didUpdate credentials: PushCredentials) {
        uploads += 1
    }
}

/// A VoIP push in an app whose only VoIP service is the token service: nobody reports the
/// call.
@MainActor
func pushWithoutACallService(logger: Logger) async -> VoIPCallReport {
    let configuration = ServiceComposite.Configuration(logger: logger)
    let composite = ServiceComposite([PushTokenService()], configuration: configuration)
    let report = await composite.didReceiveIncomingPush(PushPayload(type: .voIP))
    // .noCall, and an error in the log that names PushTokenService and the CallKit rule
    return report
}

/// The same push once the call service is registered too.
@MainActor
func pushWithACallService() async -> VoIPCallReport {
    let composite = ServiceComposite([PushTokenService(), IncomingCallService()])
    let report = await composite.didReceiveIncomingPush(PushPayload(type: .voIP, dictionaryPayload: ["caller": "Ada"]))
    // .reportedCall: IncomingCallService reported it; PushTokenService's .noCall does not undo that
    return report
}

/// A shorter deadline for VoIP pushes.
func voIPPushDeadline() -> ServiceComposite.Configuration {
    var configuration = ServiceComposite.Configuration()
    configuration.deadlines.voIPPush = .seconds(3)
    return configuration
}

// MARK: Calls

/// Keeps the app's calls: performs CallKit's actions on the calls it knows, and forgets them
/// all when the provider resets.
final class CallSessionService: AppService, CallHandling {
    private(set) var calls: [UUID: String] = [:]  // each call's state
    private(set) var isAudioActive = false

    func provider(_ context: AppContext, perform action: CallAction) async throws -> CallAction.Answer {
        switch action.kind {
        case .start(let handle, _, _):
            calls[action.callUUID] = "dialling \(handle.value)"
            return .fulfilled
        case .answer:
            guard calls[action.callUUID] != nil else { return .notMine }
            calls[action.callUUID] = "connected"
            return .fulfilled
        case .end:
            return calls.removeValue(forKey: action.callUUID) == nil ? .notMine : .fulfilled
        default:
            return calls[action.callUUID] == nil ? .notMine : .fulfilled
        }
    }

    func providerDidReset(_ context: AppContext) {
        calls = [:]  // every call ended
    }

    func providerDidActivateAudioSession(_ context: AppContext) { isAudioActive = true }
    func providerDidDeactivateAudioSession(_ context: AppContext) { isAudioActive = false }

    /// Notes a call that rings, so that answering it finds it.
    func ring(_ call: UUID, from caller: String) { calls[call] = "ringing \(caller)" }
}

/// Reports every VoIP push as an incoming call, through the app's provider.
final class RingingService: AppService, VoIPPushHandling {
    func pushRegistry(
        _ context: AppContext,
        didReceiveIncomingPushWith payload: PushPayload
    ) async throws -> VoIPCallReport {
        let caller = payload.dictionaryPayload["caller"]?.stringValue ?? "Unknown caller"
        let call = IncomingCall(uuid: UUID(), handle: CallHandle(kind: .generic, value: caller))
        context.service(CallSessionService.self)?.ring(call.uuid, from: caller)
        try await context.reportIncomingCall(call)  // first, before anything else
        return .reportedCall
    }
}

/// A shorter deadline for CallKit's actions.
func callActionDeadline() -> ServiceComposite.Configuration {
    var configuration = ServiceComposite.Configuration()
    configuration.deadlines.callAction = .seconds(5)
    return configuration
}

// MARK: Background tasks

/// Refreshes the inbox in the background and prunes its cache while the device charges.
final class InboxSyncService: AppService, BackgroundTaskHandling, LaunchHandling, ApplicationStateHandling {
    static let refresh = "com.example.shop.inbox-refresh"
    static let cleanup = "com.example.shop.cache-cleanup"
    fileprivate(set) var refreshes = 0
    fileprivate(set) var prunes = 0

    var backgroundTasks: [BackgroundTaskDeclaration] {
        [
            .appRefresh(Self.refresh) { context in
                try context.backgroundTasks.submit(.appRefresh(Self.refresh, earliestBeginDate: .now + 15 * 60))
                try await self.syncInbox()
            },
            .processing(Self.cleanup) { _ in
                try await self.pruneCache()
            },
        ]
    }

    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        try? context.backgroundTasks.submit(.appRefresh(Self.refresh))
        return true
    }
}

extension InboxSyncService {
    func applicationDidEnterBackground(_ context: AppContext) {
        do {
            try context.backgroundTasks.submit(.processing(Self.cleanup, requiresExternalPower: true))
        } catch {
            // error.code is .notDeclared, .wrongKind, .notRegistered, .notPermitted, ...;
            // its message names the identifier.
            context.logger.error("\(error)")
        }
    }

    fileprivate func syncInbox() async throws {
        try Task.checkCancellation()  // expiration cancels the work
        refreshes += 1
    }

    fileprivate func pruneCache() async throws {
        try Task.checkCancellation()
        prunes += 1
    }
}

/// An older service that declares the refresh task too, as a merge of two code bases can.
final class LegacySyncService: AppService, BackgroundTaskHandling {
    var backgroundTasks: [BackgroundTaskDeclaration] {
        [.appRefresh("com.example.shop.inbox-refresh") { _ in }]
    }
}

/// Validates the two services against an Info.plist that permits only the refresh task.
@MainActor
func validateBackgroundTasks() -> ServiceComposite {
    var configuration = ServiceComposite.Configuration()
    configuration.permittedBackgroundTasks = .only(["com.example.shop.inbox-refresh"])
    let composite = ServiceComposite([InboxSyncService(), LegacySyncService()], configuration: configuration)
    do {
        try composite.validate()
    } catch {
        print(error)  // one line per problem
    }
    return composite
}

// MARK: Background time

/// Uploads the events of the session when the application leaves the screen.
final class EventUploadService: AppService, ApplicationStateHandling {
    let uploader: EventUploader

    init(uploader: EventUploader = EventUploader()) { self.uploader = uploader }

    func applicationDidEnterBackground(_ context: AppContext) {
        context.beginBackgroundWork(named: "upload-events") {
            try await self.uploader.upload()
        }
    }
}

/// A stand-in for an analytics client.
@MainActor
final class EventUploader {
    private(set) var uploads = 0
    func upload() async throws {
        try Task.checkCancellation()
        uploads += 1
    }
}

/// Background time as a host provides it; tests and hosts other than UIKit supply their own.
final class ManualBackgroundTime: BackgroundTimeProvider {
    private var expirations: [Int: @MainActor () -> Void] = [:]
    private var nextToken = 0
    private(set) var ended: [Int] = []

    var openAssertions: Int { expirations.count }

    func beginBackgroundTime(named name: String, expiration: @escaping @MainActor () -> Void) -> Int {
        nextToken += 1
        expirations[nextToken] = expiration
        return nextToken
    }

    func endBackgroundTime(_ token: Int) {
        expirations[token] = nil
        ended.append(token)
    }

    /// The system takes the time back.
    func expireAll() {
        for expiration in Array(expirations.values) { expiration() }
    }
}

/// A composite whose background work holds the host's background time.
@MainActor
func compositeWithBackgroundTime(_ time: ManualBackgroundTime) -> ServiceComposite {
    let composite = ServiceComposite([EventUploadService()])
    composite.useBackgroundTime(time)
    return composite
}

// MARK: On Linux

/// Registers the declared tasks before launch and runs the due ones when the host decides.
@MainActor
func runDueBackgroundTasks() async -> (results: [Bool], pendingAfter: [String]) {
    let composite = ServiceComposite([InboxSyncService()])
    let scheduler = InProcessBackgroundTaskScheduler()
    composite.registerBackgroundTasks(with: scheduler)
    _ = composite.didFinishLaunching()  // InboxSyncService submits its first refresh
    // later: a signal, a timer, a test step
    var results: [Bool] = []
    for request in scheduler.dueRequests(at: .distantFuture) {
        results.append(await scheduler.run(request.identifier))
    }
    return (results, scheduler.pendingRequestsNow.map(\.identifier))
}

// MARK: Categories and authorization

/// Owns the chat's notification category, with a reply that asks for text.
final class ChatNotificationsService: AppService, UserNotificationHandling {
    let definedNotificationCategories = [
        NotificationCategory(
            "MESSAGE",
            actions: [
                NotificationAction(
                    "REPLY",
                    title: "Reply",
                    textInput: .init(buttonTitle: "Send", placeholder: "Message")
                ),
                NotificationAction("MUTE", title: "Mute", options: .destructive),
            ],
            options: .customDismissAction
        )
    ]
    let notificationAuthorizationOptions: NotificationAuthorizationOptions = [.alert, .sound, .badge]
}

/// Asks for notification authorization once a person has sent a first message.
final class OnboardingService: AppService, LaunchHandling {
    private(set) var hintsShown = 0
    private var context: AppContext?

    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        self.context = context
        return true
    }

    func messageSent() async {
        guard let context else { return }
        let outcome = await context.requestNotificationAuthorization()
        if !outcome.granted { showNotificationsOffHint() }
    }

    private func showNotificationsOffHint() { hintsShown += 1 }
}

// MARK: Background work you can stop

/// A connection kept open for a moment after the app leaves the screen.
@MainActor
final class ChatConnection {
    private(set) var drained = false
    private(set) var prefetched = false

    func drain() async throws {
        try Task.checkCancellation()
        drained = true
    }

    func prefetch() async throws {
        try Task.checkCancellation()
        prefetched = true
    }
}

/// Drains the connection in the background, stops when the app comes back, and withdraws
/// the pending background tasks then (they are rescheduled in the foreground).
final class ChatConnectionService: AppService, ApplicationStateHandling {
    let connection = ChatConnection()
    private var keepAlive: BackgroundWork?

    func applicationDidEnterBackground(_ context: AppContext) {
        keepAlive = context.beginBackgroundWork(named: "keep-alive") {
            try await self.connection.drain()
        }
        context.beginBackgroundWork(named: "prefetch", endsOnForeground: true) {
            try await self.connection.prefetch()
        }
    }

    func applicationWillEnterForeground(_ context: AppContext) {
        keepAlive?.cancel()
        context.backgroundTasks.cancelAll()  // rescheduled once the app is back
    }
}
