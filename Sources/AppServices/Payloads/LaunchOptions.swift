public import Foundation

/// Why and how the application was launched: the platform-neutral form of UIKit's launch
/// options dictionary.
///
/// The raw dictionary, when there is one, stays available through ``AppContext/platform``
/// under ``PlatformObjects/Key/launchOptions``.
public struct LaunchOptions: Sendable, Hashable {
    /// The URL the application was asked to open (`UIApplication.LaunchOptionsKey.url`).
    public var url: URL?
    /// The bundle identifier of the application that asked to open ``url``.
    public var sourceApplication: String?
    /// The payload of the remote notification that launched the application.
    public var remoteNotification: UserInfo?
    /// The home-screen quick action that launched the application.
    public var shortcutItem: ShortcutItem?
    /// The type of the user activity the application was launched to continue.
    public var userActivityType: String?
    /// Whether the application was in the background state as it launched: for an
    /// application without scenes, launched into the background (silent push, background
    /// fetch, background URL session) rather than in front of the user. UIKit launches a
    /// scene-based application in the background state whatever launched it, so there it
    /// is `true` for every launch: read ``AppContext/launchReason`` once the first scene has
    /// connected (or from ``LaunchHandling``'s callbacks on, where it may still be
    /// provisional) to learn why the application launched.
    public var launchedInBackground: Bool
    /// The command-line arguments, on hosts that have them (the Linux host); empty otherwise.
    public var arguments: [String]
    /// Whether the application was launched for a location event
    /// (`UIApplication.LaunchOptionsKey.location`).
    public var isLocationEvent: Bool

    /// Creates launch options; every field defaults to "not present".
    public init(
        url: URL? = nil,
        sourceApplication: String? = nil,
        remoteNotification: UserInfo? = nil,
        shortcutItem: ShortcutItem? = nil,
        userActivityType: String? = nil,
        launchedInBackground: Bool = false,
        arguments: [String] = [],
        isLocationEvent: Bool = false
    ) {
        self.url = url
        self.sourceApplication = sourceApplication
        self.remoteNotification = remoteNotification
        self.shortcutItem = shortcutItem
        self.userActivityType = userActivityType
        self.launchedInBackground = launchedInBackground
        self.arguments = arguments
        self.isLocationEvent = isLocationEvent
    }
}
