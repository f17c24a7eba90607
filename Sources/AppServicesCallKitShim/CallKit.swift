// The CallKit declarations the AppServicesCallKit adapter uses, transcribed for platforms
// without UIKit (Linux, and macOS, where CallKit has no `CXProvider`), so the adapter
// compiles and is tested there. Where UIKit exists this file is empty and the real framework
// is used.
//
// Source: the iOS 26.2 SDK's CallKit headers (CXProvider.h, CXAction.h, CXCallAction.h, the
// seven action headers, CXCallUpdate.h, CXHandle.h, CXProviderConfiguration.h) and
// CallKit.apinotes, as Swift imports them; the Objective-C declarations are copied in
// Documentation/Reference/AppleAPI-NotificationsAndTasks.md in this repository. Names,
// argument labels, types, optionality and `@Sendable` are the imported ones; members the SDK
// marks `@optional` are requirements with a default implementation, as in the UIKit shim.
// Only what the adapter, its tests and a calling app's services use (the provider's reports
// of calls ended, updated or connecting, the configuration an app sets) is declared. The SDK's classes also adopt
// `NSCopying`/`NSSecureCoding` (and copy `handle` and `remoteHandle`); the shim's do not,
// since nothing here copies or archives them, and a `CXHandle` cannot change.
//
// CallKit creates actions and calls the provider's delegate; the shim lets the test kit
// create actions, find the providers an application created, and see what was reported and
// whether each action was fulfilled or failed. Those hooks are `package` and marked "Shim
// only" below.
#if !canImport(UIKit)
@_exported public import AppServicesFoundationShim
@_exported public import Foundation
public import Dispatch

// MARK: - The delegate

/// The methods a provider calls on its delegate (`CXProviderDelegate`).
///
/// `providerDidReset(_:)` is the one required method; the others are `@optional` in the SDK
/// and have a default that does nothing here, as CallKit does nothing when a delegate lacks
/// one (an action nobody performs times out). The protocol is not isolated to the main actor,
/// as in the SDK: a main-actor class implements its requirements as `nonisolated` methods.
@available(iOS 10.0, *)
public protocol CXProviderDelegate: NSObjectProtocol {
    /// The provider was reset: end every call and release its resources.
    func providerDidReset(_ provider: CXProvider)

    /// The provider is ready to send actions and receive updates.
    func providerDidBegin(_ provider: CXProvider)

    /// Start an outgoing call (`provider:performStartCallAction:`).
    func provider(_ provider: CXProvider, perform action: CXStartCallAction)

    /// Answer an incoming call (`provider:performAnswerCallAction:`).
    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction)

    /// End a call (`provider:performEndCallAction:`).
    func provider(_ provider: CXProvider, perform action: CXEndCallAction)

    /// Hold or unhold a call (`provider:performSetHeldCallAction:`).
    func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction)

    /// Mute or unmute a call (`provider:performSetMutedCallAction:`).
    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction)

    /// Group or ungroup a call (`provider:performSetGroupCallAction:`).
    func provider(_ provider: CXProvider, perform action: CXSetGroupCallAction)

    /// Play touch tones (`provider:performPlayDTMFCallAction:`).
    func provider(_ provider: CXProvider, perform action: CXPlayDTMFCallAction)

    /// An action was not performed in time and the system failed it
    /// (`provider:timedOutPerformingAction:`).
    func provider(_ provider: CXProvider, timedOutPerforming action: CXAction)

    /// The provider's audio session was activated (`provider:didActivateAudioSession:`).
    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession)

    /// The provider's audio session was deactivated (`provider:didDeactivateAudioSession:`).
    func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession)
}

