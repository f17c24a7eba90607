import Foundation
import Testing

/// The demo's launch history, across runs: migrations, an upgrade, crashes and safe mode.
@Suite(.timeLimit(.minutes(1)))
struct DemoLaunchMemoryTests {
    let history = FileManager.default.temporaryDirectory.appending(path: "appservices-demo-history-\(UUID())")

    /// Runs the demo once with the shared history; its exit status and output.
    func run(_ arguments: [String]) async throws -> (status: Int32?, output: [String]) {
        let demo = try DemoProcess(["--history", history.path] + arguments)
        defer { demo.cleanUp() }
        return (await demo.waitForExit(), demo.output)
    }

    @Test("A migration runs on the first run only, an upgrade's on the upgrade; the history says where it is kept")
    func migrations() async throws {
        defer { try? FileManager.default.removeItem(at: history) }
        let first = try await run([])
        #expect(first.status == 0)
        let file = history.appending(path: "launch-history.json").path
        #expect(first.output.first?.hasPrefix("Launch history: \(file) (version 1.0;") == true)
        #expect(first.output.contains { $0.contains("move-drafts-into-store") && $0.contains("moved 3 drafts") })
        #expect(first.output.contains("History: version 1.0; first launch"))

        let second = try await run([])
        #expect(!second.output.contains { $0.contains("moved 3 drafts") })
        #expect(
            second.output.contains {
                $0.hasPrefix("move-drafts-into-store ") && $0.contains("notDue: it was done in version 1.0")
            }
        )

        let upgrade = try await run(["--app-version", "2.0"])
        #expect(upgrade.output.contains { $0.contains("reindexed the inbox, upgrading from 1.0 to 2.0") })
        #expect(upgrade.output.contains("History: version 2.0; launch 3, after version 1.0"))
    }

    @Test("Three runs that end before their first frame lead to safe mode on the fourth; a run that reaches it ends it")
    func safeMode() async throws {
        defer { try? FileManager.default.removeItem(at: history) }
        for count in 1...3 {
            let crashed = try await run(["--crash-before-first-frame"])
            #expect(crashed.status == 70)
            #expect(crashed.output.contains { $0.contains("crashing before the first frame (\(count) in a row") })
        }
        let safe = try await run(["--crash-before-first-frame"])
        #expect(safe.status == 0)
        #expect(safe.output.contains { $0.contains("safe mode: the risky start-up work is left out") })
        #expect(safe.output.contains { $0.contains("clear-image-cache") && $0.contains("cleared the image cache") })
        #expect(
            safe.output.last { $0.hasPrefix("History:") }?.hasSuffix(
                "3 launches in a row without a first frame before it; safe mode"
            ) == true
        )

        let after = try await run([])
        #expect(
            after.output.contains {
                $0.hasPrefix("clear-image-cache ") && $0.contains("notDue: it runs in safe mode only")
            }
        )
    }
}
