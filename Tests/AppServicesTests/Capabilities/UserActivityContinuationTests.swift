import AppServices
import AppServicesTesting
import Foundation
import Logging
import Testing

/// A service that tells the system it shows an activity's progress, and no service that
/// continues the activity: the person sees nothing, and a warning says who promised.
@MainActor
struct UserActivityContinuationTests {
    static let type = "com.example.document"

    /// Answers `true` to willContinue for every type, and continues nothing.
    final class ProgressShower: AppService, UserActivityHandling {
        func application(_ context: AppContext, willContinueUserActivityWithType userActivityType: String) -> Bool {
            true
        }
    }

    /// Continues the documents' activities.
    final class DocumentOpener: AppService, UserActivityHandling {
        func application(_ context: AppContext, continue userActivity: UserActivity) -> UserActivityContinuation {
            userActivity.activityType == UserActivityContinuationTests.type ? .handled() : .notHandled
        }
    }

    let logs = LogCapture()

    func launched(_ services: [any AppService]) -> ServiceComposite {
        let composite = ServiceComposite(services, configuration: .init(logger: logs.logger()))
        _ = composite.didFinishLaunching()
        return composite
    }

    @Test("A service promises progress and no service continues the activity: a warning names the service")
    func promisedButNotContinued() {
        let composite = launched([ProgressShower()])
        #expect(composite.willContinueUserActivity(type: Self.type))
        #expect(!composite.continueUserActivity(UserActivity(activityType: Self.type)))
        #expect(
            logs.messages(at: .warning) == [
                "ProgressShower answered true to willContinueUserActivity for activity type com.example.document, so the system showed no progress of its own, but no service continued it: the person saw nothing happen. Continue activities of this type in a UserActivityHandling service, or answer false."
            ]
        )
    }

    @Test("Through a scene, whose delegate answers UIKit nothing, a service's true promised nothing: no warning")
    func sceneAnswersNothing() {
        let composite = launched([ProgressShower()])
        let main = SceneInfo(session: SceneSession(persistentIdentifier: "main"))
        composite.sceneWillConnect(main)
        _ = composite.willContinueUserActivity(type: Self.type, scene: main)
        #expect(!composite.continueUserActivity(UserActivity(activityType: Self.type), scene: main))
        #expect(!logs.messages(at: .warning).contains { $0.contains("showed no progress") })
    }

    @Test("No warning when a service continues it, when it fails, or when nobody promised progress")
    func noWarning() {
        let continued = launched([ProgressShower(), DocumentOpener()])
        _ = continued.willContinueUserActivity(type: Self.type)
        #expect(continued.continueUserActivity(UserActivity(activityType: Self.type)))

        let failed = launched([ProgressShower()])
        _ = failed.willContinueUserActivity(type: Self.type)
        failed.didFailToContinueUserActivity(type: Self.type, error: CocoaError(.userCancelled))
        #expect(
            !failed.continueUserActivity(UserActivity(activityType: Self.type)),
            "a later continue was not announced"
        )

        let quiet = launched([DocumentOpener()])
        #expect(!quiet.willContinueUserActivity(type: "com.example.other"))
        #expect(!quiet.continueUserActivity(UserActivity(activityType: "com.example.other")))

        #expect(logs.messages(at: .warning).isEmpty)
    }
}
