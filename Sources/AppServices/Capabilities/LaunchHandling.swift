/// A service that takes part in launching the application.
///
/// Merge rule: launch goes ahead unless a service returns `false`; every service is called
/// even after one objects. With no handling service the answer is `true`.
@MainActor
public protocol LaunchHandling: AppService {
    /// Launch has begun; state restoration has not happened yet
    /// (`application(_:willFinishLaunchingWithOptions:)`).
    ///
    /// Return `false` to refuse the URL or user activity the application was launched to
    /// handle. The default returns `true`.
    func application(_ context: AppContext, willFinishLaunchingWithOptions options: LaunchOptions) -> Bool

    /// Launch has finished and the application is about to run
    /// (`application(_:didFinishLaunchingWithOptions:)`).
    ///
    /// Return `false` to refuse the URL or user activity the application was launched to
    /// handle. The default returns `true`.
    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool
}

extension LaunchHandling {
    /// Does nothing and lets launch go ahead.
    public func application(_ context: AppContext, willFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        true
    }

    /// Does nothing and lets launch go ahead.
    public func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        true
    }
}
