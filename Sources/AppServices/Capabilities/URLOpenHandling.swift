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

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``URLOpenHandling``.
    static let urlOpening = HandlerKind<any URLOpenHandling>(
        { $0 as? any URLOpenHandling },
        types: { $0 is any URLOpenHandling.Type }
    )
}

extension AppCallback {
    /// `application:openURL:options:` and `scene:openURLContexts:` and `application:openURLs:`
    public static let openURL = AppCallback(
        "openURL",
        heardBy: HandlerKinds.urlOpening,
        selectors: PlatformSelectors(
            application: "application:openURL:options:",
            scene: "scene:openURLContexts:",
            appKit: "application:openURLs:"
        )
    )

    /// The callbacks ``URLOpenHandling`` services hear.
    static let urlOpenCallbacks: [AppCallback] = [.openURL]
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches `application(_:open:options:)` (or, with `scene`, one URL of
    /// `scene(_:openURLContexts:)`).
    ///
    /// - Returns: `true` if any service opened the URL; `false` with no handling service.
    public func open(
        _ url: URL,
        options: OpenURLOptions = OpenURLOptions(),
        platform: PlatformObjects? = nil,
        scene: SceneInfo? = nil
    ) -> Bool {
        ask(.openURL, (any URLOpenHandling).self, merge: .anyTrue, platform: platform, scene: scene) {
            $0.application($1, open: url, options: options)
        }
    }

    /// Dispatches `scene(_:openURLContexts:)`: each URL, sorted by its string so the order
    /// does not depend on the set's, goes to ``URLOpenHandling`` with the scene set.
    public func open(_ urlContexts: Set<OpenURLContext>, scene: SceneInfo, platform: PlatformObjects? = nil) {
        for context in urlContexts.sortedOnce(by: { $0.url.absoluteString < $1.url.absoluteString }) {
            _ = open(context.url, options: context.options, platform: platform, scene: scene)
        }
    }
}
