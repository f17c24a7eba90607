#if !canImport(AppKit)
import AppServices
import AppServicesAppKit
import AppServicesAppKitShim
import Foundation
import Testing

/// An application delegate that still implements a callback itself keeps receiving it,
/// whether or not a service handles it.
@MainActor
struct SubclassCallbackTests {
    final class MigratingDelegate: ServiceOrientedApplicationDelegate {
        private(set) var opened: [URL] = []

        override func application(_ application: NSApplication, open urls: [URL]) {
            opened += urls
        }
    }

    @Test("A callback the subclass overrides is claimed and called with no service handling it")
    func overriddenCallbackIsClaimedAndCalled() {
        ObjectiveCMethods.record(["application:openURLs:"], implementedBy: MigratingDelegate.self)
        let delegate = MigratingDelegate()
        let appKit = SimulatedAppKit(delegate: delegate)
        let url = URL(string: "notes://today")!
        appKit.send("application:openURLs:") { $0.application($1, open: [url]) }
        #expect(delegate.opened == [url])
        #expect(!SimulatedAppKit.claims(delegate, "applicationDidHide:"))
        #expect(!SimulatedAppKit.claims(ServiceOrientedApplicationDelegate(), "application:openURLs:"))
    }
}

#endif
