#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import AppServicesUIKitShim
import Dispatch
import Foundation
import Logging
import Testing

/// The app delegate as a push registry's delegate: its methods are the witnesses of
/// `PKPushRegistryDelegate`'s requirements, it claims them and creates its registry only
/// when a service handles pushes, and it converts what PushKit delivers.
@MainActor
struct PushKitTests {
    static let didUpdate = "pushRegistry:didUpdatePushCredentials:forType:"
    static let didReceive = "pushRegistry:didReceiveIncomingPushWithPayload:forType:withCompletionHandler:"
    /// iOS 26.4's VoIP method with metadata, which PushKit calls for a VoIP push instead.
    static let didReceiveVoIP = "pushRegistry:didReceiveIncomingVoIPPushWithPayload:metadata:withCompletionHandler:"
    static let didInvalidate = "pushRegistry:didInvalidatePushTokenForType:"

    let token = Data([0xC0, 0xFF, 0xEE])

    /// A launched application whose delegate has `services`.
    func launched(
        _ services: [any AppService],
        logs: LogCapture = LogCapture()
    ) -> (SimulatedUIKit, TestAppDelegate) {
        let delegate = TestAppDelegate(services, configuration: .init(logger: logs.logger()))
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch()
        return (uiKit, delegate)
    }

    // MARK: - Witnesses and claims

    @Test("Each PushKit method is the witness of its PKPushRegistryDelegate requirement")
    func methodsAreTheWitnesses() async throws {
        let recorder = PushRecorder()
        recorder.report = .reportedCall
        let (_, delegate) = launched([recorder])
        let registry = try #require(delegate.pushRegistry)
        let asPushKitSeesIt: any PKPushRegistryDelegate = delegate
        let completions = SendableCompletions<Void>()

        asPushKitSeesIt.pushRegistry(registry, didUpdate: PKPushCredentials(type: .voIP, token: token), for: .voIP)
        asPushKitSeesIt.pushRegistry(
            registry,
            didReceiveIncomingPushWith: PKPushPayload(type: .voIP, dictionaryPayload: ["caller": "Ada"]),
            for: .voIP
        ) { completions.handler(()) }
        asPushKitSeesIt.pushRegistry(registry, didInvalidatePushTokenFor: .voIP)
        await delegate.composite.waitForPendingWork()

        #expect(recorder.credentials == [PushCredentials(token: token, type: .voIP)])
        #expect(recorder.payloads == [PushPayload(type: .voIP, dictionaryPayload: ["caller": "Ada"])])
        #expect(recorder.invalidated == [.voIP])
        #expect(completions.values.count == 1)
    }

    @Test("The async spelling of the incoming-push method reaches the adapter, as it shares its selector")
    func asyncSpellingReachesTheAdapter() async {
        let recorder = PushRecorder()
        let (_, delegate) = launched([recorder])

        await Self.deliverWithTheAsyncSpelling(delegate)

        #expect(recorder.payloads == [PushPayload(type: .voIP, dictionaryPayload: ["caller": "Grace"])])
    }

    /// Calls the `async` requirement, as Swift code outside the main actor would.
    nonisolated static func deliverWithTheAsyncSpelling(_ delegate: TestAppDelegate) async {
        let asSwiftSeesIt: any PKPushRegistryDelegate = delegate
        let payload = PKPushPayload(type: .voIP, dictionaryPayload: ["caller": "Grace"])
        await asSwiftSeesIt.pushRegistry(PKPushRegistry(queue: nil), didReceiveIncomingPushWith: payload, for: .voIP)
    }

    @Test(
        "With one service, the PushKit methods are claimed exactly when it handles pushes, the required one always",
        arguments: singleCapabilityServices
    )
    func claimsWithAPushService(_ maker: ServiceMaker) {
        let service = maker.make()
        let delegate = TestAppDelegate([service])
        let table = UIKitReference.pushRegistryDelegateSelectors
        let claimed = Set(table.keys.filter { SimulatedUIKit.claims(delegate, $0) })
        #expect(claimed == UIKitReference.expectedClaims(table, for: [service]))
        #expect(claimed.contains(Self.didReceive) == (service is any VoIPPushHandling))
        #expect(claimed.contains(Self.didUpdate))
        #expect(!SimulatedUIKit.claims(delegate, UIKitReference.deprecatedPushRegistryDelegateSelector))
    }

