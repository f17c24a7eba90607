import Foundation

#if !canImport(Darwin)
import Dispatch
#endif

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
    /// Only when a registered service, a scene's included, handles the callback: an
    /// application delegate's method that the platform calls for a scene's window (the
    /// orientations before iOS 27), which it dispatches with that scene.
    case whenHandledThroughScenes(AppCallback)
    /// Only when a registered service adopts an adapter's own capability, which no callback
    /// of the core declares (the UIKit adapter's menus).
    case whenAdopted(AdapterCapability)
    /// Only when the app's own subclass overrides it: a callback the running system replaced
    /// with another that the adapter claims, so that a change is heard once. (A selector left
    /// out of the table is answered by the superclass, which claims every method the
    /// adapter implements.)
    case whenOverridden

    /// Every selector of one delegate protocol that a callback of `callbacks` declares
    /// (`\.application`, `\.scene`, `\.appKit` or `\.provider` of `AppCallback.PlatformSelectors`), with when it
    /// is claimed.
    package static func table(
        for selector: KeyPath<AppCallback.PlatformSelectors, String?>,
        among callbacks: [AppCallback] = AppCallback.all
    ) -> [String: SelectorClaim] {
        var table: [String: SelectorClaim] = [:]
        for callback in callbacks {
            guard let name = callback.platformSelectors[keyPath: selector] else { continue }
            table[name] = callback.isClaimedAlways ? .always : .whenHandled(callback)
        }
        return table
    }

    /// Whether a delegate that dispatches to `composite` claims the selector named
    /// `selectorName`, or `nil` when `table` does not list it and the delegate's superclass
    /// should answer.
    ///
    /// A selector the app's own subclass overrides (`isOverridden`) is always claimed:
    /// the subclass's method must be called whether or not a service handles the callback,
    /// so that an app can move its callbacks into services one at a time.
    ///
    /// A scene delegate passes `throughScenes`: its callbacks reach the scene's own services
    /// too (``ServiceComposite/handlesThroughScenes(_:)``).
    ///
    /// `responds(to:)` is not isolated. UIKit and AppKit ask on the main thread, where the
    /// composite is consulted; asked elsewhere, this answers `nil` for a selector that
    /// depends on the services, and the superclass answers.
    package static func claims(
        _ selectorName: String,
        in table: [String: SelectorClaim],
        throughScenes: Bool = false,
        isOverridden: (String) -> Bool,
        composite: @MainActor () -> ServiceComposite
    ) -> Bool? {
        switch table[selectorName] {
        case nil:
            return nil
        case .always:
            return true
        case .whenHandled(let callback):
            if isOverridden(selectorName) { return true }
            guard isOnMainActor else { return nil }
            return MainActor.assumeIsolated {
                throughScenes ? composite().handlesThroughScenes(callback) : composite().handles(callback)
            }
        case .whenHandledThroughScenes(let callback):
            if isOverridden(selectorName) { return true }
            guard isOnMainActor else { return nil }
            return MainActor.assumeIsolated { composite().handlesThroughScenes(callback) }
        case .whenAdopted(let capability):
            if isOverridden(selectorName) { return true }
            guard isOnMainActor else { return nil }
            return MainActor.assumeIsolated { composite().hasService(adopting: capability) }
        case .whenOverridden:
            return isOverridden(selectorName)
        }
    }

    /// Whether the caller runs on the main actor.
    ///
    /// On Apple platforms the main actor's executor is the main queue, which only the main
    /// thread drains, so the main thread is the exact answer. Where Dispatch is
    /// swift-corelibs-libdispatch, a program whose main thread called `dispatchMain()` (the
    /// Swift runtime does for an `async` main, a test runner for one) has the main queue
    /// drained by a worker thread; the queue-specific value below tells that case apart.
    package static var isOnMainActor: Bool {
        #if canImport(Darwin)
        return Thread.isMainThread
        #else
        return Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
        #endif
    }
}

/// A capability an adapter declares itself, such as the UIKit adapter's menus: named for
/// logs and comparison, and recognised on a service by `isAdopted`.
package struct AdapterCapability: Sendable, Hashable {
    /// The capability's protocol name.
    package let name: String
    /// Whether a service adopts it.
    package let isAdopted: @Sendable (any AppService) -> Bool

    /// Declares the capability `name`, adopted by the services `isAdopted` accepts.
    package init(_ name: String, isAdopted: @escaping @Sendable (any AppService) -> Bool) {
        self.name = name
        self.isAdopted = isAdopted
    }

    /// Compares by name: one capability per protocol.
    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }

    /// Hashes the name.
    package func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension ServiceComposite {
    /// Whether an application-wide service adopts `capability`.
    package func hasService(adopting capability: AdapterCapability) -> Bool {
        if let outer { return outer.hasService(adopting: capability) }
        sealIfNeeded(by: "responds(to:)")
        return plan.unsafelyUnwrapped.services.contains { capability.isAdopted($0) }
    }
}

#if !canImport(Darwin)
/// A key only the main queue has a value for.
///
/// Compiled only with swift-corelibs-libdispatch, where `DispatchSpecificKey` is
/// `Sendable`; Apple's Dispatch does not declare it so, and on Apple platforms the main
/// thread answers the question on its own (see ``SelectorClaim/isOnMainActor``).
private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()
#endif
