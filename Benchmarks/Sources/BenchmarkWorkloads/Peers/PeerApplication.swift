/// What the peers pass their services in place of `UIApplication`: one shared object,
/// as UIKit passes `UIApplication.shared` with every callback.
@MainActor
public final class PeerApplication {
    /// The application's name, so the object is not empty.
    public let name: String

    /// Creates the stand-in application.
    public init(name: String = "Benchmark") {
        self.name = name
    }
}

/// The fetch result the peers merge (`UIBackgroundFetchResult`).
public enum PeerFetchResult: Sendable, Hashable {
    /// New data was downloaded.
    case newData
    /// There was nothing new.
    case noData
    /// The attempt failed.
    case failed

    /// The same merge rule as the composite's: new data if any, else failed if any, else
    /// no data.
    public static func merge(_ results: some Sequence<PeerFetchResult>) -> PeerFetchResult {
        var merged = PeerFetchResult.noData
        for result in results {
            if result == .newData { return .newData }
            if result == .failed { merged = .failed }
        }
        return merged
    }
}

/// How the peers show a notification in the foreground (`UNNotificationPresentationOptions`).
public struct PeerPresentationOptions: OptionSet, Sendable, Hashable {
    /// The options' bits.
    public let rawValue: UInt

    /// Creates options from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Update the badge.
    public static let badge = PeerPresentationOptions(rawValue: 1 << 0)
    /// Play the sound.
    public static let sound = PeerPresentationOptions(rawValue: 1 << 1)
    /// Show it in Notification Center.
    public static let list = PeerPresentationOptions(rawValue: 1 << 3)
    /// Show it as a banner.
    public static let banner = PeerPresentationOptions(rawValue: 1 << 4)
}

/// What the peers pass their services for a notification (`UNNotification`): the fields
/// a service reads to decide, as the composite's `UserNotification` carries them.
public struct PeerNotification: Sendable, Hashable {
    /// The request's identifier.
    public var identifier: String
    /// The category.
    public var categoryIdentifier: String
    /// The payload's custom keys.
    public var userInfo: [String: String]

    /// Creates a notification.
    public init(identifier: String, categoryIdentifier: String, userInfo: [String: String]) {
        self.identifier = identifier
        self.categoryIdentifier = categoryIdentifier
        self.userInfo = userInfo
    }
}