    @Test("The PushKit selectors are among the forwarded selectors, and the deprecated one is not")
    func forwardsThePushKitSelectors() {
        let forwarded = Set(ServiceOrientedAppDelegate.forwardedSelectors)
        #expect(forwarded.isSuperset(of: UIKitReference.pushRegistryDelegateSelectors.keys))
        #expect(!forwarded.contains(UIKitReference.deprecatedPushRegistryDelegateSelector))
    }

    /// An app delegate that still handles its VoIP pushes itself, with no service for them.
    final class CallingAppDelegate: ServiceOrientedAppDelegate {
        nonisolated override func pushRegistry(
            _ registry: PKPushRegistry,
            didReceiveIncomingPushWith payload: PKPushPayload,
            for type: PKPushType,
            completion: @escaping @Sendable () -> Void
        ) {
            completion()
        }
    }

    @Test("A PushKit method the app's subclass overrides is claimed without a service, and called")
    func claimsAnOverride() {
        ObjectiveCMethods.record([Self.didReceive], implementedBy: CallingAppDelegate.self)
        let delegate = CallingAppDelegate()
        #expect(SimulatedUIKit.claims(delegate, Self.didReceive))
        #expect(SimulatedUIKit.claims(delegate, Self.didUpdate))
        #expect(!SimulatedUIKit.claims(delegate, Self.didInvalidate))

        let completions = SendableCompletions<Void>()
        (delegate as any PKPushRegistryDelegate).pushRegistry(
            PKPushRegistry(queue: nil),
            didReceiveIncomingPushWith: PKPushPayload(type: .voIP, dictionaryPayload: [:]),
            for: .voIP
        ) { completions.handler(()) }
        #expect(completions.values.count == 1)
        #expect(delegate.pushRegistry == nil, "no service handles pushes, so the delegate made no registry")
    }

    /// An app delegate migrating step by step: it reports its calls to CallKit itself, then
    /// lets the services hear the push.
    final class ReportingAppDelegate: ServiceOrientedAppDelegate {
        nonisolated(unsafe) var reported = 0

        override func makeServices() -> [any AppService] { [PushRecorder()] }

        nonisolated override func pushRegistry(
            _ registry: PKPushRegistry,
            didReceiveIncomingPushWith payload: PKPushPayload,
            for type: PKPushType,
            completion: @escaping @Sendable () -> Void
        ) {
            reported += 1
            super.pushRegistry(registry, didReceiveIncomingPushWith: payload, for: type, completion: completion)
        }
    }

    @Test("A subclass that overrides the VoIP completion method is not bypassed by iOS 26.4's method with metadata")
    func overrideIsNotBypassed() async throws {
        ObjectiveCMethods.record([Self.didReceive], implementedBy: ReportingAppDelegate.self)
        let delegate = ReportingAppDelegate()
        #expect(SimulatedUIKit.claims(delegate, Self.didReceive))
        // PushKit calls the method with metadata instead when the delegate claims it: the
        // subclass's own reporting would never run, and iOS ends an app that does not report.
        #expect(!SimulatedUIKit.claims(delegate, Self.didReceiveVoIP))
        let simulator = LifecycleSimulator(driving: SimulatedUIKit(delegate: delegate))
        try simulator.coldLaunch()
        _ = try await simulator.deliverIncomingPush(PushPayload(type: .voIP))
        #expect(delegate.reported == 1)
    }

    // MARK: - The registry

    struct RegistryCase: Sendable, CustomTestStringConvertible {
        let name: String
        let services: @MainActor @Sendable () -> [any AppService]
        /// The registry's desired push types; `nil` for no registry.
        let desired: Set<PKPushType>?

        var testDescription: String { name }
    }

    nonisolated static let registryCases = [
        RegistryCase(name: "a VoIP service", services: { [PushRecorder()] }, desired: [.voIP]),
        RegistryCase(
            name: "a VoIP and a File Provider service",
            services: { [FilePushRecorder(), PushRecorder()] },
            desired: [.voIP, .fileProvider]
        ),
        RegistryCase(name: "no service", services: { [] }, desired: nil),
        RegistryCase(
            name: "services for everything else",
            services: { [NotificationsOnly(), PushOnly(), PushRegistrationOnly()] },
            desired: nil
        ),
    ]

