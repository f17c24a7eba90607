// The continued-processing part of the "Notifications and background tasks" article: an
// export declared with a wildcard identifier, which reports its progress to the system.

import AppServices
import AppServicesUIKit
import Foundation

#if canImport(UIKit)
import BackgroundTasks
#else
import AppServicesUIKitShim
#endif

// Continued-processing tasks exist on iPhone and iPad only (not on Mac Catalyst or visionOS).
#if (os(iOS) && !targetEnvironment(macCatalyst)) || !canImport(UIKit)
/// Exports the clips of a job a person started, in the background, with visible progress.
final class ExportService: AppService, BackgroundTaskHandling {
    /// The clips exported, by job.
    private(set) var exported: [String: [String]] = [:]
    /// The clips each job exports.
    var jobs: [String: [String]] = [:]

    var backgroundTasks: [BackgroundTaskDeclaration] {
        [
            .continuedProcessing("com.example.app.export.*") { [self] context in
                let job = context.backgroundTask?.identifier ?? ""
                var progress: Progress?
                if #available(iOS 26.0, *) {
                    progress = (context.uiKit.backgroundTask as? BGContinuedProcessingTask)?.progress
                }
                progress?.totalUnitCount = Int64(clips(of: job).count)
                for clip in clips(of: job) {
                    try await export(clip, job: job)
                    progress?.completedUnitCount += 1
                }
            }
        ]
    }

    /// The clips of `job`.
    func clips(of job: String) -> [String] { jobs[job] ?? [] }

    /// Exports one clip.
    func export(_ clip: String, job: String) async throws {
        try Task.checkCancellation()
        exported[job, default: []].append(clip)
    }
}
#endif
