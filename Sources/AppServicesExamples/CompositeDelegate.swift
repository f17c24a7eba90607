// Pattern 3: the composite delegate.
//
// A feature module ships its services as one composite; the application composes the
// modules. A composite is itself a service, so the application's composite holds the
// module's, and the module's services take part in ordering, lookup and events as if
// they were listed directly.

import AppServices

enum PaymentsModule {
    final class PaymentsAPI: AppService {}

    final class ApplePayService: AppService, LaunchHandling {
        static let dependencies: [any AppService.Type] = [PaymentsAPI.self, AnalyticsService.self]
        private(set) var isReady = false

        func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
            // A dependency that lives outside the module, in the application's composite.
            context.service(AnalyticsService.self)?.track("payments-ready")
            isReady = true
            return true
        }
    }

    /// The module's services as one composite the application registers.
    @MainActor
    static func makeComposite() -> ServiceComposite {
        ServiceComposite {
            PaymentsAPI()
            ApplePayService()
        }
    }
}

final class AnalyticsService: AppService, ApplicationStateHandling {
    private(set) var events: [String] = []

    func track(_ event: String) { events.append(event) }

    func applicationDidBecomeActive(_ context: AppContext) { track("session-start") }
}

@MainActor
func makeApplicationComposite() -> ServiceComposite {
    ServiceComposite {
        AnalyticsService()
        PaymentsModule.makeComposite()
    }
}
