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

final class LoginCallbackService: AppService, URLOpenHandling {
    private(set) var taken: Set<URL> = []

    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        guard url.scheme == "fb1234" else { return false }
        taken.insert(url)  // the SDK completes the login
        return true
    }
}

final class RouterService: AppService, URLOpenHandling {
    static var dependencies: [any AppService.Type] { [LoginCallbackService.self] }
    private(set) var sentToBrowser: [URL] = []

    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        // Asked after the login service: a URL it took is no link of the app's.
        if context.service(LoginCallbackService.self)?.taken.contains(url) == true { return false }
        sentToBrowser.append(url)  // no route for it: the browser
        return true
    }
}

@MainActor
struct MergeRulesTests {
    @Test("A router asked after the login service it depends on stands down for the URL that service took")
    func firstHandlerWinsByDependency() {
        let router = RouterService()
        let login = LoginCallbackService()
        // Listed router first: the dependency, not the list, decides the order.
        let composite = ServiceComposite([router, login])
        let callback = URL(string: "fb1234://authorize#access_token=t")!
        let unknown = URL(string: "https://example.com/elsewhere")!

        #expect(composite.open(callback))
        #expect(composite.open(unknown))
        #expect(login.taken == [callback])
        #expect(router.sentToBrowser == [unknown])
    }

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
