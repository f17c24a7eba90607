#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import AppServicesUIKitShim
import Testing

extension ServiceMaker: CustomTestStringConvertible {
    var testDescription: String { name }
}

/// `responds(to:)`, asked with the SDK's selector strings as UIKit asks: the adapters claim
/// exactly the callbacks that some registered service handles, plus the ones the composite
/// needs for itself.
@MainActor
struct SelectorClaimTests {
    /// The selectors of `table` that `object` claims.
    func claimed(by object: any NSObjectProtocol, in table: [String: UIKitReference.Capability?]) -> Set<String> {
        Set(table.keys.filter { SimulatedUIKit.claims(object, $0) })
    }

    @Test(
        "With one service, the app delegate claims the callbacks of its capability and no other",
        arguments: singleCapabilityServices
    )
    func claimsOneCapability(_ maker: ServiceMaker) {
        let service = maker.make()
        let delegate = TestAppDelegate([service])
        let table = UIKitReference.applicationDelegateSelectors
        #expect(claimed(by: delegate, in: table) == UIKitReference.expectedClaims(table, for: [service]))
    }

    @Test("Without a remote-notification handler, the fetch-completion remote-notification callback is not claimed")
    func doesNotClaimRemoteNotifications() {
        let services = singleCapabilityServices.filter { $0.name != "PushOnly" }.map { $0.make() }
        let delegate = TestAppDelegate(services)
        let table = UIKitReference.applicationDelegateSelectors
        let claimed = claimed(by: delegate, in: table)
        #expect(!claimed.contains("application:didReceiveRemoteNotification:fetchCompletionHandler:"))
        #expect(
            claimed == Set(table.keys).subtracting(["application:didReceiveRemoteNotification:fetchCompletionHandler:"])
        )
    }

    @Test("Without services, only the callbacks the composite needs are claimed")
    func claimsOnlyWhatTheCompositeNeeds() {
        let delegate = TestAppDelegate([])
        let table = UIKitReference.applicationDelegateSelectors
        #expect(claimed(by: delegate, in: table) == Set(table.filter { $0.value == nil }.keys))
    }

    @Test("A deprecated callback is never claimed, even with a service for everything")
    func neverClaimsDeprecatedCallbacks() {
        let delegate = TestAppDelegate([Recorder()])
        for selector in UIKitReference.deprecatedApplicationDelegateSelectors {
            #expect(!SimulatedUIKit.claims(delegate, selector), "\(selector) is deprecated")
        }
    }

    @Test(
        "With one service, a scene delegate claims the scene callbacks of its capability and no other",
        arguments: singleCapabilityServices
    )
    func sceneDelegateClaimsOneCapability(_ maker: ServiceMaker) {
        let service = maker.make()
        let appDelegate = TestAppDelegate([service])
        let sceneDelegate = ServiceOrientedSceneDelegate()
        let table = UIKitReference.sceneDelegateSelectors
        #expect(claimed(by: sceneDelegate, in: table) == UIKitReference.expectedClaims(table, for: [service]))
        withExtendedLifetime(appDelegate) {}
    }
}

#endif
