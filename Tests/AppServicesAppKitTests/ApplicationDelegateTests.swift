#if !canImport(AppKit)
import AppServices
import AppServicesAppKit
import AppServicesAppKitShim
import AppServicesTesting
import Foundation
import Logging
import Testing

struct RegistrationFailed: Error, CustomStringConvertible {
    var description: String { "no network" }
}

/// The part of `NSApplicationDelegate` the reference lists, sent by a simulated AppKit
/// through the protocol: the service receives each callback with its payload and its
/// answer reaches AppKit.
@MainActor
struct ApplicationDelegateTests {
    @MainActor
    final class Harness {
        let recorder = Recorder()
        let restoring = RestoringResponder()
        let delegate: TestApplicationDelegate
        let appKit: SimulatedAppKit

        init() {
            recorder.answers.terminatesAfterLastWindowClosed = true
            recorder.answers.handlesReopen = false
            recorder.answers.supportsSecureRestorableState = false
            recorder.answers.willContinueUserActivity = true
            recorder.answers.continueUserActivity = .handled(restoring: [restoring])
            delegate = TestApplicationDelegate([recorder])
            appKit = SimulatedAppKit(delegate: delegate)
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let selector: String
        let received: [String]
        let send: @MainActor @Sendable (Harness) async -> Void
        var testDescription: String { selector }
    }

    /// A case for a callback that only passes a notification.
    nonisolated static func notifying(
        _ selector: String,
        _ received: String,
        _ call: @escaping @MainActor @Sendable (any NSApplicationDelegate, Notification) -> Void
    ) -> Case {
        Case(selector: selector, received: ["Recorder.\(received)"]) { harness in
            let name = String(selector.dropFirst("application".count).dropLast())
            harness.appKit.send(selector) { delegate, _ in call(delegate, harness.appKit.notification(name)) }
        }
    }

