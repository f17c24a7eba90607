import Foundation

/// A service that handles SiriKit intents in-process (`application(_:handlerFor:)`).
///
/// Merge rule: the first non-`nil` handler in dependency order; `nil` when no service
/// provides one.
@MainActor
public protocol IntentHandling: AppService {
    /// The object that handles `intent`, or `nil` when this service does not.
    func application(_ context: AppContext, handlerFor intent: IntentRequest) -> Any?
}

// MARK: - What the composite knows about these callbacks

extension HandlerKinds {
    /// The services that adopt ``IntentHandling``.
    static let intents = HandlerKind<any IntentHandling>(
        { $0 as? any IntentHandling },
        types: { $0 is any IntentHandling.Type }
    )
}

extension AppCallback {
    /// `application:handlerForIntent:`
    public static let handlerForIntent = AppCallback(
        "handlerForIntent",
        heardBy: HandlerKinds.intents,
        selectors: PlatformSelectors(application: "application:handlerForIntent:")
    )

    /// The callbacks ``IntentHandling`` services hear.
    static let intentCallbacks: [AppCallback] = [.handlerForIntent]
}

// MARK: - Dispatch

extension ServiceComposite {
    /// Dispatches `application(_:handlerFor:)`.
    ///
    /// - Returns: The first non-`nil` handler in dependency order, or `nil`.
    public func handler(for intent: IntentRequest, platform: PlatformObjects? = nil) -> Any? {
        ask(.handlerForIntent, (any IntentHandling).self, merge: .firstNonNil(), platform: platform) {
            $0.application($1, handlerFor: intent)
        }
    }
}
