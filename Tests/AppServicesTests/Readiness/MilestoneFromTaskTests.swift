import AppServices
import AppServicesTesting
import Testing

/// The example of `AppMilestone`'s documentation: the owner starts work in its callback and
/// reaches the milestone from that task, after an `await`.
enum ProfileLoaded: AppMilestone {
    static var reachedBy: any AppService.Type { ProfileService.self }
}

final class ProfileService: AppService, LaunchHandling {
    private(set) var loading: Task<Void, Never>?
    private(set) var error: ReadinessError?

    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        loading = Task {
            await load()
            do {
                try context.reach(ProfileLoaded.self)
            } catch {
                self.error = error as? ReadinessError
            }
        }
        return true
    }

    private func load() async { await Task.yield() }
}

/// Keeps its context and tries to reach another service's milestone with it later.
final class Impostor: AppService, LaunchHandling {
    private(set) var kept: AppContext?

    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        kept = context
        return true
    }
}

@MainActor
struct MilestoneFromTaskTests {
    @Test("The owner reaches its milestone from a task its callback started, after an await; a host waits for it")
    func ownerReachesFromTask() async throws {
        let account = ProfileService()
        let composite = ServiceComposite([account])
        _ = composite.didFinishLaunching()
        try await composite.waitUntilReached(ProfileLoaded.self)
        await account.loading?.value
        #expect(account.error == nil)
        #expect(composite.isReached(ProfileLoaded.self))
    }

    @Test("A context kept by another service still cannot reach the milestone: the error names both")
    func nonOwnerStillRefused() throws {
        let impostor = Impostor()
        let composite = ServiceComposite([ProfileService(), impostor])
        _ = composite.didFinishLaunching()
        let context = try #require(impostor.kept)
        let error = #expect(throws: ReadinessError.self) { try context.reach(ProfileLoaded.self) }
        #expect(error?.code == .notOwner)
        #expect(
            error?.message
                == "Impostor tried to reach ProfileLoaded, which ProfileService reaches; only the milestone's owner may reach it."
        )
    }
}
