import Foundation
import Testing

@testable import AppServices

/// The members of `AppCallback` that became `package` keep public forwarders for a release.
/// They are read through a protocol they satisfy, so that this file compiles without
/// deprecation warnings (CI builds the tests with warnings as errors).
private protocol DeprecatedCallbackMembers {
    associatedtype LegacySelectors
    var selectors: LegacySelectors { get }
    var isAlwaysClaimed: Bool { get }
    var notificationName: Notification.Name? { get }
}

extension AppCallback: DeprecatedCallbackMembers {}

@Suite struct AppCallbackDeprecatedMembersTests {
    /// The forwarders' answers for `callback`: its selectors by name (read by reflection, so the
    /// deprecated type is not named), whether it is always claimed, its notification name.
    private func legacy<Callback: DeprecatedCallbackMembers>(
        _ callback: Callback
    ) -> (selectors: [String: String?], alwaysClaimed: Bool, notification: Notification.Name?) {
        let selectors = Dictionary(
            uniqueKeysWithValues: Mirror(reflecting: callback.selectors).children.map {
                ($0.label!, $0.value as? String)
            }
        )
        return (selectors, callback.isAlwaysClaimed, callback.notificationName)
    }

    @Test("Every callback's deprecated selectors, claim and notification name forward to what the adapters read")
    func forward() {
        for callback in AppCallback.all {
            let old = legacy(callback)
            let now = callback.platformSelectors
            #expect(
                old.selectors == [
                    "application": now.application, "scene": now.scene, "appKit": now.appKit, "provider": now.provider,
                ],
                "\(callback)"
            )
            #expect(old.alwaysClaimed == callback.isClaimedAlways, "\(callback)")
            #expect(old.notification == callback.lifecycleNotificationName, "\(callback)")
            #expect(old.notification == LifecycleEvent(callback)?.notificationName, "\(callback)")
        }
    }
}
