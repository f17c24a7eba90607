import Foundation
import Testing

@testable import AppServices

/// The environment variables that ask for older systems' paths (`OlderSystemPaths`).
struct OlderSystemPathsTests {
    @Test(
        "A variable asks for the older path when it is set, and neither empty nor 0",
        arguments: [(nil, false), ("", false), ("0", false), ("1", true), ("yes", true)] as [(String?, Bool)]
    )
    func valuesThatAsk(value: String?, asks: Bool) {
        #expect(OlderSystemPaths.asksForOlderPath(value) == asks)
    }

    @Test("Completion-handler work starts on the spot unless the environment asks for the path without Task.immediate")
    func taskImmediateFollowsTheEnvironment() {
        // Read here, not through `OlderSystemPaths`, so that a switch that is never read
        // fails in CI's run with the variable set.
        let older = OlderSystemPaths.asksForOlderPath(
            ProcessInfo.processInfo.environment["APPSERVICES_WITHOUT_TASK_IMMEDIATE"]
        )
        #expect(OlderSystemPaths.withoutTaskImmediate == older)
        if older {
            #expect(!ServiceComposite.startsWorkAtOnce)
        } else if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            #expect(ServiceComposite.startsWorkAtOnce)
        }
    }
}