    @Test(
        "The registry is created before willFinishLaunching returns, once, only with a push service, asking for their types",
        arguments: registryCases
    )
    func createsTheRegistry(_ testCase: RegistryCase) throws {
        let delegate = TestAppDelegate(testCase.services())
        let uiKit = SimulatedUIKit(delegate: delegate)

        uiKit.send("application:willFinishLaunchingWithOptions:") {
            $0.application($1, willFinishLaunchingWithOptions: nil)
        }

        #expect(delegate.pushRegistry?.desiredPushTypes == testCase.desired)
        #expect(uiKit.pushRegistries.count == (testCase.desired == nil ? 0 : 1))
        if testCase.desired != nil {
            let registry = try #require(delegate.pushRegistry)
            #expect(registry.delegate === delegate)
            // Compared by label: swift-corelibs-libdispatch wraps the main queue anew on each
            // `DispatchQueue.main`.
            #expect(registry.queue?.label == DispatchQueue.main.label, "PushKit calls the delegate on the main queue")
            #expect(uiKit.pushRegistries.first === registry)
        }
        let created = delegate.pushRegistry
        uiKit.send("application:didFinishLaunchingWithOptions:") {
            $0.application($1, didFinishLaunchingWithOptions: nil)
        }
        #expect(delegate.pushRegistry === created, "created once")
        #expect(uiKit.pushRegistries.count == (testCase.desired == nil ? 0 : 1))
    }

    @Test("When UIKit skips willFinishLaunching, didFinishLaunching creates the registry before it returns")
    func createsTheRegistryInDidFinishLaunching() {
        let delegate = TestAppDelegate([PushRecorder()])
        let uiKit = SimulatedUIKit(delegate: delegate)

        uiKit.send("application:didFinishLaunchingWithOptions:") {
            $0.application($1, didFinishLaunchingWithOptions: nil)
        }

        #expect(delegate.pushRegistry?.desiredPushTypes == [.voIP])
        #expect(uiKit.pushRegistries.count == 1)
    }

    @Test(
        "With createsPushRegistry off, no registry is created, and a registry of the app's own still reaches services"
    )
    func leavesTheRegistryToTheApp() async {
        let recorder = PushRecorder()
        let delegate = TestAppDelegate([recorder])
        delegate.createsPushRegistry = false
        let uiKit = SimulatedUIKit(delegate: delegate)

        uiKit.launch()
        #expect(delegate.pushRegistry == nil)
        #expect(uiKit.pushRegistries.isEmpty)

        // The app's own registry, forwarding to the delegate.
        let own = uiKit.withSimulatedFrameworks { PKPushRegistry(queue: .main) }
        own.delegate = delegate
        own.desiredPushTypes = [.voIP]
        await uiKit.receiveIncomingPush(PushPayload(type: .voIP))

        #expect(recorder.payloads.count == 1)
        #expect(uiKit.pushCompletions == [.voIP])
    }

    // MARK: - What services receive

    @Test("A push reaches services with its payload, and the registry and raw payload in context.uiKit")
    func convertsPushes() async throws {
        let recorder = PushRecorder()
        recorder.report = .reportedCall
        let files = FilePushRecorder()
        let (uiKit, delegate) = launched([recorder, files])

        await uiKit.receiveIncomingPush(PushPayload(type: .voIP, dictionaryPayload: ["caller": "Ada", "ring": 3]))
        await delegate.composite.waitForPendingWork()

        #expect(recorder.payloads == [PushPayload(type: .voIP, dictionaryPayload: ["caller": "Ada", "ring": 3])])
        #expect(files.payloads.isEmpty, "it handles File Provider pushes only")
        let context = try #require(recorder.contexts.first)
        #expect(context.uiKit.pushRegistry === delegate.pushRegistry)
        #expect(context.uiKit.pushPayload?.dictionaryPayload["caller"] as? String == "Ada")
        #expect(uiKit.pushCompletions == [.voIP])
        #expect(uiKit.delivered.contains(Self.didReceiveVoIP), "a VoIP push, through iOS 26.4's method")
    }