    nonisolated static let cases: [Case] = [
        notifying("applicationWillFinishLaunching:", "willFinishLaunching") { $0.applicationWillFinishLaunching($1) },
        notifying("applicationDidFinishLaunching:", "didFinishLaunching") { $0.applicationDidFinishLaunching($1) },
        notifying("applicationWillBecomeActive:", "willBecomeActive") { $0.applicationWillBecomeActive($1) },
        notifying("applicationDidBecomeActive:", "didBecomeActive") { $0.applicationDidBecomeActive($1) },
        notifying("applicationWillResignActive:", "willResignActive") { $0.applicationWillResignActive($1) },
        notifying("applicationDidResignActive:", "didResignActive") { $0.applicationDidResignActive($1) },
        notifying("applicationWillHide:", "willHide") { $0.applicationWillHide($1) },
        notifying("applicationDidHide:", "didHide") { $0.applicationDidHide($1) },
        notifying("applicationWillUnhide:", "willUnhide") { $0.applicationWillUnhide($1) },
        notifying("applicationDidUnhide:", "didUnhide") { $0.applicationDidUnhide($1) },
        notifying("applicationWillTerminate:", "willTerminate") { $0.applicationWillTerminate($1) },
        Case(selector: "applicationShouldTerminate:", received: ["Recorder.shouldTerminate"]) { harness in
            #expect(harness.appKit.quit() == .terminateNow)
        },
        Case(
            selector: "applicationShouldTerminateAfterLastWindowClosed:",
            received: ["Recorder.shouldTerminateAfterLastWindowClosed"]
        ) { harness in
            let answer = harness.appKit.send("applicationShouldTerminateAfterLastWindowClosed:") {
                $0.applicationShouldTerminateAfterLastWindowClosed($1)
            }
            #expect(answer == true)
        },
        Case(
            selector: "applicationShouldHandleReopen:hasVisibleWindows:",
            received: ["Recorder.shouldHandleReopen(false)"]
        ) { harness in
            let answer = harness.appKit.send("applicationShouldHandleReopen:hasVisibleWindows:") {
                $0.applicationShouldHandleReopen($1, hasVisibleWindows: false)
            }
            #expect(answer == false)
        },
        Case(
            selector: "applicationSupportsSecureRestorableState:",
            received: ["Recorder.supportsSecureRestorableState"]
        ) { harness in
            let answer = harness.appKit.send("applicationSupportsSecureRestorableState:") {
                $0.applicationSupportsSecureRestorableState($1)
            }
            #expect(answer == false)
        },
        Case(
            selector: "application:openURLs:",
            received: ["Recorder.openURL(shop://orders/1)", "Recorder.openURL(file:///tmp/order.pdf)"]
        ) { harness in
            harness.appKit.send("application:openURLs:") {
                $0.application($1, open: [URL(string: "shop://orders/1")!, URL(string: "file:///tmp/order.pdf")!])
            }
        },
        Case(
            selector: "application:didRegisterForRemoteNotificationsWithDeviceToken:",
            received: ["Recorder.didRegisterForRemoteNotifications(0102)"]
        ) { harness in
            harness.appKit.send("application:didRegisterForRemoteNotificationsWithDeviceToken:") {
                $0.application($1, didRegisterForRemoteNotificationsWithDeviceToken: Data([1, 2]))
            }
        },
        Case(
            selector: "application:didFailToRegisterForRemoteNotificationsWithError:",
            received: ["Recorder.didFailToRegisterForRemoteNotifications(no network)"]
        ) { harness in
            harness.appKit.send("application:didFailToRegisterForRemoteNotificationsWithError:") {
                $0.application($1, didFailToRegisterForRemoteNotificationsWithError: RegistrationFailed())
            }
        },
        Case(
            selector: "application:didReceiveRemoteNotification:",
            received: ["Recorder.didReceiveRemoteNotification(aps,orderID)"]
        ) { harness in
            harness.appKit.send("application:didReceiveRemoteNotification:") {
                $0.application($1, didReceiveRemoteNotification: ["aps": ["content-available": 1], "orderID": "A-17"])
            }
            await harness.delegate.composite.waitForPendingWork()
        },
        Case(
            selector: "application:willContinueUserActivityWithType:",
            received: ["Recorder.willContinueUserActivity(com.example.order)"]
        ) { harness in
            let answer = harness.appKit.send("application:willContinueUserActivityWithType:") {
                $0.application($1, willContinueUserActivityWithType: "com.example.order")
            }
            #expect(answer == true)
        },
        Case(
            selector: "application:continueUserActivity:restorationHandler:",
            received: ["Recorder.continueUserActivity(com.example.order)"]
        ) { harness in
            var handed: [[any NSUserActivityRestoring]] = []
            let answer = harness.appKit.send("application:continueUserActivity:restorationHandler:") {
                $0.application($1, continue: NSUserActivity(activityType: "com.example.order")) { handed.append($0) }
            }
            #expect(answer == true)
            #expect(handed.count == 1)
            #expect(handed.first?.first === harness.restoring)
        },
        Case(
            selector: "application:didFailToContinueUserActivityWithType:error:",
            received: ["Recorder.didFailToContinueUserActivity(com.example.order)"]
        ) { harness in
            harness.appKit.send("application:didFailToContinueUserActivityWithType:error:") {
                $0.application(
                    $1,
                    didFailToContinueUserActivityWithType: "com.example.order",
                    error: RegistrationFailed()
                )
            }
        },
        Case(
            selector: "application:didUpdateUserActivity:",
            received: ["Recorder.didUpdateUserActivity(com.example.order)"]
        ) { harness in
            harness.appKit.send("application:didUpdateUserActivity:") {
                $0.application($1, didUpdate: NSUserActivity(activityType: "com.example.order"))
            }
        },
    ]

    @Test("A callback reaches the service with its payload and the service's answer reaches AppKit", arguments: cases)
    func forwardsCallback(_ testCase: Case) async {
        let harness = Harness()
        await testCase.send(harness)
        #expect(harness.appKit.unclaimed.isEmpty, "AppKit would not have called \(testCase.selector)")
        #expect(harness.recorder.calls.map(\.description) == testCase.received)
    }

    @Test("Services see the application and, for notification callbacks, the notification")
    func exposesAppKitObjects() throws {
        final class Inspector: AppService, LaunchHandling {
            var application: NSApplication?
            var notificationName: String?
            func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
                application = context.appKit.application
                notificationName = context.appKit.notification?.name.rawValue
                return true
            }
        }
        let inspector = Inspector()
        let appKit = SimulatedAppKit(delegate: TestApplicationDelegate([inspector]))
        appKit.launch()
        #expect(inspector.application === appKit.application)
        #expect(inspector.notificationName == "NSApplicationDidFinishLaunchingNotification")
    }

