public import AppServices
import Logging

/// A composite's service that counts the callbacks it receives, so the work of a
/// dispatch is visible after it and cannot be optimized away.
@MainActor
public protocol CallbackCounting: AppService {
    /// How many callbacks this service has received.
    var callbackCount: Int { get }
}

/// A service that counts `applicationWillResignActive(_:)` and
/// `applicationDidBecomeActive(_:)`.
@MainActor
final class BecomeActiveCounter<A: Digit, B: Digit, C: Digit>: CallbackCounting, ApplicationStateHandling {
    private(set) var callbackCount = 0

    @inline(never)
    func applicationWillResignActive(_ context: AppContext) {
        callbackCount &+= 1
    }

    @inline(never)
    func applicationDidBecomeActive(_ context: AppContext) {
        callbackCount &+= 1
    }
}

/// A service that counts `sceneWillResignActive(_:)` and `sceneDidBecomeActive(_:)`.
@MainActor
final class SceneActiveCounter<A: Digit, B: Digit, C: Digit>: CallbackCounting, SceneHandling {
    private(set) var callbackCount = 0

    @inline(never)
    func sceneWillResignActive(_ context: AppContext) {
        callbackCount &+= 1
    }

    @inline(never)
    func sceneDidBecomeActive(_ context: AppContext) {
        callbackCount &+= 1
    }
}

/// A service that counts `applicationDidReceiveMemoryWarning(_:)` (and also follows the
/// application's state, as most services do).
@MainActor
final class MemoryWarningCounter<A: Digit, B: Digit, C: Digit>: CallbackCounting, ApplicationStateHandling,
    SystemEventHandling
{
    private(set) var callbackCount = 0

    @inline(never)
    func applicationDidBecomeActive(_ context: AppContext) {
        callbackCount &+= 1
    }

    @inline(never)
    func applicationDidReceiveMemoryWarning(_ context: AppContext) {
        callbackCount &+= 1
    }
}

/// A service that answers a silent push at once, with no data.
@MainActor
final class SilentPushAnswerer<A: Digit, B: Digit, C: Digit>: CallbackCounting, RemoteNotificationHandling {
    private(set) var callbackCount = 0

    @inline(never)
    func application(
        _ context: AppContext,
        didReceiveRemoteNotification notification: RemoteNotification
    ) async throws -> BackgroundFetchResult {
        callbackCount &+= 1
        return .noData
    }
}

/// A service that handles user notifications: it answers `options` for a notification
/// about to be presented, and finishes a response at once.
@MainActor
final class UserNotificationCounter<A: Digit, B: Digit, C: Digit>: CallbackCounting, UserNotificationHandling {
    private(set) var callbackCount = 0
    private let options: NotificationPresentationOptions

    nonisolated init(options: NotificationPresentationOptions) {
        self.options = options
    }

    @inline(never)
    func userNotificationCenter(
        _ context: AppContext,
        willPresent notification: UserNotification
    ) async -> NotificationPresentationOptions {
        callbackCount &+= 1
        return options
    }

    @inline(never)
    func userNotificationCenter(_ context: AppContext, didReceive response: NotificationResponse) async throws {
        callbackCount &+= 1
    }
}

/// Which counting service to make for an index.
enum CountingServiceKind: DistinctTypeFactory {
    case becomeActive
    case sceneActive
    case memoryWarning
    case silentPush
    case userNotifications(presenting: NotificationPresentationOptions)

    func make<A: Digit, B: Digit, C: Digit>(_ a: A.Type, _ b: B.Type, _ c: C.Type) -> any CallbackCounting {
        switch self {
        case .becomeActive: BecomeActiveCounter<A, B, C>()
        case .sceneActive: SceneActiveCounter<A, B, C>()
        case .memoryWarning: MemoryWarningCounter<A, B, C>()
        case .silentPush: SilentPushAnswerer<A, B, C>()
        case .userNotifications(let options): UserNotificationCounter<A, B, C>(options: options)
        }
    }
}

extension ServiceComposite.Configuration {
    /// The default configuration with a logger that drops messages, so a benchmark prints
    /// nothing (the composite logs, once, a callback repeated in the same state).
    public static var benchmark: Self {
        Self(logger: Logger(label: "AppServicesBenchmarks", factory: { _ in SwiftLogNoOpLogHandler() }))
    }
}

extension ServiceComposite {
    /// A composite of `services`, launched and active, as an application is when the
    /// callbacks being measured arrive.
    static func active(
        _ services: [any CallbackCounting],
        configuration: Configuration = .benchmark
    ) -> ServiceComposite {
        let composite = ServiceComposite(services, configuration: configuration)
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        return composite
    }
}
