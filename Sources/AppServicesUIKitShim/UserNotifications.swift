// The UserNotifications framework's declarations the UIKit adapter uses, transcribed for
// platforms that have no UIKit. On Apple platforms the adapter imports UserNotifications
// itself and this file is empty.
//
// Source: the iOS SDK's imported interface, in
// Documentation/Reference/AppleAPI-NotificationsAndTasks.md in this repository: names,
// argument labels, types, optionality, `@Sendable` and the `async` variants as the SDK has
// them. Members the SDK marks `@objc optional` are requirements with a default
// implementation, as in the UIKit shim. The classes' `NSCopying` and `NSSecureCoding`
// conformances are not transcribed: the adapter neither copies nor archives them.
//
// UserNotifications creates these objects; the shim lets a simulated UIKit in this package
// create them (`package` initializers), and lets it give each simulated device its own
// notification center (see `SimulatedFrameworks`).
#if !canImport(UIKit)

// MARK: - The delegate

/// The methods the notification center calls on its delegate
/// (`UNUserNotificationCenterDelegate`).
///
/// Every member is `@objc optional` in the SDK. The `async` variants are the same
/// Objective-C methods as their completion-handler twins (one selector each): a delegate
/// implements one of the two, and a Swift caller of the other reaches it through the
/// Objective-C bridge. The shim models a delegate that implements the completion-handler
/// method, as the adapter does: the `async` variant's default calls it, as the bridge would.
/// The completion-handler default does nothing and never calls the handler, as the center
/// never hands one to a delegate that lacks the method.
///
/// The protocol is not isolated to the main actor, as in the SDK: a main-actor class
/// implements its requirements as `nonisolated` methods.
@available(iOS 10.0, *)
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
    /// A notification arrived while the application is in the foreground: how to present it.
    @available(iOS 10.0, *)
    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    )

    /// A notification arrived while the application is in the foreground: how to present it
    /// (the `async` spelling of the method above).
    @available(iOS 10.0, *)
    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions

    /// A person opened, dismissed or chose an action on a notification.
    @available(iOS 10.0, *)
    @available(tvOS, unavailable)
    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    )

    /// A person opened, dismissed or chose an action on a notification (the `async`
    /// spelling of the method above).
    @available(iOS 10.0, *)
    @available(tvOS, unavailable)
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async

    /// A person asked, from the system's settings, to see the application's notification
    /// settings.
    @available(iOS 12.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)
}

/// What the center does when the delegate lacks a method, and the Objective-C bridge from
/// the `async` spellings to the completion-handler methods.
extension UNUserNotificationCenterDelegate {
    /// Does nothing and never calls the handler.
    @available(iOS 10.0, *)
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {}

    /// Calls the completion-handler method and returns what it passes to its handler, as
    /// the Objective-C bridge does.
    @available(iOS 10.0, *)
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        await withCheckedContinuation { continuation in
            userNotificationCenter(center, willPresent: notification) { continuation.resume(returning: $0) }
        }
    }

    /// Does nothing and never calls the handler.
    @available(iOS 10.0, *)
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {}

    /// Calls the completion-handler method and returns when it calls its handler, as the
    /// Objective-C bridge does.
    @available(iOS 10.0, *)
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse
    ) async {
        await withCheckedContinuation { continuation in
            userNotificationCenter(center, didReceive: response) { continuation.resume() }
        }
    }

    /// Does nothing.
    @available(iOS 12.0, *)
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        openSettingsFor notification: UNNotification?
    ) {}
}

// MARK: - The center

/// The application's notification center (`UNUserNotificationCenter`).
///
/// Transcribed: the delegate, `current()`, the authorization request and the badge count.
/// Where the SDK's center is used from any thread, the shim's keeps its state behind a
/// lock. The person's answer to the authorization request, which the system asks for, is
/// the shim's ``answerAuthorizationRequests(with:)``.
@available(iOS 10.0, *)
open class UNUserNotificationCenter: NSObject {
    /// What the center keeps besides its delegate, read and written only under `lock`.
    private struct State {
        var categoryRegistrations: [Set<UNNotificationCategory>] = []
        var authorizationRequests: [UNAuthorizationOptions] = []
        var authorizationAnswer: Result<Bool, any Error> = .success(true)
        var badgeCount = 0
    }