/// What CallKit does when the delegate lacks an optional method: nothing.
extension CXProviderDelegate {
    /// Does nothing.
    public func providerDidBegin(_ provider: CXProvider) {}
    /// Does nothing: the action is neither fulfilled nor failed.
    public func provider(_ provider: CXProvider, perform action: CXStartCallAction) {}
    /// Does nothing: the action is neither fulfilled nor failed.
    public func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {}
    /// Does nothing: the action is neither fulfilled nor failed.
    public func provider(_ provider: CXProvider, perform action: CXEndCallAction) {}
    /// Does nothing: the action is neither fulfilled nor failed.
    public func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) {}
    /// Does nothing: the action is neither fulfilled nor failed.
    public func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {}
    /// Does nothing: the action is neither fulfilled nor failed.
    public func provider(_ provider: CXProvider, perform action: CXSetGroupCallAction) {}
    /// Does nothing: the action is neither fulfilled nor failed.
    public func provider(_ provider: CXProvider, perform action: CXPlayDTMFCallAction) {}
    /// Does nothing.
    public func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) {}
    /// Does nothing.
    public func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {}
    /// Does nothing.
    public func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession) {}
}

// MARK: - The provider

/// Why a call ended, as a provider reports it (`CXCallEndedReason`).
@available(iOS 10.0, *)
public enum CXCallEndedReason: Int, @unchecked Sendable {
    /// An error occurred while trying to service the call.
    case failed = 1
    /// The remote party ended the call.
    case remoteEnded = 2
    /// The call never started connecting and was never ended (it timed out).
    case unanswered = 3
    /// The call was answered on another device.
    case answeredElsewhere = 4
    /// The call was declined on another device.
    case declinedElsewhere = 5
}

/// The application's link to the system's call interface (`CXProvider`): it reports calls
/// and hands the actions on them to its delegate.
///
/// Where the SDK's provider is used from any thread, the shim's keeps its state behind a
/// lock. Its simulated behaviour: a report is recorded, handed to the simulated device that
/// created the provider (which may refuse it), and its completion is called before
/// `reportNewIncomingCall(with:update:completion:)` returns.
@available(iOS 10.0, *)
open class CXProvider: NSObject {
    /// Everything the provider keeps, read and written only under `lock`.
    private struct State {
        weak var delegate: (any CXProviderDelegate)?
        var queue: DispatchQueue?
        var configuration: CXProviderConfiguration
        var reported: [(uuid: UUID, update: CXCallUpdate)] = []
        var updates: [(uuid: UUID, update: CXCallUpdate)] = []
        var ended: [(uuid: UUID, dateEnded: Date?, reason: CXCallEndedReason)] = []
        var outgoing: [(uuid: UUID, progress: OutgoingCallProgress, date: Date?)] = []
        var isInvalidated = false
    }

    private let lock = NSLock()
    private var state: State
    /// The simulated device that created the provider, if any.
    private let device: SimulatedCallProviders?

    /// Creates a provider with `configuration`.
    ///
    /// In the shim: a provider created during a step of a simulated device
    /// (``SimulatedCallKit``) is recorded there, so that the device delivers actions to it.
    public init(configuration: CXProviderConfiguration) {
        state = State(configuration: configuration)
        device = SimulatedCallKit.current
        super.init()
        device?.record(self)
    }

    /// Sets the delegate, held weakly, and the queue it is called on (the main queue when
    /// `nil`).
    ///
    /// The SDK's interface spells the queue `dispatch_queue_t?`, Dispatch's name for
    /// `DispatchQueue` on Apple platforms; the UIKit shim declares that name where Dispatch
    /// lacks it, and this shim, which may be imported beside it, uses the type itself.
    open func setDelegate(_ delegate: (any CXProviderDelegate)?, queue: DispatchQueue?) {
        lock.withLock {
            state.delegate = delegate
            state.queue = queue
        }
    }

    /// Reports a new incoming call to the system; `completion` gets an error when the system
    /// refuses it (the call is then not shown).
    ///
    /// In the shim, `completion` is called before this returns, with the simulated device's
    /// refusal if it has one.
    open func reportNewIncomingCall(
        with UUID: UUID,
        update: CXCallUpdate,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) {
        lock.withLock { state.reported.append((UUID, update)) }
        completion(device?.backend?.reportNewIncomingCall(uuid: UUID, update: update))
    }

    /// Reports an update to a call's information.
    open func reportCall(with UUID: UUID, updated update: CXCallUpdate) {
        lock.withLock { state.updates.append((UUID, update)) }
    }