    @Test("A new token reaches the services and the registry; an invalidated one is taken back")
    func tokens() throws {
        let recorder = PushRecorder()
        let (uiKit, delegate) = launched([recorder])
        let registry = try #require(delegate.pushRegistry)

        uiKit.updatePushCredentials(PushCredentials(token: token, type: .voIP))
        #expect(registry.pushToken(for: .voIP) == token)
        #expect(recorder.credentials == [PushCredentials(token: token, type: .voIP)])
        #expect(recorder.contexts.last?.uiKit.pushCredentials?.token == token)
        #expect(recorder.contexts.last?.uiKit.pushRegistry === registry)

        uiKit.invalidatePushToken(for: .voIP)
        #expect(registry.pushToken(for: .voIP) == nil)
        #expect(recorder.invalidated == [.voIP])

        uiKit.updatePushCredentials(PushCredentials(token: token, type: .fileProvider))
        #expect(recorder.credentials.count == 1, "the registry did not ask for File Provider pushes")
        #expect(uiKit.unclaimed.last == Self.didUpdate)
    }

    @Test(
        "A push no service reports a call for completes once, at the deadline, with the CallKit error naming the service"
    )
    func unreportedCallThroughTheAdapter() async throws {
        let clock = TestClock()
        let logs = LogCapture()
        let delegate = TestAppDelegate(
            [SlowCallService(clock: clock)],
            configuration: .init(logger: logs.logger(), clock: clock)
        )
        let uiKit = SimulatedUIKit(delegate: delegate)
        let simulator = LifecycleSimulator(driving: uiKit)
        try simulator.launchIntoBackground()

        let push = try simulator.startIncomingPush(PushPayload(type: .voIP))
        await clock.waitForSleepers(2)  // the service and the deadline
        clock.advance(by: .seconds(4))
        #expect(uiKit.pushCompletions.isEmpty)
        clock.advance(by: .seconds(1))
        let report = await push.completion()
        await delegate.composite.waitForPendingWork()

        #expect(report == nil, "PushKit's completion handler carries no answer")
        #expect(push.completions == [nil])
        #expect(uiKit.pushCompletions == [.voIP])
        let error = try #require(logs.messages(at: .error).first)
        #expect(error.contains("SlowCallService") && error.contains("PKPushTypeVoIP") && error.contains("CallKit"))
    }

    @Test("Payload entries that are not property-list values are dropped, with one warning naming them")
    func dropsMalformedPayload() async throws {
        let recorder = PushRecorder()
        recorder.report = .reportedCall
        let logs = LogCapture()
        let (uiKit, delegate) = launched([recorder], logs: logs)

        await uiKit.receiveIncomingPush(
            PushPayload(type: .voIP),
            dictionaryPayload: ["caller": "Ada", "handle": NSObject()]
        )
        await delegate.composite.waitForPendingWork()

        #expect(recorder.payloads.first?.dictionaryPayload == ["caller": "Ada"])
        let warnings = logs.messages(at: .warning).filter { $0.contains("property-list") }
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.contains("handle") && warning.contains("PKPushTypeVoIP") && !warning.contains("caller"))
        #expect(recorder.contexts.first?.uiKit.pushPayload?.dictionaryPayload["handle"] is NSObject)
    }

    @Test("A push delivered on another thread is handled on the main actor and completed once")
    func pushFromAnotherThread() async throws {
        let recorder = PushRecorder()
        recorder.report = .reportedCall
        let (_, delegate) = launched([recorder])
        // Handed to the other thread and used only there: the registry and payload are not
        // Sendable, as in the SDK.
        nonisolated(unsafe) let registry = try #require(delegate.pushRegistry)
        nonisolated(unsafe) let payload = PKPushPayload(type: .voIP, dictionaryPayload: ["caller": "Ada"])
        let completions = SendableCompletions<Void>()

        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                delegate.pushRegistry(registry, didReceiveIncomingPushWith: payload, for: .voIP) {
                    completions.handler(())
                    continuation.resume()
                }
            }
        }
        await delegate.composite.waitForPendingWork()

        #expect(completions.values.count == 1)
        #expect(recorder.payloads.map(\.dictionaryPayload) == [["caller": "Ada"]])
    }
}

#endif
