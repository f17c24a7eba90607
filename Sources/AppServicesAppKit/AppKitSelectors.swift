import AppServices

/// The SDK's selectors of the callbacks the AppKit adapter forwards, with when each is
/// claimed, as the callbacks declare them (`AppCallback.platformSelectors`).
enum AppKitSelectors {
    /// `NSApplicationDelegate`. `applicationShouldTerminate:` is always claimed: the
    /// adapter waits there for the background work services began, which AppKit would end
    /// with the process.
    static let applicationDelegate: [String: SelectorClaim] = {
        var table = SelectorClaim.table(for: \.appKit)
        table["applicationShouldTerminate:"] = .always
        return table
    }()
}
