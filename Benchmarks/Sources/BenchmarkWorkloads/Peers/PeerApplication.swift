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
