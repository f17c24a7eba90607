import Foundation
import Logging

/// A service that handles user notifications (`UNUserNotificationCenterDelegate`): how one
/// is shown while the application is in the foreground, what a person chose on one, and
/// the request to show the application's notification settings.
///
/// The UIKit adapter becomes the notification center's delegate before launch returns when
/// a service adopts this protocol, and only then, so that the response that launched the
/// application reaches the services.
///
/// Merge rules:
/// - ``userNotificationCenter(_:willPresent:)``: every handling service is asked,
///   concurrently; the notification is shown with the **union** of their options, so that
///   no service can hide what another wants shown. `[]` (hidden, as the system does without
///   a delegate) when no service handles the notification. A service that has not answered
///   by the deadline (``ServiceComposite/Configuration-swift.struct/Deadlines-swift.struct/notificationPresentation``)
///   adds nothing.
/// - ``userNotificationCenter(_:didReceive:)``: every handling service, started in
///   dependency order and run concurrently; the system's completion handler is called
///   exactly once, when all have finished or at the deadline
///   (``ServiceComposite/Configuration-swift.struct/Deadlines-swift.struct/notificationResponse``).
///   A response is delivered once, even when UIKit delivers it both with a scene's
///   connection options and through the delegate.
/// - ``userNotificationCenter(_:openSettingsFor:)``: every handling service, in dependency
///   order.
///
/// A service that declares ``notificationCategories`` hears only notifications of those
/// categories (and `openSettingsFor` without a notification).
///
/// **Categories and authorization.** The system's `setNotificationCategories(_:)` replaces
/// the whole set of categories each time, so two features that each call it erase each
/// other. A service declares the categories it owns in ``definedNotificationCategories``
/// instead; the host registers the union of every service's categories in one call before
/// launch returns, and again when a service asks (``AppContext/updateNotificationCategories()``,
/// for categories a server decides). Two services that define one identifier are a
/// validation error. A service says which authorization options it needs in
/// ``notificationAuthorizationOptions``; ``ServiceComposite/requestNotificationAuthorization()``
/// asks once for their union and tells every service the outcome
/// (``userNotificationCenter(_:didRequestAuthorization:)``).
///
/// ```swift
/// final class MessagesService: AppService, UserNotificationHandling {
///     let definedNotificationCategories = [
///         NotificationCategory("MESSAGE", actions: [NotificationAction("MARK_READ", title: "Mark as Read")])
///     ]
///     let notificationAuthorizationOptions: NotificationAuthorizationOptions = [.alert, .sound, .badge]
/// }
/// ```
@MainActor
public protocol UserNotificationHandling: AppService {
    /// The categories (`categoryIdentifier`) of the notifications this service hears;
    /// `nil` for every notification. The default is the identifiers of
    /// ``definedNotificationCategories``, or `nil` when the service defines none.
    ///
    /// The composite reads it when it is sealed and after
    /// ``AppContext/updateNotificationCategories()``: while every application-wide service
    /// answers `nil`, a notification goes to all of them without asking again, so a service
    /// whose categories change from `nil` calls that method. Once one service declares
    /// categories, each is asked at every notification.
    var notificationCategories: Set<String>? { get }

    /// The notification categories this service owns, with their actions: registered, with
    /// every other service's, as the application's set. Read before launch returns and
    /// whenever a service calls ``AppContext/updateNotificationCategories()``, so it may
    /// change. The default is none.
    var definedNotificationCategories: [NotificationCategory] { get }

    /// The ways this service needs to notify the person; the request asks for the union
    /// over the services. The default is none.
    var notificationAuthorizationOptions: NotificationAuthorizationOptions { get }

    /// A request for notification authorization ended
    /// (``ServiceComposite/requestNotificationAuthorization()``); every service hears its
    /// outcome, in dependency order.
    func userNotificationCenter(_ context: AppContext, didRequestAuthorization outcome: NotificationAuthorization)

    /// How to show `notification`, which arrived while the application is in the
    /// foreground. The default shows nothing of its own (`[]`).
    func userNotificationCenter(
        _ context: AppContext,
        willPresent notification: UserNotification
    ) async -> NotificationPresentationOptions

    /// A person opened, dismissed or chose an action on a notification. Check for
    /// cancellation in long work: at the deadline the work is cancelled.
    func userNotificationCenter(_ context: AppContext, didReceive response: NotificationResponse) async throws

    /// A person asked, from the system's settings, to see the application's notification
    /// settings; `notification` is the one they came from, if any.
    func userNotificationCenter(_ context: AppContext, openSettingsFor notification: UserNotification?)
}

extension UserNotificationHandling {
    /// The identifiers of ``definedNotificationCategories``; `nil` (every notification) when
    /// the service defines none.
    public var notificationCategories: Set<String>? {
        let defined = definedNotificationCategories
        return defined.isEmpty ? nil : Set(defined.map(\.identifier))
    }

