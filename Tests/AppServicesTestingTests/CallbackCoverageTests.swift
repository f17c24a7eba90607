import AppServices
import Foundation
import Testing

@testable import AppServicesTesting

/// `CallbackCoverage`: a service's callbacks heard, a near miss found by behaviour, an
/// unadopted capability named, and every callback of the library sendable.
@MainActor
struct CallbackCoverageTests {
    final class SessionService: AppService, ApplicationStateHandling, URLOpenHandling {
        private(set) var events: [String] = []

        func applicationDidBecomeActive(_ context: AppContext) { events.append("active") }
        // A near miss: another argument label, so AppServices calls the default.
        func applicationDidEnterBackground(context: AppContext) { events.append("background") }

        func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
            events.append("open \(url)")
            return true
        }
    }

    @Test("Heard callbacks pass; a near miss and an unadopted capability are named")
    func findsUnheardCallbacks() async {
        let unheard = await CallbackCoverage.callbacks(
            [.didBecomeActive, .openURL, .didEnterBackground, .didReceiveMemoryWarning],
            notHeardBy: { SessionService() },
            observing: { $0.events }
        )
        #expect(unheard.map(\.callback) == [.didEnterBackground, .didReceiveMemoryWarning])
        #expect(unheard.map(\.reason) == [.noEffect, .notAdopted])
        #expect(
            unheard.first?.description
                == "SessionService adopts the capability of didEnterBackground but nothing observed changed when it "
                + "was sent: its member may nearly match the requirement and never be called (the AppServicesLint "
                + "plugin names it)."
        )
        #expect(
            unheard.last?.description
                == "SessionService does not hear didReceiveMemoryWarning: it does not adopt the capability that "
                + "delivers it."
        )
    }

    @Test("Each callback gets a new service, so one callback's effect does not hide another's absence")
    func newServicePerCallback() async {
        var made = 0
        let unheard = await CallbackCoverage.callbacks(
            [.didBecomeActive, .didBecomeActive],
            notHeardBy: {
                made += 1
                return SessionService()
            },
            observing: { $0.events.count }
        )
        #expect(unheard.isEmpty)
        #expect(made == 2, "one service per callback")
    }

    @Test("Every callback of the library can be sent, but those listed as unsendable")
    func everyCallbackIsSendable() async {
        var unknown: [String] = []
        for callback in AppCallback.all where !CallbackCoverage.unsendable.contains(callback) {
            let composite = CallbackCoverage.quietComposite([])
            if await !CallbackCoverage.send(callback, to: composite) { unknown.append(callback.name) }
        }
        #expect(
            unknown.isEmpty,
            "CallbackCoverage.send(_:to:) does not know \(unknown): add a case for each (or list it in unsendable)"
        )
        for callback in CallbackCoverage.unsendable {
            #expect(await !CallbackCoverage.send(callback, to: CallbackCoverage.quietComposite([])))
        }
    }

    @Test("Each callback sent reaches a recording service recorded under its own name")
    func sentAndRecordedUnderItsName() async {
        var wrong: [String] = []
        for callback in AppCallback.all where !CallbackCoverage.unsendable.contains(callback) {
            let recorder = RecordingService()
            let composite = CallbackCoverage.quietComposite([recorder])
            if !CallbackCoverage.launchCallbacks.contains(callback) { _ = composite.didFinishLaunching() }
            let before = recorder.calls.count
            guard await CallbackCoverage.send(callback, to: composite) else { continue }
            // A callback may imply another (a scene's foreground, the application's): the
            // one sent is among those recorded.
            let recorded = recorder.calls.dropFirst(before).map(\.callback)
            if !recorded.contains(callback) { wrong.append("\(callback.name): recorded \(recorded.map(\.name))") }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }
}
