#if !canImport(UIKit)
import AppServices
import AppServicesTesting
import AppServicesUIKit
import AppServicesUIKitShim
import AppServicesUIKitTesting
import Testing

@testable import AppServicesExamples

/// The continued-processing part of the "Notifications and background tasks" article.
@MainActor
struct ContinuedProcessingTests {
    final class AppDelegate: ServiceOrientedAppDelegate {
        let exports = ExportService()
        override func makeServices() -> [any AppService] { [exports] }
    }

    @Test("Each export runs under its own identifier, which the wildcard names, and reports its progress")
    func exportReportsProgress() async throws {
        let delegate = AppDelegate()
        delegate.exports.jobs = ["com.example.app.export.7F3A": ["a.mov", "b.mov"]]
        let uiKit = SimulatedUIKit(delegate: delegate)
        uiKit.permittedBackgroundTasks = ["com.example.app.export.*"]
        uiKit.launch()

        try delegate.composite.backgroundTasks.submit(
            .continuedProcessing("com.example.app.export.7F3A", title: "Exporting", subtitle: "2 clips")
        )
        let task = try #require(uiKit.launchBackgroundTask("com.example.app.export.7F3A"))
        await delegate.composite.waitForPendingWork()

        #expect(delegate.exports.exported == ["com.example.app.export.7F3A": ["a.mov", "b.mov"]])
        let progress = try #require((task as? BGContinuedProcessingTask)?.progress)
        #expect(progress.completedUnitCount == 2)
        #expect(progress.totalUnitCount == 2)
        #expect(uiKit.completions(of: task) == [true])
    }
}
#endif
