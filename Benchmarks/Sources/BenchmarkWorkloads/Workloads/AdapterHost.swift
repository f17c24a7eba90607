import AppServices
import AppServicesUIKit

#if canImport(UIKit)
import UIKit
#endif

/// The UIKit adapter as an application subclasses it, with the benchmark's services and
/// configuration: target 1 dispatches through its `UIApplicationDelegate` methods, so what
/// the adapter adds to each callback (the platform objects it hands the services, the
/// composite it reaches) is measured with the composite.
@MainActor
final class BenchmarkAppDelegate: ServiceOrientedAppDelegate {
    private let services: [any AppService]

    init(services: [any AppService]) {
        self.services = services
        super.init()
    }

    override func makeServices() -> [any AppService] { services }

    override func makeConfiguration() -> ServiceComposite.Configuration { .benchmark }

    /// Launches the delegate and makes the application active, as UIKit does before the
    /// callbacks being measured arrive.
    func launchAndActivate(_ application: UIApplication) {
        _ = self.application(application, willFinishLaunchingWithOptions: nil)
        _ = self.application(application, didFinishLaunchingWithOptions: nil)
        applicationDidBecomeActive(application)
    }
}
