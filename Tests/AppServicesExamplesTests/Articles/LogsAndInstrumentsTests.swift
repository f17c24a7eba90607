import AppServices
import AppServicesTesting
import Testing

@testable import AppServicesExamples

@MainActor
struct LogsAndInstrumentsTests {
    @Test("The article's launch and silent push show in the recording signposter as in the report")
    func recordsSignposts() async throws {
        let signposts = RecordingSignposter()
        let composite = try makeInstrumentedComposite(signposter: signposts)
        _ = composite.didFinishLaunching()
        composite.reportFirstFrame()
        try await composite.launch?.waitUntilReady(.idle)
        await composite.launch?.waitUntilIdle()  // every interval's end is marked
        _ = await composite.didReceiveRemoteNotification(RemoteNotification(userInfo: [:]))

        #expect(signposts.openIntervals.isEmpty)
        #expect(
            signposts.intervals.map(\.description) == [
                "Initializer: WarmImageCache (critical), attempt 1 -> WarmImageCache (critical): succeeded",
                "Initializer: FetchFeatureFlags (critical), attempt 1 -> FetchFeatureFlags (critical): succeeded",
                "Callback: didReceiveRemoteNotification to 1 service -> didReceiveRemoteNotification: its service answered",
            ]
        )
        #expect(signposts.events(named: "First frame").count == 1)
    }

    @Test("The article's configuration without signposts has no signposter")
    func turnedOff() {
        #expect(configurationWithoutSignposts().signposter == nil)
    }
}
