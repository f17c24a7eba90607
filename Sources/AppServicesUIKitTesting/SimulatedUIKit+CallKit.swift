#if !canImport(UIKit)
public import AppServices
import AppServicesCallKit
public import AppServicesCallKitShim
import AppServicesTesting
import Foundation

/// CallKit as it delivers: actions, resets and audio sessions go to the delegates of the
/// providers the application created during this simulated UIKit's steps (an application
/// creates one with `ServiceOrientedProviderDelegate.install(on:configuration:)`), and their
/// incoming-call reports go to the ``system``'s calls.
extension SimulatedUIKit {
    /// The CallKit providers the application created during this simulated UIKit's steps and
    /// still keeps, in the order they were created.
    public var callProviders: [CXProvider] { callProviderRecord.all }

    /// Calls `body` with each provider and its delegate, when the delegate claims `selector`
    /// (the SDK's string, such as `provider:performAnswerCallAction:`; the one required
    /// method, `providerDidReset:`, is called without asking), as CallKit does.
    ///
    /// - Returns: What `body` returned for each provider called; empty when the application
    ///   created no provider, or no delegate claims `selector` (the selector is then listed in
    ///   ``unclaimed``).
    @discardableResult
    public func sendToCallProviderDelegates<Answer>(
        _ selector: String,
        _ body: (any CXProviderDelegate, CXProvider) -> Answer
    ) -> [Answer] {
        var answers: [Answer] = []
        for provider in callProviders {
            guard let delegate = provider.delegate,
                selector == "providerDidReset:" || Self.claims(delegate, providerSelector: selector)
            else { continue }
            delivered.append(selector)
            answers.append(withSimulatedFrameworks { body(delegate, provider) })
        }
        if answers.isEmpty { unclaimed.append(selector) }
        return answers
    }

    /// Whether a provider's delegate claims `selector`, asked as CallKit asks
    /// (`responds(to:)`); a delegate of another class is taken at its word, since the shim
    /// cannot look its methods up.
    private static func claims(_ delegate: any CXProviderDelegate, providerSelector selector: String) -> Bool {
        guard let adapter = delegate as? ServiceOrientedProviderDelegate else { return true }
        return adapter.responds(to: Selector((selector)))
    }

    /// CallKit asks the providers' delegates to perform `action`, with the `CXCallAction` of
    /// its kind; `completion` hears each `fulfill()` or `fail()` the delegate calls on it, and
    /// `nil` at once when no delegate claims the method. The actions made are appended to
    /// ``deliveredCallActions``, whose shim counts (`fulfillCount`, `failCount`) show how many
    /// times each was completed.
    public func performCallAction(
        _ action: CallAction,
        completion: @escaping @MainActor @Sendable (CallAction.Outcome?) -> Void
    ) {
        let observer: @Sendable (Bool) -> Void = { fulfilled in
            let outcome: CallAction.Outcome = fulfilled ? .fulfilled : .failed
            // The adapter completes actions on the main actor; a delegate may from any thread.
            if SelectorClaim.isOnMainActor {
                MainActor.assumeIsolated { completion(outcome) }
            } else {
                Task { @MainActor in completion(outcome) }
            }
        }
        let selector = action.kind.callback.platformSelectors.provider ?? "provider:performAnswerCallAction:"
        let calls: [Void] = sendToCallProviderDelegates(selector) { delegate, provider in
            let platformAction = Self.platformAction(action)
            platformAction.observeCompletion(observer)
            deliveredCallActions.append(platformAction)
            Self.perform(platformAction, by: delegate, on: provider)
        }
        if calls.isEmpty { completion(nil) }
    }

    /// Calls the delegate's `provider(_:perform:)` for the class of `action`, through the
    /// protocol, as CallKit does.
    private static func perform(_ action: CXCallAction, by delegate: any CXProviderDelegate, on provider: CXProvider) {
        switch action {
        case let start as CXStartCallAction: delegate.provider(provider, perform: start)
        case let answer as CXAnswerCallAction: delegate.provider(provider, perform: answer)
        case let end as CXEndCallAction: delegate.provider(provider, perform: end)
        case let held as CXSetHeldCallAction: delegate.provider(provider, perform: held)
        case let muted as CXSetMutedCallAction: delegate.provider(provider, perform: muted)
        case let group as CXSetGroupCallAction: delegate.provider(provider, perform: group)
        case let tones as CXPlayDTMFCallAction: delegate.provider(provider, perform: tones)
        default: preconditionFailure("\(type(of: action)) is not an action platformAction(_:) makes")
        }
    }

