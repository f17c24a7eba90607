import AppServices
import AppServicesTesting
import Testing

/// The service of the README's `CallbackCoverage` example.
final class SessionAnalytics: AppService, ApplicationStateHandling {
    private(set) var events: [String] = []

    func applicationDidBecomeActive(_ context: AppContext) { events.append("active") }
    func applicationDidEnterBackground(_ context: AppContext) { events.append("background") }
}

/// The README's example of `CallbackCoverage`, beside the `AppServicesLint` plugin.
@MainActor
struct CallbackCoverageExampleTests {
    @Test("The README's service hears the callbacks it means to")
    func readmeExample() async {
        let unheard = await CallbackCoverage.callbacks(
            [.didBecomeActive, .didEnterBackground],
            notHeardBy: { SessionAnalytics() },
            observing: { $0.events }
        )
        #expect(unheard.isEmpty, "\(unheard)")
    }
}