    /// Reports that a call ended (the remote party hung up, it was answered elsewhere...);
    /// `nil` for `dateEnded` means now.
    open func reportCall(with UUID: UUID, endedAt dateEnded: Date?, reason endedReason: CXCallEndedReason) {
        lock.withLock { state.ended.append((UUID, dateEnded, endedReason)) }
    }

    /// Reports that an outgoing call started connecting; `nil` for `dateStartedConnecting`
    /// means now.
    open func reportOutgoingCall(with UUID: UUID, startedConnectingAt dateStartedConnecting: Date?) {
        lock.withLock { state.outgoing.append((UUID, .startedConnecting, dateStartedConnecting)) }
    }

    /// Reports that an outgoing call connected; `nil` for `dateConnected` means now.
    open func reportOutgoingCall(with UUID: UUID, connectedAt dateConnected: Date?) {
        lock.withLock { state.outgoing.append((UUID, .connected, dateConnected)) }
    }

    /// The provider's configuration.
    open var configuration: CXProviderConfiguration {
        get { lock.withLock { state.configuration } }
        set { lock.withLock { state.configuration = newValue } }
    }

    /// Invalidates the provider: every call ends in failure. A provider must be invalidated
    /// before it is deallocated.
    open func invalidate() {
        lock.withLock { state.isInvalidated = true }
    }
}

// MARK: Shim only

extension CXProvider {
    /// Shim only: the delegate, as CallKit calls it.
    package var delegate: (any CXProviderDelegate)? { lock.withLock { state.delegate } }

    /// Shim only: the queue the delegate is called on; `nil` for the main queue.
    package var delegateQueue: DispatchQueue? { lock.withLock { state.queue } }

    /// Shim only: the incoming calls reported, in order.
    package var reportedIncomingCalls: [(uuid: UUID, update: CXCallUpdate)] { lock.withLock { state.reported } }

    /// Shim only: the updates reported with ``reportCall(with:updated:)``, in order.
    package var reportedCallUpdates: [(uuid: UUID, update: CXCallUpdate)] { lock.withLock { state.updates } }

    /// Shim only: the calls reported ended, in order.
    package var reportedEndedCalls: [(uuid: UUID, dateEnded: Date?, reason: CXCallEndedReason)] {
        lock.withLock { state.ended }
    }

    /// Shim only: an outgoing call's progress, as reported.
    package enum OutgoingCallProgress: Sendable, Equatable {
        /// ``reportOutgoingCall(with:startedConnectingAt:)``.
        case startedConnecting
        /// ``reportOutgoingCall(with:connectedAt:)``.
        case connected
    }

    /// Shim only: the outgoing calls' progress reported, in order.
    package var reportedOutgoingCalls: [(uuid: UUID, progress: OutgoingCallProgress, date: Date?)] {
        lock.withLock { state.outgoing }
    }

    /// Shim only: whether ``invalidate()`` was called.
    package var isInvalidated: Bool { lock.withLock { state.isInvalidated } }
}

/// A provider's settings (`CXProviderConfiguration`).
@available(iOS 10.0, *)
open class CXProviderConfiguration: NSObject {
    /// Whether calls may have video. Default `false`.
    open var supportsVideo = false
    /// How many call groups there may be. Default 2.
    open var maximumCallGroups = 2
    /// How many calls a group may have. Default 5.
    open var maximumCallsPerCallGroup = 5
    /// Whether the provider's calls appear in the Phone application's recents.
    @available(iOS 11.0, *)
    open var includesCallsInRecents = true
    /// The name of the sound in the application's bundle played for an incoming call.
    open var ringtoneSound: String?
    /// The image shown for the provider in the call interface: a square, 40 points a side.
    open var iconTemplateImageData: Data?
    /// Whether calls may be translated (iOS 26). The adapter does not forward the
    /// translation action (`CXSetTranslatingCallAction`): leave it `false`.
    @available(iOS 26.0, *)
    open var supportsAudioTranslation = false
    /// The kinds of handle the provider's calls have (`CXHandleType` numbers in the SDK).
    open var supportedHandleTypes: Set<CXHandle.HandleType> = []

