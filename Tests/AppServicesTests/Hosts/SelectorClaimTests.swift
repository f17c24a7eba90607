import AppServices
import AppServicesTesting
import Foundation
import Testing

@MainActor
struct SelectorClaimTests {
    final class Recorder: RecordingService {}

    nonisolated static let table: [String: SelectorClaim] = [
        "applicationDidBecomeActive:": .always,
        "application:openURL:options:": .whenHandled(.openURL),
    ]

    nonisolated static func noOverrides(_ selector: String) -> Bool { false }

    @Test("A selector outside the table is left to the superclass")
    func leavesUnknownSelectors() {
        let composite = ServiceComposite([])
        #expect(
            SelectorClaim.claims("window", in: Self.table, isOverridden: { _ in true }, composite: { composite }) == nil
        )
    }

    @Test("A callback the composite needs is claimed, one that depends on services only when one handles it")
    func claimsByHandlers() {
        let empty = ServiceComposite([])
        let handled = ServiceComposite([Recorder()])
        func claims(_ selector: String, _ composite: ServiceComposite) -> Bool? {
            SelectorClaim.claims(selector, in: Self.table, isOverridden: Self.noOverrides, composite: { composite })
        }
        #expect(claims("applicationDidBecomeActive:", empty) == true)
        #expect(claims("application:openURL:options:", empty) == false)
        #expect(claims("application:openURL:options:", handled) == true)
    }

    @Test("A callback the app's subclass overrides is claimed with no service handling it")
    func claimsOverriddenCallbacks() {
        let empty = ServiceComposite([])
        let claimed = SelectorClaim.claims(
            "application:openURL:options:",
            in: Self.table,
            isOverridden: { $0 == "application:openURL:options:" },
            composite: { empty }
        )
        #expect(claimed == true)
    }

    @Test("The main actor is recognised on it, and not off it")
    func recognisesTheMainActor() async {
        #expect(SelectorClaim.isOnMainActor)
        let offMain = await Task.detached { SelectorClaim.isOnMainActor }.value
        #expect(!offMain)
    }

    @Test("Off the main actor, a claim that depends on services is left to the superclass")
    func leavesOffMainQuestions() async {
        let composite = ServiceComposite([Recorder()])
        let answers = await Task.detached {
            (
                SelectorClaim.claims(
                    "applicationDidBecomeActive:",
                    in: Self.table,
                    isOverridden: Self.noOverrides,
                    composite: { composite }
                ),
                SelectorClaim.claims(
                    "application:openURL:options:",
                    in: Self.table,
                    isOverridden: Self.noOverrides,
                    composite: { composite }
                )
            )
        }.value
        #expect(answers.0 == true)
        #expect(answers.1 == nil)
    }

    /// `DispatchSpecificKey` is `Sendable` in swift-corelibs-libdispatch but not in Apple's
    /// Dispatch, so a global or static one compiles here and fails on iOS. Every use must
    /// be inside a block compiled only where Dispatch is swift-corelibs-libdispatch.
    @Test("No source uses a Dispatch key whose Sendable-ness differs on Apple platforms outside a Linux-only block")
    func noAppleOnlyNonSendableGlobals() throws {
        let sources = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Sources")
        let files = (FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.allObjects ?? [])
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" && !$0.path.contains("Shim/") }
        #expect(files.count > 50)
        var offending: [String] = []
        for file in files {
            // Per open `#if`: its condition, and whether we are in its `#else` branch.
            var conditions: [(condition: String, inElse: Bool)] = []
            func excludesApple(_ open: (condition: String, inElse: Bool)) -> Bool {
                let linuxOnly = open.condition.contains("!canImport(Darwin)")
                let appleOnly = !linuxOnly && open.condition.contains("canImport(Darwin)")
                return open.inElse ? appleOnly : linuxOnly
            }
            for (number, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n").enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("#if ") {
                    conditions.append((trimmed, false))
                } else if trimmed.hasPrefix("#endif") {
                    _ = conditions.popLast()
                } else if trimmed.hasPrefix("#else"), let open = conditions.popLast() {
                    conditions.append((open.condition, true))
                } else if trimmed.contains("DispatchSpecificKey"), !trimmed.hasPrefix("//"),
                    !conditions.contains(where: excludesApple)
                {
                    offending.append("\(file.lastPathComponent):\(number + 1)")
                }
            }
        }
        #expect(offending.isEmpty, "DispatchSpecificKey outside a #if !canImport(Darwin) block: \(offending)")
    }
}
