import AppServices
import Foundation
import Testing

@testable import AppServicesExamples

@MainActor
struct LaunchGraphsTests {
    @Test("The article's launch runs every phase and reports every initializer")
    func launches() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "appservices-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let report = try await launchAndReport(traceDirectory: directory)
        #expect(report.nodes.allSatisfy { $0.outcome.kind == .succeeded })
        #expect(
            report.node(named: "CatalogInitializer")?.dependencies == [
                "DatabaseInitializer", "RemoteConfigInitializer",
            ]
        )
        #expect(FileManager.default.fileExists(atPath: directory.appending(path: "launch-trace.json").path))
    }
}
