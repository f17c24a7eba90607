#if !canImport(UIKit)
public import AppServices
import AppServicesTesting
import AppServicesUIKit
import Synchronization
#if PushKit
import AppServicesUIKitShim
public import AppServicesPushKitShim
#endif

#if PushKit

/// PushKit as it delivers: tokens and pushes go to the delegates of the push registries the
/// application created (during this simulated UIKit's steps) that ask for their type.
extension SimulatedUIKit {
    /// The selector of `pushRegistry(_:didUpdate:for:)`, `PKPushRegistryDelegate`'s one
    /// required method, which PushKit calls without asking `responds(to:)`.
    private static let didUpdateSelector = "pushRegistry:didUpdatePushCredentials:forType:"
    /// The selector of iOS 26.4's `pushRegistry(_:didReceiveIncomingVoIPPushWith:metadata:withCompletionHandler:)`.
    private static let voIPMetadataSelector =
        "pushRegistry:didReceiveIncomingVoIPPushWithPayload:metadata:withCompletionHandler:"

    /// The push registries the application created during this simulated UIKit's steps and
    /// still keeps, in the order they were created.
    public var pushRegistries: [PKPushRegistry] { pushRegistryRecord.all }

    /// Every completion handler of an incoming push that a registry's delegate called, in
    /// order, as the push's type: one per push when the delegate behaves.
    public var pushCompletions: [PushType] { pushCompletionLog.entries }

    /// Calls `body` with each registry that asks for pushes of `type` and its delegate, when
    /// the delegate claims `selector` (the SDK's string, such as
    /// `pushRegistry:didInvalidatePushTokenForType:`; PushKit's one required method is called
    /// without asking), as PushKit does; in order of creation.
    ///
    /// - Returns: What `body` returned for each registry called; empty when none asks for
    ///   `type`, or no delegate claims `selector` (the selector is then listed in
    ///   ``unclaimed``).
    @discardableResult
    public func sendToPushRegistryDelegates<Answer>(
        _ selector: String,
        for type: PushType,
        _ body: (any PKPushRegistryDelegate, PKPushRegistry) -> Answer
    ) -> [Answer] {
        let wanted = PKPushType(type)
        var answers: [Answer] = []
        for registry in pushRegistries where registry.desiredPushTypes?.contains(wanted) == true {
            guard let delegate = registry.delegate,
                selector == Self.didUpdateSelector || claimsDuringStep(delegate, selector)
            else { continue }
            delivered.append(selector)
            answers.append(withSimulatedFrameworks { body(delegate, registry) })
        }
        if answers.isEmpty { unclaimed.append(selector) }
        return answers
    }

    /// PushKit gives a new token for pushes of `credentials.type`: each registry that asks
    /// for the type gets it (its `pushToken(for:)` answers it from now on), and its delegate
    /// hears `pushRegistry(_:didUpdate:for:)`.
    public func updatePushCredentials(_ credentials: PushCredentials) {
        let type = PKPushType(credentials.type)
        sendToPushRegistryDelegates(Self.didUpdateSelector, for: credentials.type) { delegate, registry in
            registry.setPushToken(credentials.token, for: type)
            delegate.pushRegistry(
                registry,
                didUpdate: PKPushCredentials(type: type, token: credentials.token),
                for: type
            )
        }
    }

    /// PushKit takes the token for pushes of `type` back: each registry that asks for the type
    /// loses it, and its delegate hears `pushRegistry(_:didInvalidatePushTokenFor:)` when it
    /// claims it.
    public func invalidatePushToken(for type: PushType) {
        let platformType = PKPushType(type)
        for registry in pushRegistries where registry.desiredPushTypes?.contains(platformType) == true {
            registry.setPushToken(nil, for: platformType)
        }
        sendToPushRegistryDelegates("pushRegistry:didInvalidatePushTokenForType:", for: type) { delegate, registry in
            delegate.pushRegistry(registry, didInvalidatePushTokenFor: platformType)
        }
    }

