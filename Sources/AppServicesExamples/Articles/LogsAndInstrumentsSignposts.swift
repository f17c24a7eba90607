// The code of the "Logs and Instruments" article's section on signposts.

import AppServices

/// Warms an image cache the app can live without.
struct WarmImageCache: Initializer {
    var failurePolicy: FailurePolicy { .optional }

    func perform(_ context: InitializerContext) async throws {}
}

/// Reads the remote feature flags, trying once more if the first attempt fails.
struct FetchFeatureFlags: Initializer {
    var failurePolicy: FailurePolicy { .retry(times: 1, backoff: .exponential(initial: .milliseconds(100))) }

    func perform(_ context: InitializerContext) async throws {}
}

/// Refreshes the inbox when a silent push arrives.
final class InboxRefreshService: AppService, RemoteNotificationHandling {
    func application(
        _ context: AppContext,
        didReceiveRemoteNotification notification: RemoteNotification
    ) async throws -> BackgroundFetchResult {
        .newData
    }
}

/// The app's composite, marking its signposts through `signposter`.
@MainActor
func makeInstrumentedComposite(signposter: (any Signposter)?) throws -> ServiceComposite {
    var configuration = ServiceComposite.Configuration()
    configuration.signposter = signposter
    return ServiceComposite(
        [InboxRefreshService()],
        configuration: configuration,
        launchPlan: try LaunchPlan {
            WarmImageCache()
            FetchFeatureFlags()
        }
    )
}

/// A configuration with signposts turned off.
func configurationWithoutSignposts() -> ServiceComposite.Configuration {
    var configuration = ServiceComposite.Configuration()
    configuration.signposter = nil  // no interval, no event, no message is made
    return configuration
}

#if canImport(os)
/// A configuration whose signposts go to a subsystem and category of the app's own.
func configurationWithOwnCategory() -> ServiceComposite.Configuration {
    var configuration = ServiceComposite.Configuration()
    configuration.signposter = SystemSignposter(subsystem: "com.example.shop", category: "Launch")
    return configuration
}
#endif