    private let lock = NSLock()
    /// Written and read only under `lock`.
    private weak var storedDelegate: (any UNUserNotificationCenterDelegate)?
    private var state = State()

    /// The object the center tells about notifications and responses; held weakly, as the
    /// SDK's `weak open var delegate` is. Set it before the application finishes launching.
    open var delegate: (any UNUserNotificationCenterDelegate)? {
        get { lock.withLock { storedDelegate } }
        set { lock.withLock { storedDelegate = newValue } }
    }

    /// The application's notification center.
    ///
    /// In the shim: the center of the simulated device whose step is running
    /// (``SimulatedFrameworks``), else one center for the process.
    open class func current() -> UNUserNotificationCenter {
        SimulatedFrameworks.current?.notificationCenter ?? processWide
    }

    /// The center outside any simulated device. Its only state, the delegate, is behind the
    /// instance's lock, so sharing it between threads is safe.
    nonisolated(unsafe) private static let processWide = UNUserNotificationCenter()

    /// Creates a notification center. UserNotifications has one per application; the shim
    /// lets a simulated UIKit in this package create one per simulated device.
    package override init() {
        super.init()
    }

    // MARK: Authorization

    /// Asks the person to let the application notify them in the ways `options` lists, and
    /// calls `completionHandler` with whether they did, or with the error that prevented the
    /// request.
    ///
    /// The system asks the person once and then answers from their choice, and calls the
    /// handler on a background queue. The shim records the options and calls the handler
    /// before returning, with the answer it was given (``answerAuthorizationRequests(with:)``;
    /// granted by default); an error arrives with `false`.
    open func requestAuthorization(
        options: UNAuthorizationOptions = [],
        completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        switch recordAuthorizationRequest(options) {
        case .success(let granted): completionHandler(granted, nil)
        case .failure(let error): completionHandler(false, error)
        }
    }

    /// Asks the person to let the application notify them in the ways `options` lists (the
    /// `async` spelling of the method above).
    ///
    /// - Returns: Whether the person allowed it.
    /// - Throws: The error that prevented the request.
    open func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
        try recordAuthorizationRequest(options).get()
    }

    private func recordAuthorizationRequest(_ options: UNAuthorizationOptions) -> Result<Bool, any Error> {
        lock.withLock {
            state.authorizationRequests.append(options)
            return state.authorizationAnswer
        }
    }

    // MARK: Categories

    /// Registers `categories` as the application's whole set of notification categories,
    /// replacing the set registered before. The shim records each call.
    @available(tvOS, unavailable)
    open func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {
        lock.withLock { state.categoryRegistrations.append(categories) }
    }

    // MARK: Badge

    /// Sets the number on the application's icon (0 hides it) and calls `completionHandler`
    /// with the error that prevented it, if any (iOS 16 and later).
    ///
    /// The shim records the count and calls the handler with `nil` before returning.
    @available(iOS 16.0, *)
    open func setBadgeCount(
        _ newBadgeCount: Int,
        withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
    ) {
        lock.withLock { state.badgeCount = newBadgeCount }
        completionHandler?(nil)
    }

    /// Sets the number on the application's icon (the `async` spelling of the method above).
    @available(iOS 16.0, *)
    open func setBadgeCount(_ newBadgeCount: Int) async throws {
        lock.withLock { state.badgeCount = newBadgeCount }
    }
}

// MARK: Shim only

extension UNUserNotificationCenter {
    /// Shim only: the sets given to `setNotificationCategories(_:)`, in order; the last is
    /// the registered set.
    package var categoryRegistrations: [Set<UNNotificationCategory>] {
        lock.withLock { state.categoryRegistrations }
    }

