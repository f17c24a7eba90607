import AppServices

/// The SDK's selectors of the callbacks the UIKit adapters forward, with when each is
/// claimed, as the callbacks declare them (``AppCallback/selectors``).
enum UIKitSelectors {
    /// `UIApplicationDelegate`.
    static let applicationDelegate = SelectorClaim.table(for: \.application)

    /// `UISceneDelegate` and `UIWindowSceneDelegate`.
    static let sceneDelegate = SelectorClaim.table(for: \.scene)
}
