#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import AppServicesUIKitShim
import Testing

/// Every `UIApplicationDelegate` callback of the reference, sent by a simulated UIKit
/// through the protocol: the service receives it with the converted payload, and the
/// service's answer comes back to UIKit.
@MainActor
struct AppDelegateCallbackTests {
    /// One registered recorder, answering differently from every default so an answer that
    /// reaches UIKit must have come from it.
    @MainActor
    final class Harness {
        let recorder = Recorder()
        let delegate: TestAppDelegate
        let uiKit: SimulatedUIKit
        let restoring = RestoringResponder()
        let viewController = UIViewController(nibName: nil, bundle: nil)
        let intentHandler = RestoringResponder()

        init() {
            recorder.answers.launch = false
            recorder.answers.openURL = true
            recorder.answers.remoteNotification = .newData
            recorder.answers.backgroundFetch = .failed
            recorder.answers.shortcutItem = true
            recorder.answers.watchKitReply = ["status": "ok"]
            recorder.answers.willContinueUserActivity = true
            recorder.answers.continueUserActivity = .handled(restoring: [restoring])
            recorder.answers.interfaceOrientations = .portrait
            recorder.answers.allowsExtensionPoint = false
            recorder.answers.intentHandler = intentHandler
            recorder.answers.shouldSaveState = true
            recorder.answers.shouldRestoreState = true
            recorder.answers.restorationViewController = viewController
            recorder.answers.sceneConfiguration = SceneConfiguration(name: "Checkout", role: .windowApplication)
            recorder.answers.localizesKeyCommands = false
            delegate = TestAppDelegate([recorder])
            uiKit = SimulatedUIKit(delegate: delegate)
        }

        /// The one call the recorder received, rendered `Service.callback(detail)`.
        var received: [String] { recorder.calls.map(\.description) }

        /// Waits until the completion-handler work started by a callback has finished.
        func settle() async {
            await delegate.composite.waitForPendingWork()
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let selector: String
        let received: String
        let send: @MainActor @Sendable (Harness) async -> Void

        var testDescription: String { selector }
    }

    nonisolated static let error = CocoaError(.featureUnsupported)

