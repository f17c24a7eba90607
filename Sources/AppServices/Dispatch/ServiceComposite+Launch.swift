extension ServiceComposite {
    /// Dispatches `application(_:willFinishLaunchingWithOptions:)`.
    ///
    /// - Returns: `false` if any service returned `false`, else `true` (also with no
    ///   handling service). Every service is called.
    public func willFinishLaunching(_ options: LaunchOptions = LaunchOptions(), platform: PlatformObjects? = nil) -> Bool {
        ask(.willFinishLaunching, { $0.launch }, merge: .allTrue, platform: platform) {
            $0.application($1, willFinishLaunchingWithOptions: options)
        }
    }

    /// Dispatches `application(_:didFinishLaunchingWithOptions:)`.
    ///
    /// - Returns: `false` if any service returned `false`, else `true` (also with no
    ///   handling service). Every service is called.
    public func didFinishLaunching(_ options: LaunchOptions = LaunchOptions(), platform: PlatformObjects? = nil) -> Bool {
        launchesIntoBackground = options.launchedInBackground
        return ask(.didFinishLaunching, { $0.launch }, merge: .allTrue, platform: platform) {
            $0.application($1, didFinishLaunchingWithOptions: options)
        }
    }
}
