/// The platform delegate methods whose Swift names differ from the capability member that
/// receives their callback, and the framework types that mark a method as a delegate's.
///
/// A delegate method whose name is the member's (`applicationDidBecomeActive(_:)`,
/// `scene(_:willConnectTo:options:)`) needs no entry: it maps to the requirement of that
/// name. `DelegateMethodTests` checks every row of the migration article's callback map
/// against ``capabilityMember(for:ownerType:secondParameterType:isAsync:table:)``.
package enum DelegateMethods {
    /// A delegate method, by Swift name, and the capability member that receives its callback.
    package struct Entry: Sendable {
        /// The delegate method's Swift name, `application(_:open:options:)`.
        package var delegateMethod: String
        /// The type of its second parameter, where two delegate methods share a name
        /// (`templateApplicationScene(_:didSelect:)`); `nil` otherwise.
        package var secondParameterType: String?
        /// The capability.
        package var capability: String
        /// The capability member's Swift name.
        package var member: String
    }

    /// The delegate protocol whose methods take each framework type first.
    package static let ownerTypes: [String: String] = [
        "UIApplication": "UIApplicationDelegate",
        "UIScene": "UISceneDelegate",
        "UIWindowScene": "UIWindowSceneDelegate",
        "UNUserNotificationCenter": "UNUserNotificationCenterDelegate",
        "PKPushRegistry": "PKPushRegistryDelegate",
        "CPTemplateApplicationScene": "CPTemplateApplicationSceneDelegate",
        "NSApplication": "NSApplicationDelegate",
        // AppKit's life-cycle methods take the notification (`applicationDidHide(_:)`).
        "Notification": "NSApplicationDelegate",
        // CarPlay's `contentStyleDidChange(_:)` takes the style only.
        "UIUserInterfaceStyle": "CPTemplateApplicationSceneDelegate",
        "CXProvider": "CXProviderDelegate",
    ]

    /// The delegate protocols of ``ownerTypes`` that refine another of them: a window scene's
    /// delegate and CarPlay's scene delegate are scene delegates too.
    package static let refinedDelegates: [String: String] = [
        "UIWindowSceneDelegate": "UISceneDelegate",
        "CPTemplateApplicationSceneDelegate": "UISceneDelegate",
    ]

    /// `name`, if it is a delegate protocol of ``ownerTypes``, and the one it refines; empty
    /// for any other protocol (`CLLocationManagerDelegate`).
    package static func closure(of name: String) -> Set<String> {
        guard ownerTypes.values.contains(name) else { return [] }
        return Set([name] + [refinedDelegates[name]].compactMap { $0 })
    }

    /// The base names of the delegate protocols' methods (``ownerTypes``' values), as Swift
    /// imports them: a method taking an owner type is a delegate method only with one of
    /// these names or a misspelling of one (``baseName(near:)``), so that a service's helper
    /// that takes a `UIApplication` or a `UIScene` (`func register(on application:
    /// UIApplication)`, `func sceneTitle(for scene: UIScene)`) is not taken for one.
    package static let baseNames: Set<String> = [
        // UIApplicationDelegate (and NSApplicationDelegate's `application(_:...)`).
        "application", "applicationDidFinishLaunching", "applicationDidBecomeActive", "applicationWillResignActive",
        "applicationDidEnterBackground", "applicationWillEnterForeground", "applicationDidReceiveMemoryWarning",
        "applicationWillTerminate", "applicationSignificantTimeChange", "applicationShouldRequestHealthAuthorization",
        "applicationProtectedDataWillBecomeUnavailable", "applicationProtectedDataDidBecomeAvailable",
        "applicationShouldAutomaticallyLocalizeKeyCommands",
        // UISceneDelegate.
        "scene", "sceneDidDisconnect", "sceneDidBecomeActive", "sceneWillResignActive", "sceneWillEnterForeground",
        "sceneDidEnterBackground", "stateRestorationActivity",
        // UIWindowSceneDelegate (`supportedInterfaceOrientations(for:)` from iOS 27).
        "windowScene", "preferredWindowingControlStyle", "supportedInterfaceOrientations",
        // UNUserNotificationCenterDelegate, PKPushRegistryDelegate.
        "userNotificationCenter", "pushRegistry",
        // CPTemplateApplicationSceneDelegate.
        "templateApplicationScene", "contentStyleDidChange",
        // CXProviderDelegate.
        "provider", "providerDidBegin", "providerDidReset",
        // NSApplicationDelegate's life-cycle methods, which take the notification.
        "applicationWillFinishLaunching", "applicationWillBecomeActive", "applicationDidResignActive",
        "applicationWillHide", "applicationDidHide", "applicationWillUnhide", "applicationDidUnhide",
        "applicationWillUpdate", "applicationDidUpdate", "applicationDidChangeScreenParameters",
        "applicationDidChangeOcclusionState", "applicationShouldTerminate",
        "applicationShouldTerminateAfterLastWindowClosed", "applicationShouldHandleReopen",
        "applicationSupportsSecureRestorableState", "applicationDockMenu", "applicationShouldOpenUntitledFile",
        "applicationOpenUntitledFile",
    ]

    /// The delegate method base name (``baseNames``) that `name` is or misspells, the closest
    /// one: a misspelling is within two letters for names of 10 letters or more, one for 6 to
    /// 9, and differs only in letter case for shorter ones (`scene`), as the lint judges a
    /// misspelt requirement.
    package static func baseName(near name: String) -> String? {
        if baseNames.contains(name) { return name }
        return baseNames.compactMap { known -> (name: String, distance: Int)? in
            let limit = known.count >= 10 ? 2 : known.count >= 6 ? 1 : 0
            return editDistance(name, known, limit: limit).map { (known, $0) }
        }.min { ($0.distance, $0.name) < ($1.distance, $1.name) }?.name
    }

    /// Delegate methods named differently from their capability member.
    package static let renamed: [Entry] = [
        // UIApplicationDelegate: completion handlers became `async` members.
        .init(
            "application(_:didReceiveRemoteNotification:fetchCompletionHandler:)",
            "RemoteNotificationHandling",
            "application(_:didReceiveRemoteNotification:)"
        ),
        .init(
            "application(_:performFetchWithCompletionHandler:)",
            "BackgroundFetchHandling",
            "applicationPerformFetch(_:)"
        ),
        .init(
            "application(_:handleEventsForBackgroundURLSession:completionHandler:)",
            "BackgroundURLSessionHandling",
            "application(_:handleEventsForBackgroundURLSession:)"
        ),
        .init(
            "application(_:handleWatchKitExtensionRequest:reply:)",
            "WatchKitRequestHandling",
            "application(_:handleWatchKitExtensionRequest:)"
        ),
        .init(
            "application(_:performActionFor:completionHandler:)",
            "ShortcutItemHandling",
            "application(_:performActionFor:)"
        ),
        .init("application(_:continue:restorationHandler:)", "UserActivityHandling", "application(_:continue:)"),
        // UISceneDelegate and UIWindowSceneDelegate: scene callbacks reach the application's
        // member with `context.scene` set.
        .init("scene(_:openURLContexts:)", "URLOpenHandling", "application(_:open:options:)"),
        .init(
            "scene(_:willContinueUserActivityWithType:)",
            "UserActivityHandling",
            "application(_:willContinueUserActivityWithType:)"
        ),
        .init("scene(_:continue:)", "UserActivityHandling", "application(_:continue:)"),
        .init(
            "scene(_:didFailToContinueUserActivityWithType:error:)",
            "UserActivityHandling",
            "application(_:didFailToContinueUserActivityWithType:error:)"
        ),
        .init("scene(_:didUpdate:)", "UserActivityHandling", "application(_:didUpdate:)"),
        .init(
            "windowScene(_:didUpdate:interfaceOrientation:traitCollection:)",
            "SceneHandling",
            "windowScene(_:didUpdate:)"
        ),
        .init("windowScene(_:didUpdateEffectiveGeometry:)", "SceneHandling", "windowScene(_:didUpdate:)"),
        // iOS 27: the window scene's own orientation question.
        .init(
            "supportedInterfaceOrientations(for:)",
            "InterfaceOrientationHandling",
            "application(_:supportedInterfaceOrientationsFor:)"
        ),
        .init(
            "windowScene(_:performActionFor:completionHandler:)",
            "ShortcutItemHandling",
            "application(_:performActionFor:)"
        ),
        .init(
            "windowScene(_:userDidAcceptCloudKitShareWith:)",
            "CloudKitShareHandling",
            "application(_:userDidAcceptCloudKitShareWith:)"
        ),
        // UNUserNotificationCenterDelegate.
        .init(
            "userNotificationCenter(_:willPresent:withCompletionHandler:)",
            "UserNotificationHandling",
            "userNotificationCenter(_:willPresent:)"
        ),
        .init(
            "userNotificationCenter(_:didReceive:withCompletionHandler:)",
            "UserNotificationHandling",
            "userNotificationCenter(_:didReceive:)"
        ),
        // PKPushRegistryDelegate: the push type is in the payload and the credentials.
        .init("pushRegistry(_:didUpdate:for:)", "VoIPPushHandling", "pushRegistry(_:didUpdate:)"),
        .init(
            "pushRegistry(_:didReceiveIncomingPushWith:for:)",
            "VoIPPushHandling",
            "pushRegistry(_:didReceiveIncomingPushWith:)"
        ),
        .init(
            "pushRegistry(_:didReceiveIncomingPushWith:for:completion:)",
            "VoIPPushHandling",
            "pushRegistry(_:didReceiveIncomingPushWith:)"
        ),
        // iOS 26.4: the VoIP push with its metadata.
        .init(
            "pushRegistry(_:didReceiveIncomingVoIPPushWith:metadata:withCompletionHandler:)",
            "VoIPPushHandling",
            "pushRegistry(_:didReceiveIncomingPushWith:)"
        ),
        // CPTemplateApplicationSceneDelegate: both connection forms are one member.
        .init(
            "templateApplicationScene(_:didConnect:to:)",
            "CarPlayHandling",
            "templateApplicationScene(_:didConnect:)"
        ),
        .init(
            "templateApplicationScene(_:didDisconnect:from:)",
            "CarPlayHandling",
            "templateApplicationScene(_:didDisconnect:)"
        ),
        .init(
            "templateApplicationScene(_:didDisconnectInterfaceController:)",
            "CarPlayHandling",
            "templateApplicationScene(_:didDisconnect:)"
        ),
        .init(
            "templateApplicationScene(_:didSelect:)",
            secondParameterType: "CPNavigationAlert",
            "CarPlayHandling",
            "templateApplicationSceneDidSelectNavigationAlert(_:)"
        ),
        .init(
            "templateApplicationScene(_:didSelect:)",
            secondParameterType: "CPManeuver",
            "CarPlayHandling",
            "templateApplicationSceneDidSelectManeuver(_:)"
        ),
        .init("contentStyleDidChange(_:)", "CarPlayHandling", "templateApplicationScene(_:contentStyleDidChange:)"),
        // CXProviderDelegate: the audio session is in `context.callKit`.
        .init("provider(_:didActivate:)", "CallHandling", "providerDidActivateAudioSession(_:)"),
        .init("provider(_:didDeactivate:)", "CallHandling", "providerDidDeactivateAudioSession(_:)"),
        // NSApplicationDelegate.
        .init("applicationWillFinishLaunching(_:)", "LaunchHandling", "application(_:willFinishLaunchingWithOptions:)"),
        .init("applicationDidFinishLaunching(_:)", "LaunchHandling", "application(_:didFinishLaunchingWithOptions:)"),
        .init("application(_:open:)", "URLOpenHandling", "application(_:open:options:)"),
    ]

    /// The capability requirement that receives the callback of the delegate method
    /// `delegateMethod` (a Swift name) whose first parameter has type `ownerType`, or `nil`
    /// when AppServices forwards no such callback.
    package static func capabilityMember(
        for delegateMethod: String,
        ownerType: String,
        secondParameterType: String? = nil,
        isAsync: Bool = false,
        table: RequirementTable
    ) -> RequirementTable.Requirement? {
        if let entry = renamed.first(where: {
            ($0.delegateMethod == delegateMethod || (isAsync && asyncName(of: $0.delegateMethod) == delegateMethod))
                && ($0.secondParameterType == nil || $0.secondParameterType == secondParameterType)
        }) {
            return table[entry.capability]?.requirements.first { $0.signature.swiftName == entry.member }
        }
        // Same name: the capability member kept the delegate method's.
        return table.protocols.lazy.filter { $0.isChecked && table.isCapability($0.name) }
            .flatMap(\.requirements).first { $0.signature.swiftName == delegateMethod }
    }
}

