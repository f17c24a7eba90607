// The code of the "Logs and Instruments" article: MetricKit's extended launch.

import AppServices
import AppServicesMetricKit

// MARK: MetricKit's extended launch

/// The inbox's first page is on screen: the end of the launch as a person feels it.
enum InboxShown: AppMilestone {
    static var reachedBy: any AppService.Type { InboxScreenService.self }
}

/// Shows the inbox, and reaches ``InboxShown`` once its first page is on screen.
final class InboxScreenService: AppService, LaunchHandling {
    private var context: AppContext?

    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        self.context = context
        return true
    }

    /// The first page was drawn.
    func firstPageShown() throws {
        try context?.reach(InboxShown.self)
    }
}

/// A plan whose critical initializers and whose inbox milestone are MetricKit's extended
/// launch.
func makeMeasuredLaunchPlan() throws -> LaunchPlan {
    var configuration = LaunchPlan.Configuration()
    configuration.extendedLaunch = .metricKit(milestones: [.milestone(InboxShown.self)])
    return try LaunchPlan(configuration: configuration) {
        ClosureInitializer("database") { _ in }
        ClosureInitializer("account", dependencyNames: ["database"]) { _ in }
    }
}
