extension ServiceComposite {
    /// Dispatches `application(_:willFinishLaunchingWithOptions:)`.
    ///
    /// - Returns: `false` if any service returned `false`, else `true` (also with no
    ///   handling service). Every service is called.
    public func willFinishLaunching(
        _ options: LaunchOptions = LaunchOptions(),
        platform: PlatformObjects? = nil
    ) -> Bool {
        ask(.willFinishLaunching, { $0.launch }, merge: .allTrue, platform: platform) {
            $0.application($1, willFinishLaunchingWithOptions: options)
        }
    }

    /// Dispatches `application(_:didFinishLaunchingWithOptions:)`, and runs the attached
    /// launch plan's work that belongs inside it.
    ///
    /// With a launch plan attached, in this order: the ``LaunchPhase/beforeLaunchReturns``
    /// initializers (synchronously), the services' launch handlers, the startup commands;
    /// then the ``LaunchPhase/critical`` phase starts as the method returns.
    ///
    /// - Returns: `false` if any service returned `false`, else `true` (also with no
    ///   handling service). Every service is called.
    public func didFinishLaunching(_ options: LaunchOptions = LaunchOptions(), platform: PlatformObjects? = nil) -> Bool
    {
        launchesIntoBackground = options.launchedInBackground
        // Seal first, so initializers find the services exactly as dispatch will see them,
        // and the launch is the one that runs every plan of the tree (nested plans merge).
        sealIfNeeded(by: AppCallback.didFinishLaunching.rawValue)
        launch?.runBeforeLaunchReturns()
        let answer = ask(.didFinishLaunching, { $0.launch }, merge: .allTrue, platform: platform) {
            $0.application($1, didFinishLaunchingWithOptions: options)
        }
        launch?.runCommands()
        launch?.startPhase(.critical)
        return answer
    }
}
