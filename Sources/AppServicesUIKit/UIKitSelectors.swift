import AppServices

#if canImport(UIKit)
import UIKit
// A versioned check of UIKit that is true, so that Swift 6.2's dependency scanner passes
// UIKit's version on to this module's SDK guards (`canImport(UIKit, _version: 9126.4)` and
// later); without one, Swift 6.2 in an explicit-module build may take them as true against an
// older SDK (Documentation/Reference/AppleAPI.md, "Using API newer than the SDK").
#if canImport(UIKit, _version: 1)
#endif
#else
import AppServicesUIKitShim
#endif

/// The SDK's selectors of the callbacks the UIKit adapters forward, with when each is
/// claimed, as the callbacks declare them (`AppCallback.platformSelectors`), and the selectors of
/// methods newer than some SDKs, which the adapters implement, and so claim, only where
/// they were built with an SDK that has them (a selector claimed without its method would
/// end the application when the system calls it).
///
/// **The SDK guard.** Code for the iOS 26.4 and iOS 27 SDKs is compiled under
/// `#if !canImport(UIKit) || canImport(UIKit, _version: N)`: UIKit's framework version is the
/// SDK's (9126.2 in the iOS 26.2 SDK, 9126.4 in 26.4, 9127 in 27.0; PushKit's own version
/// does not change between SDKs), and where UIKit is missing the shim, which transcribes
/// the newest SDK, is used. Calls also check `#available` at run time.
enum UIKitSelectors {
    #if PushKit
    /// Whether `selector` is iOS 26.4's VoIP method with metadata and `delegate`'s class
    /// overrides `pushRegistry(_:didReceiveIncomingPushWith:for:completion:)`: PushKit calls
    /// the method with metadata instead of that one when the delegate claims it, so claiming it
    /// would bypass the app's own handling (reporting its calls to CallKit, say), and iOS ends
    /// an app that does not report a VoIP push's call. Not claimed then, the override is called,
    /// and through `super` the services hear the push.
    nonisolated static func bypassesOverriddenPushMethod(
        _ selector: Selector?,
        of delegate: ServiceOrientedAppDelegate
    ) -> Bool {
        #if !canImport(UIKit) || canImport(UIKit, _version: 9126.4)
        guard let selector,
            NSStringFromSelector(selector)
                == "pushRegistry:didReceiveIncomingVoIPPushWithPayload:metadata:withCompletionHandler:"
        else { return false }
        let incomingPush = Selector(incomingPushName)
        return type(of: delegate).instanceMethod(for: incomingPush)
            != ServiceOrientedAppDelegate.instanceMethod(for: incomingPush)
        #else
        return false
        #endif
    }

    private static let incomingPushName =
        "pushRegistry:didReceiveIncomingPushWithPayload:forType:withCompletionHandler:"
    #endif

    /// `UIApplicationDelegate`, `PKPushRegistryDelegate` (with the package's `PushKit` trait;
    /// its VoIP method with metadata where the SDK has it, iOS 26.4), and `UIResponder`'s menu
    /// methods where menus exist, claimed when a service adopts `MenuBuilding`.
    static let applicationDelegate: [String: SelectorClaim] = {
        #if PushKit
        var table = SelectorClaim.table(for: \.application)
        #if !canImport(UIKit) || canImport(UIKit, _version: 9126.4)
        table["pushRegistry:didReceiveIncomingVoIPPushWithPayload:metadata:withCompletionHandler:"] =
            .whenHandled(.didReceiveIncomingPush)
        #endif
        #else
        // Without PushKit the delegate has no `PKPushRegistryDelegate` method to claim.
        var table = SelectorClaim.table(
            for: \.application,
            among: AppCallback.all.filter { !AppCallback.voIPPushCallbacks.contains($0) }
        )
        #endif
        // Before iOS 27, UIKit asks only the application delegate, for each window: a scene's
        // services answer for its windows.
        table["application:supportedInterfaceOrientationsForWindow:"] =
            .whenHandledThroughScenes(.supportedInterfaceOrientations)
        #if os(iOS) || targetEnvironment(macCatalyst) || !canImport(UIKit)
        // `UIResponder`'s, which the app delegate overrides for the services' menus.
        table["buildMenuWithBuilder:"] = .whenAdopted(.menuBuilding)
        table["validateCommand:"] = .whenAdopted(.menuBuilding)
        #endif
        return table
    }()

    /// `UISceneDelegate` and `UIWindowSceneDelegate`: every scene selector but CarPlay's,
    /// which a window scene's delegate does not implement; the orientation of a window scene
    /// where the SDK has it (iOS 27); and of the two geometry callbacks, the one the running
    /// system calls (`windowScene(_:didUpdateEffectiveGeometry:)` from iOS 26, which
    /// deprecates the other), so that a change is heard once.
    static let sceneDelegate: [String: SelectorClaim] = {
        var table = SelectorClaim.table(
            for: \.scene,
            among: AppCallback.all.filter { !AppCallback.carPlayCallbacks.contains($0) }
        )
        #if !canImport(UIKit) || canImport(UIKit, _version: 9127)
        table["supportedInterfaceOrientationsForWindowScene:"] = .whenHandled(.supportedInterfaceOrientationsForScene)
        #endif
        let replaced = AppCallback.windowSceneDidUpdateGeometry.platformSelectors.scene
        let replacement = AppCallback.windowSceneDidUpdateEffectiveGeometry.platformSelectors.scene
        // Not left out of the table: `UIResponder` would then claim it, as the delegate
        // implements it.
        if #available(iOS 26.0, visionOS 26.0, *) {
            replaced.map { table[$0] = .whenOverridden }
        } else {
            replacement.map { table[$0] = .whenOverridden }
        }
        return table
    }()

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
