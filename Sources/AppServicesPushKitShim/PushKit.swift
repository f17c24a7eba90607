// The PushKit framework's declarations the UIKit adapter uses, transcribed for platforms
// that have no UIKit. On Apple platforms the adapter imports PushKit itself and this file is
// empty.
//
// Source: the iOS SDK's imported interface, in
// Documentation/Reference/AppleAPI-NotificationsAndTasks.md in this repository: names,
// argument labels, types, optionality, `@Sendable`, the `async` variant and availability as
// the SDK has them. Members the SDK marks `@objc optional` are requirements with a default
// implementation, as in the UIKit shim. `PKPushCredentials` and the push-type constants are
// transcribed from the same interface (see the reference's notes); iOS 26.4's VoIP method
// and `PKVoIPPushMetadata` are derived from the iOS 27.0 SDK's headers, as the reference says.
//
// PushKit creates payloads and credentials and calls the registries' delegates; the shim
// lets a simulated UIKit in this package create them, find the registries an application
// created, and give them tokens. Those hooks are `package` and marked "Shim only" below.
#if !canImport(UIKit)
public import AppServicesUIKitShim
public import Dispatch

// MARK: - The delegate

/// The methods a push registry calls on its delegate (`PKPushRegistryDelegate`).
///
/// `pushRegistry(_:didUpdate:for:)` is the one required method. The others are `@objc
/// optional` in the SDK. The `async` variant of the incoming-push method is the same
/// Objective-C method as its completion-handler twin (one selector): a delegate implements
/// one of the two, and a Swift caller of the other reaches it through the Objective-C bridge.
/// The shim models a delegate that implements the completion-handler method, as the adapter
/// does: the `async` variant's default calls it, as the bridge would. The completion-handler
/// default does nothing and never calls the handler, as PushKit never hands one to a delegate
/// that lacks the method.
///
/// The protocol is not isolated to the main actor, as in the SDK: a main-actor class
/// implements its requirements as `nonisolated` methods.
public protocol PKPushRegistryDelegate: NSObjectProtocol {
    /// The token for pushes of `type` is new or changed.
    @available(iOS 8.0, *)
    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType)

    /// A push arrived (the form without a completion handler, deprecated since iOS 11).
    @available(iOS, introduced: 8.0, deprecated: 11.0)
    func pushRegistry(
        _ registry: PKPushRegistry,
        didReceiveIncomingPushWith payload: PKPushPayload,
        for type: PKPushType
    )

    /// A push arrived; call `completion` when it has been handled (for a VoIP push, after
    /// reporting the incoming call to CallKit).
    @available(iOS 11.0, *)
    func pushRegistry(
        _ registry: PKPushRegistry,
        didReceiveIncomingPushWith payload: PKPushPayload,
        for type: PKPushType,
        completion: @escaping @Sendable () -> Void
    )

    /// A push arrived (the `async` spelling of the completion-handler method).
    @available(iOS 11.0, *)
    func pushRegistry(
        _ registry: PKPushRegistry,
        didReceiveIncomingPushWith payload: PKPushPayload,
        for type: PKPushType
    ) async

    /// A VoIP push arrived, with what PushKit knows about it (iOS 26.4); call `completion`
    /// when it has been handled. When `metadata.mustReport` is `true`, report an incoming call
    /// to CallKit (or a conversation to LiveCommunicationKit) first, or the system terminates
    /// the application; when it is `false` (the application is in the foreground, already has
    /// a call, or the push arrived late) it need not.
    ///
    /// For VoIP pushes the SDK recommends it over
    /// `pushRegistry(_:didReceiveIncomingPushWith:for:completion:)`.
    @available(iOS 26.4, *)
    func pushRegistry(
        _ registry: PKPushRegistry,
        didReceiveIncomingVoIPPushWith payload: PKPushPayload,
        metadata: PKVoIPPushMetadata,
        withCompletionHandler completion: @escaping @Sendable () -> Void
    )

    /// A VoIP push arrived, with what PushKit knows about it (the `async` spelling of the
    /// method above).
    @available(iOS 26.4, *)
    func pushRegistry(
        _ registry: PKPushRegistry,
        didReceiveIncomingVoIPPushWith payload: PKPushPayload,
        metadata: PKVoIPPushMetadata
    ) async

    /// The token for pushes of `type` is no longer valid.
    @available(iOS 8.0, *)
    func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType)
}

