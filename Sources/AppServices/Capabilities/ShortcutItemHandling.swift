import Foundation

/// A service that performs home-screen quick actions
/// (`application(_:performActionFor:completionHandler:)`, and
/// `windowScene(_:performActionFor:completionHandler:)` with ``AppContext/scene`` set).
///
/// Merge rule: services run concurrently; the system hears `true` when any service
/// handled the item. Its completion handler is called once, after every service returned,
/// or at the deadline.
@MainActor
public protocol ShortcutItemHandling: AppService {
    /// Performs the action of `shortcutItem` if this service owns it; returns whether it did.
    func application(_ context: AppContext, performActionFor shortcutItem: ShortcutItem) async throws -> Bool
}

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``ShortcutItemHandling``.
    static let shortcutItems = HandlerKind<any ShortcutItemHandling>(
        { $0 as? any ShortcutItemHandling },
        types: { $0 is any ShortcutItemHandling.Type }
    )
}

extension AppCallback {
    /// `application:performActionForShortcutItem:completionHandler:` and `windowScene:performActionForShortcutItem:completionHandler:`
    public static let performActionForShortcutItem = AppCallback(
        "performActionForShortcutItem",
        heardBy: HandlerKinds.shortcutItems,
        selectors: PlatformSelectors(
            application: "application:performActionForShortcutItem:completionHandler:",
            scene: "windowScene:performActionForShortcutItem:completionHandler:"
        ),
        deadline: { $0.shortcutItem }
    )

    /// The callbacks ``ShortcutItemHandling`` services hear.
    static let shortcutItemCallbacks: [AppCallback] = [.performActionForShortcutItem]
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches `application(_:performActionFor:completionHandler:)` (or, with `scene`,
    /// `windowScene(_:performActionFor:completionHandler:)`).
    ///
    /// `completion` is called exactly once with `true` when any service handled the item:
    /// at once (`false`) with no handling service, otherwise after every service has
    /// returned or at the deadline.
    public func performAction(
        for shortcutItem: ShortcutItem,
        platform: PlatformObjects? = nil,
        scene: SceneInfo? = nil,
        completion: @escaping @MainActor (Bool) -> Void
    ) {
        fanOut(
            .performActionForShortcutItem,
            (any ShortcutItemHandling).self,
            merge: .anyTrue,
            unanswered: nil,
            platform: platform,
            scene: scene,
            call: PerformShortcut(shortcutItem: shortcutItem),
            completion: completion
        )
    }
}

/// Asks a service to perform a quick action.
private struct PerformShortcut: FanOutCall {
    let shortcutItem: ShortcutItem

    @MainActor func callAsFunction(_ service: any ShortcutItemHandling, _ context: AppContext) async throws -> Bool {
        try await service.application(context, performActionFor: shortcutItem)
    }
}
