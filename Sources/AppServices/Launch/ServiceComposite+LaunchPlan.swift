extension ServiceComposite {
    /// Creates a composite holding `services` that runs `launchPlan` through its callbacks.
    ///
    /// ```swift
    /// let composite = ServiceComposite(
    ///     [LoggingService(), PushNotificationService()],
    ///     launchPlan: try LaunchPlan { CrashReporterInitializer(); DatabaseInitializer() }
    /// )
    /// ```
    public convenience init(
        _ services: [any AppService],
        configuration: Configuration = Configuration(),
        launchPlan: LaunchPlan
    ) {
        self.init(services, configuration: configuration)
        state.attach(makeLaunch(launchPlan))
    }

    /// Creates a composite from services written one per line that runs `launchPlan`.
    public convenience init(
        configuration: Configuration = Configuration(),
        launchPlan: LaunchPlan,
        @ServiceListBuilder _ services: () -> [any AppService]
    ) {
        self.init(services(), configuration: configuration, launchPlan: launchPlan)
    }

    /// Attaches the launch plan the composite runs through its callbacks, replacing any
    /// plan attached before; the launch of the plan replaced is cancelled, so that whoever
    /// waits on it learns it will not run (``LaunchError/Code/cancelled``).
    ///
    /// `didFinishLaunching` runs its before-launch-returns initializers and its commands and
    /// starts its critical phase; ``reportFirstFrame()`` starts its after-first-frame phase;
    /// `willEnterForeground` re-runs the initializers that ask for it; `willTerminate`
    /// cancels it. Budgets, backoff and report times use the composite's clock
    /// (``Configuration-swift.struct/clock``); it logs to the composite's logger unless the
    /// plan names another.
    ///
    /// **Nesting.** A plan attached to a nested composite (a feature module's own
    /// initializers, say) is merged into the outermost composite's when that one is sealed:
    /// one launch runs the initializers and commands of every plan, the outer plan's first,
    /// then the nested ones' in the order the composites are nested. Its settings are those of
    /// the outermost plan (or of the first nested one when the outer composite has none),
    /// with the secret keys of all of them. The ``Launch`` each composite hands out keeps
    /// working: it waits on, reports and cancels the merged launch. Problems of the merged
    /// plan (an initializer in two plans, a dependency cycle across them) are reported by
    /// ``validate()`` with the others.
    ///
    /// - Returns: The launch, to await its phases and read its report (also
    ///   ``launch``).
    /// - Throws: ``ServiceCompositeError`` with code
    ///   ``ServiceCompositeError/Code/registrationAfterDispatch`` once the composite has
    ///   dispatched a callback; the plan is not attached.
    @discardableResult
    public func attachLaunchPlan(
        _ plan: LaunchPlan,
        file: String = #fileID,
        line: Int = #line
    ) throws(ServiceCompositeError) -> Launch {
        if isSealed {
            throw ServiceCompositeError(
                code: .registrationAfterDispatch,
                message: "Cannot attach the launch plan: the composite has dispatched callbacks already and the "
                    + "launch could not run from the start. Attach the plan before the first callback.",
                file: file,
                line: line
            )
        }
        let launch = makeLaunch(plan)
        let replaced = self.launch
        state.attach(launch)
        replaced?.cancel()
        return launch
    }

    /// Tells the launch that the host has shown its first frame: the
    /// ``LaunchPhase/afterFirstFrame`` phase starts, and the ``LaunchPhase/idle`` phase
    /// once critical and after-first-frame work is done.
    ///
    /// Hosts need not call it: the first ``didBecomeActive(platform:)`` or
    /// ``sceneDidBecomeActive(_:platform:)`` schedules it for the main queue's next turn, when
    /// the main run loop has committed the first frame, and the AppKit adapter schedules it
    /// after `applicationDidFinishLaunching` (a Mac application draws whether or not it is
    /// frontmost). So the UIKit, AppKit and SwiftUI adapters start after-first-frame work
    /// with no call from the app. An app may report
    /// earlier (from its first view's appearance); hosts without a screen call it as soon as
    /// they are serving. Calls after the first are ignored.
    public func reportFirstFrame() {
        launch?.reportFirstFrame()
    }

    /// Reports the launch's first frame after the main queue's next turn, once: for a host
    /// whose first frame does not wait for the application to become active (a Mac
    /// application draws its windows, or its status item, whether or not it is frontmost),
    /// as `didBecomeActive` does on iOS.
    package func reportFirstFrameAfterMainQueueTurn() {
        state.launchToReportFirstFrame()?.reportFirstFrameAfterMainQueueTurn()
    }

    /// Makes a composite for a platform host: `services`, and the plan `makeLaunchPlan`
    /// returns. A plan that cannot be made is reported through validation (the host's first
    /// callback stops with the full report, as for services that cannot be ordered), never
    /// with a `try!` in the app.
    package static func hosted(
        _ services: [any AppService],
        configuration: Configuration,
        launchPlan makeLaunchPlan: () throws -> LaunchPlan?
    ) -> ServiceComposite {
        let composite = ServiceComposite(services, configuration: configuration)
        do {
            if let plan = try makeLaunchPlan() { composite.state.attach(composite.makeLaunch(plan)) }
        } catch let error as ServiceGraphError {
            composite.state.launchPlanFailed(error.problems)
        } catch {
            composite.state.launchPlanFailed([
                .init(
                    kind: .invalidLaunchPlan,
                    message: "makeLaunchPlan() threw \(error); the application has no launch plan. Fix what the "
                        + "error names, or catch it in makeLaunchPlan() and return nil."
                )
            ])
        }
        return composite
    }

    /// Launch plans merged into one, and the launches whose plans they are.
    struct MergedLaunchPlan {
        let plan: LaunchPlan
        let launches: [Launch]
    }

    /// The launch plans of this composite and of `nested`, merged into one, when a nested
    /// composite has a plan; `nil` when only this composite's plan (or none) exists. With the
    /// problems of the merged plan.
    func mergedLaunchPlan(nested: [ServiceComposite]) -> (MergedLaunchPlan?, [ServiceGraphError.Problem]) {
        // The outermost launch cancelled before it began (`Launch.cancel()`): nothing runs,
        // the nested plans neither (sealing cancels their launches).
        if let launch, launch.hasStopped { return (nil, []) }
        // A nested launch cancelled so runs nothing: its plan is left out, and its waiters
        // have failed already.
        let launches = ([self] + nested).compactMap(\.launch).filter { !$0.hasStopped }
        guard let first = launches.first, !(launches.count == 1 && first === launch) else { return (nil, []) }
        let plans = launches.map(\.plan)
        let safeModes = plans.filter { $0.safeMode != nil }.count
        guard safeModes <= 1 else {
            let problem = ServiceGraphError.Problem(
                kind: .duplicate,
                message: "In the launch plans of the nested composites, merged: \(safeModes) plans declare a safe "
                    + "mode, and a launch runs one. Declare the safe mode, with every initializer it runs, in one plan."
            )
            return (nil, [problem])
        }
        let configuration = first.plan.configuration.merged(with: plans.dropFirst().map(\.configuration))
        do {
            // One safe mode at most, from whichever plan declares it.
            let merged = try LaunchPlan(
                configuration: configuration,
                initializers: plans.flatMap(\.initializers),
                commands: plans.flatMap(\.commands),
                safeMode: plans.lazy.compactMap(\.safeMode).first
            )
            return (MergedLaunchPlan(plan: merged, launches: launches), [])
        } catch {
            let problems = error.problems.map { problem in
                ServiceGraphError.Problem(
                    kind: problem.kind,
                    message: "In the launch plans of the nested composites, merged: \(problem.message)"
                )
            }
            return (nil, problems)
        }
    }

    /// Runs `merged` instead of the plans of this composite and of `nested`, whose launches
    /// hand over to it.
    func runMergedLaunchPlan(_ merged: MergedLaunchPlan, nested: [ServiceComposite]) {
        let successor = makeLaunch(merged.plan)
        if let memory = launch?.memory.replacement { _ = successor.memory.use(memory) }
        for composite in [self] + nested {
            if let launch = composite.launch {
                launch.handOver(to: successor, merged: merged.launches.contains { $0 === launch })
            }
            composite.state.attach(successor)
        }
    }

    private func makeLaunch(_ plan: LaunchPlan) -> Launch {
        Launch(
            plan: plan,
            composite: self,
            logger: configuration.logger,
            clock: configuration.clock,
            signposter: configuration.signposter
        )
    }
}
