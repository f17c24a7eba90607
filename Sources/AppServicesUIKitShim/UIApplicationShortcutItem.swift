#if !canImport(UIKit)

/// A home-screen quick action (`UIApplicationShortcutItem`).
@available(tvOS, unavailable)
open class UIApplicationShortcutItem: NSObject {
    /// The application-defined type that says which action this is.
    open private(set) var type: String
    /// The title shown to the user.
    open private(set) var localizedTitle: String
    /// The subtitle shown to the user, if any.
    open private(set) var localizedSubtitle: String?
    /// The icon, if any.
    open private(set) var icon: UIApplicationShortcutIcon?
    /// Application-defined values attached to the item.
    open private(set) var userInfo: [String: any NSSecureCoding]?

    /// Creates a quick action.
    public init(
        type: String,
        localizedTitle: String,
        localizedSubtitle: String?,
        icon: UIApplicationShortcutIcon?,
        userInfo: [String: any NSSecureCoding]? = nil
    ) {
        self.type = type
        self.localizedTitle = localizedTitle
        self.localizedSubtitle = localizedSubtitle
        self.icon = icon
        self.userInfo = userInfo
        super.init()
    }

    /// Creates a quick action with a title and no icon.
    public convenience init(type: String, localizedTitle: String) {
        self.init(type: type, localizedTitle: localizedTitle, localizedSubtitle: nil, icon: nil)
    }
}

/// The icon of a home-screen quick action (`UIApplicationShortcutIcon`).
@available(tvOS, unavailable)
open class UIApplicationShortcutIcon: NSObject {
    /// Creates an icon from an SF Symbols name.
    public convenience init(systemImageName: String) {
        self.init()
    }
}

#endif