/// What PushKit does when the delegate lacks an optional method, and the Objective-C bridge
/// from the `async` spelling to the completion-handler method.
extension PKPushRegistryDelegate {
    /// Does nothing.
    @available(iOS, introduced: 8.0, deprecated: 11.0)
    public func pushRegistry(
        _ registry: PKPushRegistry,
        didReceiveIncomingPushWith payload: PKPushPayload,
        for type: PKPushType
    ) {}

    /// Does nothing and never calls the handler.
    @available(iOS 11.0, *)
    public func pushRegistry(
        _ registry: PKPushRegistry,
        didReceiveIncomingPushWith payload: PKPushPayload,
        for type: PKPushType,
        completion: @escaping @Sendable () -> Void
    ) {}

    /// Calls the completion-handler method and returns when it calls its handler, as the
    /// Objective-C bridge does.
    @available(iOS 11.0, *)
    public func pushRegistry(
        _ registry: PKPushRegistry,
        didReceiveIncomingPushWith payload: PKPushPayload,
        for type: PKPushType
    ) async {
        await withCheckedContinuation { continuation in
            pushRegistry(registry, didReceiveIncomingPushWith: payload, for: type) { continuation.resume() }
        }
    }

    /// Does nothing and never calls the handler.
    @available(iOS 26.4, *)
    public func pushRegistry(
        _ registry: PKPushRegistry,
        didReceiveIncomingVoIPPushWith payload: PKPushPayload,
        metadata: PKVoIPPushMetadata,
        withCompletionHandler completion: @escaping @Sendable () -> Void
    ) {}

    /// Calls the completion-handler method and returns when it calls its handler, as the
    /// Objective-C bridge does.
    @available(iOS 26.4, *)
    public func pushRegistry(
        _ registry: PKPushRegistry,
        didReceiveIncomingVoIPPushWith payload: PKPushPayload,
        metadata: PKVoIPPushMetadata
    ) async {
        await withCheckedContinuation { continuation in
            pushRegistry(registry, didReceiveIncomingVoIPPushWith: payload, metadata: metadata) {
                continuation.resume()
            }
        }
    }

    /// Does nothing.
    @available(iOS 8.0, *)
    public func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType) {}
}

// MARK: - The registry

/// An object that asks PushKit for pushes of some types and hands them, and their tokens, to
/// its delegate (`PKPushRegistry`).
///
/// Where the SDK's registry is used from any thread, the shim's keeps its state behind a
/// lock.
@available(iOS 8.0, *)
open class PKPushRegistry: NSObject {
    /// Everything the registry keeps, read and written only under `lock`.
    private struct State {
        weak var delegate: (any PKPushRegistryDelegate)?
        var desiredPushTypes: Set<PKPushType>?
        var tokens: [PKPushType: Data] = [:]
    }

    private let lock = NSLock()
    private var state = State()
    /// The queue the delegate is called on; `nil` for the main queue.
    private let delegateQueue: DispatchQueue?

    /// The object PushKit tells about tokens and pushes; held weakly, as the SDK's
    /// `weak open var delegate` is. Set it before ``desiredPushTypes``.
    open var delegate: (any PKPushRegistryDelegate)? {
        get { lock.withLock { state.delegate } }
        set { lock.withLock { state.delegate = newValue } }
    }

    /// The push types the application asks for; setting it registers for them.
    open var desiredPushTypes: Set<PKPushType>? {
        get { lock.withLock { state.desiredPushTypes } }
        set { lock.withLock { state.desiredPushTypes = newValue } }
    }

    /// The token for pushes of `type`, once PushKit has given one.
    open func pushToken(for type: PKPushType) -> Data? {
        lock.withLock { state.tokens[type] }
    }

    /// Creates a registry whose delegate is called on `queue` (the main queue when `nil`).
    ///
    /// In the shim: a registry created during a step of a simulated device
    /// (``SimulatedPushKit``) is recorded there, so that the device delivers to it.
    public init(queue: dispatch_queue_t?) {
        delegateQueue = queue
        super.init()
        SimulatedPushKit.current?.record(self)
    }
}

// MARK: Shim only

