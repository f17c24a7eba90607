import AppServices

/// The SDK's selectors of the callbacks the AppKit adapter forwards, with when each is
/// claimed, as the callbacks declare them (`AppCallback.platformSelectors`).
enum AppKitSelectors {
    /// `NSApplicationDelegate`.
    static let applicationDelegate = SelectorClaim.table(for: \.appKit)
}
