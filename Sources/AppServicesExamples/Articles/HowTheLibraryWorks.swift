// The code of the "How the library works" article.

import AppServices

// MARK: A context names its service, also after an await

/// Reaches its milestone from a task its launch started, with the context it kept.
final class SessionRestoreService: AppService, LaunchHandling {
    private(set) var restoredBy: String?

    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        Task {
            await Task.yield()  // anything the restore awaits
            restoredBy = context.serviceName  // "SessionRestoreService", after the await too
            try? context.reach(SessionRestored.self)
        }
        return true
    }
}

/// The session has been restored.
enum SessionRestored: AppMilestone {
    static let reachedBy: any AppService.Type = SessionRestoreService.self
}
