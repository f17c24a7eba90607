import AppServices
import AppServicesTesting
import Testing

@MainActor
struct SmokeTests {
    final class First: RecordingService {}
    final class Second: RecordingService {}

    @Test("A composite dispatches a callback to every service that handles it")
    func dispatchesToEveryService() {
        let journal = CallJournal()
        let composite = ServiceComposite([First(journal: journal), Second(journal: journal)])
        #expect(composite.didFinishLaunching())
        composite.didBecomeActive()
        #expect(journal.services(receiving: .didBecomeActive) == ["First", "Second"])
    }
}
