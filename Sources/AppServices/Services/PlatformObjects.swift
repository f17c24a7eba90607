/// The raw objects a platform adapter received with a callback: the `UIApplication`, the
/// launch-options dictionary, the `NSCoder`, the scene, and so on.
///
/// Services reach them through ``AppContext/platform`` when the platform-neutral payload
/// is not enough. The UIKit and AppKit modules add typed accessors; on hosts without a
/// platform (the Linux host, tests) there are none.
@MainActor
public final class PlatformObjects {
    /// The name of one raw object.
    public struct Key: RawRepresentable, Hashable, Sendable {
        /// The key's name.
        public let rawValue: String

        /// Creates a key.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The application object (`UIApplication`, `NSApplication`).
        public static let application = Key(rawValue: "application")
        /// The launch-options dictionary.
        public static let launchOptions = Key(rawValue: "launchOptions")
        /// The URL-opening options dictionary.
        public static let openURLOptions = Key(rawValue: "openURLOptions")
        /// A notification's raw user-info dictionary.
        public static let userInfo = Key(rawValue: "userInfo")
        /// The `NSCoder` of a state-restoration callback.
        public static let coder = Key(rawValue: "coder")
        /// The window a callback concerns.
        public static let window = Key(rawValue: "window")
        /// The scene a callback concerns (`UIScene`).
        public static let scene = Key(rawValue: "scene")
        /// The scene session (`UISceneSession`).
        public static let session = Key(rawValue: "session")
        /// The scene sessions the person discarded (`Set<UISceneSession>`), with the
        /// `userInfo` the application kept in them.
        public static let discardedSessions = Key(rawValue: "discardedSessions")
        /// The scene connection options (`UIScene.ConnectionOptions`).
        public static let connectionOptions = Key(rawValue: "connectionOptions")
        /// The user activity (`NSUserActivity`).
        public static let userActivity = Key(rawValue: "userActivity")
        /// The shortcut item (`UIApplicationShortcutItem`).
        public static let shortcutItem = Key(rawValue: "shortcutItem")
        /// The CloudKit share metadata (`CKShare.Metadata`).
        public static let cloudKitShareMetadata = Key(rawValue: "cloudKitShareMetadata")
        /// The intent (`INIntent`).
        public static let intent = Key(rawValue: "intent")
        /// The `Notification` AppKit passed with a callback.
        public static let notification = Key(rawValue: "notification")
        /// The previous coordinate space and trait collection of a window-scene geometry change.
        public static let previousTraits = Key(rawValue: "previousTraits")
        /// The system's task (an ``SystemBackgroundTask``) a background-task run was given.
        public static let backgroundTask = Key(rawValue: "backgroundTask")
    }

    private let values: [Key: Any]

    /// Creates a set of raw objects.
    public init(_ values: [Key: Any]) {
        self.values = values
        self.application = values[.application] as AnyObject?
    }

    /// The raw object stored under `key`, if any.
    public subscript(key: Key) -> Any? { values[key] }

    /// The raw object stored under `key`, cast to `type`.
    public func value<T>(_ key: Key, as type: T.Type = T.self) -> T? { values[key] as? T }

    /// The application object, if the adapter passed one (read once, when made: an adapter
    /// compares it at every callback).
    public let application: AnyObject?
}