extension PKPushRegistry {
    /// Shim only: the queue the registry was created with; `nil` for the main queue.
    package var queue: DispatchQueue? { delegateQueue }

    /// Shim only: gives the registry `token` for pushes of `type` (`nil` takes it back), as
    /// PushKit does before it calls `pushRegistry(_:didUpdate:for:)` (or
    /// `pushRegistry(_:didInvalidatePushTokenFor:)`).
    package func setPushToken(_ token: Data?, for type: PKPushType) {
        lock.withLock { state.tokens[type] = token }
    }
}

/// Shim only: the simulated device whose step runs now, which `PKPushRegistry(queue:)`
/// records itself with.
package enum SimulatedPushKit {
    /// The push registries of the device whose step runs now, if any. A task-local value, so
    /// that devices simulated in parallel do not see each other's.
    @TaskLocal package static var current: SimulatedPushRegistries?
}

/// Shim only: the push registries created during the steps of one simulated device, which
/// PushKit would deliver that device's pushes to. Held weakly: a registry nobody keeps gets
/// nothing, as on a device.
package final class SimulatedPushRegistries: @unchecked Sendable {
    // `@unchecked Sendable` is sound: the only state, `registries`, is read and written
    // under `lock`, and the registries are handed out only to the simulated device's steps,
    // which run on the main actor.
    private struct Weak {
        weak var registry: PKPushRegistry?
    }

    private let lock = NSLock()
    private var registries: [Weak] = []

    /// Creates an empty record.
    package init() {}

    /// Records a registry just created.
    package func record(_ registry: PKPushRegistry) {
        lock.withLock {
            registries.removeAll { $0.registry == nil }
            registries.append(Weak(registry: registry))
        }
    }

    /// The registries still alive, in the order they were created.
    package var all: [PKPushRegistry] {
        lock.withLock { registries.compactMap(\.registry) }
    }
}

// MARK: - Payloads, credentials and types

/// A push PushKit delivered (`PKPushPayload`).
@available(iOS 8.0, *)
open class PKPushPayload: NSObject {
    /// The push's type.
    open private(set) var type: PKPushType
    /// What the server sent.
    open private(set) var dictionaryPayload: [AnyHashable: Any]

    /// Creates a payload, as PushKit does.
    package init(type: PKPushType, dictionaryPayload: [AnyHashable: Any]) {
        self.type = type
        self.dictionaryPayload = dictionaryPayload
        super.init()
    }
}

/// The token a server sends pushes of one type to (`PKPushCredentials`).
@available(iOS 8.0, *)
open class PKPushCredentials: NSObject {
    /// The push type the token is for.
    open private(set) var type: PKPushType
    /// The token.
    open private(set) var token: Data

    /// Creates credentials, as PushKit does.
    package init(type: PKPushType, token: Data) {
        self.type = type
        self.token = token
        super.init()
    }
}

/// What PushKit knows about a VoIP push it delivers (`PKVoIPPushMetadata`, iOS 26.4 and
/// later).
///
/// The SDK declares it `Sendable` (`@unchecked`, as an Objective-C class); the shim's holds
/// one constant.
@available(iOS 26.4, macCatalyst 26.4, visionOS 26.4, *)
open class PKVoIPPushMetadata: NSObject, @unchecked Sendable {
    private let storedMustReport: Bool

    /// Whether the application must report an incoming call to CallKit, or a conversation to
    /// LiveCommunicationKit, for this push.
    open var mustReport: Bool { storedMustReport }

    /// Creates metadata, as PushKit does.
    package init(mustReport: Bool) {
        storedMustReport = mustReport
        super.init()
    }
}

/// A kind of push (`PKPushType`), named by PushKit's string.
///
/// The SDK declares it `@unchecked Sendable`; it holds only its raw value.
public struct PKPushType: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
    /// PushKit's string for the type.
    public let rawValue: String

    /// Creates a type from PushKit's string.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}

extension PKPushType {
    /// Pushes that announce incoming Voice-over-IP calls.
    @available(iOS 9.0, *)
    public static let voIP = PKPushType(rawValue: "PKPushTypeVoIP")

    /// Pushes for a File Provider extension.
    @available(iOS 11.0, *)
    public static let fileProvider = PKPushType(rawValue: "PKPushTypeFileProvider")
}

#endif
