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
        launch = makeLaunch(launchPlan)
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
    /// plan attached before.
    ///
    /// `didFinishLaunching` runs its before-launch-returns initializers and its commands and
    /// starts its critical phase; ``reportFirstFrame()`` starts its after-first-frame phase;
    /// `willEnterForeground` re-runs the initializers that ask for it; `willTerminate`
    /// cancels it. Budgets, backoff and report times use the composite's clock
    /// (``Configuration-swift.struct/clock``); it logs to the composite's logger unless the
    /// plan names another.
    ///
    /// Attach the plan to the outermost composite: a nested composite's callbacks are
    /// dispatched by its outer composite.
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
        self.launch = launch
        return launch
    }

    /// Tells the launch that the host has shown its first frame: the
    /// ``LaunchPhase/afterFirstFrame`` phase starts, and the ``LaunchPhase/idle`` phase
    /// once critical and after-first-frame work is done.
    ///
    /// UIKit hosts call it from the first view's appearance (or the next run-loop turn after
    /// `didFinishLaunching`); hosts without a screen call it as soon as they are serving.
    /// Calls after the first are ignored.
    public func reportFirstFrame() {
        launch?.reportFirstFrame()
    }

    private func makeLaunch(_ plan: LaunchPlan) -> Launch {
        Launch(plan: plan, composite: self, logger: configuration.logger, clock: configuration.clock)
    }
}
