import AppServices

#if canImport(UIKit)
import UIKit
#else
import AppServicesUIKitShim
#endif

/// The SDK's selectors of the callbacks the UIKit adapters forward, with when each is
/// claimed, as the callbacks declare them (``AppCallback/selectors``).
enum UIKitSelectors {
    /// `UIApplicationDelegate`.
    static let applicationDelegate = SelectorClaim.table(for: \.application)

    /// `UISceneDelegate` and `UIWindowSceneDelegate`: every scene selector but CarPlay's,
    /// which a window scene's delegate does not implement.
    static let sceneDelegate = SelectorClaim.table(
        for: \.scene,
        among: AppCallback.all.filter { !AppCallback.carPlayCallbacks.contains($0) }
    )

    /// `CPTemplateApplicationSceneDelegate`: the scene life cycle of `UISceneDelegate`, and
    /// CarPlay's own callbacks.
    static let carPlaySceneDelegate = SelectorClaim.table(
        for: \.scene,
        among: AppCallback.sceneLifeCycleCallbacks + AppCallback.carPlayCallbacks
    )
}

extension SelectorClaim {
    /// What `responds(to:)` of `delegate`, an instance of the adapter class `adapter` or of
    /// an app's subclass, answers for `aSelector` when `table` lists it (see
    /// ``claims(_:in:isOverridden:composite:)``); `nil` when it does not, and the delegate's
    /// superclass answers.
    ///
    /// A selector counts as overridden when the Objective-C runtime finds another method for
    /// it in the delegate's class than in the adapter's.
    nonisolated static func claims(
        _ aSelector: Selector?,
        by delegate: UIResponder,
        adapter: UIResponder.Type,
        in table: [String: SelectorClaim],
        throughScenes: Bool = false,
        composite: @MainActor () -> ServiceComposite
    ) -> Bool? {
        guard let aSelector else { return nil }
        return claims(
            NSStringFromSelector(aSelector),
            in: table,
            throughScenes: throughScenes,
            isOverridden: { name in
                let selector = Selector(name)
                return type(of: delegate).instanceMethod(for: selector) != adapter.instanceMethod(for: selector)
            },
            composite: composite
        )
    }
}