    /// Creates the default configuration.
    @available(iOS 14.0, *)
    public override init() {
        super.init()
    }
}

// MARK: - Actions

/// Something the system asks the provider to do (`CXAction`): fulfil it or fail it, once.
///
/// In the shim the action counts the calls of ``fulfill()`` and ``fail()`` (``fulfillCount``
/// and ``failCount``), so a test can check that it was completed exactly once.
@available(iOS 10.0, *)
open class CXAction: NSObject {
    private struct State {
        var fulfilled = 0
        var failed = 0
        var observer: (@Sendable (_ fulfilled: Bool) -> Void)?
    }

    private let lock = NSLock()
    private var counts = State()
    private let storedUUID = Foundation.UUID()
    private let storedTimeoutDate: Date

    /// The action's own identifier.
    open var uuid: UUID { storedUUID }

    /// Whether the action was fulfilled or failed.
    open var isComplete: Bool { lock.withLock { counts.fulfilled + counts.failed > 0 } }

    /// When the system fails the action if it is still not complete.
    open var timeoutDate: Date { storedTimeoutDate }

    /// Creates an action.
    public override init() {
        storedTimeoutDate = Date(timeIntervalSinceNow: 30)
        super.init()
    }

    /// Reports that the action was performed.
    open func fulfill() {
        let observer = lock.withLock {
            counts.fulfilled += 1
            return counts.observer
        }
        observer?(true)
    }

    /// Reports that the action could not be performed.
    open func fail() {
        let observer = lock.withLock {
            counts.failed += 1
            return counts.observer
        }
        observer?(false)
    }

    /// Shim only: calls `observer` with `true` at each ``fulfill()`` and `false` at each
    /// ``fail()`` from now on, outside the lock, as the system would learn of them.
    package func observeCompletion(_ observer: @escaping @Sendable (_ fulfilled: Bool) -> Void) {
        lock.withLock { counts.observer = observer }
    }
}

extension CXAction {
    /// Shim only: how many times ``fulfill()`` (or a dated variant) was called.
    package var fulfillCount: Int { lock.withLock { counts.fulfilled } }

    /// Shim only: how many times ``fail()`` was called.
    package var failCount: Int { lock.withLock { counts.failed } }
}

/// An action on one call (`CXCallAction`).
@available(iOS 10.0, *)
open class CXCallAction: CXAction {
    private let storedCallUUID: UUID

    /// The call the action concerns.
    open var callUUID: UUID { storedCallUUID }

    /// Creates an action on the call `callUUID`.
    public init(call callUUID: UUID) {
        storedCallUUID = callUUID
        super.init()
    }
}

/// Start an outgoing call (`CXStartCallAction`).
@available(iOS 10.0, *)
open class CXStartCallAction: CXCallAction {
    /// Whom to call.
    open var handle: CXHandle
    /// The contact called, when known.
    open var contactIdentifier: String?
    /// Whether the call has video.
    open var isVideo = false

    /// Creates an action that starts the call `callUUID` to `handle`.
    public init(call callUUID: UUID, handle: CXHandle) {
        self.handle = handle
        super.init(call: callUUID)
    }

    /// Reports that the call started at `dateStarted`.
    open func fulfill(withDateStarted dateStarted: Date) {
        fulfill()
    }
}

/// Answer an incoming call (`CXAnswerCallAction`).
@available(iOS 10.0, *)
open class CXAnswerCallAction: CXCallAction {
    /// Reports that the call connected at `dateConnected`.
    open func fulfill(withDateConnected dateConnected: Date) {
        fulfill()
    }
}

/// End a call (`CXEndCallAction`).
@available(iOS 10.0, *)
open class CXEndCallAction: CXCallAction {
    /// Reports that the call ended at `dateEnded`.
    open func fulfill(withDateEnded dateEnded: Date) {
        fulfill()
    }
}