    /// Shim only: the options of every authorization request, in order.
    package var authorizationRequests: [UNAuthorizationOptions] {
        lock.withLock { state.authorizationRequests }
    }

    /// Shim only: how the authorization requests from now on are answered: whether the
    /// person allows notifications, or the error that prevents the request.
    package func answerAuthorizationRequests(with answer: Result<Bool, any Error>) {
        lock.withLock { state.authorizationAnswer = answer }
    }

    /// Shim only: the number on the application's icon, as last set with
    /// `setBadgeCount(_:withCompletionHandler:)` or its `async` spelling; 0 at first.
    package var badgeCount: Int { lock.withLock { state.badgeCount } }
}

// MARK: - Authorization options

/// The ways an application asks to notify the person (`UNAuthorizationOptions`).
///
/// The SDK declares it `@unchecked Sendable`; it holds only its raw value.
@available(iOS 10.0, *)
public struct UNAuthorizationOptions: OptionSet, @unchecked Sendable {
    /// The options' bits.
    public let rawValue: UInt

    /// Creates options from their bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Update the application's badge.
    public static var badge: UNAuthorizationOptions { UNAuthorizationOptions(rawValue: 1 << 0) }
    /// Play sounds.
    public static var sound: UNAuthorizationOptions { UNAuthorizationOptions(rawValue: 1 << 1) }
    /// Show alerts.
    public static var alert: UNAuthorizationOptions { UNAuthorizationOptions(rawValue: 1 << 2) }
    /// Show notifications in CarPlay.
    public static var carPlay: UNAuthorizationOptions { UNAuthorizationOptions(rawValue: 1 << 3) }
    /// Play the sound of critical alerts, which ignore the mute switch and Do Not Disturb
    /// (needs an entitlement).
    @available(iOS 12.0, *)
    public static var criticalAlert: UNAuthorizationOptions { UNAuthorizationOptions(rawValue: 1 << 4) }
    /// Show a button for the application's own notification settings.
    @available(iOS 12.0, *)
    public static var providesAppNotificationSettings: UNAuthorizationOptions {
        UNAuthorizationOptions(rawValue: 1 << 5)
    }
    /// Deliver quietly, to Notification Center only, without asking first.
    @available(iOS 12.0, *)
    public static var provisional: UNAuthorizationOptions { UNAuthorizationOptions(rawValue: 1 << 6) }
    /// Let Siri read notifications aloud (deprecated: always included).
    @available(iOS, introduced: 13.0, deprecated: 15.0, message: "Announcement authorization is always included")
    public static var announcement: UNAuthorizationOptions { UNAuthorizationOptions(rawValue: 1 << 7) }
    /// Deliver time-sensitive notifications (deprecated: an entitlement decides).
    @available(iOS, introduced: 15.0, deprecated: 15.0, message: "Use time-sensitive entitlement")
    public static var timeSensitive: UNAuthorizationOptions { UNAuthorizationOptions(rawValue: 1 << 8) }
}

// MARK: - Categories and actions

/// How the system treats a category's notifications (`UNNotificationCategoryOptions`).
///
/// The SDK declares it `@unchecked Sendable`; it holds only its raw value.
@available(iOS 10.0, *)
@available(tvOS, unavailable)
public struct UNNotificationCategoryOptions: OptionSet, @unchecked Sendable {
    /// The options' bits.
    public let rawValue: UInt

    /// Creates options from their bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Send the dismiss action to the delegate.
    public static var customDismissAction: UNNotificationCategoryOptions {
        UNNotificationCategoryOptions(rawValue: 1 << 0)
    }
    /// Allow the category's notifications in CarPlay.
    public static var allowInCarPlay: UNNotificationCategoryOptions { UNNotificationCategoryOptions(rawValue: 1 << 1) }
    /// Show the title when previews are hidden.
    @available(iOS 11.0, *)
    public static var hiddenPreviewsShowTitle: UNNotificationCategoryOptions {
        UNNotificationCategoryOptions(rawValue: 1 << 2)
    }
    /// Show the subtitle when previews are hidden.
    @available(iOS 11.0, *)
    public static var hiddenPreviewsShowSubtitle: UNNotificationCategoryOptions {
        UNNotificationCategoryOptions(rawValue: 1 << 3)
    }
}

