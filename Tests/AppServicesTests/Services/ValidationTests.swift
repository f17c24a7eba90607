import AppServices
import AppServicesTesting
import Testing

private final class Auth: RecordingService {
    override class var dependencies: [any AppService.Type] { [Session.self] }
}
private final class Session: RecordingService {
    override class var dependencies: [any AppService.Type] { [Token.self] }
}
private final class Token: RecordingService {
    override class var dependencies: [any AppService.Type] { [Auth.self] }
}
private final class Reporting: RecordingService {
    override class var dependencies: [any AppService.Type] { [LoggingBackend.self] }
}
private final class LoggingBackend: RecordingService {}
private final class Push: RecordingService {}

@MainActor
struct ValidationTests {
    @Test("One validation error lists a three-service cycle with its path, a missing dependency and a duplicate")
    func reportsEveryProblemAtOnce() {
        let composite = ServiceComposite([Push(), Auth(), Session(), Token(), Reporting(), Push()])
        let error = #expect(throws: ServiceGraphError.self) { try composite.validate() }
        #expect(error?.problems.map(\.kind) == [.duplicate, .missingDependency, .dependencyCycle])
        #expect(
            error?.description == """
                The services cannot be ordered (3 problems):
                - Push is registered twice (positions 1 and 6); a composite holds one service per type. Remove one registration.
                - Reporting depends on LoggingBackend, which is not registered. Register LoggingBackend or remove the dependency.
                - Dependency cycle: Auth -> Session -> Token -> Auth. Remove one of these dependencies.
                """
        )
    }

    @Test("A valid composite validates without error, and validating twice is harmless")
    func validCompositeValidates() throws {
        let composite = ServiceComposite([LoggingBackend(), Reporting()])
        try composite.validate()
        try composite.validate()
    }

    @Test("A composite that cannot be ordered stops the program at its first callback, with the report")
    func invalidCompositeStopsAtFirstDispatch() async {
        let exit = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let composite = ServiceComposite([ValidationTestsCycleA(), ValidationTestsCycleB()])
                composite.didBecomeActive()
            }
        }
        let standardError = String(decoding: exit?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains("Sealing the composite on didBecomeActive"), "\(standardError)")
        #expect(standardError.contains("ValidationTestsCycleA -> ValidationTestsCycleB -> ValidationTestsCycleA"))
    }
}

final class ValidationTestsCycleA: RecordingService {
    override class var dependencies: [any AppService.Type] { [ValidationTestsCycleB.self] }
}
final class ValidationTestsCycleB: RecordingService {
    override class var dependencies: [any AppService.Type] { [ValidationTestsCycleA.self] }
}
