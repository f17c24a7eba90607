// iOS 26.4's VoIP method, compiled where the SDK has it (see `UIKitSelectors` for the
// guard), in a file of its own so that the rest of the delegate reads the same whatever the
// SDK. Declared in an extension, it is `public`, not `open`: a subclass that handles VoIP
// pushes itself overrides `pushRegistry(_:didReceiveIncomingPushWith:for:completion:)`, and
// this method is then not claimed, services or not, so that PushKit calls the override
// (`UIKitSelectors.bypassesOverriddenPushMethod`).
// Compiled with the package's `PushKit` trait only.
#if PushKit && (!canImport(UIKit) || canImport(UIKit, _version: 9126.4))
import AppServices

#if canImport(UIKit)
public import PushKit
#else
public import AppServicesPushKitShim
#endif

extension ServiceOrientedAppDelegate {
    /// Dispatches `pushRegistry(_:didReceiveIncomingVoIPPushWith:metadata:withCompletionHandler:)`
    /// (iOS 26.4), which PushKit calls for a VoIP push instead of
    /// `pushRegistry(_:didReceiveIncomingPushWith:for:completion:)` when the delegate
    /// implements it: as that method does, with the metadata's `mustReport` in the payload
    /// (`PushPayload.mustReport`), so that a push the system does not require reporting is
    /// not held to the CallKit rule. The metadata is in `context.uiKit.voIPPushMetadata`.
    @available(iOS 26.4, macCatalyst 26.4, visionOS 26.4, *)
    nonisolated public func pushRegistry(
        _ registry: PKPushRegistry,
        didReceiveIncomingVoIPPushWith payload: PKPushPayload,
        metadata: PKVoIPPushMetadata,
        withCompletionHandler completion: @escaping @Sendable () -> Void
    ) {
        let mustReport = metadata.mustReport
        MainActorHop.run(handingOver: (registry, payload, metadata)) { [self] delivered in
            let (registry, payload, metadata) = delivered
            dispatchIncomingPush(
                payload,
                type: .voIP,
                mustReport: mustReport,
                platform: platform(registry, payload: payload, metadata: metadata),
                completion: completion
            )
        }
    }
}

extension UIKitObjects {
    /// The metadata of a VoIP push (iOS 26.4), with
    /// `pushRegistry(_:didReceiveIncomingVoIPPushWith:metadata:withCompletionHandler:)`.
    @available(iOS 26.4, macCatalyst 26.4, visionOS 26.4, *)
    public var voIPPushMetadata: PKVoIPPushMetadata? { platform?.value(.voIPPushMetadata) }
}
#endif