/// A kind of notification and its actions (`UNNotificationCategory`).
@available(iOS 10.0, *)
@available(tvOS, unavailable)
open class UNNotificationCategory: NSObject {
    /// The identifier notifications of the category carry.
    open private(set) var identifier: String
    /// The actions, in the order shown.
    open private(set) var actions: [UNNotificationAction]
    /// The intents the category's notifications relate to.
    open private(set) var intentIdentifiers: [String]
    /// How the system treats the category's notifications.
    open private(set) var options: UNNotificationCategoryOptions
    /// The text shown instead of the body when previews are hidden.
    @available(iOS 11.0, *)
    open private(set) var hiddenPreviewsBodyPlaceholder: String
    /// The format of the summary of grouped notifications.
    @available(iOS 12.0, *)
    open private(set) var categorySummaryFormat: String

    /// Creates a category.
    public convenience init(
        identifier: String,
        actions: [UNNotificationAction],
        intentIdentifiers: [String],
        options: UNNotificationCategoryOptions = []
    ) {
        self.init(storing: identifier, actions, intentIdentifiers, nil, nil, options)
    }

    /// Creates a category with the text shown when previews are hidden.
    @available(iOS 11.0, *)
    public convenience init(
        identifier: String,
        actions: [UNNotificationAction],
        intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String,
        options: UNNotificationCategoryOptions = []
    ) {
        self.init(storing: identifier, actions, intentIdentifiers, hiddenPreviewsBodyPlaceholder, nil, options)
    }

    /// Creates a category with the text shown when previews are hidden and the summary
    /// format of grouped notifications.
    @available(iOS 12.0, *)
    public convenience init(
        identifier: String,
        actions: [UNNotificationAction],
        intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String?,
        categorySummaryFormat: String?,
        options: UNNotificationCategoryOptions = []
    ) {
        self.init(
            storing: identifier,
            actions,
            intentIdentifiers,
            hiddenPreviewsBodyPlaceholder,
            categorySummaryFormat,
            options
        )
    }

    private init(
        storing identifier: String,
        _ actions: [UNNotificationAction],
        _ intentIdentifiers: [String],
        _ placeholder: String?,
        _ summaryFormat: String?,
        _ options: UNNotificationCategoryOptions
    ) {
        self.identifier = identifier
        self.actions = actions
        self.intentIdentifiers = intentIdentifiers
        self.hiddenPreviewsBodyPlaceholder = placeholder ?? ""
        self.categorySummaryFormat = summaryFormat ?? ""
        self.options = options
        super.init()
    }
}

/// How the system performs an action (`UNNotificationActionOptions`).
///
/// The SDK declares it `@unchecked Sendable`; it holds only its raw value.
@available(iOS 10.0, *)
@available(tvOS, unavailable)
public struct UNNotificationActionOptions: OptionSet, @unchecked Sendable {
    /// The options' bits.
    public let rawValue: UInt

    /// Creates options from their bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Only on an unlocked device.
    public static var authenticationRequired: UNNotificationActionOptions {
        UNNotificationActionOptions(rawValue: 1 << 0)
    }
    /// Shown as destructive.
    public static var destructive: UNNotificationActionOptions { UNNotificationActionOptions(rawValue: 1 << 1) }
    /// Brings the application to the foreground.
    public static var foreground: UNNotificationActionOptions { UNNotificationActionOptions(rawValue: 1 << 2) }
}

