import AppServices
import Testing

/// Hears silent pushes, per session.
private final class InboxPushes: SessionService, RemoteNotificationHandling {
    init(session: SessionInfo, context: AppContext) {}

    func application(
        _ context: AppContext,
        didReceiveRemoteNotification notification: RemoteNotification
    ) async throws -> BackgroundFetchResult { .noData }
}

/// Hears the notification responses that target its scene.
private final class SceneResponses: SceneService, UserNotificationHandling {
    init(scene: SceneInfo, context: AppContext) {}
}

/// What ``ServiceComposite/handles(_:)`` answers: the adapters claim a callback
/// (`responds(to:)`), set up the notification center and the push registry from it, so a
/// callback only session or scene services hear must count, or on iOS it never arrives.
@MainActor
struct HandlesTests {
    @Test("A callback only session-service types handle is handled: their instances hear it while a session lives")
    func sessionServiceTypes() throws {
        let composite = ServiceComposite([], configuration: .quiet)
        try composite.registerSessionServices([InboxPushes.self])
        #expect(composite.handles(.didReceiveRemoteNotification))
        #expect(!composite.handles(.didBecomeActive))
    }

    @Test("A notification response only scene-service types handle is handled; a presentation (no scene) is not")
    func sceneServiceTypes() throws {
        let composite = ServiceComposite([], configuration: .quiet)
        try composite.registerSceneServices([SceneResponses.self])
        #expect(composite.handles(.didReceiveNotificationResponse))
        #expect(!composite.handles(.willPresentNotification))
        #expect(!composite.handles(.didReceiveRemoteNotification))
    }
}