/// Hold or unhold a call (`CXSetHeldCallAction`).
@available(iOS 10.0, *)
open class CXSetHeldCallAction: CXCallAction {
    /// Whether the call is to be on hold.
    open var isOnHold: Bool

    /// Creates an action that holds (or unholds) the call `callUUID`.
    public init(call callUUID: UUID, onHold: Bool) {
        isOnHold = onHold
        super.init(call: callUUID)
    }
}

/// Mute or unmute a call (`CXSetMutedCallAction`).
@available(iOS 10.0, *)
open class CXSetMutedCallAction: CXCallAction {
    /// Whether the call is to be muted.
    open var isMuted: Bool

    /// Creates an action that mutes (or unmutes) the call `callUUID`.
    public init(call callUUID: UUID, muted: Bool) {
        isMuted = muted
        super.init(call: callUUID)
    }
}

/// Group a call with another, or ungroup it (`CXSetGroupCallAction`).
@available(iOS 10.0, *)
open class CXSetGroupCallAction: CXCallAction {
    /// The call to group with; `nil` to take the call out of its group.
    open var callUUIDToGroupWith: UUID?

    /// Creates an action that groups the call `callUUID` with `callUUIDToGroupWith`.
    public init(call callUUID: UUID, callUUIDToGroupWith: UUID?) {
        self.callUUIDToGroupWith = callUUIDToGroupWith
        super.init(call: callUUID)
    }
}

/// Play touch tones (`CXPlayDTMFCallAction`).
@available(iOS 10.0, *)
open class CXPlayDTMFCallAction: CXCallAction {
    /// Why touch tones are played (`CXPlayDTMFCallActionType`).
    public enum ActionType: Int, @unchecked Sendable {
        /// A person tapped a digit on the in-call keypad.
        case singleTone = 1
        /// Digits after a soft pause in a dialled string.
        case softPause = 2
        /// Digits after a hard pause in a dialled string.
        case hardPause = 3
    }

    /// The digits to play.
    open var digits: String
    /// Why they are played.
    open var type: ActionType

    /// Creates an action that plays `digits` on the call `callUUID`.
    public init(call callUUID: UUID, digits: String, type: ActionType) {
        self.digits = digits
        self.type = type
        super.init(call: callUUID)
    }
}

// MARK: - Calls

/// How a call's other party is reached (`CXHandle`).
@available(iOS 10.0, *)
open class CXHandle: NSObject {
    /// What kind of value a handle holds (`CXHandleType`).
    public enum HandleType: Int, @unchecked Sendable {
        /// An identifier of the application's own.
        case generic = 1
        /// A phone number.
        case phoneNumber = 2
        /// An email address.
        case emailAddress = 3
    }

    /// What kind of value ``value`` is.
    open private(set) var type: HandleType
    /// The number, address or identifier.
    open private(set) var value: String

    /// Creates a handle.
    public init(type: HandleType, value: String) {
        self.type = type
        self.value = value
        super.init()
    }
}

/// What the system is told about a call (`CXCallUpdate`).
@available(iOS 10.0, *)
open class CXCallUpdate: NSObject {
    /// Who the other party is.
    open var remoteHandle: CXHandle?
    /// The caller's name as the system shows it.
    open var localizedCallerName: String?
    /// Whether the call can be held.
    open var supportsHolding = false
    /// Whether the call can be grouped.
    open var supportsGrouping = false
    /// Whether the call can be ungrouped.
    open var supportsUngrouping = false
    /// Whether the call can play touch tones.
    open var supportsDTMF = false
    /// Whether the call has video.
    open var hasVideo = false

    /// Creates an empty update.
    public override init() {
        super.init()
    }
}

// MARK: - Audio

/// The application's audio session (AVFAudio's `AVAudioSession`), which CallKit activates for
/// a call. The SDK declares it `Sendable` (`NS_SWIFT_SENDABLE`); the shim's holds nothing.
@available(iOS 3.0, *)
open class AVAudioSession: NSObject, @unchecked Sendable {
    private static let shared = AVAudioSession()

    /// The application's session.
    open class func sharedInstance() -> AVAudioSession { shared }
}

#endif