/// An action a person can choose on a notification (`UNNotificationAction`).
@available(iOS 10.0, *)
@available(tvOS, unavailable)
open class UNNotificationAction: NSObject {
    /// The identifier a response carries.
    open private(set) var identifier: String
    /// The button's title.
    open private(set) var title: String
    /// How the system performs it.
    open private(set) var options: UNNotificationActionOptions

    /// Creates an action.
    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = []) {
        self.init(storing: identifier, title, options)
    }

    fileprivate init(storing identifier: String, _ title: String, _ options: UNNotificationActionOptions) {
        self.identifier = identifier
        self.title = title
        self.options = options
        super.init()
    }
}

/// An action that asks for text (`UNTextInputNotificationAction`).
@available(iOS 10.0, *)
@available(tvOS, unavailable)
open class UNTextInputNotificationAction: UNNotificationAction {
    /// The title of the button that sends the text.
    open private(set) var textInputButtonTitle: String
    /// The text shown in the empty field.
    open private(set) var textInputPlaceholder: String

    /// Creates an action that asks for text.
    public convenience init(
        identifier: String,
        title: String,
        options: UNNotificationActionOptions = [],
        textInputButtonTitle: String,
        textInputPlaceholder: String
    ) {
        self.init(storing: identifier, title, options, textInputButtonTitle, textInputPlaceholder)
    }

    private init(
        storing identifier: String,
        _ title: String,
        _ options: UNNotificationActionOptions,
        _ buttonTitle: String,
        _ placeholder: String
    ) {
        self.textInputButtonTitle = buttonTitle
        self.textInputPlaceholder = placeholder
        super.init(storing: identifier, title, options)
    }
}

// MARK: - Notifications and responses

/// A notification the system delivered (`UNNotification`).
@available(iOS 10.0, *)
open class UNNotification: NSObject {
    /// When the notification was delivered.
    open private(set) var date: Date
    /// The request that scheduled it, with its content.
    open private(set) var request: UNNotificationRequest

    /// Creates a delivered notification, as UserNotifications does.
    package init(request: UNNotificationRequest, date: Date) {
        self.request = request
        self.date = date
        super.init()
    }
}

/// A request to deliver a notification: its identifier, content and trigger
/// (`UNNotificationRequest`).
@available(iOS 10.0, *)
open class UNNotificationRequest: NSObject {
    /// The identifier, the same for every delivery of the request.
    open private(set) var identifier: String
    /// What the notification shows and carries.
    open private(set) var content: UNNotificationContent
    /// What makes it deliver; `nil` for at once, and for a remote notification.
    open private(set) var trigger: UNNotificationTrigger?

    /// Creates a request.
    public convenience init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.init(storing: identifier, content: content, trigger: trigger)
    }

    private init(storing identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        self.content = content
        self.trigger = trigger
        super.init()
    }
}

/// What a notification shows and carries (`UNNotificationContent`).
///
/// Only the members the adapter reads are transcribed (not `interruptionLevel`, whose enum
/// the adapter does not use).
open class UNNotificationContent: NSObject {
    /// The number to show on the application's icon, if any.
    open private(set) var badge: NSNumber?
    /// The body text.
    open private(set) var body: String
    /// The identifier of the category, which decides the actions; empty for none.
    open private(set) var categoryIdentifier: String
    /// The identifier notifications are grouped by; empty for none.
    open private(set) var threadIdentifier: String
    /// The title.
    open private(set) var title: String
    /// The payload's custom keys (and `aps` for a remote notification).
    open private(set) var userInfo: [AnyHashable: Any]
    /// The identifier of the content or scene the notification is about, if the sender
    /// set one.
    @available(iOS 13.0, *)
    open private(set) var targetContentIdentifier: String?

