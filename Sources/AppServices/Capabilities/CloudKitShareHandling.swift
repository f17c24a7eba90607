import Foundation

/// A service that accepts CloudKit shares
/// (`application(_:userDidAcceptCloudKitShareWith:)`, and the window-scene form with
/// ``AppContext/scene`` set).
@MainActor
public protocol CloudKitShareHandling: AppService {
    /// The user accepted a share.
    func application(_ context: AppContext, userDidAcceptCloudKitShareWith metadata: CloudKitShareMetadata)
}

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``CloudKitShareHandling``.
    static let cloudKitShares = HandlerKind<any CloudKitShareHandling>(
        { $0 as? any CloudKitShareHandling },
        types: { $0 is any CloudKitShareHandling.Type }
    )
}

extension AppCallback {
    /// `application:userDidAcceptCloudKitShareWithMetadata:` and `windowScene:userDidAcceptCloudKitShareWithMetadata:`
    public static let userDidAcceptCloudKitShare = AppCallback(
        "userDidAcceptCloudKitShare",
        heardBy: HandlerKinds.cloudKitShares,
        selectors: PlatformSelectors(
            application: "application:userDidAcceptCloudKitShareWithMetadata:",
            scene: "windowScene:userDidAcceptCloudKitShareWithMetadata:"
        )
    )

    /// The callbacks ``CloudKitShareHandling`` services hear.
    static let cloudKitShareCallbacks: [AppCallback] = [.userDidAcceptCloudKitShare]
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches `application(_:userDidAcceptCloudKitShareWith:)` (or the window-scene form).
    public func userDidAcceptCloudKitShare(
        _ metadata: CloudKitShareMetadata,
        platform: PlatformObjects? = nil,
        scene: SceneInfo? = nil
    ) {
        notify(.userDidAcceptCloudKitShare, (any CloudKitShareHandling).self, platform: platform, scene: scene) {
            $0.application($1, userDidAcceptCloudKitShareWith: metadata)
        }
    }
}