    /// None.
    public var definedNotificationCategories: [NotificationCategory] { [] }

    /// None.
    public var notificationAuthorizationOptions: NotificationAuthorizationOptions { [] }

    /// Does nothing.
    public func userNotificationCenter(
        _ context: AppContext,
        didRequestAuthorization outcome: NotificationAuthorization
    ) {}

    /// Shows nothing of its own: `[]`.
    public func userNotificationCenter(
        _ context: AppContext,
        willPresent notification: UserNotification
    ) async -> NotificationPresentationOptions { [] }

    /// Does nothing.
    public func userNotificationCenter(_ context: AppContext, didReceive response: NotificationResponse) async throws {}

    /// Does nothing.
    public func userNotificationCenter(_ context: AppContext, openSettingsFor notification: UserNotification?) {}

    /// Whether this service hears `notification`, by its category.
    func hears(_ notification: UserNotification?) -> Bool {
        guard let notification, let categories = notificationCategories else { return true }
        return categories.contains(notification.categoryIdentifier)
    }
}

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``UserNotificationHandling``.
    static let userNotifications = HandlerKind<any UserNotificationHandling>(
        { $0 as? any UserNotificationHandling },
        types: { $0 is any UserNotificationHandling.Type }
    )
}

extension AppCallback {
    /// `userNotificationCenter:willPresentNotification:withCompletionHandler:`
    public static let willPresentNotification = AppCallback(
        "willPresentNotification",
        heardBy: HandlerKinds.userNotifications,
        selectors: PlatformSelectors(
            application: "userNotificationCenter:willPresentNotification:withCompletionHandler:"
        ),
        deadline: { $0.notificationPresentation }
    )
    /// `userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`
    public static let didReceiveNotificationResponse = AppCallback(
        "didReceiveNotificationResponse",
        heardBy: HandlerKinds.userNotifications,
        selectors: PlatformSelectors(
            application: "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"
        ),
        deadline: { $0.notificationResponse }
    )
    /// `userNotificationCenter:openSettingsForNotification:`
    public static let openSettingsForNotification = AppCallback(
        "openSettingsForNotification",
        heardBy: HandlerKinds.userNotifications,
        selectors: PlatformSelectors(application: "userNotificationCenter:openSettingsForNotification:")
    )

    /// The outcome of ``ServiceComposite/requestNotificationAuthorization()``: no system
    /// callback, the composite's own.
    public static let didRequestNotificationAuthorization = AppCallback(
        "didRequestNotificationAuthorization",
        heardBy: HandlerKinds.userNotifications,
        selectors: PlatformSelectors()
    )

    /// The callbacks ``UserNotificationHandling`` services hear.
    static let userNotificationCallbacks: [AppCallback] = [
        .willPresentNotification, .didReceiveNotificationResponse, .openSettingsForNotification,
        .didRequestNotificationAuthorization,
    ]
}

extension ResponseMerge where Response == NotificationPresentationOptions {
    /// The union of the answers; `[]` (hidden) when none answers.
    public static var presentationUnion: ResponseMerge<NotificationPresentationOptions> {
        ResponseMerge(whenNoneAnswers: { [] }, combine: { merged, next in merged.union(next) })
    }
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches `userNotificationCenter(_:willPresent:withCompletionHandler:)`.
    ///
    /// `completion` is called exactly once with the union of the options of the services
    /// that hear the notification: when all have answered or at
    /// ``Configuration-swift.struct/Deadlines-swift.struct/notificationPresentation``; with
    /// `[]` at once when none hears it.
    public func willPresentNotification(
        _ notification: UserNotification,
        platform: PlatformObjects? = nil,
        completion: @escaping @MainActor (NotificationPresentationOptions) -> Void
    ) {
        fanOut(
            .willPresentNotification,
            (any UserNotificationHandling).self,
            merge: .presentationUnion,
            unanswered: [],
            platform: platform,
            including: matchesNotificationCategories(.willPresentNotification, scene: nil)
                ? { $0.hears(notification) } : nil,
            call: AskPresentation(notification: notification),
            completion: completion
        )
    }

    /// Dispatches a notification about to be presented and returns the merged options; see
    /// ``willPresentNotification(_:platform:completion:)``.
    public func willPresentNotification(
        _ notification: UserNotification,
        platform: PlatformObjects? = nil
    ) async -> NotificationPresentationOptions {
        await withCheckedContinuation { continuation in
            willPresentNotification(notification, platform: platform) { continuation.resume(returning: $0) }
        }
    }

