#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitShim

/// An app delegate as an application writes one, with its services and configuration given
/// by the test.
final class TestAppDelegate: ServiceOrientedAppDelegate {
    private let services: [any AppService]
    private let configuration: ServiceComposite.Configuration

    init(_ services: [any AppService], configuration: ServiceComposite.Configuration = .init()) {
        self.services = services
        self.configuration = configuration
        super.init()
    }

    override func makeServices() -> [any AppService] { services }
    override func makeConfiguration() -> ServiceComposite.Configuration { configuration }
}

/// A recording service that also keeps the contexts and payloads it received, so tests can
/// check what the adapter converted.
final class Recorder: RecordingService {
    private(set) var contexts: [AppCallback: AppContext] = [:]
    private(set) var launchOptions: [LaunchOptions] = []
    private(set) var urlOptions: [OpenURLOptions] = []
    private(set) var notifications: [RemoteNotification] = []
    private(set) var activities: [UserActivity] = []
    private(set) var shortcutItems: [ShortcutItem] = []
    private(set) var sessions: [SceneSession] = []
    private(set) var connectionOptions: [SceneConnectionOptions] = []

    override func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        keep(.didFinishLaunching, context)
        launchOptions.append(options)
        return super.application(context, didFinishLaunchingWithOptions: options)
    }

    override func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        keep(.openURL, context)
        urlOptions.append(options)
        return super.application(context, open: url, options: options)
    }

    override func application(
        _ context: AppContext,
        didReceiveRemoteNotification notification: RemoteNotification
    ) async throws -> BackgroundFetchResult {
        keep(.didReceiveRemoteNotification, context)
        notifications.append(notification)
        return try await super.application(context, didReceiveRemoteNotification: notification)
    }

    override func application(_ context: AppContext, continue userActivity: UserActivity) -> UserActivityContinuation {
        keep(.continueUserActivity, context)
        activities.append(userActivity)
        return super.application(context, continue: userActivity)
    }

    override func application(_ context: AppContext, performActionFor shortcutItem: ShortcutItem) async throws -> Bool {
        keep(.performActionForShortcutItem, context)
        shortcutItems.append(shortcutItem)
        return try await super.application(context, performActionFor: shortcutItem)
    }

    override func application(
        _ context: AppContext,
        configurationForConnecting session: SceneSession,
        options: SceneConnectionOptions
    ) -> SceneConfiguration? {
        keep(.configurationForConnecting, context)
        sessions.append(session)
        connectionOptions.append(options)
        return super.application(context, configurationForConnecting: session, options: options)
    }

    override func scene(_ context: AppContext, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
        keep(.sceneWillConnect, context)
        sessions.append(session)
        connectionOptions.append(options)
        super.scene(context, willConnectTo: session, options: options)
    }

    override func sceneDidBecomeActive(_ context: AppContext) {
        keep(.sceneDidBecomeActive, context)
        super.sceneDidBecomeActive(context)
    }

    override func application(
        _ context: AppContext,
        supportedInterfaceOrientationsFor window: AnyObject?
    ) -> InterfaceOrientationMask {
        keep(.supportedInterfaceOrientations, context)
        return super.application(context, supportedInterfaceOrientationsFor: window)
    }

    private func keep(_ callback: AppCallback, _ context: AppContext) {
        contexts[callback] = context
    }
}

/// An object services hand back for restoring a user activity; remembers the activities.
final class RestoringResponder: UIResponder {
    private(set) var restored: [String] = []

    override func restoreUserActivityState(_ activity: NSUserActivity) {
        restored.append(activity.activityType)
    }
}

/// An intent of a concrete class, as SiriKit hands over.
final class OrderCoffeeIntent: INIntent {}

/// A service that handles remote notifications and never answers until cancelled.
final class SilentService: AppService, RemoteNotificationHandling, BackgroundFetchHandling,
    BackgroundURLSessionHandling, ShortcutItemHandling
{
    func application(
        _ context: AppContext,
        didReceiveRemoteNotification notification: RemoteNotification
    ) async throws -> BackgroundFetchResult {
        try await waitForCancellation()
        return .newData
    }

    func applicationPerformFetch(_ context: AppContext) async throws -> BackgroundFetchResult {
        try await waitForCancellation()
        return .newData
    }

    func application(_ context: AppContext, handleEventsForBackgroundURLSession identifier: String) async throws {
        try await waitForCancellation()
    }

    func application(_ context: AppContext, performActionFor shortcutItem: ShortcutItem) async throws -> Bool {
        try await waitForCancellation()
        return true
    }

    /// Returns only when the task is cancelled, then throws. Each call waits on its own
    /// stream: a stream ends for good when its consumer is cancelled, so a shared one would
    /// let every later call return at once.
    private func waitForCancellation() async throws {
        let (stream, continuation) = AsyncStream<Never>.makeStream()
        for await _ in stream {}
        continuation.finish()  // keeps the continuation, and so the stream, alive until here
        try Task.checkCancellation()
    }
}

/// Collects the calls of a completion handler, to check that there is exactly one.
@MainActor
final class Completions<Value> {
    private(set) var values: [Value] = []

    var handler: (Value) -> Void { { self.values.append($0) } }
}

#endif
