/// A kind of notification and the actions a person can choose on it
/// (`UNNotificationCategory`), in platform-neutral form.
///
/// A notification names its category with its `categoryIdentifier`; the system shows the
/// category's actions under it. Services declare the categories they own
/// (``UserNotificationHandling/definedNotificationCategories``), and the host registers the
/// union of every service's categories in one call, since the system's
/// `setNotificationCategories(_:)` replaces the whole set each time.
///
/// ```swift
/// NotificationCategory(
///     "MESSAGE",
///     actions: [
///         NotificationAction("REPLY", title: "Reply", textInput: .init(buttonTitle: "Send", placeholder: "Message")),
///         NotificationAction("MUTE", title: "Mute", options: .destructive),
///     ],
///     options: .customDismissAction
/// )
/// ```
public struct NotificationCategory: Sendable, Hashable {
    /// The identifier notifications of this category carry in `categoryIdentifier`.
    public var identifier: String
    /// The actions, in the order the system shows them.
    public var actions: [NotificationAction]
    /// The intents (`INIntent` identifiers) notifications of this category relate to, for Siri.
    public var intentIdentifiers: [String]
    /// The text shown instead of the body when previews are hidden; `nil` for the system's.
    public var hiddenPreviewsBodyPlaceholder: String?
    /// The format of the summary of grouped notifications of this category; `nil` for the
    /// system's.
    public var categorySummaryFormat: String?
    /// How the system treats notifications of this category.
    public var options: Options

    /// Creates a category.
    public init(
        _ identifier: String,
        actions: [NotificationAction] = [],
        intentIdentifiers: [String] = [],
        hiddenPreviewsBodyPlaceholder: String? = nil,
        categorySummaryFormat: String? = nil,
        options: Options = []
    ) {
        self.identifier = identifier
        self.actions = actions
        self.intentIdentifiers = intentIdentifiers
        self.hiddenPreviewsBodyPlaceholder = hiddenPreviewsBodyPlaceholder
        self.categorySummaryFormat = categorySummaryFormat
        self.options = options
    }

    /// How the system treats a category's notifications (`UNNotificationCategoryOptions`).
    ///
    /// The raw values are the system's, so adapters convert by raw value.
    public struct Options: OptionSet, Sendable, Hashable {
        /// The options' bits, as the system numbers them.
        public let rawValue: UInt

        /// Creates options from the system's bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Deliver the person's dismissal to the services
        /// (``NotificationResponse/Action/dismiss``).
        public static let customDismissAction = Options(rawValue: 1 << 0)
        /// Allow the category's notifications in CarPlay.
        public static let allowInCarPlay = Options(rawValue: 1 << 1)
        /// Show the title when previews are hidden.
        public static let hiddenPreviewsShowTitle = Options(rawValue: 1 << 2)
        /// Show the subtitle when previews are hidden.
        public static let hiddenPreviewsShowSubtitle = Options(rawValue: 1 << 3)
    }
}

/// An action a person can choose on a notification (`UNNotificationAction`, or
/// `UNTextInputNotificationAction` when it asks for text).
public struct NotificationAction: Sendable, Hashable {
    /// The identifier a response carries when the person chooses the action
    /// (``NotificationResponse/Action/custom(identifier:text:)``).
    public var identifier: String
    /// The button's title.
    public var title: String
    /// How the system performs the action.
    public var options: Options
    /// The text field the action shows, for an action that asks for text; `nil` for a plain
    /// button.
    public var textInput: TextInput?

    /// Creates an action.
    public init(_ identifier: String, title: String, options: Options = [], textInput: TextInput? = nil) {
        self.identifier = identifier
        self.title = title
        self.options = options
        self.textInput = textInput
    }

    /// The text field of an action that asks for text.
    public struct TextInput: Sendable, Hashable {
        /// The title of the button that sends the text.
        public var buttonTitle: String
        /// The text shown in the empty field.
        public var placeholder: String

        /// Creates a text field description.
        public init(buttonTitle: String, placeholder: String) {
            self.buttonTitle = buttonTitle
            self.placeholder = placeholder
        }
    }

    /// How the system performs an action (`UNNotificationActionOptions`).
    ///
    /// The raw values are the system's, so adapters convert by raw value.
    public struct Options: OptionSet, Sendable, Hashable {
        /// The options' bits, as the system numbers them.
        public let rawValue: UInt

        /// Creates options from the system's bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Only on an unlocked device.
        public static let authenticationRequired = Options(rawValue: 1 << 0)
        /// Shown as destructive.
        public static let destructive = Options(rawValue: 1 << 1)
        /// Brings the application to the foreground.
        public static let foreground = Options(rawValue: 1 << 2)
    }
}

/// The ways an application asks to notify the person (`UNAuthorizationOptions`).
///
/// Services say which they need (``UserNotificationHandling/notificationAuthorizationOptions``);
/// ``ServiceComposite/requestNotificationAuthorization()`` asks once for the union. The raw
/// values are the system's, so adapters convert by raw value.
public struct NotificationAuthorizationOptions: OptionSet, Sendable, Hashable {
    /// The options' bits, as the system numbers them.
    public let rawValue: UInt

    /// Creates options from the system's bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Update the application's badge.
    public static let badge = NotificationAuthorizationOptions(rawValue: 1 << 0)
    /// Play sounds.
    public static let sound = NotificationAuthorizationOptions(rawValue: 1 << 1)
    /// Show alerts.
    public static let alert = NotificationAuthorizationOptions(rawValue: 1 << 2)
    /// Show notifications in CarPlay.
    public static let carPlay = NotificationAuthorizationOptions(rawValue: 1 << 3)
    /// Critical alerts, which ignore the mute switch and Do Not Disturb (an entitlement).
    public static let criticalAlert = NotificationAuthorizationOptions(rawValue: 1 << 4)
    /// A button for the application's own notification settings
    /// (``UserNotificationHandling/userNotificationCenter(_:openSettingsFor:)``).
    public static let providesAppNotificationSettings = NotificationAuthorizationOptions(rawValue: 1 << 5)
    /// Deliver quietly, to Notification Center only, without asking first.
    public static let provisional = NotificationAuthorizationOptions(rawValue: 1 << 6)
}

/// The outcome of one request for notification authorization, told to every
/// ``UserNotificationHandling`` service.
public struct NotificationAuthorization: Sendable, Hashable {
    /// The options asked for: the union of the services' options.
    public var requested: NotificationAuthorizationOptions
    /// Whether the person allowed notifications.
    public var granted: Bool
    /// What prevented the request, described; `nil` when the system answered.
    public var failure: String?

    /// Creates an outcome.
    public init(requested: NotificationAuthorizationOptions, granted: Bool, failure: String? = nil) {
        self.requested = requested
        self.granted = granted
        self.failure = failure
    }
}

/// Where the notification categories are registered and authorization is asked for: the
/// system's notification center (`UNUserNotificationCenter`), which hosts give the composite
/// (``ServiceComposite/useNotificationCenter(_:)``).
@MainActor
public protocol NotificationCenterProvider: AnyObject {
    /// Registers `categories` as the application's whole set, replacing the set registered
    /// before (`setNotificationCategories(_:)`).
    func setNotificationCategories(_ categories: [NotificationCategory])
    /// Asks the person to allow notifications in the ways `options` lists
    /// (`requestAuthorization(options:)`).
    ///
    /// - Returns: Whether they allowed it.
    /// - Throws: What prevented the request.
    func requestAuthorization(options: NotificationAuthorizationOptions) async throws -> Bool
}
