/// The outcome of background work the system gave the application time for: a silent
/// push or a background fetch (`UIBackgroundFetchResult`).
///
/// When several services answer, the composite reports ``newData`` if any service got new
/// data, else ``failed`` if any failed, else ``noData``.
public enum BackgroundFetchResult: Sendable, Hashable, CaseIterable {
    /// New data was downloaded.
    case newData
    /// There was nothing new.
    case noData
    /// The attempt failed.
    case failed
}
