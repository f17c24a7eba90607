import AppServices
import Testing

@testable import AppServicesExamples

@MainActor
struct HowTheLibraryWorksTests {
    @Test("A context kept by a task the launch started still names its service, and reaches its milestone")
    func contextNamesItsServiceAfterAnAwait() async throws {
        let service = SessionRestoreService()
        let composite = ServiceComposite { service }
        _ = composite.didFinishLaunching()
        try await composite.waitUntilReached(SessionRestored.self)
        #expect(service.restoredBy == "SessionRestoreService")
        #expect(composite.isReached(SessionRestored.self))
    }
}
