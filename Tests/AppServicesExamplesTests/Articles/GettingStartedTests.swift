import AppServices
import AppServicesTesting
import Foundation
import Testing

@testable import AppServicesExamples

@MainActor
struct GettingStartedTests {
    @Test("The getting-started composite opens an order link")
    func composes() throws {
        #expect(try gettingStarted())
    }

    @Test("A deep link opens an order")
    func deepLinkOpensAnOrder() throws {
        let deepLinks = DeepLinkService()
        let simulator = LifecycleSimulator(driving: ServiceComposite([deepLinks, ActivityTracker()]))
        try simulator.coldLaunch(LaunchOptions(url: URL(string: "shop://orders/17")))
        #expect(deepLinks.openedOrders == ["17"], "a cold launch's link is opened")

        let composite = ServiceComposite([DeepLinkService()])
        #expect(composite.open(URL(string: "shop://orders/42")!))
        #expect(composite.service(DeepLinkService.self)?.openedOrders == ["42"])
        #expect(!composite.open(URL(string: "https://example.com")!))
    }
}

@MainActor
struct ReadmeTests {
    @Test("The README's example opens an order link and tracks it")
    func readmeExampleWorks() throws {
        #expect(try readmeExample())
    }
}
