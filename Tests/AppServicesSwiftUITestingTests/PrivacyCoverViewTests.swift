#if !canImport(UIKit)
import AppServices
import AppServicesSwiftUI
import AppServicesSwiftUITesting
import Testing

/// The service the documentation of `PrivacyCoverViewProviding` shows.
final class PrivacyService: AppService, PrivacyCoverViewProviding {
    func privacyCoverView(context: AppContext) -> AnyView? {
        AnyView(CoverView())
    }
}

/// The cover it shows.
struct CoverView: View {
    var body: some View { EmptyView() }
}

/// The privacy cover a SwiftUI window shows while it is not active.
@MainActor
struct PrivacyCoverViewTests {
    final class AskedPrivacyService: AppService, PrivacyCoverViewProviding {
        var asked: [String] = []
        func privacyCoverView(context: AppContext) -> AnyView? {
            asked.append(context.scene?.identifier ?? "no scene")
            return AnyView(CoverView())
        }
    }

    struct ContentView: View {
        var body: some View { EmptyView() }
    }

    @Test("Two windows each show the cover while inactive or in the background, and none once active")
    func coverFollowsThePhase() {
        let privacy = AskedPrivacyService()
        let host = SwiftUIApplicationHost(services: [privacy])
        let first = SimulatedWindow(showing: ContentView().appServices(host.composite))
        let second = SimulatedWindow(showing: ContentView().appServices(host.composite))
        first.show()
        second.show()
        #expect(!first.isPrivacyCoverShown)
        #expect(!second.isPrivacyCoverShown)

        first.move(to: .inactive)
        #expect(first.isPrivacyCoverShown)
        #expect(!second.isPrivacyCoverShown)
        first.move(to: .background)
        second.move(to: .inactive)
        #expect(first.isPrivacyCoverShown)
        #expect(second.isPrivacyCoverShown)

        first.move(to: .active)
        #expect(!first.isPrivacyCoverShown, "never left on screen once active")
        second.move(to: .active)
        #expect(!second.isPrivacyCoverShown)
        #expect(privacy.asked.allSatisfy { $0.hasPrefix("SwiftUI-") }, "asked with the window's scene")
    }

    /// Covers the windows once it heard the scene resign active: a lock that engages then.
    final class LockOnResign: AppService, SceneHandling, PrivacyCoverViewProviding {
        var locked = false
        func sceneWillResignActive(_ context: AppContext) { locked = true }
        func sceneDidBecomeActive(_ context: AppContext) { locked = false }
        func privacyCoverView(context: AppContext) -> AnyView? { locked ? AnyView(CoverView()) : nil }
    }

    @Test("The cover is asked for after the services heard the phase change, as the UIKit scene delegate asks")
    func askedAfterTheServicesHeard() {
        let host = SwiftUIApplicationHost(services: [LockOnResign()])
        let window = SimulatedWindow(showing: ContentView().appServices(host.composite))
        window.show()
        #expect(!window.isPrivacyCoverShown)
        window.move(to: .inactive)
        #expect(window.isPrivacyCoverShown, "the lock engaged as the scene resigned active")
        window.move(to: .active)
        #expect(!window.isPrivacyCoverShown)
    }

    @Test("The documentation's service covers an inactive window")
    func documentedService() {
        let host = SwiftUIApplicationHost(services: [PrivacyService()])
        let window = SimulatedWindow(showing: ContentView().appServices(host.composite))
        window.show()
        window.move(to: .inactive)
        #expect(window.isPrivacyCoverShown)
    }
}
#endif
