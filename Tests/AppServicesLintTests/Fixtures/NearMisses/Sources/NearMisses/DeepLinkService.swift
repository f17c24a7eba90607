import AppServices
import Foundation

/// The options as UIKit passed them, beside the member that receives the URL.
final class DeepLinkService: AppService, URLOpenHandling {
    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        url.scheme == "shop"
    }

    func application(_ context: AppContext, open url: URL, options: [String: Any]) -> Bool {
        url.host == "orders"
    }
}