    /// Creates content, as UserNotifications (or `UNMutableNotificationContent`) does.
    package init(
        title: String = "",
        body: String = "",
        badge: NSNumber? = nil,
        categoryIdentifier: String = "",
        threadIdentifier: String = "",
        userInfo: [AnyHashable: Any] = [:],
        targetContentIdentifier: String? = nil
    ) {
        self.title = title
        self.body = body
        self.badge = badge
        self.categoryIdentifier = categoryIdentifier
        self.threadIdentifier = threadIdentifier
        self.userInfo = userInfo
        self.targetContentIdentifier = targetContentIdentifier
        super.init()
    }
}

/// What makes a notification deliver (`UNNotificationTrigger`, the base class of the time,
/// calendar, location and push triggers). None of its members is transcribed.
@available(iOS 10.0, *)
open class UNNotificationTrigger: NSObject {
    /// Creates a trigger, as UserNotifications does.
    package override init() {
        super.init()
    }
}

/// A person's answer to a notification (`UNNotificationResponse`).
@available(iOS 10.0, *)
open class UNNotificationResponse: NSObject {
    /// The notification answered.
    open private(set) var notification: UNNotification
    /// What the person chose: ``UNNotificationDefaultActionIdentifier``,
    /// ``UNNotificationDismissActionIdentifier``, or the identifier of one of the category's
    /// actions.
    open private(set) var actionIdentifier: String

    /// The scene the person interacted with (added by UIKit, iOS 13 and later).
    ///
    /// Read-only in UIKit; a simulated UIKit in this package sets it once it has created the
    /// scene, as UIKit creates the scene for a response that launched one.
    @MainActor open package(set) var targetScene: UIScene? = nil

    /// Creates a response, as UserNotifications does.
    package init(notification: UNNotification, actionIdentifier: String) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
        super.init()
    }
}

/// A person's answer to a notification action that asked for text
/// (`UNTextInputNotificationResponse`).
@available(iOS 10.0, *)
open class UNTextInputNotificationResponse: UNNotificationResponse {
    /// The text the person typed.
    open private(set) var userText: String

    /// Creates a text response, as UserNotifications does.
    package init(notification: UNNotification, actionIdentifier: String, userText: String) {
        self.userText = userText
        super.init(notification: notification, actionIdentifier: actionIdentifier)
    }
}

/// The action identifier of a response in which the person opened the application from the
/// notification.
@available(iOS 10.0, *)
public let UNNotificationDefaultActionIdentifier: String = "com.apple.UNNotificationDefaultActionIdentifier"

/// The action identifier of a response in which the person dismissed the notification
/// (delivered only for categories that ask for it).
@available(iOS 10.0, *)
public let UNNotificationDismissActionIdentifier: String = "com.apple.UNNotificationDismissActionIdentifier"

// MARK: - Presentation options

/// How to present a notification that arrives while the application is in the foreground
/// (`UNNotificationPresentationOptions`); `[]` hides it.
///
/// The SDK declares it `@unchecked Sendable`; it holds only its raw value.
@available(iOS 10.0, *)
public struct UNNotificationPresentationOptions: OptionSet, @unchecked Sendable {
    /// The options' bits.
    public let rawValue: UInt

    /// Creates options from their bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Update the application's badge.
    public static var badge: UNNotificationPresentationOptions { UNNotificationPresentationOptions(rawValue: 1 << 0) }
    /// Play the notification's sound.
    public static var sound: UNNotificationPresentationOptions { UNNotificationPresentationOptions(rawValue: 1 << 1) }
    /// Show it as an alert (deprecated: `list` and `banner` replace it).
    @available(iOS, introduced: 10.0, deprecated: 14.0)
    public static var alert: UNNotificationPresentationOptions { UNNotificationPresentationOptions(rawValue: 1 << 2) }
    /// Show it in Notification Center.
    @available(iOS 14.0, *)
    public static var list: UNNotificationPresentationOptions { UNNotificationPresentationOptions(rawValue: 1 << 3) }
    /// Show it as a banner.
    @available(iOS 14.0, *)
    public static var banner: UNNotificationPresentationOptions { UNNotificationPresentationOptions(rawValue: 1 << 4) }
}

#endif
