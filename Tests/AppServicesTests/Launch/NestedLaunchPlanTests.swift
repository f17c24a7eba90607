import AppServices
import AppServicesTesting
import Configuration
import Testing

/// Feature modules bring their own composite, and with it their own launch plan: the plans
/// of a tree of composites run as one launch.
@MainActor
struct NestedLaunchPlanTests {
    final class Journal: Sendable {
        private let entries = Locked<[String]>([])
        func append(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    final class AppService1: AppService {}
    final class FeatureService: AppService {}

    @Test("A plan attached to a nested composite runs, and its launch handle waits on the merged launch")
    func nestedPlanRuns() async throws {
        let journal = Journal()
        let feature = ServiceComposite([FeatureService()])
        let featureLaunch = try feature.attachLaunchPlan(
            LaunchPlan { ClosureInitializer("feature.catalog") { _ in journal.append("feature.catalog") } }
        )
        let app = ServiceComposite([AppService1(), feature], configuration: .init(clock: TestClock()))

        _ = app.didFinishLaunching()
        try await featureLaunch.waitUntilReady(.critical)

        #expect(journal.all == ["feature.catalog"])
        #expect(app.launch === feature.launch)
        #expect(featureLaunch.report.node(named: "feature.catalog")?.outcome == .succeeded)
        try await featureLaunch.run(named: "feature.catalog")  // already ran: returns at once
    }

    @Test("A nested plan whose launch was cancelled before nesting is left out of the merged launch")
    func cancelledNestedPlanIsLeftOut() async throws {
        let journal = Journal()
        let feature = ServiceComposite([FeatureService()])
        let featureLaunch = try feature.attachLaunchPlan(
            LaunchPlan { ClosureInitializer("feature.catalog") { _ in journal.append("feature.catalog") } }
        )
        featureLaunch.cancel()  // the app turned the feature's start-up work off
        let app = ServiceComposite([AppService1(), feature], configuration: .init(clock: TestClock()))
        let appLaunch = try app.attachLaunchPlan(
            LaunchPlan { ClosureInitializer("app.store") { _ in journal.append("app.store") } }
        )

        _ = app.didFinishLaunching()
        try await appLaunch.waitUntilReady(.critical)
        #expect(journal.all == ["app.store"])
        await #expect(throws: LaunchError.self) { try await featureLaunch.waitUntilReady(.critical) }
    }

    @Test("Cancelling the outermost launch before the first callback cancels the nested plans' launches too")
    func cancelledOuterLaunchRunsNothing() async throws {
        let journal = Journal()
        let feature = ServiceComposite([FeatureService()])
        let featureLaunch = try feature.attachLaunchPlan(
            LaunchPlan { ClosureInitializer("feature.catalog") { _ in journal.append("feature.catalog") } }
        )
        let app = ServiceComposite([AppService1(), feature], configuration: .init(clock: TestClock()))
        let appLaunch = try app.attachLaunchPlan(
            LaunchPlan { ClosureInitializer("app.store") { _ in journal.append("app.store") } }
        )
        appLaunch.cancel()  // a UI-test mode turns the start-up work off

        _ = app.didFinishLaunching()
        await #expect(throws: LaunchError.self) { try await featureLaunch.waitUntilReady(.critical) }
        #expect(journal.all.isEmpty)
        #expect(app.launch === appLaunch)
    }

    @Test(
        "Attaching a plan in place of another cancels the first one's launch: its waiters learn so",
        .timeLimit(.minutes(1))
    )
    func replacedPlanCancelsItsLaunch() async throws {
        let composite = ServiceComposite([AppService1()], configuration: .init(clock: TestClock()))
        let first = try composite.attachLaunchPlan(LaunchPlan { ClosureInitializer("first") { _ in } })
        let waiter = Task { () -> LaunchError? in
            do throws(LaunchError) {
                try await first.waitUntilReady(.critical)
                return nil
            } catch {
                return error
            }
        }
        let second = try composite.attachLaunchPlan(LaunchPlan { ClosureInitializer("second") { _ in } })
        _ = composite.didFinishLaunching()

        #expect(await waiter.value?.code == .cancelled)
        try await second.waitUntilReady(.critical)
        #expect(second.report.node(named: "second")?.outcome == .succeeded)
    }

    @Test("A nested plan's launch handle answers for the merged launch: history, progress, due times")
    func nestedHandleReadsTheMergedLaunch() async throws {
        let feature = ServiceComposite([FeatureService()])
        let featureLaunch = try feature.attachLaunchPlan(
            LaunchPlan {
                ClosureInitializer("feature.index", minimumInterval: .seconds(3600)) { context in
                    context.reportProgress(0.5)
                }
            }
        )
        let app = ServiceComposite([AppService1(), feature], configuration: .init(clock: TestClock()))

        _ = app.didFinishLaunching()
        try await featureLaunch.waitUntilReady(.critical)
        await featureLaunch.waitUntilHistoryIsWritten()

        let merged = try #require(app.launch)
        #expect(featureLaunch.progress == ["feature.index": 0.5])
        #expect(featureLaunch.progress == merged.progress)
        #expect(featureLaunch.history != nil)
        #expect(featureLaunch.history?.currentVersion == merged.history?.currentVersion)
        #expect(featureLaunch.nextDueTimes.keys.sorted() == ["feature.index"])
    }

    @Test("The outer plan and the nested ones run as one launch: every initializer and command, outer first")
    func plansAreMerged() async throws {
        let journal = Journal()
        let feature = ServiceComposite([FeatureService()])
        try feature.attachLaunchPlan(
            LaunchPlan {
                ClosureInitializer.beforeLaunchReturns("feature.register") { _ in journal.append("feature.register") }
            } commands: {
                ClosureCommand("feature.command") { _ in journal.append("feature.command") }
            }
        )
        let app = ServiceComposite([AppService1(), feature], configuration: .init(clock: TestClock()))
        let appLaunch = try app.attachLaunchPlan(
            LaunchPlan {
                ClosureInitializer.beforeLaunchReturns("app.logging") { _ in journal.append("app.logging") }
            } commands: {
                ClosureCommand("app.command") { _ in journal.append("app.command") }
            }
        )

        _ = app.didFinishLaunching()

        #expect(journal.all == ["app.logging", "feature.register", "app.command", "feature.command"])
        #expect(
            appLaunch.report.nodes.map(\.name) == ["app.logging", "feature.register", "app.command", "feature.command"]
        )
        try await appLaunch.waitUntilReady(.critical)
    }

