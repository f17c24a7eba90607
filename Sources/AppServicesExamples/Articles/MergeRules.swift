// The code of the "Merge rules and completion handlers" article.

import AppServices
import Foundation

// MARK: The wrong way: a forwarding loop that stops early

/// What a hand-written forwarding delegate often does.
@MainActor
protocol LegacyURLHandler: AnyObject {
    func open(_ url: URL) -> Bool
}

@MainActor
final class ShortCircuitingForwarder {
    let handlers: [any LegacyURLHandler]
    init(_ handlers: [any LegacyURLHandler]) { self.handlers = handlers }

    // Wrong: `contains` stops at the first handler that answers true,
    // so the handlers after it never hear about the URL.
    func open(_ url: URL) -> Bool {
        handlers.contains { $0.open(url) }
    }
}

// MARK: The right way: every service hears it, the answers merge

final class CampaignTrackingService: AppService, URLOpenHandling {
    private(set) var campaigns: [String] = []

    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems
        if let campaign = query?.first(where: { $0.name == "campaign" })?.value {
            campaigns.append(campaign)
        }
        return false  // it observes; it does not open anything
    }
}

// MARK: An async service under a deadline

final class CatalogRefreshService: AppService, BackgroundFetchHandling {
    func applicationPerformFetch(_ context: AppContext) async throws -> BackgroundFetchResult {
        let changed = try await downloadCatalogChanges()
        return changed.isEmpty ? .noData : .newData
    }

    private func downloadCatalogChanges() async throws -> [String] {
        try Task.checkCancellation()  // after the deadline the work is cancelled
        return ["spring-collection"]
    }
}

@MainActor
func fetchWithShortDeadline() -> ServiceComposite {
    var configuration = ServiceComposite.Configuration()
    configuration.deadlines.backgroundFetch = .seconds(20)
    return ServiceComposite([CatalogRefreshService()], configuration: configuration)
}

// MARK: An event with its own merge rule

/// Asks every service how many items it would add to the cart; the poster hears the total.
struct SuggestedCartItems: AppEvent {
    typealias Response = Int
    static var responseMerge: ResponseMerge<Int> {
        ResponseMerge(whenNoneAnswers: { 0 }, combine: { total, next in total + next })
    }
}
