#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import Foundation

/// A service that handles PushKit pushes, reports as it is told, and keeps everything it
/// heard, with the contexts (and so the UIKit objects) that came along.
@MainActor
class PushRecorder: AppService, VoIPPushHandling {
    /// What an incoming push answers.
    var report = VoIPCallReport.noCall
    let voIPPushTypes: Set<PushType>
    private(set) var credentials: [PushCredentials] = []
    private(set) var payloads: [PushPayload] = []
    private(set) var invalidated: [PushType] = []
    /// The context of every callback, in order.
    private(set) var contexts: [AppContext] = []

    init(types: Set<PushType> = [.voIP]) {
        voIPPushTypes = types
    }

    func pushRegistry(_ context: AppContext, didUpdate credentials: PushCredentials) {
        self.credentials.append(credentials)
        contexts.append(context)
    }

    func pushRegistry(
        _ context: AppContext,
        didReceiveIncomingPushWith payload: PushPayload
    ) async throws -> VoIPCallReport {
        payloads.append(payload)
        contexts.append(context)
        return report
    }

    func pushRegistry(_ context: AppContext, didInvalidatePushTokenFor type: PushType) {
        invalidated.append(type)
        contexts.append(context)
    }
}

/// A second push service: a service's identity is its type.
final class FilePushRecorder: PushRecorder {
    init() {
        super.init(types: [.fileProvider])
    }
}

/// A VoIP service that takes an hour on the test clock to report its call: far past the
/// deadline.
final class SlowCallService: AppService, VoIPPushHandling {
    let clock: TestClock
    init(clock: TestClock) { self.clock = clock }

    func pushRegistry(
        _ context: AppContext,
        didReceiveIncomingPushWith payload: PushPayload
    ) async throws -> VoIPCallReport {
        try await clock.sleep(for: .seconds(3600))
        return .reportedCall
    }
}

#endif