    /// PushKit delivers a push: the delegate of each registry that asks for its type hears
    /// `pushRegistry(_:didReceiveIncomingPushWith:for:completion:)`. Returns once a
    /// completion handler was called, at once when no delegate claims the method.
    ///
    /// - Parameters:
    ///   - payload: The push.
    ///   - dictionaryPayload: The payload as PushKit passes it, to deliver values that are not
    ///     property-list values; `nil` for the payload's own.
    public func receiveIncomingPush(_ payload: PushPayload, dictionaryPayload: [AnyHashable: Any]? = nil) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let once = ResumeOnce(continuation)
            deliverIncomingPush(payload, dictionaryPayload: dictionaryPayload) { _ in once.resume(returning: ()) }
        }
    }

    /// `pushRegistry(_:didReceiveIncomingPushWith:for:completion:)`, for a
    /// `LifecycleSimulator`: `completion` is called, with `nil` (PushKit's completion handler
    /// carries no answer), each time a delegate calls the push's completion handler, and at
    /// once when no delegate claims the method.
    public func didReceiveIncomingPush(
        _ payload: PushPayload,
        completion: @escaping @MainActor @Sendable (VoIPCallReport?) -> Void
    ) {
        deliverIncomingPush(payload, dictionaryPayload: nil, completion: completion)
    }

    /// `pushRegistry(_:didUpdate:for:)`, for a `LifecycleSimulator`: see
    /// ``updatePushCredentials(_:)``.
    public func didUpdatePushCredentials(_ credentials: PushCredentials) {
        updatePushCredentials(credentials)
    }

    /// `pushRegistry(_:didInvalidatePushTokenFor:)`, for a `LifecycleSimulator`: see
    /// ``invalidatePushToken(for:)``.
    public func didInvalidatePushToken(for type: PushType) {
        invalidatePushToken(for: type)
    }

    /// Delivers `payload` to the claiming delegates; `completion` hears every call of a
    /// push's completion handler, on the main actor, or one call at once when none claims.
    private func deliverIncomingPush(
        _ payload: PushPayload,
        dictionaryPayload: [AnyHashable: Any]?,
        completion: @escaping @MainActor @Sendable (VoIPCallReport?) -> Void
    ) {
        let type = PKPushType(payload.type)
        let platformPayload = PKPushPayload(
            type: type,
            dictionaryPayload: dictionaryPayload ?? (payload.dictionaryPayload.propertyList as [AnyHashable: Any])
        )
        let log = pushCompletionLog
        let pushType = payload.type
        let handler: @Sendable () -> Void = {
            log.append(pushType)
            // The adapter calls it on the main actor; a delegate may call it from any thread.
            if SelectorClaim.isOnMainActor {
                MainActor.assumeIsolated { completion(nil) }
            } else {
                Task { @MainActor in completion(nil) }
            }
        }
        // From iOS 26.4 PushKit calls the VoIP method with metadata, for a VoIP push, on a
        // delegate that implements it; the other method otherwise.
        var calls: [Void] = []
        if payload.type == .voIP {
            let metadata = PKVoIPPushMetadata(mustReport: payload.mustReport)
            calls = sendToPushRegistryDelegates(Self.voIPMetadataSelector, for: .voIP) { delegate, registry in
                delegate.pushRegistry(
                    registry,
                    didReceiveIncomingVoIPPushWith: platformPayload,
                    metadata: metadata,
                    withCompletionHandler: handler
                )
            }
        }
        if calls.isEmpty {
            calls = sendToPushRegistryDelegates(
                "pushRegistry:didReceiveIncomingPushWithPayload:forType:withCompletionHandler:",
                for: payload.type
            ) { delegate, registry in
                delegate.pushRegistry(
                    registry,
                    didReceiveIncomingPushWith: platformPayload,
                    for: type,
                    completion: handler
                )
            }
        }
        if calls.isEmpty { completion(nil) }
    }
}

/// The completion handlers of incoming pushes called, kept behind a lock: PushKit's handlers
/// are `@Sendable` and may be called from any thread.
final class PushCompletionLog: Sendable {
    private let recorded = Mutex<[PushType]>([])

    /// Every completion recorded, in order.
    var entries: [PushType] { recorded.withLock { $0 } }

    /// Records one completion.
    func append(_ type: PushType) {
        recorded.withLock { $0.append(type) }
    }
}
#else
/// PushKit without the package's `PushKit` trait: the application created no push registry,
/// so PushKit delivers nothing, as on a device. Each step's method is listed in
/// ``unclaimed``, and an incoming push's completion is answered at once.
extension SimulatedUIKit {
    /// `pushRegistry(_:didReceiveIncomingPushWith:for:completion:)`, for a
    /// `LifecycleSimulator`: delivered to no registry; `completion` is called at once, with
    /// `nil`.
    public func didReceiveIncomingPush(
        _ payload: PushPayload,
        completion: @escaping @MainActor @Sendable (VoIPCallReport?) -> Void
    ) {
        unclaimed.append("pushRegistry:didReceiveIncomingPushWithPayload:forType:withCompletionHandler:")
        completion(nil)
    }

    /// `pushRegistry(_:didUpdate:for:)`, for a `LifecycleSimulator`: delivered to no registry.
    public func didUpdatePushCredentials(_ credentials: PushCredentials) {
        unclaimed.append("pushRegistry:didUpdatePushCredentials:forType:")
    }

    /// `pushRegistry(_:didInvalidatePushTokenFor:)`, for a `LifecycleSimulator`: delivered to
    /// no registry.
    public func didInvalidatePushToken(for type: PushType) {
        unclaimed.append("pushRegistry:didInvalidatePushTokenForType:")
    }
}
#endif
#endif