    /// The `CXCallAction` CallKit makes for `action`.
    static func platformAction(_ action: CallAction) -> CXCallAction {
        let call = action.callUUID
        switch action.kind {
        case .start(let handle, let isVideo, let contactIdentifier):
            let start = CXStartCallAction(call: call, handle: CXHandle(type: .init(handle.kind), value: handle.value))
            start.isVideo = isVideo
            start.contactIdentifier = contactIdentifier
            return start
        case .answer: return CXAnswerCallAction(call: call)
        case .end: return CXEndCallAction(call: call)
        case .setHeld(let onHold): return CXSetHeldCallAction(call: call, onHold: onHold)
        case .setMuted(let muted): return CXSetMutedCallAction(call: call, muted: muted)
        case .setGroup(let other): return CXSetGroupCallAction(call: call, callUUIDToGroupWith: other)
        case .playDTMF(let digits, let kind):
            let type: CXPlayDTMFCallAction.ActionType =
                switch kind {
                case .singleTone: .singleTone
                case .softPause: .softPause
                case .hardPause: .hardPause
                }
            return CXPlayDTMFCallAction(call: call, digits: digits, type: type)
        }
    }

    /// CallKit's provider is ready: each delegate hears `providerDidBegin(_:)`.
    public func beginCallProvider() {
        sendToCallProviderDelegates("providerDidBegin:") { $0.providerDidBegin($1) }
    }

    /// CallKit resets the providers: each delegate hears `providerDidReset(_:)`.
    public func resetCallProvider() {
        sendToCallProviderDelegates("providerDidReset:") { $0.providerDidReset($1) }
    }

    /// CallKit gives up on `action`: each delegate hears `provider(_:timedOutPerforming:)`
    /// with the `CXCallAction` it is performing for it (the last one delivered for the same
    /// call, of the same kind, and not completed yet), as CallKit passes the same object to
    /// both methods; with a `CXCallAction` of its kind made anew when none is running.
    public func timeOutCallAction(_ action: CallAction) {
        let made = Self.platformAction(action)
        let running =
            deliveredCallActions.last {
                $0.callUUID == action.callUUID && type(of: $0) == type(of: made) && !$0.isComplete
            } ?? made
        sendToCallProviderDelegates("provider:timedOutPerformingAction:") {
            $0.provider($1, timedOutPerforming: running)
        }
    }

    /// CallKit activates (`true`) or deactivates (`false`) the application's audio session
    /// for a call: each delegate hears `provider(_:didActivate:)` or
    /// `provider(_:didDeactivate:)`.
    public func setCallAudioSession(active: Bool) {
        let session = AVAudioSession.sharedInstance()
        if active {
            sendToCallProviderDelegates("provider:didActivateAudioSession:") { $0.provider($1, didActivate: session) }
        } else {
            sendToCallProviderDelegates("provider:didDeactivateAudioSession:") {
                $0.provider($1, didDeactivate: session)
            }
        }
    }
}

/// The system side of a simulated device's CallKit providers: a report goes to the simulated
/// system's calls, which may refuse it.
final class SimulatedCallBridge: SimulatedCallProviderBackend {
    private let calls: SimulatedCalls

    init(_ calls: SimulatedCalls) {
        self.calls = calls
    }

    func reportNewIncomingCall(uuid: UUID, update: CXCallUpdate) -> (any Error)? {
        let call = IncomingCall(
            uuid: uuid,
            handle: update.remoteHandle.map(CallHandle.init),
            localizedCallerName: update.localizedCallerName,
            hasVideo: update.hasVideo,
            supportsHolding: update.supportsHolding,
            supportsGrouping: update.supportsGrouping,
            supportsUngrouping: update.supportsUngrouping,
            supportsDTMF: update.supportsDTMF
        )
        // The adapter reports on the main actor, where the system's answer can be given on the
        // spot. A provider used from another thread gets the call recorded on the main actor
        // a moment later, and accepted: a refusal cannot reach it in time.
        guard SelectorClaim.isOnMainActor else {
            let calls = self.calls
            Task { @MainActor in _ = try? calls.record(call) }
            return nil
        }
        return MainActor.assumeIsolated {
            do {
                try calls.record(call)
                return nil
            } catch {
                return error
            }
        }
    }
}
#endif
