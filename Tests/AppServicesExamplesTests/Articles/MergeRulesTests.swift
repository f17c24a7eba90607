import AppServices
import Foundation
import Testing

@testable import AppServicesExamples

final class Opener: LegacyURLHandler, AppService, URLOpenHandling {
    var heard: [URL] = []
    func open(_ url: URL) -> Bool {
        heard.append(url)
        return true
    }
    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool { open(url) }
}

final class Suggester: AppService {
    func subscribe(to events: inout EventSubscriptions) {
        events.on(SuggestedCartItems.self) { _, _ in 2 }
    }
}

@MainActor
struct MergeRulesTests {
    let link = URL(string: "shop://orders/7?campaign=spring")!

    @Test("The short-circuiting forwarder skips a handler; the composite does not")
    func wrongWayAndRightWay() {
        final class Tracker: LegacyURLHandler {
            var heard: [URL] = []
            func open(_ url: URL) -> Bool {
                heard.append(url)
                return false
            }
        }
        let tracker = Tracker()
        #expect(ShortCircuitingForwarder([Opener(), tracker]).open(link))
        #expect(tracker.heard.isEmpty, "the wrong way: the tracker never heard the URL")

        let campaigns = CampaignTrackingService()
        let composite = ServiceComposite([Opener(), campaigns])
        #expect(composite.open(link))
        #expect(campaigns.campaigns == ["spring"], "the right way: every service hears it")
    }

    @Test("A fetch service answers within its configured deadline")
    func fetch() async {
        let composite = fetchWithShortDeadline()
        #expect(composite.configuration.deadlines.backgroundFetch == .seconds(20))
        #expect(await composite.performFetch() == .newData)
    }

    @Test("An event's merge rule adds the answers")
    func eventMerge() {
        let composite = ServiceComposite([Suggester()])
        #expect(composite.post(SuggestedCartItems()).response == 2)
        #expect(ServiceComposite([]).post(SuggestedCartItems()).response == 0)
    }
}
