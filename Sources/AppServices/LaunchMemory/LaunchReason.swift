/// Why the application was launched: by the user, to open a URL or continue an activity, for
/// a notification, a quick action, or in the background for a task, a push or a location
/// event.
///
/// The composite reads it from the launch options, and, when they do not say, from what
/// explains the launch first: in the scene life cycle the first scene's connection options
/// (its URL, activity, quick action or notification response), and for a launch into the
/// background its first background callback (a background task or fetch, a URL session's
/// events, a silent push, a VoIP push). Until then it is ``user`` (or
/// ``otherBackground``); read it where it is settled, such as in a scene's connection or
/// after the first frame. UIKit launches a scene-based application in the background state
/// whatever launched it, so its launch begins as ``otherBackground`` and a scene that
/// connects before any background callback settles it as a launch in front of the user. Initializers read it from ``InitializerContext/launchReason``,
/// services from ``AppContext/launchReason``.
public struct LaunchReason: Sendable, Hashable, CustomStringConvertible {
    enum Base: String, Sendable, Hashable {
        case user, notificationResponse, url, userActivity, shortcut
        case backgroundTask, silentPush, voipPush, location, otherBackground
    }

    let base: Base

    /// The user opened the application (or nothing else explains the launch).
    public static let user = LaunchReason(base: .user)
    /// The user answered a notification.
    public static let notificationResponse = LaunchReason(base: .notificationResponse)
    /// The application was asked to open a URL.
    public static let url = LaunchReason(base: .url)
    /// The application was launched to continue a user activity (Handoff, Spotlight, a
    /// universal link).
    public static let userActivity = LaunchReason(base: .userActivity)
    /// The user chose a home-screen quick action.
    public static let shortcut = LaunchReason(base: .shortcut)
    /// In the background, for a background task, a background fetch, or a URL session's
    /// events.
    public static let backgroundTask = LaunchReason(base: .backgroundTask)
    /// In the background, for a remote notification without user interaction.
    public static let silentPush = LaunchReason(base: .silentPush)
    /// In the background, for a VoIP push.
    public static let voipPush = LaunchReason(base: .voipPush)
    /// In the background, for a location event.
    public static let location = LaunchReason(base: .location)
    /// In the background, for a reason no callback has named (yet).
    public static let otherBackground = LaunchReason(base: .otherBackground)

    /// The reason's name, such as `silentPush`.
    public var description: String { base.rawValue }

    /// Whether the application was launched into the background.
    var isInBackground: Bool {
        switch base {
        case .backgroundTask, .silentPush, .voipPush, .location, .otherBackground: true
        case .user, .notificationResponse, .url, .userActivity, .shortcut: false
        }
    }

    /// Whether a later callback may still say more: the launch was in front of the user with
    /// nothing in its options, or in the background for a reason not named yet.
    var isProvisional: Bool { base == .user || base == .otherBackground }

    /// The reason the launch options give.
    init(_ options: LaunchOptions) {
        if options.url != nil {
            self = .url
        } else if options.shortcutItem != nil {
            self = .shortcut
        } else if options.userActivityType != nil {
            self = .userActivity
        } else if options.remoteNotification != nil {
            self = options.launchedInBackground ? .silentPush : .notificationResponse
        } else if options.isLocationEvent {
            self = .location
        } else {
            self = options.launchedInBackground ? .otherBackground : .user
        }
    }

    /// The reason a scene's connection options give, or `nil` when they give none.
    init?(_ options: SceneConnectionOptions) {
        if !options.urlContexts.isEmpty {
            self = .url
        } else if !options.userActivities.isEmpty || options.handoffUserActivityType != nil {
            self = .userActivity
        } else if options.shortcutItem != nil {
            self = .shortcut
        } else if options.notificationResponse != nil {
            self = .notificationResponse
        } else {
            return nil
        }
    }

    private init(base: Base) { self.base = base }
}
