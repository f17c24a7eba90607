import Dispatch
import Foundation

/// When a platform delegate adapter answers `responds(to:)` with `true` for one of the
/// SDK's selectors. Shared by the UIKit and AppKit adapters, not public API.
package enum SelectorClaim: Sendable, Hashable {
    /// Always: the composite needs the callback itself (launch phases, application and scene
    /// state, the lifecycle event stream), and implementing it changes nothing in the
    /// platform's behaviour.
    case always
    /// Only when a registered service handles the callback, so the platform sees no handler
    /// (asks for no background mode, keeps its own default) unless a service has one.
    case whenHandled(AppCallback)

    /// Whether a delegate that dispatches to `composite` claims the selector named
    /// `selectorName`, or `nil` when `table` does not list it and the delegate's superclass
    /// should answer.
    ///
    /// `responds(to:)` is not isolated. UIKit and AppKit ask on the main thread, where the
    /// composite is consulted; asked elsewhere, this answers `nil` for a selector that
    /// depends on the services, and the superclass answers.
    package static func claims(
        _ selectorName: String,
        in table: [String: SelectorClaim],
        composite: @MainActor () -> ServiceComposite
    ) -> Bool? {
        switch table[selectorName] {
        case nil:
            return nil
        case .always:
            return true
        case .whenHandled(let callback):
            guard isOnMainActor else { return nil }
            return MainActor.assumeIsolated { composite().handles(callback) }
        }
    }

    /// Whether the caller runs on the main actor: on the main thread, or in a block of the
    /// main queue, which is where the main actor runs where no thread drains that queue
    /// (a Linux test runner, for one).
    private static var isOnMainActor: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }
}

/// A key only the main queue has a value for.
private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()
