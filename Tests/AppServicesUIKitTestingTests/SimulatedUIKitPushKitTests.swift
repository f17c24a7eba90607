#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import Foundation
import Testing

/// What a user on Linux writes to test a VoIP service behind their app delegate: only the
/// public products.
@MainActor
struct SimulatedUIKitPushKitTests {
    /// Reports each VoIP push as an incoming call and keeps the token for its server.
    final class CallService: AppService, VoIPPushHandling {
        private(set) var token: Data?
        private(set) var reportedCallers: [String] = []

        func pushRegistry(_ context: AppContext, didUpdate credentials: PushCredentials) {
            token = credentials.token
        }

        func pushRegistry(
            _ context: AppContext,
            didReceiveIncomingPushWith payload: PushPayload
        ) async throws -> VoIPCallReport {
            reportedCallers.append(payload.dictionaryPayload["caller"]?.stringValue ?? "Unknown")
            return .reportedCall
        }

        func pushRegistry(_ context: AppContext, didInvalidatePushTokenFor type: PushType) {
            token = nil
        }
    }

    final class AppDelegate: ServiceOrientedAppDelegate {
        let calls = CallService()
        override func makeServices() -> [any AppService] { [calls] }
    }

    @Test("A VoIP push launches the app into the background and reaches the service through the delegate's registry")
    func launchForAVoIPPush() async throws {
        let delegate = AppDelegate()
        let uiKit = SimulatedUIKit(delegate: delegate)
        let simulator = LifecycleSimulator(driving: uiKit)

        let report = try await simulator.launchIntoBackground(
            forIncomingPush: PushPayload(type: .voIP, dictionaryPayload: ["caller": "Ada"])
        )

        #expect(report == nil, "PushKit's completion handler says nothing; the service's answer stays inside")
        #expect(delegate.calls.reportedCallers == ["Ada"])
        #expect(uiKit.pushCompletions == [.voIP], "the completion handler was called once")
        #expect(uiKit.pushRegistries.count == 1)
        #expect(uiKit.application.applicationState == .background)
    }

    @Test("The token reaches the service and the registry, and goes when PushKit takes it back")
    func tokens() throws {
        let delegate = AppDelegate()
        let uiKit = SimulatedUIKit(delegate: delegate)
        let simulator = LifecycleSimulator(driving: uiKit)
        try simulator.coldLaunch()
        let token = Data([0x12, 0x34])

        try simulator.updatePushCredentials(PushCredentials(token: token, type: .voIP))
        #expect(delegate.calls.token == token)
        #expect(uiKit.pushRegistries.first?.pushToken(for: .voIP) == token)

        try simulator.invalidatePushToken(for: .voIP)
        #expect(delegate.calls.token == nil)
        #expect(uiKit.pushRegistries.first?.pushToken(for: .voIP) == nil)
    }
}

#endif