extension DelegateMethods {
    /// The labels of a completion handler that Swift drops when it imports a delegate method
    /// in its `async` form.
    static let completionLabels: Set<String> = [
        "completionHandler", "withCompletionHandler", "fetchCompletionHandler", "completion", "reply",
    ]

    /// The Swift name of `delegateMethod`'s `async` form, as Swift imports it from
    /// Objective-C: without its completion handler, which becomes the result
    /// (`userNotificationCenter(_:willPresent:)` for
    /// `userNotificationCenter(_:willPresent:withCompletionHandler:)`); `nil` for a method
    /// whose last parameter is not a completion handler of that form.
    static func asyncName(of delegateMethod: String) -> String? {
        guard let open = delegateMethod.firstIndex(of: "("), delegateMethod.hasSuffix(":)") else { return nil }
        var labels = delegateMethod[
            delegateMethod.index(after: open)..<delegateMethod.index(before: delegateMethod.endIndex)
        ]
        .split(separator: ":").map(String.init)
        guard let last = labels.popLast(), completionLabels.contains(last) else { return nil }
        return delegateMethod[..<open] + "(" + labels.map { $0 + ":" }.joined() + ")"
    }
}

extension DelegateMethods.Entry {
    init(_ delegateMethod: String, secondParameterType: String? = nil, _ capability: String, _ member: String) {
        self.init(
            delegateMethod: delegateMethod,
            secondParameterType: secondParameterType,
            capability: capability,
            member: member
        )
    }
}
