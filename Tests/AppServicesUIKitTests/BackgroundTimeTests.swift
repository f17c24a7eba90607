#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitTesting
import AppServicesUIKitShim
import Testing

/// Background work a service begins holds a `beginBackgroundTask` assertion, ended exactly
/// once: when the work completes, or when the background time expires, which also cancels
/// the work.
@MainActor
struct BackgroundTimeTests {
    /// An application in the background whose service has begun its work.
    func inTheBackground(_ flush: FlushService) -> (SimulatedUIKit, TestAppDelegate) {
        let delegate = TestAppDelegate([flush], configuration: .init(clock: TestClock()))
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch()
        uiKit.becomeActive()
        uiKit.resignActive()
        uiKit.enterBackground()
        return (uiKit, delegate)
    }

    @Test("Work begun in didEnterBackground holds one background task, ended once when the work completes")
    func endsWhenTheWorkCompletes() async throws {
        let flush = FlushService()
        let (uiKit, delegate) = inTheBackground(flush)

        #expect(uiKit.backgroundTimeBegun.count == 1)
        let begun = try #require(uiKit.backgroundTimeBegun.first)
        #expect(begun.name == "FlushService: flush")
        #expect(uiKit.openBackgroundTime == [begun.identifier])
        #expect(uiKit.backgroundTimeEnded.isEmpty)

        flush.complete()
        let unfinished = await delegate.composite.finishBackgroundWork(within: .seconds(30))

        #expect(unfinished.isEmpty)
        #expect(flush.finished == [true])
        #expect(uiKit.backgroundTimeEnded == [begun.identifier])
        #expect(uiKit.openBackgroundTime.isEmpty)
        #expect(uiKit.expireBackgroundTime().isEmpty)
        #expect(uiKit.backgroundTimeEnded == [begun.identifier])
    }

    @Test("When the background time expires, the work is cancelled and its background task ended once")
    func expirationCancelsAndEnds() async throws {
        let flush = FlushService()
        let (uiKit, delegate) = inTheBackground(flush)
        let begun = try #require(uiKit.backgroundTimeBegun.first)

        let leftOpen = uiKit.expireBackgroundTime()

        #expect(leftOpen.isEmpty, "ended from the expiration handler, before it returned")
        #expect(uiKit.backgroundTimeEnded == [begun.identifier])
        #expect(await delegate.composite.finishBackgroundWork(within: .seconds(30)).isEmpty)
        #expect(flush.finished == [false], "the work saw its cancellation")
        #expect(uiKit.backgroundTimeEnded == [begun.identifier])
        #expect(delegate.composite.runningBackgroundWork.isEmpty)
    }

    /// An app delegate that gives the composite its own background time.
    final class OwnTimeAppDelegate: ServiceOrientedAppDelegate {
        final class Provider: BackgroundTimeProvider {
            private(set) var begun: [String] = []
            func beginBackgroundTime(named name: String, expiration: @escaping @MainActor () -> Void) -> Int {
                begun.append(name)
                return begun.count
            }
            func endBackgroundTime(_ token: Int) {}
        }

        let provider = Provider()
        let flush = FlushService()

        override func makeServices() -> [any AppService] { [flush] }

        override func makeComposite() -> ServiceComposite {
            let composite = super.makeComposite()
            composite.useBackgroundTime(provider)
            return composite
        }
    }

    @Test("A composite that already has background time keeps it")
    func keepsTheCompositesOwnBackgroundTime() {
        let delegate = OwnTimeAppDelegate()
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.launch()
        uiKit.becomeActive()
        uiKit.resignActive()
        uiKit.enterBackground()

        #expect(delegate.provider.begun == ["FlushService: flush"])
        #expect(uiKit.backgroundTimeBegun.isEmpty)
        delegate.flush.complete()
    }
}

#endif