    nonisolated static let cases: [Case] = [
        Case(
            selector: "application:willFinishLaunchingWithOptions:",
            received: "Recorder.willFinishLaunching",
            send: { harness in
                let answer = harness.uiKit.send("application:willFinishLaunchingWithOptions:") {
                    $0.application($1, willFinishLaunchingWithOptions: nil)
                }
                #expect(answer == false)
            }
        ),
        Case(
            selector: "application:didFinishLaunchingWithOptions:",
            received: "Recorder.didFinishLaunching",
            send: { harness in
                let answer = harness.uiKit.send("application:didFinishLaunchingWithOptions:") {
                    $0.application($1, didFinishLaunchingWithOptions: nil)
                }
                #expect(answer == false)
            }
        ),
        Case(
            selector: "applicationDidBecomeActive:",
            received: "Recorder.didBecomeActive",
            send: { harness in harness.uiKit.send("applicationDidBecomeActive:") { $0.applicationDidBecomeActive($1) } }
        ),
        Case(
            selector: "applicationWillResignActive:",
            received: "Recorder.willResignActive",
            send: { harness in
                harness.uiKit.send("applicationWillResignActive:") { $0.applicationWillResignActive($1) }
            }
        ),
        Case(
            selector: "applicationDidEnterBackground:",
            received: "Recorder.didEnterBackground",
            send: { harness in
                harness.uiKit.send("applicationDidEnterBackground:") { $0.applicationDidEnterBackground($1) }
            }
        ),
        Case(
            selector: "applicationWillEnterForeground:",
            received: "Recorder.willEnterForeground",
            send: { harness in
                harness.uiKit.send("applicationWillEnterForeground:") { $0.applicationWillEnterForeground($1) }
            }
        ),
        Case(
            selector: "applicationWillTerminate:",
            received: "Recorder.willTerminate",
            send: { harness in harness.uiKit.send("applicationWillTerminate:") { $0.applicationWillTerminate($1) } }
        ),
        Case(
            selector: "applicationDidReceiveMemoryWarning:",
            received: "Recorder.didReceiveMemoryWarning",
            send: { harness in
                harness.uiKit.send("applicationDidReceiveMemoryWarning:") { $0.applicationDidReceiveMemoryWarning($1) }
            }
        ),
        Case(
            selector: "applicationSignificantTimeChange:",
            received: "Recorder.significantTimeChange",
            send: { harness in
                harness.uiKit.send("applicationSignificantTimeChange:") { $0.applicationSignificantTimeChange($1) }
            }
        ),
        Case(
            selector: "applicationProtectedDataWillBecomeUnavailable:",
            received: "Recorder.protectedDataWillBecomeUnavailable",
            send: { harness in
                harness.uiKit.send("applicationProtectedDataWillBecomeUnavailable:") {
                    $0.applicationProtectedDataWillBecomeUnavailable($1)
                }
            }
        ),
        Case(
            selector: "applicationProtectedDataDidBecomeAvailable:",
            received: "Recorder.protectedDataDidBecomeAvailable",
            send: { harness in
                harness.uiKit.send("applicationProtectedDataDidBecomeAvailable:") {
                    $0.applicationProtectedDataDidBecomeAvailable($1)
                }
            }
        ),
        Case(
            selector: "applicationShouldRequestHealthAuthorization:",
            received: "Recorder.shouldRequestHealthAuthorization",
            send: { harness in
                harness.uiKit.send("applicationShouldRequestHealthAuthorization:") {
                    $0.applicationShouldRequestHealthAuthorization($1)
                }
            }
        ),
        Case(
            selector: "applicationShouldAutomaticallyLocalizeKeyCommands:",
            received: "Recorder.shouldAutomaticallyLocalizeKeyCommands",
            send: { harness in
                let answer = harness.uiKit.send("applicationShouldAutomaticallyLocalizeKeyCommands:") {
                    $0.applicationShouldAutomaticallyLocalizeKeyCommands($1)
                }
                #expect(answer == false)
            }
        ),
        Case(
            selector: "application:openURL:options:",
            received: "Recorder.openURL(shop://orders/17)",
            send: { harness in
                let answer = harness.uiKit.send("application:openURL:options:") {
                    $0.application(
                        $1,
                        open: URL(string: "shop://orders/17")!,
                        options: [.sourceApplication: "com.example.mail", .openInPlace: true]
                    )
                }
                #expect(answer == true)
                #expect(
                    harness.recorder.urlOptions == [
                        OpenURLOptions(sourceApplication: "com.example.mail", openInPlace: true)
                    ]
                )
            }
        ),
        Case(
            selector: "application:didRegisterForRemoteNotificationsWithDeviceToken:",
            received: "Recorder.didRegisterForRemoteNotifications(c0ffee)",
            send: { harness in
                harness.uiKit.send("application:didRegisterForRemoteNotificationsWithDeviceToken:") {
                    $0.application($1, didRegisterForRemoteNotificationsWithDeviceToken: Data([0xC0, 0xFF, 0xEE]))
                }
            }
        ),
        Case(
            selector: "application:didFailToRegisterForRemoteNotificationsWithError:",
            received: "Recorder.didFailToRegisterForRemoteNotifications(\(error))",
            send: { harness in
                harness.uiKit.send("application:didFailToRegisterForRemoteNotificationsWithError:") {
                    $0.application($1, didFailToRegisterForRemoteNotificationsWithError: error)
                }
            }
        ),
        Case(
            selector: "application:didReceiveRemoteNotification:fetchCompletionHandler:",
            received: "Recorder.didReceiveRemoteNotification(aps,orderID)",
            send: { harness in
                let completions = Completions<UIBackgroundFetchResult>()
                let payload: [AnyHashable: Any] = [
                    "aps": ["content-available": NSNumber(value: 1)] as [String: Any], "orderID": "A-17",
                ]
                harness.uiKit.send("application:didReceiveRemoteNotification:fetchCompletionHandler:") {
                    $0.application(
                        $1,
                        didReceiveRemoteNotification: payload,
                        fetchCompletionHandler: completions.handler
                    )
                }
                await harness.settle()
                #expect(completions.values == [.newData])
                #expect(harness.recorder.notifications.first?.isContentAvailable == true)
                #expect(
                    harness.recorder.contexts[.didReceiveRemoteNotification]?.uiKit.userInfo?["orderID"] as? String
                        == "A-17"
                )
            }
        ),
        Case(
            selector: "application:performFetchWithCompletionHandler:",
            received: "Recorder.performFetch",
            send: { harness in
                let completions = Completions<UIBackgroundFetchResult>()
                harness.uiKit.send("application:performFetchWithCompletionHandler:") {
                    $0.application($1, performFetchWithCompletionHandler: completions.handler)
                }
                await harness.settle()
                #expect(completions.values == [.failed])
            }
        ),
        Case(
            selector: "application:handleEventsForBackgroundURLSession:completionHandler:",
            received: "Recorder.handleEventsForBackgroundURLSession(com.example.sync)",
            send: { harness in
                let completions = Completions<Void>()
                harness.uiKit.send("application:handleEventsForBackgroundURLSession:completionHandler:") {
                    $0.application($1, handleEventsForBackgroundURLSession: "com.example.sync") {
                        completions.handler(())
                    }
                }
                await harness.settle()
                #expect(completions.values.count == 1)
            }
        ),
        Case(
            selector: "application:handleWatchKitExtensionRequest:reply:",
            received: "Recorder.handleWatchKitExtensionRequest(request)",
            send: { harness in
                let completions = Completions<[AnyHashable: Any]?>()
                harness.uiKit.send("application:handleWatchKitExtensionRequest:reply:") {
                    $0.application(
                        $1,
                        handleWatchKitExtensionRequest: ["request": "status"],
                        reply: completions.handler
                    )
                }
                await harness.settle()
                #expect(completions.values.count == 1)
                #expect(completions.values.first??["status"] as? String == "ok")
            }
        ),
        Case(
            selector: "application:performActionForShortcutItem:completionHandler:",
            received: "Recorder.performActionForShortcutItem(com.example.new-order)",
            send: { harness in
                let completions = Completions<Bool>()
                let item = UIApplicationShortcutItem(
                    type: "com.example.new-order",
                    localizedTitle: "New order",
                    localizedSubtitle: "Coffee",
                    icon: nil,
                    userInfo: ["size": NSString(string: "large")]
                )
                harness.uiKit.send("application:performActionForShortcutItem:completionHandler:") {
                    $0.application($1, performActionFor: item, completionHandler: completions.handler)
                }
                await harness.settle()
                #expect(completions.values == [true])
                #expect(
                    harness.recorder.shortcutItems == [
                        ShortcutItem(
                            type: "com.example.new-order",
                            localizedTitle: "New order",
                            localizedSubtitle: "Coffee",
                            userInfo: ["size": "large"]
                        )
                    ]
                )
            }
        ),
        Case(
            selector: "application:willContinueUserActivityWithType:",
            received: "Recorder.willContinueUserActivity(com.example.order)",
            send: { harness in
                let answer = harness.uiKit.send("application:willContinueUserActivityWithType:") {
                    $0.application($1, willContinueUserActivityWithType: "com.example.order")
                }
                #expect(answer == true)
            }
        ),
        Case(
            selector: "application:continueUserActivity:restorationHandler:",
            received: "Recorder.continueUserActivity(com.example.order)",
            send: { harness in
                let activity = NSUserActivity(activityType: "com.example.order")
                activity.title = "Order 17"
                activity.webpageURL = URL(string: "https://example.com/orders/17")
                activity.targetContentIdentifier = "order-17"
                activity.userInfo = ["id": NSNumber(value: 17)]
                let handlers = Completions<[any UIUserActivityRestoring]?>()
                let answer = harness.uiKit.send("application:continueUserActivity:restorationHandler:") {
                    $0.application($1, continue: activity, restorationHandler: handlers.handler)
                }
                #expect(answer == true)
                #expect(handlers.values.count == 1)
                #expect(handlers.values.first??.first === harness.restoring)
                #expect(
                    harness.recorder.activities == [
                        UserActivity(
                            activityType: "com.example.order",
                            title: "Order 17",
                            webpageURL: URL(string: "https://example.com/orders/17"),
                            targetContentIdentifier: "order-17",
                            userInfo: ["id": 17]
                        )
                    ]
                )
            }
        ),
        Case(
            selector: "application:didFailToContinueUserActivityWithType:error:",
            received: "Recorder.didFailToContinueUserActivity(com.example.order)",
            send: { harness in
                harness.uiKit.send("application:didFailToContinueUserActivityWithType:error:") {
                    $0.application($1, didFailToContinueUserActivityWithType: "com.example.order", error: error)
                }
            }
        ),
        Case(
            selector: "application:didUpdateUserActivity:",
            received: "Recorder.didUpdateUserActivity(com.example.order)",
            send: { harness in
                harness.uiKit.send("application:didUpdateUserActivity:") {
                    $0.application($1, didUpdate: NSUserActivity(activityType: "com.example.order"))
                }
            }
        ),
        Case(
            selector: "application:supportedInterfaceOrientationsForWindow:",
            received: "Recorder.supportedInterfaceOrientations",
            send: { harness in
                let window = UIWindow(frame: .zero)
                let answer = harness.uiKit.send("application:supportedInterfaceOrientationsForWindow:") {
                    $0.application($1, supportedInterfaceOrientationsFor: window)
                }
                #expect(answer == .portrait)
                #expect(harness.recorder.contexts[.supportedInterfaceOrientations]?.uiKit.window === window)
            }
        ),
        Case(
            selector: "application:shouldAllowExtensionPointIdentifier:",
            received: "Recorder.shouldAllowExtensionPointIdentifier(com.apple.keyboard-service)",
            send: { harness in
                let answer = harness.uiKit.send("application:shouldAllowExtensionPointIdentifier:") {
                    $0.application($1, shouldAllowExtensionPointIdentifier: .keyboard)
                }
                #expect(answer == false)
            }
        ),
        Case(
            selector: "application:userDidAcceptCloudKitShareWithMetadata:",
            received: "Recorder.userDidAcceptCloudKitShare(iCloud.com.example.shop)",
            send: { harness in
                let metadata = CKShare.Metadata(
                    containerIdentifier: "iCloud.com.example.shop",
                    share: CKShare(url: URL(string: "https://www.icloud.com/share/17"))
                )
                harness.uiKit.send("application:userDidAcceptCloudKitShareWithMetadata:") {
                    $0.application($1, userDidAcceptCloudKitShareWith: metadata)
                }
            }
        ),
        Case(
            selector: "application:handlerForIntent:",
            received: "Recorder.handlerForIntent(OrderCoffeeIntent)",
            send: { harness in
                let answer = harness.uiKit.send("application:handlerForIntent:") {
                    $0.application($1, handlerFor: OrderCoffeeIntent())
                }
                #expect((answer ?? nil) as AnyObject? === harness.intentHandler)
            }
        ),
        Case(
            selector: "application:shouldSaveSecureApplicationState:",
            received: "Recorder.shouldSaveSecureApplicationState",
            send: { harness in
                let answer = harness.uiKit.send("application:shouldSaveSecureApplicationState:") {
                    $0.application($1, shouldSaveSecureApplicationState: NSKeyedArchiver(requiringSecureCoding: true))
                }
                #expect(answer == true)
            }
        ),
        Case(
            selector: "application:shouldRestoreSecureApplicationState:",
            received: "Recorder.shouldRestoreSecureApplicationState",
            send: { harness in
                let answer = harness.uiKit.send("application:shouldRestoreSecureApplicationState:") {
                    $0.application(
                        $1,
                        shouldRestoreSecureApplicationState: NSKeyedArchiver(requiringSecureCoding: true)
                    )
                }
                #expect(answer == true)
            }
        ),
        Case(
            selector: "application:willEncodeRestorableStateWithCoder:",
            received: "Recorder.willEncodeRestorableState",
            send: { harness in
                harness.uiKit.send("application:willEncodeRestorableStateWithCoder:") {
                    $0.application($1, willEncodeRestorableStateWith: NSKeyedArchiver(requiringSecureCoding: true))
                }
            }
        ),
        Case(
            selector: "application:didDecodeRestorableStateWithCoder:",
            received: "Recorder.didDecodeRestorableState",
            send: { harness in
                harness.uiKit.send("application:didDecodeRestorableStateWithCoder:") {
                    $0.application($1, didDecodeRestorableStateWith: NSKeyedArchiver(requiringSecureCoding: true))
                }
            }
        ),
        Case(
            selector: "application:viewControllerWithRestorationIdentifierPath:coder:",
            received: "Recorder.viewControllerWithRestorationIdentifierPath(root/orders)",
            send: { harness in
                let answer = harness.uiKit.send("application:viewControllerWithRestorationIdentifierPath:coder:") {
                    $0.application(
                        $1,
                        viewControllerWithRestorationIdentifierPath: ["root", "orders"],
                        coder: NSKeyedArchiver(requiringSecureCoding: true)
                    )
                }
                #expect((answer ?? nil) === harness.viewController)
            }
        ),
        Case(
            selector: "application:configurationForConnectingSceneSession:options:",
            received: "Recorder.configurationForConnecting(scene-1)",
            send: { harness in
                let session = UISceneSession(
                    persistentIdentifier: "scene-1",
                    role: .windowApplication,
                    configuration: UISceneConfiguration(name: "Default Configuration", sessionRole: .windowApplication)
                )
                let answer = harness.uiKit.send("application:configurationForConnectingSceneSession:options:") {
                    $0.application($1, configurationForConnecting: session, options: UIScene.ConnectionOptions())
                }
                #expect(answer?.name == "Checkout")
                #expect(answer?.role == .windowApplication)
                #expect(
                    harness.recorder.sessions == [
                        SceneSession(persistentIdentifier: "scene-1", configurationName: "Default Configuration")
                    ]
                )
            }
        ),
        Case(
            selector: "application:didDiscardSceneSessions:",
            received: "Recorder.didDiscardSceneSessions(scene-1,scene-2)",
            send: { harness in
                let manifest = UISceneConfiguration(name: nil, sessionRole: .windowApplication)
                let sessions: Set<UISceneSession> = [
                    UISceneSession(persistentIdentifier: "scene-2", role: .windowApplication, configuration: manifest),
                    UISceneSession(persistentIdentifier: "scene-1", role: .windowApplication, configuration: manifest),
                ]
                harness.uiKit.send("application:didDiscardSceneSessions:") {
                    $0.application($1, didDiscardSceneSessions: sessions)
                }
            }
        ),
    ]

    @Test("A callback reaches the service with its payload and the service's answer reaches UIKit", arguments: cases)
    func forwardsCallback(_ testCase: Case) async {
        let harness = Harness()
        await testCase.send(harness)
        #expect(harness.uiKit.unclaimed.isEmpty, "UIKit would not have called \(testCase.selector)")
        #expect(harness.received == [testCase.received])
        let context = harness.recorder.contexts.values.first
        #expect(context == nil || context?.uiKit.application === harness.uiKit.application)
    }

    @Test("The cases cover every callback of the reference, once")
    func coversTheReference() {
        #expect(Self.cases.map(\.selector).sorted() == UIKitReference.applicationDelegateSelectors.keys.sorted())
    }
}

@MainActor
@Suite struct UserActivityRestorationTests {
    @Test("An activity continued without scenes has UIKit restore the objects the services hand over")
    func restoresWithoutScenes() throws {
        let recorder = Recorder()
        let restoring = RestoringResponder()
        recorder.answers.continueUserActivity = .handled(restoring: [restoring])
        let simulator = LifecycleSimulator(driving: SimulatedUIKit(delegate: TestAppDelegate([recorder])))
        try simulator.coldLaunch()
        #expect(try simulator.continueUserActivity(UserActivity(activityType: "com.example.order")))
        #expect(restoring.restored == ["com.example.order"])
    }
}

#endif