    /// Dispatches `userNotificationCenter(_:didReceive:withCompletionHandler:)`, and a
    /// response a scene was connected with.
    ///
    /// Every service that hears the notification gets the response, with the response's
    /// target scene as ``AppContext/scene``. `completion` is called exactly once: when all
    /// have finished or at ``Configuration-swift.struct/Deadlines-swift.struct/notificationResponse``;
    /// at once when none hears it. The same response (notification request, delivery date
    /// and action) delivered again, as UIKit does for the response that launched a scene,
    /// reaches no service: its `completion` is called when the first delivery's services
    /// have finished (at once if they have).
    public func didReceiveNotificationResponse(
        _ response: NotificationResponse,
        platform: PlatformObjects? = nil,
        completion: @escaping @MainActor () -> Void
    ) {
        switch state.deliver(response, completion: completion) {
        case .first:
            break
        case .again(let firstFinished):
            configuration.logger.debug(
                "The response to notification \(response.notification.identifier) was delivered already; not again.",
                metadata: ["callback": "\(AppCallback.didReceiveNotificationResponse)"]
            )
            // The system may suspend the application once this completion is called: not
            // before the services have finished with the first delivery.
            if firstFinished { completion() }
            return
        }
        fanOut(
            .didReceiveNotificationResponse,
            (any UserNotificationHandling).self,
            merge: .none,
            unanswered: nil,
            platform: platform,
            scene: response.targetScene,
            including: matchesNotificationCategories(.didReceiveNotificationResponse, scene: response.targetScene)
                ? { $0.hears(response.notification) } : nil,
            call: DeliverResponse(response: response),
            completion: { [self] in
                completion()
                for waiting in state.finished(response) { waiting() }
            }
        )
    }

    /// Dispatches a notification response and returns when every service has finished or
    /// at the deadline; see ``didReceiveNotificationResponse(_:platform:completion:)``.
    public func didReceiveNotificationResponse(_ response: NotificationResponse, platform: PlatformObjects? = nil) async
    {
        await withCheckedContinuation { continuation in
            didReceiveNotificationResponse(response, platform: platform) { continuation.resume() }
        }
    }

    /// Dispatches `userNotificationCenter(_:openSettingsFor:)` to every service that hears
    /// `notification` (every handling service when it is `nil`), in dependency order.
    public func openSettings(for notification: UserNotification?, platform: PlatformObjects? = nil) {
        notify(.openSettingsForNotification, (any UserNotificationHandling).self, platform: platform) {
            service,
            context in
            if service.hears(notification) { service.userNotificationCenter(context, openSettingsFor: notification) }
        }
    }
}

/// The notification responses delivered lately, so that one UIKit delivers twice (with a
/// scene's connection options, then through the delegate) reaches services once, and the
/// second delivery's completion waits for the first's services.
///
/// Bounded: it remembers the last ``capacity`` responses, far more than can arrive while
/// one scene connects.
struct RecentNotificationResponses {
    /// What identifies one response: the notification's request and delivery date, and
    /// the action.
    private struct Key: Hashable {
        let identifier: String
        let date: Date
        let action: NotificationResponse.Action

        init(_ response: NotificationResponse) {
            identifier = response.notification.identifier
            date = response.notification.date
            action = response.action
        }
    }

    /// How a delivery relates to the ones before.
    enum Delivery {
        /// The first: dispatch it.
        case first
        /// A repeat; when the first has not finished, its completion was kept for then.
        case again(firstFinished: Bool)
    }

    static let capacity = 32
    private var recent: [Key] = []
    /// The completions of repeats, by the first delivery still running.
    private var waiting: [Key: [@MainActor () -> Void]] = [:]

    /// Records a delivery of `response`; a repeat's `completion` is kept until the first
    /// finishes.
    mutating func deliver(_ response: NotificationResponse, completion: @escaping @MainActor () -> Void) -> Delivery {
        let key = Key(response)
        // Running first deliveries are asked first: one can have left `recent` (a burst of
        // others), and its repeat must still wait for it rather than run again.
        if waiting[key] != nil {
            waiting[key]?.append(completion)
            return .again(firstFinished: false)
        }
        if recent.contains(key) { return .again(firstFinished: true) }
        if recent.count == Self.capacity { recent.removeFirst() }
        recent.append(key)
        waiting[key] = []
        return .first
    }

    /// The first delivery of `response` finished: returns the repeats' completions.
    mutating func finished(_ response: NotificationResponse) -> [@MainActor () -> Void] {
        waiting.removeValue(forKey: Key(response)) ?? []
    }
}

/// Asks a service how to present a notification in the foreground.
private struct AskPresentation: FanOutCall {
    let notification: UserNotification

    @MainActor func callAsFunction(
        _ service: any UserNotificationHandling,
        _ context: AppContext
    ) async -> NotificationPresentationOptions {
        await service.userNotificationCenter(context, willPresent: notification)
    }
}

/// Gives a service the response to a notification.
private struct DeliverResponse: FanOutCall {
    let response: NotificationResponse

    @MainActor func callAsFunction(_ service: any UserNotificationHandling, _ context: AppContext) async throws {
        try await service.userNotificationCenter(context, didReceive: response)
    }
}