    @Test("Problems of the merged plans are reported by validation with the services' problems")
    func mergedProblemsAreValidated() throws {
        final class Missing: AppService {}
        final class Needy: AppService {
            static var dependencies: [any AppService.Type] { [Missing.self] }
        }
        let feature = ServiceComposite([FeatureService()])
        try feature.attachLaunchPlan(LaunchPlan { ClosureInitializer("shared") { _ in } })
        let app = ServiceComposite([Needy(), feature])
        try app.attachLaunchPlan(LaunchPlan { ClosureInitializer("shared") { _ in } })

        let error = #expect(throws: ServiceGraphError.self) { try app.validate() }
        #expect(
            error?.problems.map(\.message) == [
                "In the launch plans of the nested composites, merged: shared is registered twice (positions 1 and 2); "
                    + "a launch plan holds one initializer per name. Remove one registration.",
                "Needy depends on Missing, which is not registered. Register Missing or remove the dependency.",
            ]
        )
    }

    @Test("Two nested plans with a safe mode each fail validation: a launch runs one")
    func twoSafeModesAreAProblem() throws {
        let feature = ServiceComposite([FeatureService()])
        try feature.attachLaunchPlan(
            LaunchPlan(safeMode: .init { ClosureInitializer("reset-feature") { _ in } }) {
                ClosureInitializer("feature") { _ in }
            }
        )
        let app = ServiceComposite([feature])
        try app.attachLaunchPlan(
            LaunchPlan(safeMode: .init { ClosureInitializer("reset-app") { _ in } }) {
                ClosureInitializer("app") { _ in }
            }
        )

        let error = #expect(throws: ServiceGraphError.self) { try app.validate() }
        #expect(
            error?.problems.map(\.message) == [
                "In the launch plans of the nested composites, merged: 2 plans declare a safe mode, and a launch "
                    + "runs one. Declare the safe mode, with every initializer it runs, in one plan."
            ]
        )
    }

    /// Two initializer types of one name, in different features.
    enum Feed { struct Refresh: Initializer { func perform(_ context: InitializerContext) async throws {} } }
    enum Mail { struct Refresh: Initializer { func perform(_ context: InitializerContext) async throws {} } }

    @Test("Two initializers of one name fail validation, naming both, as their history would be one")
    func oneNameTwoInitializers() throws {
        let error = #expect(throws: ServiceGraphError.self) {
            try LaunchPlan {
                Feed.Refresh()
                Mail.Refresh()
                ClosureInitializer("Refresh") { _ in }
            }
        }
        #expect(
            error?.problems.map(\.message) == [
                "Two initializers are named Refresh (NestedLaunchPlanTests.Feed.Refresh and "
                    + "NestedLaunchPlanTests.Mail.Refresh): the launch history keeps an initializer's last success and "
                    + "a migration's completion under its name, and run(named:) finds it by name, so one would count "
                    + "as the other. Give one a name of its own (its name property).",
                "Two initializers are named Refresh (NestedLaunchPlanTests.Feed.Refresh and ClosureInitializer): the "
                    + "launch history keeps an initializer's last success and a migration's completion under its name, "
                    + "and run(named:) finds it by name, so one would count as the other. Give one a name of its own "
                    + "(its name property).",
            ]
        )
    }

    @Test("A required key can be a ConfigKey constant, the one the initializer reads with")
    func requiredKeyConstant() async throws {
        struct CrashReporterInitializer: Initializer {
            static let dsn: ConfigKey = "crashReporter.dsn"
            let journal: Journal
            var requiredConfigurationKeys: [ConfigKey] { [Self.dsn] }
            var failurePolicy: FailurePolicy { .optional }
            func perform(_ context: InitializerContext) async throws {
                journal.append(context.configuration.string(forKey: Self.dsn) ?? "none")
            }
        }
        let cases: [([AbsoluteConfigKey: ConfigValue], [String])] = [
            (["crashReporter.dsn": "https://crash.example"], ["https://crash.example"]),
            ([:], []),
        ]
        for (values, expected) in cases {
            let journal = Journal()
            let reader = ConfigReader(provider: InMemoryProvider(values: values))
            let composite = ServiceComposite(
                [],
                configuration: .init(clock: TestClock()),
                launchPlan: try LaunchPlan(configuration: .init(reader: reader)) {
                    CrashReporterInitializer(journal: journal)
                }
            )
            _ = composite.didFinishLaunching()
            try await composite.launch?.waitUntilReady(.critical)
            #expect(journal.all == expected)
        }
    }
}