    @Test("An activity whose user info holds values that are not property-list values is logged, naming them")
    func droppedActivityUserInfo() {
        let logs = LogCapture()
        let recorder = Recorder()
        recorder.answers.continueUserActivity = .handled()
        let appKit = SimulatedAppKit(
            delegate: TestApplicationDelegate([recorder], configuration: .init(logger: logs.logger()))
        )
        appKit.launch()
        let activity = NSUserActivity(activityType: "com.example.order")
        activity.userInfo = ["token": UUID(), "order": 7]
        let answer = appKit.send("application:continueUserActivity:restorationHandler:") {
            $0.application($1, continue: activity) { _ in }
        }
        #expect(answer == true)
        #expect(
            logs.messages(at: .warning).filter { $0.hasPrefix("User activity") } == [
                "User activity com.example.order has user-info entries that are not property-list values: token. "
                    + "Services receive it without them; the raw activity is in context.appKit.userActivity."
            ]
        )
    }

    @Test("A notification service, shared with an iOS target, is warned about: the Mac delegate delivers it nothing")
    func warnsAboutNotificationServices() {
        final class Inbox: AppService, UserNotificationHandling {}
        let logs = LogCapture()
        let appKit = SimulatedAppKit(
            delegate: TestApplicationDelegate([Inbox(), DesktopOnly()], configuration: .init(logger: logs.logger()))
        )
        appKit.launch()
        let warnings = logs.messages(at: .warning).filter { $0.contains("handles user notifications") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("Inbox handles user notifications") == true)
        #expect(warnings.first?.contains("answers not granted") == true)
    }

    @Test("Launch and activation move the composite through AppKit's states")
    func followsTheLifeCycle() {
        let delegate = TestApplicationDelegate([Recorder()])
        let appKit = SimulatedAppKit(delegate: delegate)
        appKit.launch()
        #expect(delegate.composite.applicationState == .active)
        appKit.send("applicationWillResignActive:") { delegate, _ in
            delegate.applicationWillResignActive(appKit.notification("WillResignActive"))
        }
        #expect(delegate.composite.applicationState == .inactive)
        appKit.send("applicationWillTerminate:") { delegate, _ in
            delegate.applicationWillTerminate(appKit.notification("WillTerminate"))
        }
        #expect(delegate.composite.applicationState == .terminated)
    }

    nonisolated static let alwaysClaimed: Set<String> = [
        "applicationWillFinishLaunching:", "applicationDidFinishLaunching:", "applicationDidBecomeActive:",
        "applicationWillResignActive:", "applicationWillTerminate:",
        // Where the adapter waits for the services' background work before AppKit quits.
        "applicationShouldTerminate:",
    ]
    nonisolated static let desktopSelectors: Set<String> = [
        "applicationWillBecomeActive:", "applicationDidResignActive:", "applicationWillHide:", "applicationDidHide:",
        "applicationWillUnhide:", "applicationDidUnhide:", "applicationShouldTerminate:",
        "applicationShouldTerminateAfterLastWindowClosed:", "applicationShouldHandleReopen:hasVisibleWindows:",
        "applicationSupportsSecureRestorableState:",
    ]

    struct Claims: Sendable, CustomTestStringConvertible {
        let name: String
        let make: @MainActor @Sendable () -> [any AppService]
        let claimed: Set<String>
        var testDescription: String { name }
    }

    nonisolated static let claims: [Claims] = [
        Claims(name: "no service", make: { [] }, claimed: alwaysClaimed),
        Claims(name: "a desktop service", make: { [DesktopOnly()] }, claimed: alwaysClaimed.union(desktopSelectors)),
        Claims(name: "a URL service", make: { [URLsOnly()] }, claimed: alwaysClaimed.union(["application:openURLs:"])),
        Claims(
            name: "a push-registration service",
            make: { [PushRegistrationOnly()] },
            claimed: alwaysClaimed.union([
                "application:didRegisterForRemoteNotificationsWithDeviceToken:",
                "application:didFailToRegisterForRemoteNotificationsWithError:",
            ])
        ),
        Claims(
            name: "a user-activity service",
            make: { [ActivitiesOnly()] },
            claimed: alwaysClaimed.union([
                "application:willContinueUserActivityWithType:", "application:continueUserActivity:restorationHandler:",
                "application:didFailToContinueUserActivityWithType:error:", "application:didUpdateUserActivity:",
            ])
        ),
        Claims(name: "a service for everything", make: { [Recorder()] }, claimed: Set(cases.map(\.selector))),
    ]

    @Test("The delegate claims exactly the callbacks some registered service handles", arguments: claims)
    func claimsWhatIsHandled(_ expectation: Claims) {
        let delegate = TestApplicationDelegate(expectation.make())
        let claimed = Set(Self.cases.map(\.selector).filter { SimulatedAppKit.claims(delegate, $0) })
        #expect(claimed == expectation.claimed)
    }
}

#endif
