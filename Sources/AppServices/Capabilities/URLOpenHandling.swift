public import Foundation

/// A service that opens URLs: deep links, custom schemes, documents.
///
/// URLs handed to a scene (`scene(_:openURLContexts:)`) reach the same member, with
/// ``AppContext/scene`` set. Merge rule: the URL counts as opened when any service returns
/// `true`; every service is asked. With no handling service the answer is `false`.
@MainActor
public protocol URLOpenHandling: AppService {
    /// Opens `url` if this service knows it (`application(_:open:options:)`); returns
    /// whether it did.
    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool
}
