/// A remote (push) notification delivered to the application, usually a silent one that
/// asks it to fetch content.
public struct RemoteNotification: Sendable, Hashable {
    /// The notification's payload, with the `aps` dictionary and any custom keys.
    public var userInfo: UserInfo

    /// Creates a notification from its payload.
    public init(userInfo: UserInfo) {
        self.userInfo = userInfo
    }

    /// Whether the payload asks for background content (`aps.content-available` is 1).
    public var isContentAvailable: Bool {
        userInfo["aps"]?.dictionaryValue?["content-available"]?.boolValue ?? false
    }
}
