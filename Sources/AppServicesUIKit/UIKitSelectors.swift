import AppServices

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
