import AppServices
import AppServicesTesting
import Testing

@MainActor
struct SelectorClaimTests {
    final class Recorder: RecordingService {}

    nonisolated static let table: [String: SelectorClaim] = [
        "applicationDidBecomeActive:": .always,
        "application:openURL:options:": .whenHandled(.openURL),
    ]

    @Test("A selector outside the table is left to the superclass")
    func leavesUnknownSelectors() {
        let composite = ServiceComposite([])
        #expect(SelectorClaim.claims("window", in: Self.table, composite: { composite }) == nil)
    }

    @Test("A callback the composite needs is claimed, one that depends on services only when one handles it")
    func claimsByHandlers() {
        let empty = ServiceComposite([])
        let handled = ServiceComposite([Recorder()])
        #expect(SelectorClaim.claims("applicationDidBecomeActive:", in: Self.table, composite: { empty }) == true)
        #expect(SelectorClaim.claims("application:openURL:options:", in: Self.table, composite: { empty }) == false)
        #expect(SelectorClaim.claims("application:openURL:options:", in: Self.table, composite: { handled }) == true)
    }

    @Test("Off the main thread, a claim that depends on services is left to the superclass")
    func leavesOffMainQuestions() async {
        let composite = ServiceComposite([Recorder()])
        let answers = await Task.detached {
            (
                SelectorClaim.claims("applicationDidBecomeActive:", in: Self.table, composite: { composite }),
                SelectorClaim.claims("application:openURL:options:", in: Self.table, composite: { composite })
            )
        }.value
        #expect(answers.0 == true)
        #expect(answers.1 == nil)
    }
}
