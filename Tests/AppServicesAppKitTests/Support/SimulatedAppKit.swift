// The simulated AppKit needs the shim's NSApplication, which a test can create and whose
// replies it can observe; with the real AppKit these tests are compiled out and the adapter
// is checked by building it.
#if !canImport(AppKit)
import AppServices
import AppServicesAppKit
import AppServicesAppKitShim
import AppServicesTesting

/// An application object that records the replies to `applicationShouldTerminate(_:)`.
final class RecordingApplication: NSApplication {
    private(set) var terminationReplies: [Bool] = []

    override func reply(toApplicationShouldTerminate shouldTerminate: Bool) {
        terminationReplies.append(shouldTerminate)
    }
}

/// A stand-in for AppKit: asks `responds(to:)` with the SDK's selector strings before every
/// call, calls only what is claimed, and always through `any NSApplicationDelegate`.
@MainActor
final class SimulatedAppKit {
    let application = RecordingApplication()
    let delegate: any NSApplicationDelegate
    private(set) var unclaimed: [String] = []

    init(delegate: any NSApplicationDelegate) {
        self.delegate = delegate
        application.delegate = delegate
    }

    /// Whether `object` claims `selector`, asked as AppKit asks.
    static func claims(_ object: any NSApplicationDelegate, _ selector: String) -> Bool {
        guard let object = object as? NSObject else { return false }
        return object.responds(to: Selector((selector)))
    }

    /// Calls `body` with the delegate when it claims `selector`; `nil` when it does not.
    @discardableResult
    func send<Answer>(_ selector: String, _ body: (any NSApplicationDelegate, NSApplication) -> Answer) -> Answer? {
        guard Self.claims(delegate, selector) else {
            unclaimed.append(selector)
            return nil
        }
        return body(delegate, application)
    }

    /// The notification AppKit passes with a callback.
    func notification(_ name: String) -> Notification {
        Notification(name: Notification.Name("NSApplication\(name)Notification"), object: application)
    }

    /// Launch and activation, in AppKit's order.
    func launch() {
        send("applicationWillFinishLaunching:") { delegate, _ in
            delegate.applicationWillFinishLaunching(notification("WillFinishLaunching"))
        }
        send("applicationDidFinishLaunching:") { delegate, _ in
            delegate.applicationDidFinishLaunching(notification("DidFinishLaunching"))
        }
        send("applicationWillBecomeActive:") { delegate, _ in
            delegate.applicationWillBecomeActive(notification("WillBecomeActive"))
        }
        send("applicationDidBecomeActive:") { delegate, _ in
            delegate.applicationDidBecomeActive(notification("DidBecomeActive"))
        }
    }

    /// The user chose Quit: AppKit asks the delegate if it claims the callback, and
    /// otherwise terminates now.
    func quit() -> NSApplication.TerminateReply {
        send("applicationShouldTerminate:") { $0.applicationShouldTerminate($1) } ?? .terminateNow
    }
}

/// An app delegate with the test's services and configuration.
final class TestApplicationDelegate: ServiceOrientedApplicationDelegate {
    private let services: [any AppService]
    private let configuration: ServiceComposite.Configuration

    init(_ services: [any AppService], configuration: ServiceComposite.Configuration = .init()) {
        self.services = services
        self.configuration = configuration
        super.init()
    }

    override func makeServices() -> [any AppService] { services }
    override func makeConfiguration() -> ServiceComposite.Configuration { configuration }
}

/// Responders services hand back for restoring a user activity.
final class RestoringResponder: NSResponder {
    private(set) var restored: [String] = []

    override func restoreUserActivityState(_ userActivity: NSUserActivity) {
        restored.append(userActivity.activityType)
    }
}

final class Recorder: RecordingService {}
final class DesktopOnly: AppService, DesktopApplicationHandling {}
final class URLsOnly: AppService, URLOpenHandling {
    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool { false }
}
final class PushRegistrationOnly: AppService, RemoteNotificationRegistrationHandling {}
final class ActivitiesOnly: AppService, UserActivityHandling {}

/// A service that answers termination with what the test sets, and whose "later" work
/// returns what the test sets, or never returns until cancelled.
class Terminator: AppService, DesktopApplicationHandling {
    enum Answer: Sendable {
        case now, cancel
        /// Asks for time; the work agrees (or not) on the spot.
        case laterAgreeing(Bool)
        /// Asks for time; the work suspends once, then agrees (or not).
        case laterAgreeingAfterSuspending(Bool)
        case laterNeverFinishing
    }

    let answer: Answer
    private(set) var workStarted = false

    init(_ answer: Answer) { self.answer = answer }

    func applicationShouldTerminate(_ context: AppContext) -> TerminationReply {
        switch answer {
        case .now: return .now
        case .cancel: return .cancel
        case .laterAgreeing(let agrees):
            return .later { [self] in
                workStarted = true
                return agrees
            }
        case .laterAgreeingAfterSuspending(let agrees):
            return .later { [self] in
                workStarted = true
                await Task.yield()
                return agrees
            }
        case .laterNeverFinishing:
            return .later { [self] in
                workStarted = true
                let (stream, continuation) = AsyncStream<Never>.makeStream()
                for await _ in stream {}
                continuation.finish()
                return true
            }
        }
    }
}

#endif
