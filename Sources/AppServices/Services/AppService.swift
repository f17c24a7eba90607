/// A small, single-purpose part of an application that receives the application's
/// life-cycle callbacks: a miniature app delegate.
///
/// A service adopts `AppService` and then only the capability protocols for the callbacks
/// it handles (``LaunchHandling``, ``ApplicationStateHandling``, ``URLOpenHandling``, ...).
/// Its identity is its type: a ``ServiceComposite`` holds at most one service of each type,
/// and other services find it with ``AppContext/service(_:)``.
///
/// ```swift
/// final class AnalyticsService: AppService, ApplicationStateHandling {
///     static let dependencies: [any AppService.Type] = [LoggingService.self]
///
///     func applicationDidBecomeActive(_ context: AppContext) {
///         context.logger.info("session started")
///     }
/// }
/// ```
///
/// Services run on the main actor, as UIKit delivers its callbacks there.
@MainActor
public protocol AppService: AnyObject, Sendable {
    /// The services this one needs. The composite validates that they are registered and
    /// orders this service after them: it hears "up" callbacks (launch, foreground, active)
    /// after them and "down" callbacks (resign active, background, terminate) before them.
    ///
    /// The default is no dependencies.
    static var dependencies: [any AppService.Type] { get }

    /// Declares the typed events this service handles.
    ///
    /// The composite calls this when it is sealed before the first callback, and also each
    /// time it is validated before then (``ServiceComposite/validate()``,
    /// ``ServiceComposite/orderedServices()``), to report duplicate subscriptions: declare
    /// the handlers here and do nothing else. Each event type may be subscribed once per
    /// service; a second subscription to the same type is reported by validation.
    ///
    /// ```swift
    /// func subscribe(to events: inout EventSubscriptions) {
    ///     events.on(UserDidLogIn.self) { event, context in
    ///         self.identify(event.userID)
    ///     }
    /// }
    /// ```
    ///
    /// The composite keeps the handlers as long as it keeps the service, so capturing
    /// `self` strongly makes no cycle. The default subscribes to nothing.
    func subscribe(to events: inout EventSubscriptions)
}

extension AppService {
    /// No dependencies.
    public static var dependencies: [any AppService.Type] { [] }

    /// No event subscriptions.
    public func subscribe(to events: inout EventSubscriptions) {}
}

extension AppService {
    /// The name used for this service in logs and error messages: its type name.
    nonisolated static var serviceName: String { String(describing: self) }
}
