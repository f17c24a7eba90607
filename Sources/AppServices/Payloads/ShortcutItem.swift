/// A home-screen quick action (`UIApplicationShortcutItem`).
public struct ShortcutItem: Sendable, Hashable {
    /// The application-defined type that says which action this is.
    public var type: String
    /// The title shown to the user.
    public var localizedTitle: String
    /// The subtitle shown to the user, if any.
    public var localizedSubtitle: String?
    /// Application-defined values attached to the item.
    public var userInfo: UserInfo

    /// Creates a shortcut item.
    public init(
        type: String,
        localizedTitle: String,
        localizedSubtitle: String? = nil,
        userInfo: UserInfo = [:]
    ) {
        self.type = type
        self.localizedTitle = localizedTitle
        self.localizedSubtitle = localizedSubtitle
        self.userInfo = userInfo
    }
}
