#if !canImport(UIKit)
import AppServices
@testable import AppServicesUIKit
import Testing

/// What the app delegate says before launch returns when the adapter was built without the
/// package's `CarPlay` or `PushKit` trait and a service needs the framework: one error per
/// framework, naming the services and the trait. The tests ask for the messages of a build
/// without the frameworks directly, since this test run is built with the default traits.
@MainActor
@Suite("Frameworks left out by the package's traits")
struct MissingFrameworksTests {
    /// A scene service that hears CarPlay's callbacks in its own scene.
    final class CarPlayScene: SceneService, CarPlayHandling {
        init(scene: SceneInfo, context: AppContext) {}
    }

    @Test("This test run's adapter is built with both traits, the package's defaults")
    func defaultTraitsBuildBoth() {
        #expect(MissingFrameworks.built == [.carPlay, .pushKit])
    }

    @Test("Without the traits, each framework a service needs is one error naming the services and the trait")
    func errorsNameServicesAndTraits() {
        let composite = ServiceComposite([StateOnly(), VoIPOnly(), CarPlayOnly()])
        let problems = MissingFrameworks.problems(in: composite, built: [])
        #expect(
            problems == [
                "CarPlayHandling services (CarPlayOnly) will never be called: AppServicesUIKit was built without "
                    + "the package's CarPlay trait, so it has no CarPlay scene delegate. Add \"CarPlay\" to the "
                    + "traits of the dependency on AppServices, or remove the services.",
                "VoIPPushHandling services (VoIPOnly) will never be called: AppServicesUIKit was built without "
                    + "the package's PushKit trait, so its app delegate is no push registry's delegate and creates "
                    + "none. Add \"PushKit\" to the traits of the dependency on AppServices, or remove the services.",
            ]
        )
    }

    @Test("Only the frameworks left out are reported, and only when a service needs them")
    func onlyWhatIsMissingAndNeeded() {
        let both = ServiceComposite([VoIPOnly(), CarPlayOnly()])
        #expect(MissingFrameworks.problems(in: both, built: [.carPlay, .pushKit]).isEmpty)
        let withoutPushKit = MissingFrameworks.problems(in: both, built: [.carPlay])
        #expect(withoutPushKit.count == 1)
        #expect(withoutPushKit.first?.hasPrefix("VoIPPushHandling services (VoIPOnly) will never be called") == true)
        let neither = ServiceComposite([StateOnly(), NotificationsOnly()])
        #expect(MissingFrameworks.problems(in: neither, built: []).isEmpty)
    }

    @Test("A CarPlay scene service is reported too, as scene services")
    func sceneServices() throws {
        let composite = ServiceComposite([StateOnly()])
        try composite.registerSceneServices([CarPlayScene.self])
        let problems = MissingFrameworks.problems(in: composite, built: [])
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("CarPlayHandling services (scene services) will never") == true)
    }
}
#endif
