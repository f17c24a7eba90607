#if Configuration
public import Configuration

/// The application's configuration was read again: services that cache configuration values
/// read them anew from ``reader``.
///
/// The Linux host (`ApplicationHost` in `AppServicesLifecycle`) posts it when the process
/// receives SIGHUP and the configuration layers read without error; any host may post it
/// after re-reading its configuration.
///
/// ```swift
/// final class FeedService: AppService {
///     var refreshInterval = Duration.seconds(60)
///
///     func subscribe(to events: inout EventSubscriptions) {
///         events.on(ConfigurationDidChange.self) { change, _ in
///             self.refreshInterval = .seconds(change.reader.int(forKey: "feed.refreshSeconds", default: 60))
///         }
///     }
/// }
/// ```
///
/// Initializers of a launch plan keep the reader the plan was made with: a reload reaches
/// services, not initializers, including their later runs (a repeating initializer's, an
/// on-demand one's).
public struct ConfigurationDidChange: AppEvent {
    /// The configuration as it was read for this change.
    public let reader: ConfigReader

    /// Creates the event for a configuration read into `reader`.
    public init(reader: ConfigReader) {
        self.reader = reader
    }
}
#endif  // Configuration
